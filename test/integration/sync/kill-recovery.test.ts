// kill -9 at any moment of a sync leaves a database that opens, passes integrity_check, and the
// next sync completes what the last one started.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { syncFixture } from './support.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';

const root = new URL('../../..', import.meta.url).pathname;

function runSync(
  home: string,
  key: string,
  killAfterMs?: number,
  killWhen?: RegExp,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--no-warnings', join(root, 'electron/cli.ts'), 'sync', '--home', home], {
      env: { ...process.env, DISPUTE_DESK_API_KEY: key },
    });
    let stderr = '';
    child.stderr.on('data', (c) => {
      stderr += c;
      // Killed the moment a progress line of the wanted phase is out: that page is committed
      // and the next request is under way.
      if (killWhen?.test(stderr)) child.kill('SIGKILL');
    });
    if (killAfterMs !== undefined) {
      // Kill once some pages are in, at a moment chosen by the test.
      const timer = setInterval(() => {
        if ((stderr.match(/sync: /g) ?? []).length >= 3) {
          clearInterval(timer);
          setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        }
      }, 5);
      child.on('exit', () => clearInterval(timer));
    }
    child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
  });
}

test('kill -9 during sync, three times, then a run that completes: nothing corrupt, nothing missing', async () => {
  const f = await syncFixture({
    seed: 12,
    chargebacks: 2500,
    entries: 6000,
    slowMs: 15,
    faultRate: 0.3,
    faultKinds: ['slow'],
  });
  f.h.close();
  try {
    for (const delay of [0, 40, 120]) {
      const r = await runSync(f.home, f.sb.apiKey, delay);
      assert.equal(r.signal, 'SIGKILL', `killed (stderr: ${r.stderr.slice(-300)})`);
      const db = new DatabaseSync(join(f.home, 'dispute-desk.db'));
      assert.deepEqual(
        db
          .prepare('PRAGMA integrity_check')
          .all()
          .map((r) => (r as { integrity_check: string }).integrity_check),
        ['ok'],
      );
      const state = JSON.parse((db.prepare('SELECT json FROM sync_state').get() as { json: string }).json) as {
        pass: unknown;
      };
      assert.ok(state.pass, 'an unfinished pass is recorded');
      db.close();
    }
    await createSandboxAdmin(f.sb.url, f.sb.adminToken).setFaults({ rate: 0 });
    const done = await runSync(f.home, f.sb.apiKey);
    assert.equal(done.code, 0, done.stderr);
    const db = new DatabaseSync(join(f.home, 'dispute-desk.db'));
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM chargebacks').get() as { n: number }).n, 2500);
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM entries').get() as { n: number }).n, 6000);
    assert.equal(JSON.parse((db.prepare('SELECT json FROM sync_state').get() as { json: string }).json).pass, null);
    db.close();
  } finally {
    await f.close().catch(() => undefined);
  }
});

