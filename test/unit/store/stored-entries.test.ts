import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../../electron/store/index.ts';
import { chargebackSchema, entrySchema, type Entry } from '../../../shared/api/index.ts';
import { entryLine } from '../../../shared/domain/entry-kinds.ts';
import { answerLifecycle } from '../../../shared/domain/answer-lifecycle.ts';
import { disputeView } from '../../../shared/views/dispute-view.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';

const profile: Profile = { ...profileDefaults, id: 'p1', name: 'Shop', deployment: 'test', url: 'http://127.0.0.1:1' };

const chargeback = chargebackSchema.parse({
  id: 't1_chb_1',
  total: 4999,
  cycle: 'first',
  reasonCode: '13.1',
  reason: 'Not received',
  status: 'open',
  actionable: 1,
  currency: 'EUR',
  reply: 20261201,
  txn: 't1_txn_1',
});

/** An entry as the service sends it: the fields the app reads among a dozen links it does not. */
const raw = (over: Record<string, unknown> = {}) => ({
  id: 't1_etr_1',
  created: '2026-10-01 09:00:00.0000',
  modified: '2026-10-01 09:00:00.0000',
  creator: 't1_log_1',
  entity: 't1_ent_1',
  onentity: 't1_ent_1',
  opposingEntry: 't1_etr_0',
  fund: 't1_fun_1',
  pendingEntry: 't1_per_1',
  pendingEntryCreated: '2026-10-01 09:00:00',
  statement: null,
  archiveSummary: 'x'.repeat(2000),
  event: 11,
  eventId: 't1_chb_1',
  description: 'Chargeback',
  amount: -4999,
  isFee: 0,
  chargeback: 't1_chb_1',
  ...over,
});
const entry = (over: Record<string, unknown> = {}): Entry => entrySchema.parse(raw(over));

function withStore(fn: (store: Store) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'dd-entries-'));
  const store = openStore(join(dir, 'dd.db'));
  try {
    store.profiles.save(profile);
    store.portfolio.upsertChargebacks('p1', [chargeback]);
    fn(store);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const storedJson = (store: Store, id: string): Record<string, unknown> =>
  JSON.parse(
    (store.database.db.prepare('SELECT json FROM entries WHERE id = ?').get(id) as { json: string }).json,
  ) as Record<string, unknown>;

/** The dispute's Money card as the window shows it, from what the store holds. */
const money = (store: Store) => {
  const records = store.portfolio.detail('p1', 't1_chb_1')!;
  return disputeView(records, {
    now: new Date('2026-11-01T12:00:00Z'),
    dialect: 'core',
    ticked: new Set(),
    answer: answerLifecycle({ chargeback: records.chargeback, jobs: [], messages: records.messages }),
    sentDrafts: [],
  }).money;
};

test('an entry is kept with the fields its ledger line is read from, not the links nothing shows', () =>
  withStore((store) => {
    const e = entry();
    assert.deepEqual(store.portfolio.saveEntries('p1', [e]), [e]);
    const kept = storedJson(store, e.id);
    assert.deepEqual(Object.keys(kept).sort(), [
      'amount',
      'chargeback',
      'created',
      'description',
      'event',
      'id',
      'isFee',
    ]);
    assert.equal(kept.archiveSummary, undefined, 'a field the app never reads is not written');
    // The dispute's Money card reads what the whole record would have given.
    assert.deepEqual(money(store).entries, [entryLine({ ...e, currency: 'EUR', chargebackId: 't1_chb_1' })]);
    assert.deepEqual(
      store.ledger.window('p1', new Date('2026-09-01'), new Date('2026-11-01')).map((r) => [r.id, r.created, r.amount]),
      [['t1_etr_1', '2026-10-01 09:00:00.0000', -4999]],
    );
  }));

test('an entry read again with its amount and description changed is updated, and not new', () =>
  withStore((store) => {
    store.portfolio.saveEntries('p1', [entry()]);
    const changed = entry({ amount: -4500, description: 'Chargeback (partial)', isFee: 0 });
    assert.deepEqual(store.portfolio.saveEntries('p1', [changed]), [], 'a changed entry is not announced as new');
    assert.deepEqual(
      money(store).entries.map((l) => [l.amount, l.description]),
      [[-4500, 'Chargeback (partial)']],
    );
    assert.deepEqual(store.ledger.ofChargeback('p1', 't1_chb_1'), [
      { event: 11, amount: -4500, isFee: 0, description: 'Chargeback (partial)' },
    ]);
  }));

test('an entry an older version kept whole still reads the same, and is kept trimmed once read again', () =>
  withStore((store) => {
    const e = entry();
    // As the versions before this one wrote it: the whole record, its chargeback by ID.
    store.database.db
      .prepare(
        `INSERT INTO entries (profile_id, id, chargeback_id, event, amount, is_fee, created_at, json)
        VALUES ('p1', ?, 't1_chb_1', 11, -4999, 0, 1, ?)`,
      )
      .run(e.id, JSON.stringify(e));
    const before = money(store);
    assert.deepEqual(before.entries, [entryLine({ ...e, currency: 'EUR', chargebackId: 't1_chb_1' })]);
    assert.deepEqual(store.portfolio.saveEntries('p1', [e]), [], 'an entry already held is not new');
    assert.equal(storedJson(store, e.id).archiveSummary, undefined);
    assert.deepEqual(money(store), before);
  }));
