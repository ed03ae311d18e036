import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { startSandbox } from '../../../electron/sandbox/index.ts';
import { syncFixture } from './support.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSyncEngine } from '../../../electron/sync/sync-engine.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { daysLeft } from '../../../shared/domain/dates.ts';
import { daysToSendBy, sendByBusinessDaysOf, sendByOf } from '../../../shared/domain/send-by.ts';

test('full then incremental sync of thousands of chargebacks: every record once, changes raised once', async () => {
  const f = await syncFixture({ seed: 8, chargebacks: 3000, entries: 9000 });
  try {
    const progress: number[] = [];
    const full = await f.h.sync.syncProfile(f.profile.id, { onProgress: (p) => progress.push(p.done) });
    assert.equal(full.mode, 'full');
    assert.equal(full.chargebacks, 3000);
    const db = f.h.store.database.db;
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    assert.equal(count('SELECT COUNT(*) AS n FROM chargebacks'), 3000);
    assert.equal(count('SELECT COUNT(*) AS n FROM entries'), 9000);
    assert.ok(count('SELECT COUNT(*) AS n FROM status_records') >= 3000);
    assert.ok(count('SELECT COUNT(*) AS n FROM transactions') > 2500, 'transactions arrive with their chargebacks');
    assert.ok(progress.length > 30);
    assert.equal(
      f.notifier.shown.filter((n) => n.kind === 'new-chargeback').length,
      0,
      'the first load does not announce each chargeback',
    );
    assert.ok(f.notifier.shown.some((n) => /3000 chargebacks loaded/.test(n.title)));

    const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
    const open = f.h.store.portfolio
      .listWorklist({ profileId: f.profile.id, limit: 20 })
      .rows.filter((r) => r.status === 'open')
      .slice(0, 10);
    for (const r of open.slice(0, 5)) await admin.decide(r.id, 'won');
    for (const r of open.slice(5, 8)) await admin.decide(r.id, 'lost');
    const created = [await admin.createChargeback(), await admin.createChargeback()];
    f.notifier.shown.length = 0;
    const inc = await f.h.sync.syncProfile(f.profile.id);
    assert.equal(inc.mode, 'incremental');
    assert.ok(
      inc.chargebacks >= 10 && inc.chargebacks < 100,
      `read ${inc.chargebacks}: only what changed (with a safety overlap)`,
    );
    assert.equal(count('SELECT COUNT(*) AS n FROM chargebacks'), 3002);
    for (const r of open.slice(0, 5))
      assert.equal(f.h.store.portfolio.getChargeback(f.profile.id, r.id)?.status, 'won');
    const kinds = f.h.store.events.recent(f.profile.id, 200).map((e) => e.kind);
    assert.equal(kinds.filter((k) => k === 'decision').length, 8);
    assert.equal(kinds.filter((k) => k === 'new-chargeback').length, 2, 'the two new chargebacks');
    assert.equal(kinds.filter((k) => k === 'summary').length, 1, 'the first-load summary');
    assert.ok(
      kinds.filter((k) => k === 'ledger').length >= 5 + 2,
      "reversals of the wins and the new chargebacks' debits",
    );
    assert.ok(f.h.store.portfolio.detail(f.profile.id, created[0]!.id)!.statuses.length >= 1);
    const again = await f.h.sync.syncProfile(f.profile.id);
    assert.equal(again.events, 0, 'nothing raised twice');
  } finally {
    await f.close();
  }
});

test('going offline mid-sync stops cleanly and the next run resumes where it stopped', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dd-sbdata-'));
  const f = await syncFixture({ seed: 9, chargebacks: 1500, dataDir, port: 0 });
  try {
    const port = Number(new URL(f.sb.url).port);
    // The window is told each pass ended, ok or not, once it is no longer running.
    const ended: Array<{ ok: boolean; running: boolean }> = [];
    f.h.sync.onFinished((e) => ended.push({ ok: e.ok, running: f.h.sync.isRunning(e.profileId) }));
    let pages = 0;
    await assert.rejects(
      f.h.sync.syncProfile(f.profile.id, {
        onProgress: (p) => {
          if (p.phase === 'chargebacks' && ++pages === 5) void f.sb.close();
        },
      }),
      (e: Error & { kind?: string }) => e.kind === 'network' || e.kind === 'server',
    );
    const state = f.h.store.syncState.get(f.profile.id);
    assert.ok(state.pass && state.pass.nextPage >= 5, `cursor kept at page ${state.pass?.nextPage}`);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(ended, [{ ok: false, running: false }], 'a failed pass is heard as ended');
    assert.match(state.lastError ?? '', /reach|trouble/);
    const saved = (f.h.store.database.db.prepare('SELECT COUNT(*) AS n FROM chargebacks').get() as { n: number }).n;
    assert.ok(saved >= 400 && saved < 1500, `${saved} saved before going offline`);
    const back = await startSandbox({ dataDir, port, decisionDelayMs: null });
    try {
      const report = await f.h.sync.syncProfile(f.profile.id);
      assert.equal(report.mode, 'full');
      assert.ok(report.chargebacks <= 1500 - saved + 200, 'resumed, not restarted');
      assert.equal(
        (f.h.store.database.db.prepare('SELECT COUNT(*) AS n FROM chargebacks').get() as { n: number }).n,
        1500,
      );
      assert.equal(f.h.store.syncState.get(f.profile.id).pass, null);
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(ended.at(-1), { ok: true, running: false }, 'and the pass that completed');
    } finally {
      await back.close();
    }
  } finally {
    await f.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('cancelling a sync keeps what was saved and resumes later', async () => {
  const f = await syncFixture({ seed: 10, chargebacks: 800 });
  try {
    const controller = new AbortController();
    await assert.rejects(
      f.h.sync.syncProfile(f.profile.id, {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.done >= 300) controller.abort();
        },
      }),
      (e: Error & { kind?: string }) => e.kind === 'cancelled',
    );
    assert.ok(f.h.store.syncState.get(f.profile.id).pass);
    await f.h.sync.syncProfile(f.profile.id);
    assert.equal(
      (f.h.store.database.db.prepare('SELECT COUNT(*) AS n FROM chargebacks').get() as { n: number }).n,
      800,
    );
  } finally {
    await f.close();
  }
});

