// The status bar's words: "Up to date" only when it is true.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statusLine } from '../../../shared/domain/status-line.ts';
import type { ConnectionFacts } from '../../../shared/domain/connection-facts.ts';
import { jobRetry, jobShownState } from '../../../shared/domain/outbox-job-state.ts';

const at = Date.UTC(2026, 10, 23, 10, 40);
const utc = { locale: 'en-GB', timeZone: 'UTC' };
const facts = (o: Partial<ConnectionFacts> = {}): ConnectionFacts => ({
  running: false,
  lastSuccessAt: at,
  lastError: null,
  lastErrorKind: null,
  lastFailedAt: null,
  keyMissing: false,
  nextSyncAt: null,
  sending: null,
  ...o,
});

test('up to date only after a sync that worked and no failure since, with when in words', () => {
  assert.deepEqual(statusLine(facts(), at + 12 * 60_000, utc), {
    kind: 'ok',
    text: 'Up to date · last synced 12 minutes ago',
    action: 'sync-now',
  });
  assert.equal(statusLine(facts(), at + 20_000, utc).text, 'Up to date · last synced just now');
  assert.equal(statusLine(facts(), at + 3 * 3_600_000, utc).text, 'Up to date · last synced at 10:40');
  assert.match(statusLine(facts(), at + 2 * 86_400_000, utc).text, /last synced on Mon, 23 Nov 2026, 10:40 UTC$/);
  assert.equal(statusLine(facts({ lastSuccessAt: null }), at, utc).text, 'Not synced yet');
  assert.equal(statusLine(facts({ running: true, lastError: 'x' }), at, utc).text, 'Syncing…');
});

test('a failed sync is never "up to date": its reason, when, when it is tried again and the age of the data', () => {
  const failed = facts({
    lastError: 'Could not reach the chargeback service. Check your internet connection; your work is kept.',
    lastErrorKind: 'network',
    lastFailedAt: at + 60 * 60_000,
    nextSyncAt: at + 75 * 60_000,
  });
  const s = statusLine(failed, at + 65 * 60_000, utc);
  assert.equal(s.kind, 'failed');
  assert.equal(
    s.text,
    'Last sync failed 5 minutes ago: Could not reach the chargeback service. Check your internet connection; ' +
      'your work is kept. Dispute Desk tries again by itself at 11:55; Sync now tries at once. ' +
      'What you see was last synced at 10:40.',
  );
  assert.equal(s.action, 'sync-now');
  assert.doesNotMatch(s.text, /sooner|of then/, 'no "sooner than what?", no "the data of then"');
  // The next try on another day gives its date; one already due is "in a moment".
  assert.match(
    statusLine({ ...failed, nextSyncAt: at + 30 * 3_600_000 }, at + 65 * 60_000, utc).text,
    /tries again by itself on Tue, 24 Nov 2026, 16:40 UTC;/,
  );
  assert.match(
    statusLine({ ...failed, nextSyncAt: at + 65 * 60_000 }, at + 65 * 60_000, utc).text,
    /tries again by itself in a moment;/,
  );
  // Without a schedule (the command line), nothing is promised: Sync now is the way.
  assert.match(
    statusLine({ ...failed, nextSyncAt: null }, at + 65 * 60_000, utc).text,
    /your work is kept\. Choose Sync now to try again\. What you see/,
  );
  // A refused key is not mended by waiting: no automatic try is promised.
  assert.doesNotMatch(
    statusLine({ ...failed, lastErrorKind: 'key-rejected' }, at + 65 * 60_000, utc).text,
    /tries again by itself/,
  );
  assert.match(
    statusLine(facts({ lastSuccessAt: null, lastError: 'No network.', lastErrorKind: 'network' }), at, utc).text,
    /Nothing has been synced yet\.$/,
  );
});

test('a refused key offers the key prompt; a missing key asks for it before anything else', () => {
  const refused = statusLine(
    facts({ lastError: 'The chargeback service rejected the API key.', lastErrorKind: 'key-rejected' }),
    at,
    utc,
  );
  assert.equal(refused.action, 'enter-key');
  assert.match(refused.text, /Enter the API key again to sync\./);
  const missing = statusLine(
    facts({ keyMissing: true, lastError: 'No API key is stored for the profile', lastErrorKind: 'key-rejected' }),
    at + 90_000,
    utc,
  );
  assert.equal(missing.kind, 'key-missing');
  assert.equal(missing.action, 'enter-key');
  assert.match(missing.text, /^No API key is held for this profile .*enter it again to sync\./);
  assert.match(missing.text, /What you see was last synced 1 minute ago\./);
  assert.doesNotMatch(missing.text, /dispute-desk profile add/, 'the window does not give CLI advice');
});

test('sending that fails is said even when the last sync worked', () => {
  const s = statusLine(facts({ sending: { error: 'The service answered 500.', nextAttemptAt: at + 60_000 } }), at, utc);
  assert.deepEqual(s, {
    kind: 'failed',
    text: 'Sending failed: The service answered 500. Next try at 10:41.',
    action: 'sync-now',
  });
});

test('a job waiting to retry is "retrying" with its error and next try, whether claimed or waiting', () => {
  const failed = {
    state: 'queued' as const,
    steps: [
      {
        position: 0,
        kind: 'message' as const,
        state: 'pending' as const,
        name: 'Add a note',
        sentBytes: 0,
        attempts: 0,
        lastError: 'Down.',
        nextAttemptAt: at,
      },
    ],
  };
  assert.deepEqual(jobRetry(failed), { error: 'Down.', nextAttemptAt: at });
  assert.equal(jobShownState(failed), 'retrying');
  assert.equal(jobShownState({ ...failed, state: 'sending' }), 'retrying');
  const fresh = {
    state: 'sending' as const,
    steps: [{ ...failed.steps[0]!, lastError: undefined, nextAttemptAt: undefined }],
  };
  assert.equal(jobShownState(fresh), 'queued', 'claimed, nothing on its way yet');
  assert.equal(jobShownState({ ...fresh, steps: [{ ...fresh.steps[0]!, state: 'sending' as const }] }), 'sending');
  assert.equal(jobRetry({ ...failed, state: 'failed' }), undefined, 'a failed job shows its error, not a retry');
});
