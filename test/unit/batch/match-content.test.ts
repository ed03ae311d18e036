import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readReceipt } from '../../../electron/batch/receipt-facts.ts';
import { matchContent } from '../../../electron/batch/match-content.ts';
import type { MatchCandidate } from '../../../electron/batch/match-files.ts';

const c = (id: string, o: Partial<MatchCandidate> = {}): MatchCandidate => ({
  id,
  txn: `t1_txn_${id.slice(-4)}`,
  refs: [],
  total: 12900,
  currency: 'USD',
  dates: [20261006],
  answerable: true,
  order: null,
  authCode: null,
  last4: null,
  ...o,
});

test(
  'facts read from OCR text: amounts with currency, dates ' + 'in every common form, card last four, order numbers',
  () => {
    const f = readReceipt(
      'Harbor Lane Goods\nDate: 6 Oct 2026\nOrder number: ORD-48213\n2 x Oak spoon 12.50\nTotal charged: ' +
        '$129.00\nEUR 1.234,50  99,95 €  ¥12,000\nCard: Visa ' +
        'ending 4242\nPaid Oct 7, 2026 · 2026-10-08 · 10/09/2026',
    );
    assert.deepEqual(
      f.amounts.map((a) => [a.value, a.currency ?? (a.dollar ? '$' : '')]),
      [
        ['129.00', '$'],
        ['1234.50', 'EUR'],
        ['99.95', 'EUR'],
        ['12000', 'JPY'],
      ],
    );
    assert.deepEqual(
      f.dates.map((d) => d.ymd).sort(),
      [20261006, 20261007, 20261008, 20260910, 20261009].sort(),
      '10/09/2026 is kept both ways',
    );
    assert.deepEqual(f.last4, ['4242']);
    assert.deepEqual(f.orders, ['0RD48213']);
    assert.ok(f.tokens.has('0RD48213'));
  },
);

test('OCR look-alikes (O/0, l/1, B/8) still match an order number', () => {
  const f = readReceipt('Order number: 0RD-4B2l3\nTotal: $129.00');
  const m = matchContent(f, [
    c('t1_chb_a1', { order: 'ORD-48213', total: 5000 }),
    c('t1_chb_b2', { order: 'ORD-11111', total: 5000 }),
  ]);
  assert.equal(m.status, 'matched');
  assert.equal((m as { chargebackId: string }).chargebackId, 't1_chb_a1');
});

test('order, amount and date together give a sure match and a reason a merchant can read', () => {
  const f = readReceipt('Date: 6 Oct 2026\nOrder number: ORD-48213\nTotal charged: $129.00');
  const m = matchContent(f, [
    c('t1_chb_a1', { order: 'ORD-48213' }),
    c('t1_chb_b2', { order: 'ORD-55555', total: 4000 }),
  ]);
  assert.equal(m.status, 'matched');
  assert.equal((m as { rule: string }).rule, 'content');
  assert.match(
    m.reason,
    /^Order ORD-48213 and \$129\.00 on 6 Oct 2026 match this chargeback's transaction\. \(read from the scan, 86% sure\)$/,
  );
});

test('the amount and date of two chargebacks: ambiguous, the merchant chooses', () => {
  const f = readReceipt('6 Oct 2026   Total $129.00');
  const m = matchContent(f, [c('t1_chb_a1'), c('t1_chb_b2'), c('t1_chb_c3', { total: 100 })]);
  assert.equal(m.status, 'ambiguous');
  assert.deepEqual((m as { candidates: string[] }).candidates.sort(), ['t1_chb_a1', 't1_chb_b2']);
  assert.match(m.reason, /fit 2 chargebacks; choose one/);
});

test('a weak read (the amount alone) asks rather than matches; nothing fitting stays unmatched', () => {
  const weak = matchContent(readReceipt('Total $129.00'), [c('t1_chb_a1', { dates: [20250101] })]);
  assert.equal(weak.status, 'ambiguous', 'an amount alone is not enough to send evidence on');
  const none = matchContent(readReceipt('Total $18.40 on 3 Mar 2026, order ORD-99999'), [
    c('t1_chb_a1', { order: 'ORD-48213' }),
  ]);
  assert.equal(none.status, 'unmatched');
  assert.match(none.reason, /nothing on it matches/);
});

test('a different order number printed on the receipt outweighs an equal amount and date', () => {
  const f = readReceipt('Order number: ORD-70000\n6 Oct 2026 Total $129.00');
  const m = matchContent(f, [c('t1_chb_a1', { order: 'ORD-48213' })]);
  assert.notEqual(m.status, 'matched');
});

test('an order number read with one character wrong is a misread, not another purchase', () => {
  // OCR takes a hex order's "b" for a "6": amount and date still decide, nothing halves them.
  const m = matchContent(readReceipt('Order number: ORD-3b0e1\n6 Oct 2026 Total $129.00'), [
    c('t1_chb_a1', { order: 'ORD-360e1' }),
  ]);
  assert.equal(m.status, 'matched');
  assert.doesNotMatch(m.reason, /Order/, 'the misread order is not claimed as agreeing');
  const two = matchContent(readReceipt('Order number: ORD-3b0f7\n6 Oct 2026 Total $129.00'), [
    c('t1_chb_a1', { order: 'ORD-360e1' }),
  ]);
  assert.notEqual(two.status, 'matched', 'two characters apart is another order');
});

test('currency must agree: €129.00 is not a $129.00 chargeback, and 129 is not 129.00', () => {
  assert.equal(matchContent(readReceipt('6 Oct 2026 Total €129.00'), [c('t1_chb_a1')]).status === 'matched', false);
  const m = matchContent(readReceipt('6 Oct 2026 Total 129.00 EUR'), [c('t1_chb_a1', { currency: 'EUR' })]);
  assert.equal(m.status, 'matched');
  assert.equal(matchContent(readReceipt('Oct 6, 2026 $129'), [c('t1_chb_a1')]).status === 'matched', false);
});

test('a chargeback or transaction ID printed on the scan is enough', () => {
  const m = matchContent(readReceipt('Ref t1_chb_68aa00ff'), [
    c('t1_chb_68aa00ff', { total: 1 }),
    c('t1_chb_b2', { total: 1 }),
  ]);
  assert.equal(m.status, 'matched');
  assert.match(m.reason, /This scan shows the chargeback ID t1_chb_68aa00ff\./);
});
