// Each chargeback's transaction is read once, with the chargeback, where the service expands it
// there (the core API: `/chargebacks` with `expand[txn][]`), and the ledger entries are read bare:
// a full sync no longer validates every entry's copy of its chargeback and transaction. What is
// stored is what the expanded entries gave before: the chargeback with its transaction's ID, the
// transaction, the customer on the chargeback, every entry linked to its chargeback. On the
// micro-service, whose contract shows an expansion on the entries only, the entries still carry
// them. The service is the sandbox behind a local server that records (and may rewrite) what
// passes (hostile-service.ts). Bounds: 40 chargebacks, 100 entries, each test well under 30 s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { syncFixture } from './support.ts';
import { editRecords, hostileService, type Tamper } from './hostile-service.ts';
import { chargebackSchema } from '../../../shared/api/index.ts';

type Rec = Record<string, unknown>;

async function behindService(opts: { seed: number; microservice?: boolean }) {
  const f = await syncFixture({
    seed: opts.seed,
    chargebacks: 40,
    entries: 100,
    ...(opts.microservice ? { dialect: 'microservice' as const } : {}),
  });
  let tamper: Tamper = () => undefined;
  const proxy = await hostileService(f.sb.url, (req, body) => tamper(req, body));
  f.h.store.profiles.save({
    ...f.profile,
    url: proxy.url,
    ...(opts.microservice ? { deployment: 'microservice' as const } : {}),
  });
  const db = f.h.store.database.db;
  return {
    f,
    proxy,
    setTamper: (t: Tamper) => void (tamper = t),
    rows: <T>(sql: string, ...args: string[]) => db.prepare(sql).all(...args) as T[],
    async close() {
      await proxy.close();
      await f.close();
    },
  };
}

test('core: chargebacks are read with their transactions, entries bare; the store holds what it held', async () => {
  const t = await behindService({ seed: 71 });
  try {
    const { f } = t;
    const report = await f.h.sync.syncProfile(f.profile.id);
    assert.equal(report.chargebacks, 40);
    assert.equal(report.entries, 100);
    assert.equal(report.invalidRecords, 0);
    const listings = t.proxy.seen.filter((r) => r.method === 'GET');
    const chargebackReads = listings.filter((r) => r.path === '/chargebacks');
    const entryReads = listings.filter((r) => r.path === '/entries');
    assert.ok(chargebackReads.length > 0 && entryReads.length > 0);
    assert.ok(chargebackReads.every((r) => r.params.includes('expand[txn][]')));
    assert.ok(
      entryReads.every((r) => !r.params.some((p) => p.startsWith('expand'))),
      'entries are read bare',
    );

    // Each stored chargeback is the record as the plain listing gives it (its txn the ID), with
    // its transaction stored beside it and its customer copied onto it.
    const plain = await fetch(`${f.sb.url}/chargebacks?page[number]=1&page[limit]=100`, {
      headers: { APIKEY: f.sb.apiKey, 'Content-Type': 'application/json' },
    });
    const listed = ((await plain.json()) as { response: { data: Rec[] } }).response.data;
    assert.equal(listed.length, 40);
    for (const raw of listed) {
      const stored = f.h.store.portfolio.getChargeback(f.profile.id, String(raw.id));
      assert.deepEqual(stored, chargebackSchema.parse(raw), `chargeback ${String(raw.id)} stored as listed`);
    }
    const withTxn = t.rows<{ id: string; customer: string | null; txn: string | null }>(
      `SELECT c.id, c.customer, t.json AS txn FROM chargebacks c
        LEFT JOIN transactions t ON t.profile_id = c.profile_id AND t.id = c.txn_id WHERE c.txn_id IS NOT NULL`,
    );
    assert.ok(withTxn.length > 0);
    for (const r of withTxn) {
      assert.ok(r.txn, `the transaction of ${r.id} is stored`);
      const txn = JSON.parse(r.txn) as { email?: string | null };
      assert.ok(r.customer, `${r.id} carries its customer`);
      assert.equal((JSON.parse(r.customer) as { email: string | null }).email, txn.email?.trim() || null);
    }
    // Every entry is linked to its chargeback, as before.
    const unlinked = t.rows<{ n: number }>(
      `SELECT COUNT(*) AS n FROM entries e WHERE NOT EXISTS
        (SELECT 1 FROM chargebacks c WHERE c.profile_id = e.profile_id AND c.id = e.chargeback_id)`,
    );
    assert.equal(unlinked[0]!.n, 0);
    const someEntry = t.rows<{ json: string; chargeback_id: string }>(
      'SELECT json, chargeback_id FROM entries LIMIT 1',
    )[0]!;
    assert.equal((JSON.parse(someEntry.json) as { chargeback: unknown }).chargeback, someEntry.chargeback_id);
  } finally {
    await t.close();
  }
});

