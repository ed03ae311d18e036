// The demo's transactions tell one story: authorized, then captured (the record's `created`), then
// settled, then funded, all before the chargeback was raised. The authorization date used to be a
// fixed 20 days before the chargeback while the capture was drawn 5 to 40 days before it, so the
// demo showed a payment captured before it was authorized and a letter that said so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSandboxDb, type SandboxDb } from '../../../electron/sandbox/db.ts';
import { seedPortfolio } from '../../../electron/sandbox/seed.ts';

const ymdOfTimestamp = (ts: string): number => Number(ts.slice(0, 10).replaceAll('-', ''));

function seeded(seed: number): SandboxDb {
  const db = openSandboxDb(undefined);
  seedPortfolio(db, {
    seed,
    chargebacks: 400,
    entries: 0,
    anchor: { y: 2026, m: 11, d: 26 },
    merchant: 't1_mer_seeddates000001',
    now: new Date(Date.UTC(2026, 10, 26, 12)),
  });
  return db;
}

const records = (db: SandboxDb, kind: string): Array<Record<string, unknown>> =>
  (db.db.prepare('SELECT json FROM records WHERE kind = ? ORDER BY id').all(kind) as Array<{ json: string }>).map(
    (r) => JSON.parse(r.json) as Record<string, unknown>,
  );

test('every seeded transaction: authorized ≤ captured ≤ settled ≤ funded, before its chargeback', () => {
  for (const seed of [7, 4, 1234]) {
    const db = seeded(seed);
    try {
      const chargebacks = records(db, 'chargeback');
      assert.equal(chargebacks.length, 400);
      for (const cb of chargebacks) {
        const txn = db.get('txn', cb.txn as string);
        assert.ok(txn, `${cb.id as string}: its transaction is seeded`);
        const authorized = txn.authDate as number;
        const captured = ymdOfTimestamp(txn.captured as string);
        const where = `seed ${seed}, ${txn.id as string}: authorized ${authorized}, captured ${txn.captured as string}`;
        assert.equal(txn.captured, txn.created, where);
        assert.ok(authorized <= captured, `${where}: captured before it was authorized`);
        assert.ok(captured <= (txn.settled as number), `${where}: settled ${txn.settled as number}`);
        assert.ok((txn.settled as number) <= (txn.funded as number), `${where}: funded ${txn.funded as number}`);
        assert.ok(
          (txn.funded as number) < ymdOfTimestamp(cb.created as string),
          `${where}: the chargeback of ${cb.created as string} comes after the money moved`,
        );
      }
    } finally {
      db.close();
    }
  }
});

test('the same seed gives the same transactions, dates included', () => {
  const a = seeded(7);
  const b = seeded(7);
  try {
    assert.deepEqual(records(a, 'txn'), records(b, 'txn'));
  } finally {
    a.close();
    b.close();
  }
});
