// What a pass reports, while it runs (progress) and when it ends (its report): the engine's public
// types, kept apart so that each part of the pass can name them without importing the engine.
export type SyncPhase = 'chargebacks' | 'statuses' | 'messages' | 'entries';

export interface SyncProgress {
  profileId: string;
  mode: 'full' | 'incremental';
  phase: SyncPhase;
  done: number;
  expected: number;
}

export interface SyncReport {
  profileId: string;
  mode: 'full' | 'incremental';
  chargebacks: number;
  statuses: number;
  /** Message records read (answers, whoever sent them). */
  messages: number;
  entries: number;
  events: number;
  invalidRecords: number;
  durationMs: number;
}

export interface PassOptions {
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  forceFull?: boolean;
}
