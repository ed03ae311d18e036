// What the status bar says about the connection to the processor, from what sync and the outbox
// last saw. "Up to date" only when the last sync worked and nothing failed since; a failure is
// said with its reason and how old the data is; an answer waiting to be retried says when.
export interface ConnectionFacts {
  running: boolean;
  lastSuccessAt: number | null;
  lastError: string | null;
  /** The outbox's most recent failure still waiting for its retry, if any. */
  sending: { error: string; nextAttemptAt: number | null } | null;
}

export type StatusKind = 'ok' | 'syncing' | 'failed' | 'never';

/** `time` formats a moment for the merchant (the window passes its locale's formatter). */
export function statusLine(f: ConnectionFacts, time: (ms: number) => string): { kind: StatusKind; text: string } {
  if (f.running) return { kind: 'syncing', text: 'Syncing…' };
  const sendingNote = f.sending
    ? ' Sending failed: ' +
      `${f.sending.error}${f.sending.nextAttemptAt ? ` Next try at ${time(f.sending.nextAttemptAt)}.` : ''}`
    : '';
  if (f.lastError) {
    const since = f.lastSuccessAt
      ? ` Offline since ${time(f.lastSuccessAt)}: showing the data of then.`
      : ' Nothing has been synced yet.';
    return { kind: 'failed', text: `Last sync failed: ${f.lastError}${since}${sendingNote}` };
  }
  if (f.sending) return { kind: 'failed', text: sendingNote.trim() };
  if (f.lastSuccessAt) return { kind: 'ok', text: `Up to date · ${time(f.lastSuccessAt)}` };
  return { kind: 'never', text: 'Not synced yet' };
}