test(
  'kill -9 in each phase of an incremental sync: every ' + 'change raised and announced exactly once afterwards',
  async () => {
    const f = await syncFixture({ seed: 13, chargebacks: 1000, entries: 2000 });
    f.h.close();
    const open = () => new DatabaseSync(join(f.home, 'dispute-desk.db'));
    const ids = (db: DatabaseSync, sql: string) => (db.prepare(sql).all() as Array<{ id: string }>).map((r) => r.id);
    try {
      const first = await runSync(f.home, f.sb.apiKey);
      assert.equal(first.code, 0, first.stderr);
      let db = open();
      const openIds = ids(db, "SELECT id FROM chargebacks WHERE status = 'open' ORDER BY id LIMIT 240");
      // Retrievals move no money: a win there adds no entry.
      const retrievals = new Set(ids(db, "SELECT id FROM chargebacks WHERE cycle = 'retrieval'"));
      const entriesBefore = new Set(ids(db, 'SELECT id FROM entries'));
      const eventsBefore = (db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
      db.close();
      assert.equal(openIds.length, 240, 'enough open chargebacks for three pages of changes');
      const won = openIds.slice(0, 140);
      const lost = openIds.slice(140);
      const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
      for (const id of won) await admin.decide(id, 'won');
      for (const id of lost) await admin.decide(id, 'lost');
      const created: string[] = [];
      for (let i = 0; i < 15; i++) created.push((await admin.createChargeback()).id);

      // Slow answers keep each run in the phase it is killed in.
      await admin.setFaults({ rate: 1, kinds: ['slow'], slowMs: 200 });
      let stderr = '';
      for (const phase of ['chargebacks', 'statuses', 'statuses']) {
        const r = await runSync(f.home, f.sb.apiKey, undefined, new RegExp(`incremental sync: ${phase} [1-9]`));
        stderr += r.stderr;
        assert.equal(r.signal, 'SIGKILL', `killed in ${phase} (stderr: ${r.stderr.slice(-300)})`);
        db = open();
        assert.deepEqual(
          db
            .prepare('PRAGMA integrity_check')
            .all()
            .map((x) => (x as { integrity_check: string }).integrity_check),
          ['ok'],
        );
        const state = JSON.parse((db.prepare('SELECT json FROM sync_state').get() as { json: string }).json) as {
          pass: { mode: string; phase: string } | null;
        };
        assert.equal(state.pass?.mode, 'incremental', 'an unfinished incremental pass is recorded');
        assert.equal(state.pass?.phase, phase);
        if (phase === 'statuses')
          assert.ok(
            (db.prepare('SELECT COUNT(*) AS n FROM sync_status_queue').get() as { n: number }).n > 0,
            'the chargebacks still to fetch statuses for are kept',
          );
        db.close();
      }
      await admin.setFaults({ rate: 0 });
      const done = await runSync(f.home, f.sb.apiKey);
      stderr += done.stderr;
      assert.equal(done.code, 0, done.stderr);

      db = open();
      try {
        const keys = (kind: string) =>
          (db.prepare('SELECT key FROM events WHERE kind = ? ORDER BY key').all(kind) as Array<{ key: string }>).map(
            (r) => r.key,
          );
        assert.deepEqual(
          keys('decision'),
          [...won.map((id) => `status:${id}:won`), ...lost.map((id) => `status:${id}:lost`)].sort(),
          'every decision raised, also those of pages saved by a killed run',
        );
        assert.deepEqual(keys('new-chargeback'), created.map((id) => `new:${id}`).sort());
        const newEntries = (
          db.prepare('SELECT id, amount, chargeback_id FROM entries').all() as Array<{
            id: string;
            amount: number;
            chargeback_id: string | null;
          }>
        ).filter((e) => !entriesBefore.has(e.id) && e.amount !== 0 && e.chargeback_id !== null);
        assert.equal(
          newEntries.length,
          won.filter((id) => !retrievals.has(id)).length + created.length,
          'a reversal per win, a debit per new chargeback',
        );
        assert.deepEqual(keys('ledger'), newEntries.map((e) => `entry:${e.id}`).sort());
        assert.equal(
          (db.prepare('SELECT COUNT(*) AS n FROM events WHERE announced_at IS NULL').get() as { n: number }).n,
          0,
          'all announced',
        );

        // What the runs showed: each event once (individually or in an "N more updates" line).
        const lines = stderr.split('\n');
        const shown =
          lines.filter((l) => /^• (New chargeback|Won|Lost|Closed|Money back|Money out): /.test(l)).length +
          lines.reduce((n, l) => n + Number(/^• (\d+) more updates:/.exec(l)?.[1] ?? 0), 0);
        const raised = (db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n - eventsBefore;
        assert.equal(shown, raised, 'announced exactly once across the killed runs and the last one');

        const statusOf = db.prepare('SELECT status FROM status_records WHERE chargeback_id = ?');
        for (const id of won)
          assert.ok(
            (statusOf.all(id) as Array<{ status: string }>).some((r) => r.status === 'won'),
            `status record of ${id}`,
          );
        for (const id of lost)
          assert.ok(
            (statusOf.all(id) as Array<{ status: string }>).some((r) => r.status === 'lost'),
            `status record of ${id}`,
          );
        for (const id of created) assert.ok(statusOf.all(id).length >= 1, `status record of ${id}`);
        assert.equal((db.prepare('SELECT COUNT(*) AS n FROM sync_status_queue').get() as { n: number }).n, 0);
      } finally {
        db.close();
      }
    } finally {
      await f.close().catch(() => undefined);
    }
  },
);
