// The Ledger's view: currencies in the one order, every month of the span, a round money axis, the
// latest lines only, one month, no entries; the CSV's lines by currency.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ledgerLinesByCurrency,
  ledgerView,
  ledgerViewSchema,
  moneyAxis,
  type LedgerRow,
} from '../../../shared/views/ledger-view.ts';

let n = 0;
const row = (
  created: string,
  currency: string,
  amount: number,
  chargebackId: string,
  over: Partial<LedgerRow> = {},
) => ({
  id: `e${++n}`,
  created,
  event: 11,
  amount,
  isFee: 0,
  description: 'Chargeback',
  chargebackId,
  currency,
  ...over,
});

test('currencies by chargebacks (USD first), every month of the span, empty months at zero', () => {
  const v = ledgerViewSchema.parse(
    ledgerView([
      row('2026-08-03 10:00:00', 'AUD', -90_000, 'a1'),
      row('2026-08-04 10:00:00', 'USD', -4_999, 'u1'),
      row('2026-10-05 10:00:00', 'USD', -2_000, 'u2', { isFee: 1, description: 'Chargeback fee' }),
      row('2026-10-06 10:00:00', 'USD', 4_999, 'u1', { event: 94, description: 'Chargeback reversal' }),
    ]),
  );
  assert.deepEqual(
    v.currencies.map((c) => [c.currency, c.chargebacks]),
    [
      ['USD', 2],
      ['AUD', 1],
    ],
  );
  const usd = v.currencies[0]!;
  assert.deepEqual(
    usd.months.map((m) => [m.month, m.chargedBack, m.fees, m.reversed, m.count]),
    [
      ['2026-08', -4_999, 0, 0, 1],
      ['2026-09', 0, 0, 0, 0],
      ['2026-10', 0, -2_000, 4_999, 2],
    ],
  );
  assert.deepEqual(usd.axis, { top: 6_000, ticks: [0, 2_000, 4_000, 6_000] }, '$49.99 on an axis of $20 steps');
  assert.deepEqual(
    v.currencies[1]!.months.map((m) => m.month),
    ['2026-08', '2026-09', '2026-10'],
    'one span for every currency',
  );
  assert.deepEqual([v.entryCount, v.latest.map((l) => l.id), v.monthsLeftOut], [4, ['e4', 'e3', 'e2', 'e1'], 0]);
});

test('a round money axis in the currency: yen in whole yen, never finer than a minor unit', () => {
  assert.deepEqual(moneyAxis(1_501_000, 'USD'), {
    top: 2_000_000,
    ticks: [0, 500_000, 1_000_000, 1_500_000, 2_000_000],
  });
  assert.deepEqual(moneyAxis(13_239, 'JPY').ticks, [0, 5_000, 10_000, 15_000]);
  assert.deepEqual(moneyAxis(3, 'USD').ticks, [0, 1, 2, 3]);
  assert.deepEqual(moneyAxis(0, 'KWD'), { top: 1_000, ticks: [0, 1_000] });
});

test('one month only; no entries at all; the latest 300 of many; months beyond the chart', () => {
  const one = ledgerView([row('2026-10-01 00:00:00', 'JPY', -1_772, 'j1')]);
  assert.deepEqual(
    one.currencies.map((c) => [c.currency, c.months.map((m) => m.month)]),
    [['JPY', ['2026-10']]],
  );
  const none = ledgerView([]);
  assert.deepEqual(none, { currencies: [], latest: [], entryCount: 0, monthsLeftOut: 0 });
  const many = Array.from({ length: 400 }, (_, i) =>
    row(`${2020 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01 00:00:00`, 'USD', -100, `c${i % 9}`),
  ).slice(0, 40);
  const long = ledgerView(many);
  assert.equal(long.currencies[0]!.months.length, 24);
  assert.equal(long.monthsLeftOut, 16);
  assert.equal(long.currencies[0]!.months[0]!.month, '2021-05');
  const lots = ledgerView(Array.from({ length: 450 }, (_, i) => row('2026-10-01 00:00:00', 'USD', -1, `x${i}`)));
  assert.equal(lots.latest.length, 300);
  assert.equal(lots.entryCount, 450);
});

test("the CSV's lines: by currency in the one order, oldest first within each", () => {
  const lines = ledgerLinesByCurrency([
    row('2026-10-01 00:00:00', 'EUR', -100, 'e1'),
    row('2026-10-02 00:00:00', 'USD', -100, 'u1'),
    row('2026-10-03 00:00:00', 'EUR', -100, 'e1'),
    row('2026-10-04 00:00:00', 'USD', -100, 'u2'),
  ]);
  assert.deepEqual(
    lines.map((l) => [l.currency, l.created?.slice(0, 10)]),
    [
      ['USD', '2026-10-02'],
      ['USD', '2026-10-04'],
      ['EUR', '2026-10-01'],
      ['EUR', '2026-10-03'],
    ],
  );
});