test('core: an unreadable transaction is skipped and reported alone; its chargeback and entries are saved', async () => {
  const t = await behindService({ seed: 72 });
  try {
    const { f } = t;
    let victim: string | undefined;
    t.setTamper((req, body) => {
      if (req.path !== '/chargebacks' || req.page !== 1) return undefined;
      return JSON.stringify(
        editRecords(body, (d) => {
          const r = d.find((x) => x.txn && typeof x.txn === 'object')!;
          victim = String(r.id);
          (r.txn as Rec).total = 'a lot';
        }),
      );
    });
    const report = await f.h.sync.syncProfile(f.profile.id);
    assert.equal(report.chargebacks, 40, 'every chargeback saved, the one with the bad transaction too');
    assert.equal(report.entries, 100);
    assert.equal(report.invalidRecords, 1, 'the transaction is reported');
    const cb = f.h.store.portfolio.getChargeback(f.profile.id, victim!);
    assert.ok(cb, 'its chargeback is saved');
    const txn = t.rows('SELECT id FROM transactions WHERE id = ?', cb.txn!);
    assert.equal(txn.length, 0, 'nothing of the unreadable transaction was written');
    assert.equal(f.h.store.syncState.get(f.profile.id).lastError, null);
  } finally {
    await t.close();
  }
});

test('an entry whose chargeback is not stored yet still lands, and links once the chargeback arrives', async () => {
  const t = await behindService({ seed: 73 });
  try {
    const { f } = t;
    // The first listing leaves one chargeback out (it arrived while the pages were read).
    let late: string | undefined;
    t.setTamper((req, body) => {
      if (req.path !== '/chargebacks') return undefined;
      return JSON.stringify(
        editRecords(body, (d) => {
          late ??= String(d.at(-1)!.id);
          const i = d.findIndex((x) => x.id === late);
          if (i >= 0) d.splice(i, 1);
        }),
      );
    });
    await f.h.sync.syncProfile(f.profile.id);
    assert.equal(f.h.store.portfolio.getChargeback(f.profile.id, late!), undefined);
    const entries = t.rows<{ id: string }>('SELECT id FROM entries WHERE chargeback_id = ?', late!);
    assert.ok(entries.length > 0, 'its entries are saved with its ID');

    t.setTamper(() => undefined);
    await f.h.sync.syncProfile(f.profile.id, { forceFull: true });
    const detail = f.h.store.portfolio.detail(f.profile.id, late!);
    assert.ok(detail, 'the chargeback arrived');
    assert.deepEqual(
      detail.entries.map((e) => e.id).sort(),
      entries.map((e) => e.id).sort(),
      'the entries saved before are its entries',
    );
    assert.ok(detail.txn, 'with its transaction');
  } finally {
    await t.close();
  }
});

test('micro-service: the entries still carry the chargeback and its transaction; the transactions are kept', async () => {
  const t = await behindService({ seed: 74, microservice: true });
  try {
    const { f } = t;
    const report = await f.h.sync.syncProfile(f.profile.id);
    assert.equal(report.chargebacks, 40);
    assert.equal(report.entries, 100);
    const listings = t.proxy.seen.filter((r) => r.method === 'GET');
    assert.ok(listings.filter((r) => r.path === '/Chargebacks').every((r) => !r.params.includes('expand[txn][]')));
    const entryReads = listings.filter((r) => r.path === '/entries');
    assert.ok(entryReads.length > 0 && entryReads.every((r) => r.params.includes('expand[chargeback][txn][]')));
    const stored = t.rows<{ n: number }>('SELECT COUNT(*) AS n FROM transactions')[0]!.n;
    const withEntries = t.rows<{ n: number }>(
      `SELECT COUNT(DISTINCT c.txn_id) AS n FROM chargebacks c
        JOIN entries e ON e.profile_id = c.profile_id AND e.chargeback_id = c.id WHERE c.txn_id IS NOT NULL`,
    )[0]!.n;
    assert.ok(withEntries > 0);
    assert.equal(stored, withEntries, 'each transaction of a chargeback with entries is stored');
  } finally {
    await t.close();
  }
});
