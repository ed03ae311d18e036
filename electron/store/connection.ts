// The open database as a repository uses it: the connection and its transactions. What an open
// found and recovered is added on top (database.ts's Database), so the code that runs inside the
// open (salvage, the outbox's rebuild, the outbox repository they fill) names no more than this
// and never imports the open that calls it.
import type { DatabaseSync } from 'node:sqlite';

export interface Connection {
  readonly db: DatabaseSync;
  readonly file: string;
  transaction<T>(fn: () => T): T;
  close(): void;
}
