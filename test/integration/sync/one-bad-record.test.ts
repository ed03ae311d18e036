// Sync that one record cannot stop: a chargeback ID that cannot go into a search header (`&`), a
// record nested 5,000 levels deep and one of 300 KB are each skipped and reported, the rest of the
// portfolio is saved, and a cursor saved on such an ID (by an older version) moves past it, on a
// resumed pass and with --full alike. The service is the sandbox behind a tiny local server that
// rewrites its answers (hostile-service.ts). Bounds: 60 chargebacks, each test well under 30 s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { syncFixture } from './support.ts';
import { editRecords, hostileService, type Tamper } from './hostile-service.ts';

async function behindHostileService(seed: number) {
  const f = await syncFixture({ seed, chargebacks: 60, entries: 120 });
  let tamper: Tamper = () => undefined;
  const proxy = await hostileService(f.sb.url, (req, body) => tamper(req, body));
  f.h.store.profiles.save({ ...f.profile, url: proxy.url });
  return {
    f,
    proxy,
    setTamper: (t: Tamper) => void (tamper = t),
    count: (table: string) =>
      (f.h.store.database.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
    async close() {
      await proxy.close();
      await f.close();
    },
  };
}

/** 5,000 levels of `{"a": …}` as JSON text (JSON.stringify itself would overflow making it). */
const deepJson = '{"a":'.repeat(5000) + '{}' + '}'.repeat(5000);

test(
  'a chargeback ID with & is skipped and reported; the sync finishes and no search header ever ' + 'carries it',
  async () => {
    const t = await behindHostileService(31);
    try {
      const { f } = t;
      assert.equal((await f.h.sync.syncProfile(f.profile.id)).mode, 'full');
      const before = t.count('chargebacks');
      // The service now sends a changed chargeback whose ID has `&` in it, on every listing page 1.
      t.setTamper((req, body) =>
        req.path === '/chargebacks' && req.page === 1
          ? JSON.stringify(editRecords(body, (d) => void d.push({ ...d[0], id: 'cb_1&status[equals]=won' })))
          : undefined,
      );
      const report = await f.h.sync.syncProfile(f.profile.id);
      assert.equal(report.mode, 'incremental');
      assert.ok(report.invalidRecords >= 1, 'the record is reported as skipped');
      assert.equal(f.h.store.portfolio.getChargeback(f.profile.id, 'cb_1&status[equals]=won'), undefined);
      assert.equal(t.count('chargebacks'), before, 'nothing else lost or added');
      assert.equal(f.h.store.syncState.get(f.profile.id).pass, null, 'the pass finished');
      assert.equal(f.h.store.syncState.get(f.profile.id).lastError, null);
      assert.ok(!t.proxy.seen.some((r) => r.search.includes('cb_1&')), 'the ID never went into a search');
    } finally {
      await t.close();
    }
  },
);

test('a cursor saved on an unusable ID moves past it: a resumed pass and --full both finish', async () => {
  const t = await behindHostileService(32);
  try {
    const { f } = t;
    await f.h.sync.syncProfile(f.profile.id);
    const st = f.h.store.syncState;
    // What an older version left behind: an incremental pass stopped in its statuses phase with an
    // ID it could not search for still queued.
    const stuck = (): void => {
      st.queueStatuses(f.profile.id, ['cb_x&y', 'cb_bad,comma']);
      st.update(f.profile.id, { pass: { mode: 'incremental', phase: 'statuses', nextPage: 1, startedAt: Date.now() } });
    };
    stuck();
    const resumed = await f.h.sync.syncProfile(f.profile.id);
    assert.equal(resumed.invalidRecords, 2, 'both skipped and reported');
    assert.equal(st.get(f.profile.id).pass, null);
    assert.equal(st.queuedStatusCount(f.profile.id), 0, 'the queue moved past them');
    stuck();
    const full = await f.h.sync.syncProfile(f.profile.id, { forceFull: true });
    assert.equal(full.invalidRecords, 2);
    assert.equal(st.get(f.profile.id).pass, null);
    assert.ok(!t.proxy.seen.some((r) => /cb_x|cb_bad/.test(r.search)), 'neither ID was ever sent');
  } finally {
    await t.close();
  }
});

test(
  'a record nested 5,000 levels deep and one of 300 KB are skipped and reported; every other ' + 'record is saved',
  async () => {
    const t = await behindHostileService(33);
    try {
      const { f } = t;
      t.setTamper((req, body) => {
        if (req.page !== 1 || (req.path !== '/chargebacks' && req.path !== '/entries')) return undefined;
        const edited = editRecords(body, (d) => {
          d.push({ ...d[0], id: `${req.path.slice(1)}_deep`, extra: '@@DEEP@@' });
          d.push({ ...d[0], id: `${req.path.slice(1)}_huge`, extra: 'x'.repeat(300 * 1024) });
        });
        return JSON.stringify(edited).replace('"@@DEEP@@"', deepJson);
      });
      const started = Date.now();
      const report = await f.h.sync.syncProfile(f.profile.id);
      assert.ok(Date.now() - started < 30_000);
      assert.equal(report.chargebacks, 60, 'every real chargeback saved');
      assert.equal(report.entries, 120, 'every real entry saved');
      assert.equal(report.invalidRecords, 4, 'the deep and the huge record of each listing, reported');
      assert.equal(t.count('chargebacks'), 60);
      assert.equal(f.h.store.portfolio.getChargeback(f.profile.id, 'chargebacks_deep'), undefined);
      assert.equal(f.h.store.syncState.get(f.profile.id).lastError, null);
      // And again: the next sync is not stopped by them either.
      assert.equal((await f.h.sync.syncProfile(f.profile.id, { forceFull: true })).chargebacks, 60);
    } finally {
      await t.close();
    }
  },
);

test('a chargeback ID stored before IDs were checked fails its own reads in words, sending nothing', async () => {
  const t = await behindHostileService(34);
  try {
    const { createApiClient } = await import('../../../electron/api/index.ts');
    const { AppError } = await import('../../../shared/errors.ts');
    const c = createApiClient({ baseUrl: t.proxy.url, apiKey: t.f.sb.apiKey, deployment: 'test' });
    const before = t.proxy.seen.length;
    await assert.rejects(
      c.messagesOf('cb_old&status[equals]=won'),
      (e: unknown) =>
        e instanceof AppError &&
        e.kind === 'validation' &&
        /could not search the chargeback service for "cb_old&status\[equals\]=won": a search value cannot contain &/.test(
          e.message,
        ),
    );
    assert.equal(t.proxy.seen.length, before, 'no request was sent');
  } finally {
    await t.close();
  }
});
