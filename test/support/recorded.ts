// The real service's recorded answers (test/fixtures/recorded/; SOURCES.md says where each is
// from): a recording whole, or the records its wrapped envelope carries.
import { readFileSync } from 'node:fs';

export type RecordedRecord = Record<string, unknown>;

/** The answer recorded in `name` (a file of test/fixtures/recorded/, without `.json`), as sent. */
export function recordedAnswer(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../fixtures/recorded/${name}.json`, import.meta.url), 'utf8'));
}

/** The records of the answer recorded in `name`. */
export function recordedRecords(name: string): RecordedRecord[] {
  return (recordedAnswer(name) as { response: { data: RecordedRecord[] } }).response.data;
}
