// A full sync saves what it reads in batches of pages, not a transaction per page (a commit per
// page cost a large merchant's first sync more CPU than the records did), and still keeps every
// record and moves the cursor to the last page saved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { syncFixture } from './support.ts';

test('a full sync saves its pages in batches: far fewer transactions than pages, every record kept', async () => {
  const f = await syncFixture({ seed: 31, chargebacks: 2000, entries: 3000 });
  try {
    let transactions = 0;
    const transaction = f.h.store.transaction;
    f.h.store.transaction = <T>(fn: () => T): T => {
      transactions++;
      return transaction(fn);
    };
    let pages = 0;
    const report = await f.h.sync.syncProfile(f.profile.id, { onProgress: () => void pages++ });
    assert.equal(report.chargebacks, 2000);
    assert.equal(report.entries, 3000);
    const count = (table: string) =>
      (f.h.store.database.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    assert.equal(count('chargebacks'), 2000);
    assert.equal(count('entries'), 3000);
    assert.equal(count('status_records'), report.statuses);
    // 20 pages of chargebacks, 30 of entries and the status pages: each read is reported, and
    // saved with far fewer transactions (a batch also closes after 500 ms).
    assert.ok(pages >= 50, `${pages} pages reported`);
    assert.ok(transactions >= 5 && transactions <= pages / 3, `${transactions} transactions for ${pages} pages`);
    assert.equal(f.h.store.syncState.get(f.profile.id).pass, null);
  } finally {
    await f.close();
  }
});
