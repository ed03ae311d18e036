// The status bar's words: "Up to date" only when it is true.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statusLine } from '../../../shared/domain/status-line.ts';
import { jobRetry, jobShownState } from '../../../shared/domain/outbox-job-state.ts';

const time = (ms: number): string => new Date(ms).toISOString().slice(11, 16);
const at = Date.UTC(2026, 10, 23, 10, 40);

test('up to date only after a sync that worked and no failure since', () => {
  assert.deepEqual(statusLine({ running: false, lastSuccessAt: at, lastError: null, sending: null }, time), {
    kind: 'ok',
    text: 'Up to date · 10:40',
  });
  assert.equal(
    statusLine({ running: false, lastSuccessAt: null, lastError: null, sending: null }, time).text,
    'Not synced yet',
  );
  assert.equal(statusLine({ running: true, lastSuccessAt: at, lastError: 'x', sending: null }, time).text, 'Syncing…');
});

test('a failed sync says so, with the reason and since when the data is old', () => {
  const s = statusLine(
    { running: false, lastSuccessAt: at, lastError: 'The chargeback service is not answering.', sending: null },
    time,
  );
  assert.deepEqual(s, {
    kind: 'failed',
    text: 'Last sync failed: The chargeback service is not answering. Offline since 10:40: showing the data of then.',
  });
  assert.match(
    statusLine({ running: false, lastSuccessAt: null, lastError: 'No network.', sending: null }, time).text,
    /Nothing has been synced yet\.$/,
  );
});

test('sending that fails is said even when the last sync worked', () => {
  const s = statusLine(
    {
      running: false,
      lastSuccessAt: at,
      lastError: null,
      sending: { error: 'The service answered 500.', nextAttemptAt: at + 60_000 },
    },
    time,
  );
  assert.deepEqual(s, { kind: 'failed', text: 'Sending failed: The service answered 500. Next try at 10:41.' });
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
