// What every phase of a pass works with (pass-phases.ts, messages-phase.ts): its own file so a
// phase kept apart from the list of phases can name it without importing that list.
import type { Store, SyncState } from '../store/index.ts';
import type { Page, ApiClient } from '../api/index.ts';
import type { DerivedEvent } from './derive-events.ts';
import type { SyncPhase, SyncReport } from './sync-progress.ts';

export type Pass = NonNullable<SyncState['pass']>;

/** What a phase works with: the pass it belongs to and the means to save and report pages. */
export interface PassContext {
  store: Store;
  client: ApiClient;
  profileId: string;
  pass: Pass;
  report: SyncReport;
  /** The first load: summarised, not announced item by item. */
  quiet: boolean;
  signal: AbortSignal | undefined;
  now: () => Date;
  overlap: number;
  consume<T>(
    phase: SyncPhase,
    pages: AsyncIterable<Page<T>>,
    save: (records: T[]) => { events: DerivedEvent[]; marks?: Partial<SyncState> },
    firstPage: number,
  ): Promise<void>;
  progress(phase: SyncPhase, done: number, expected: number): void;
}
