// What a ledger entry is: the service's fee flag and its own description decide, not the event
// code (a chargeback's fee carries the chargeback's code, 11), and totals keep kinds apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entryKind, entryLabel, entryLine, summariseEntries } from '../../../shared/domain/entry-kinds.ts';
import { entrySchema } from '../../../shared/api/index.ts';

/** An entry in the shape the contract lists (every field; nulls where its example has them). */
function wireEntry(over: Record<string, unknown>) {
  return entrySchema.parse({
    id: 't1_etr_1',
    created: '2026-03-14 10:22:33.1234',
    modified: '2026-03-14 10:22:33.1234',
    creator: 't1_log_1',
    modifier: 't1_log_1',
    entity: 't1_ent_1',
    onentity: 't1_ent_1',
    fromentity: null,
    opposingEntry: 't1_etr_2',
    fund: 't1_fun_1',
    fee: null,
    disbursement: null,
    refund: null,
    txn: null,
    adjustment: null,
    profitShare: null,
    event: 11,
    eventId: 't1_chb_x',
    description: 'Chargeback',
    amount: -4999,
    unsourced: null,
    pending: null,
    originalCurrency: null,
    currencyRate: null,
    statement: null,
    settlement: null,
    archiveSummary: null,
    isFee: 0,
    pendingEntry: 't1_per_1',
    pendingEntryCreated: '2026-03-14 10:22:33',
    chargeback: 't1_chb_x',
    ...over,
  });
}

test('the chargeback-creation entry of the contract is the disputed amount', () => {
  const e = wireEntry({});
  assert.equal(entryKind(e), 'disputed');
  assert.equal(entryLabel(e), 'Chargeback');
});

test("a fee under the chargeback event code is a fee, by the service's flag or its description", () => {
  // As the service sends them: "Chargeback fee" under event 11, "Pre-arbitration fee" under 87.
  const chargebackFee = wireEntry({ event: 11, description: 'Chargeback fee', amount: -2000, isFee: 1 });
  const preArbFee = wireEntry({ event: 87, description: 'Pre-arbitration fee', amount: '-1500', isFee: '1' });
  assert.deepEqual([entryKind(chargebackFee), entryLabel(chargebackFee)], ['fee', 'Chargeback fee']);
  assert.deepEqual([entryKind(preArbFee), entryLabel(preArbFee)], ['fee', 'Pre-arbitration fee']);
  // The flag missing (the schema reads it as 0), the description still says it.
  const unflagged = wireEntry({ event: 20, description: 'Arbitration fee', amount: -3500, isFee: undefined });
  assert.equal(entryKind(unflagged), 'fee');
  // Flagged, but described without the word: the label says it is a fee.
  assert.equal(entryLabel(wireEntry({ description: 'Chargeback 13.1', isFee: 1 })), 'Chargeback 13.1 (fee)');
  assert.equal(entryLabel(wireEntry({ event: 87, description: '', isFee: 1 })), 'Pre-arbitration fee');
  assert.equal(entryLabel(wireEntry({ event: 87, description: null, isFee: 1 })), 'Pre-arbitration fee');
});

test('words that only contain "fee" are not fees', () => {
  assert.equal(entryKind(wireEntry({ description: 'Chargeback – Coffee grinder' })), 'disputed');
  assert.equal(entryKind(wireEntry({ description: 'Feedback hold' })), 'disputed');
});

test('the sign decides money out or back; a zero entry carries no money; unknown codes by number', () => {
  assert.equal(entryKind(wireEntry({ event: 94, description: 'Chargeback reversal', amount: 4999 })), 'reversal');
  assert.equal(entryKind(wireEntry({ event: 95, description: 'Representment', amount: 0 })), 'record');
  assert.equal(entryKind(wireEntry({ event: 20, description: '', amount: -4999 })), 'disputed');
  assert.equal(entryLabel(wireEntry({ event: 42, description: '', amount: -10 })), 'Event 42');
  const line = entryLine({ ...wireEntry({ event: 42, description: '' }), currency: 'EUR', chargebackId: 't1_chb_x' });
  assert.deepEqual(
    [line.eventLabel, line.label, line.kind, line.currency],
    ['Event 42', 'Event 42', 'disputed', 'EUR'],
  );
});

test('totals keep disputed amounts, fees and reversals apart, per currency and month; net is their sum', () => {
  const at = (created: string, currency: string, o: Record<string, unknown>) => ({
    ...wireEntry({ created, ...o }),
    currency,
  });
  const { byCurrency, byMonth } = summariseEntries([
    at('2026-03-01 09:00:00', 'USD', { amount: -4999 }),
    at('2026-03-01 10:00:00', 'USD', { amount: -2000, description: 'Chargeback fee', isFee: 1 }),
    at('2026-03-02 10:00:00', 'USD', { event: 87, amount: -1500, description: 'Pre-arbitration fee', isFee: 1 }),
    at('2026-04-05 10:00:00', 'USD', { event: 94, amount: 4999, description: 'Chargeback reversal' }),
    // A fee given back is a fee too: it lowers the fees, it is not money back on the dispute.
    at('2026-04-06 10:00:00', 'USD', { amount: 2000, description: 'Chargeback fee refund', isFee: 1 }),
    at('2026-04-07 10:00:00', 'USD', { event: 95, amount: 0, description: 'Representment' }),
    at('2026-03-03 10:00:00', 'JPY', { amount: -1000 }),
  ]);
  assert.deepEqual(byCurrency, [
    { currency: 'JPY', chargedBack: -1000, fees: 0, reversed: 0, net: -1000, count: 1 },
    { currency: 'USD', chargedBack: -4999, fees: -1500, reversed: 4999, net: -1500, count: 6 },
  ]);
  assert.deepEqual(
    byMonth.map((m) => [m.month, m.currency, m.chargedBack, m.fees, m.reversed, m.net]),
    [
      ['2026-03', 'JPY', -1000, 0, 0, -1000],
      ['2026-03', 'USD', -4999, -3500, 0, -8499],
      ['2026-04', 'USD', 0, 2000, 4999, 6999],
    ],
  );
  for (const t of [...byCurrency, ...byMonth]) assert.equal(t.chargedBack + t.fees + t.reversed, t.net);
});

test('a non-fee entry that takes money back counts by its sign, whatever its event', () => {
  const { byCurrency } = summariseEntries([
    { ...wireEntry({ event: 94, amount: -4999, description: 'Chargeback reversal' }), currency: 'USD' },
  ]);
  assert.deepEqual(byCurrency[0], { currency: 'USD', chargedBack: -4999, fees: 0, reversed: 0, net: -4999, count: 1 });
});
