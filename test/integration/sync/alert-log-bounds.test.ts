// The alert log is bounded, holds no secret and cannot be erased by anyone without the secret:
// each alert kept is at most 4 KB with the secret hidden in any form, a profile keeps its newest
// 1,000, and a flood of unauthenticated posts writes nothing to the app's log and only a few
// counted lines to its own. Bounds: 2,000 and 1,100 posts to a local receiver, each test < 30 s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startAlertReceiver,
  MAX_ALERTS_KEPT,
  MAX_ALERT_KEPT_BYTES,
  REFUSALS_LOGGED_PER_HOUR,
} from '../../../electron/sync/alert-receiver.ts';
import { createAppLog } from '../../../electron/app-log.ts';
import { syncFixture } from './support.ts';

const secret = 'Sx9vQ2mL7pR4tW8zK3nB6cF1';
const alertBody = (disputeId: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    response: { alert: { disputeId, disputeStatus: 'Won', subject: 'Dispute notification', ...extra }, data: [] },
  });

async function receiverFor(
  f: Awaited<ReturnType<typeof syncFixture>>,
  o: { log?(l: string): void; logRefused?(l: string): void },
) {
  const receiver = await startAlertReceiver({
    store: f.h.store,
    profileId: f.profile.id,
    bindAddress: '127.0.0.1',
    port: 0,
    secret,
    onAlert: () => undefined,
    ...o,
  });
  const post = (body: string, key: string | undefined = secret) =>
    fetch(receiver.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'X-Alert-Secret': key } : {}) },
      body,
    }).then((r) => r.status);
  const rows = () =>
    f.h.store.database.db
      .prepare('SELECT chargeback_id AS cb, json FROM alerts_received WHERE profile_id = ? ORDER BY alerts_received.id')
      .all(f.profile.id) as Array<{ cb: string; json: string }>;
  return { receiver, post, rows };
}

test(
  'an unauthenticated flood neither reaches the app log nor rolls it over: ' +
    `≤ ${REFUSALS_LOGGED_PER_HOUR + 1} lines for 2,000 posts`,
  { timeout: 60_000 },
  async () => {
    const f = await syncFixture({ seed: 51, chargebacks: 2 });
    const home = mkdtempSync(join(tmpdir(), 'dd-alert-log-'));
    const appLog = createAppLog(home);
    const refusedLog = createAppLog(home, 'alerts-refused.log');
    const appLines: string[] = [];
    const refusedLines: string[] = [];
    const r = await receiverFor(f, {
      log: (l) => (appLines.push(l), appLog(l)),
      logRefused: (l) => (refusedLines.push(l), refusedLog(l)),
    });
    try {
      assert.equal(await r.post(alertBody('t1_chb_history0001')), 200);
      const history = readFileSync(join(home, 'logs', 'dispute-desk.log'), 'utf8');
      assert.match(history, /alert received: won for t1_chb_history0001/);
      const started = Date.now();
      for (let i = 0; i < 2000; i += 50)
        await Promise.all(
          Array.from({ length: 50 }, (_, j) =>
            r.post(alertBody(`t1_chb_flood${i + j}`, { pad: 'x'.repeat(2000) }), j % 2 ? 'wrong-secret' : ''),
          ),
        );
      assert.ok(Date.now() - started < 30_000);
      assert.deepEqual(appLines, ['alert received: won for t1_chb_history0001'], 'no refusal in the app log');
      assert.ok(refusedLines.length <= REFUSALS_LOGGED_PER_HOUR + 1, `${refusedLines.length} refusal lines`);
      assert.equal(readFileSync(join(home, 'logs', 'dispute-desk.log'), 'utf8'), history, 'the history is intact');
      assert.deepEqual(
        r.rows().map((x) => x.cb),
        ['t1_chb_history0001'],
        'no refused post was kept',
      );
    } finally {
      await r.receiver.close();
      await f.close();
      rmSync(home, { recursive: true, force: true });
    }
  },
);

test(
  'an alert is kept in at most 4 KB with the secret hidden in every form; a profile keeps its newest 1,000',
  { timeout: 60_000 },
  async () => {
    const f = await syncFixture({ seed: 52, chargebacks: 2 });
    const r = await receiverFor(f, {});
    try {
      const echo = {
        subject: `Key ${secret} / ${secret.toUpperCase()} / ${Buffer.from(secret).toString('base64')}`,
        disputeReason: 'y'.repeat(200),
      };
      assert.equal(await r.post(alertBody('t1_chb_echo', echo)), 200);
      assert.equal(await r.post(alertBody('t1_chb_big', { disputeReason: 'z'.repeat(200 * 1024) })), 200);
      const [echoed, big] = r.rows();
      for (const row of [echoed!, big!]) {
        assert.ok(row.json.length <= MAX_ALERT_KEPT_BYTES, `${row.cb}: ${row.json.length} bytes kept`);
        for (const form of [secret, secret.toUpperCase(), Buffer.from(secret).toString('base64')])
          assert.ok(!row.json.toLowerCase().includes(form.toLowerCase()), `${row.cb} keeps ${form}`);
      }
      assert.match(echoed!.json, /\[secret hidden\]/);
      assert.match(big!.json, /"disputeId":"t1_chb_big"/);

      for (let i = 0; i < MAX_ALERTS_KEPT + 100; i += 50)
        await Promise.all(
          Array.from({ length: 50 }, (_, j) => r.post(alertBody(`t1_chb_n${String(i + j).padStart(5, '0')}`))),
        );
      const kept = r.rows();
      assert.equal(kept.length, MAX_ALERTS_KEPT);
      assert.ok(
        kept.some((x) => x.cb === 't1_chb_n01099'),
        'the newest are kept',
      );
      assert.ok(!kept.some((x) => x.cb === 't1_chb_echo'), 'the oldest went first');
    } finally {
      await r.receiver.close();
      await f.close();
    }
  },
);