test(
  'offline, deadline reminders still fire: after a failed ' + 'sync and on the schedule, from what the store holds',
  async () => {
    const f = await syncFixture({ seed: 11, chargebacks: 300 });
    let clock = new Date();
    const notifier = createRecordingNotifier();
    const engine = createSyncEngine({
      store: f.h.store,
      clientFor: f.h.clientFor,
      notifier,
      now: () => clock,
      notifyLimit: 100_000,
    });
    const levels = [7, 3, 1];
    // Thresholds count to the send-by date (the profile's business days before the reply date);
    // overdue is past the reply date itself.
    const buffer = sendByBusinessDaysOf(f.profile);
    const crossed = (reply: number | null, at: Date): number[] => {
      const days = daysLeft(reply, at);
      const toSend = daysToSendBy(sendByOf(reply, buffer), at);
      return days === undefined || toSend === null
        ? []
        : [...levels.filter((t) => toSend <= t), ...(days < 0 ? [-1] : [])];
    };
    /** The chargebacks that cross a threshold they had not crossed before, moving from a to b. */
    const dueBetween = (a: Date, b: Date): string[] =>
      f.h.store.portfolio
        .openActionable(f.profile.id)
        .filter((r) => crossed(r.reply, b).some((t) => !crossed(r.reply, a).includes(t)))
        .map((r) => r.id)
        .sort();
    const reminded = (): string[] =>
      notifier.shown
        .filter((n) => n.kind === 'reminder')
        .map((n) => n.chargebackId!)
        .sort();
    try {
      await engine.syncProfile(f.profile.id);
      assert.ok(reminded().length > 0, 'the seeded portfolio has deadlines inside the thresholds');
      await f.sb.close();

      notifier.shown.length = 0;
      const t0 = clock;
      clock = new Date(t0.getTime() + 5 * 86_400_000);
      const expected = dueBetween(t0, clock);
      assert.ok(expected.length > 0, 'five days later, some deadlines cross a threshold');
      await assert.rejects(engine.syncProfile(f.profile.id), (e: Error & { kind?: string }) => e.kind === 'network');
      assert.deepEqual(reminded(), expected, 'the failed sync still checked the deadlines');

      notifier.shown.length = 0;
      const t1 = clock;
      clock = new Date(t1.getTime() + 60 * 86_400_000);
      const overdue = dueBetween(t1, clock);
      assert.ok(overdue.length > 0);
      const failure = new Promise<unknown>((resolve) => engine.startSchedule((_id, e) => resolve(e)));
      assert.equal(((await failure) as { kind?: string }).kind, 'network', 'the scheduled sync failed');
      assert.deepEqual(reminded(), overdue, 'the scheduled run reminded all the same');
      assert.ok(notifier.shown.filter((n) => n.kind === 'reminder').every((n) => /^Overdue: /.test(n.title)));
    } finally {
      engine.stopSchedule();
      await f.close();
    }
  },
);

test(
  'a chargeback whose reply date is no real date is ' + 'kept, flagged with the date as sent, and reminded once',
  async () => {
    const f = await syncFixture({ seed: 15, chargebacks: 50 });
    try {
      await f.h.sync.syncProfile(f.profile.id);
      const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
      const target = f.h.store.portfolio.listWorklist({ profileId: f.profile.id, limit: 1 }).rows[0]!;
      assert.ok(target.actionable && target.status === 'open');
      await admin.modify(target.id, { reply: 20250231 });
      const fresh = await admin.createChargeback({ reply: '20261340' });
      f.notifier.shown.length = 0;
      const report = await f.h.sync.syncProfile(f.profile.id);
      assert.equal(report.invalidRecords, 0, 'no record skipped');
      for (const [id, raw] of [
        [target.id, '20250231'],
        [fresh.id, '20261340'],
      ] as const) {
        const row = f.h.store.portfolio.listWorklist({ profileId: f.profile.id, search: id }).rows[0];
        assert.deepEqual([row?.reply, row?.replyInvalid, row?.daysLeft], [null, raw, null], id);
        assert.deepEqual(f.h.store.portfolio.getChargeback(f.profile.id, id)?.invalidDates, { reply: raw });
      }
      const reminders = f.notifier.shown.filter((n) => n.kind === 'reminder' && /unreadable/.test(n.title));
      assert.deepEqual(reminders.map((n) => n.chargebackId).sort(), [target.id, fresh.id].sort());
      assert.match(
        f.notifier.shown.find((n) => n.kind === 'new-chargeback' && n.chargebackId === fresh.id)?.body ?? '',
        /"20261340", which is not a real date/,
      );
      f.notifier.shown.length = 0;
      await f.h.sync.syncProfile(f.profile.id);
      assert.equal(
        f.notifier.shown.filter((n) => n.kind === 'reminder' && /unreadable/.test(n.title)).length,
        0,
        'reminded once',
      );
    } finally {
      await f.close();
    }
  },
);
