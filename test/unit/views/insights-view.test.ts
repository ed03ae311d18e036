// Insights by reason, network and month, figures worked out by hand: what counts as won (a closed
// case only with money back), win rates with nothing decided, currencies kept apart, unknown codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeWinRate,
  insightsView,
  insightsViewSchema,
  monthLabel,
  periodStart,
  type DisputeHistory,
  type HistoryChargeback,
} from '../../../shared/views/insights-view.ts';
import { disputeOutcome } from '../../../shared/domain/outcomes.ts';

const today = { y: 2026, m: 3, d: 15 };
const cb = (id: string, over: Partial<HistoryChargeback>): HistoryChargeback => ({
  id,
  status: 'open',
  reasonCode: '13.1',
  currency: 'USD',
  total: 10_000,
  issued: 20260301,
  ...over,
});

// Visa: 13.1 (not received) and 10.4 (fraud); Mastercard: 4853; "ZZ9" is in no table and of no network's form.
const history: DisputeHistory = {
  chargebacks: [
    cb('a', { status: 'won', total: 10_000, issued: 20260302 }),
    cb('b', { status: 'lost', total: 5_000, issued: 20260310 }),
    cb('c', { status: 'closed', total: 2_000, issued: 20260215 }), // closed with a reversal: won
    cb('d', { status: 'closed', total: 3_000, issued: 20260120, reasonCode: '10.4' }), // closed, no money back
    cb('e', { status: 'open', total: 7_000, issued: 20260305, reasonCode: '10.4' }),
    cb('f', { status: 'won', currency: 'EUR', total: 4_000, issued: 20260303, reasonCode: '4853' }),
    cb('g', { status: 'lost', currency: 'JPY', total: 900, issued: 20251105, reasonCode: 'ZZ9' }),
    cb('h', { status: 'open', currency: 'EUR', total: 1_500, issued: null, reasonCode: 'V1301' }), // 13.1, undated
  ],
  entries: [
    { chargebackId: 'a', event: 11, amount: -10_000 },
    { chargebackId: 'a', event: 11, amount: -1_500, isFee: 1, description: 'Chargeback fee' },
    { chargebackId: 'a', event: 94, amount: 10_000, description: 'Chargeback reversal' },
    { chargebackId: 'b', event: 11, amount: -5_000 },
    { chargebackId: 'b', event: 11, amount: -1_500, description: 'Chargeback fee' }, // a fee by its description
    { chargebackId: 'c', event: 94, amount: 2_000 },
    { chargebackId: 'd', event: 11, amount: -3_000 },
    { chargebackId: 'f', event: 94, amount: 4_000 },
    { chargebackId: 'f', event: 11, amount: -1_000, isFee: 1 },
    { chargebackId: 'f', event: 11, amount: 1_000, isFee: 1, description: 'Fee refund' }, // a refunded fee
    { chargebackId: 'g', event: 11, amount: -900 },
    { chargebackId: null, event: 11, amount: -50 }, // belongs to no chargeback
    { chargebackId: 'gone', event: 94, amount: 50 }, // its chargeback is not stored
  ],
};

test('what counts as won: won, or closed with money back; closed without is decided, not won', () => {
  assert.equal(disputeOutcome('won', 0), 'won');
  assert.equal(disputeOutcome('lost', 500), 'lost');
  assert.equal(disputeOutcome('closed', 1), 'won');
  assert.equal(disputeOutcome('closed', 0), 'closed');
  assert.equal(disputeOutcome('open', 100), 'open');
  assert.equal(disputeOutcome('pending-review', 0), 'open', 'a status not in the contract is not a decision');
});

test('all history: counts, win rate and money per currency, never added across currencies', () => {
  const v = insightsViewSchema.parse(insightsView(history, { period: 'all', today }));
  const o = v.overall;
  // Decided: a, b, c, d, f, g = 6; won: a, c, f = 3; lost: b, g; closed without money back: d.
  assert.deepEqual([o.disputes, o.decided, o.won, o.lost, o.closed, o.winRate], [8, 6, 3, 2, 1, 0.5]);
  assert.equal(describeWinRate(o), '50% won (3 of 6 decided)');
  // Currencies in the one order: USD (5 chargebacks), EUR (2), JPY (1); not alphabetically.
  assert.deepEqual(o.money, [
    { currency: 'USD', disputed: 27_000, recovered: 12_000, fees: -3_000 },
    { currency: 'EUR', disputed: 5_500, recovered: 4_000, fees: 0 },
    { currency: 'JPY', disputed: 900, recovered: 0, fees: 0 },
  ]);
  assert.equal(v.since, null);
  assert.equal(v.undated, 1);
  assert.equal(v.unattributedEntries, 2);
});

test('by reason: plain names, prefixed codes read as the table writes them, unknown codes kept apart', () => {
  const v = insightsView(history, { period: 'all', today });
  const byCode = Object.fromEntries(v.byReason.map((r) => [r.code, r]));
  assert.deepEqual(
    v.byReason.map((r) => r.code),
    ['13.1', '10.4', '4853', 'ZZ9'],
  );
  // 13.1: a (won), b (lost), c (closed + reversal → won), h (open, sent as V1301).
  const nr = byCode['13.1']!;
  assert.equal(nr.label, 'Merchandise/services not received');
  assert.deepEqual([nr.disputes, nr.decided, nr.won, nr.lost, nr.winRate], [4, 3, 2, 1, 2 / 3]);
  assert.deepEqual(
    nr.money.map((m) => m.currency),
    ['USD', 'EUR'],
  );
  // 10.4: d closed without money back, e open: decided 1, won 0 → 0 %, not "none".
  assert.deepEqual([byCode['10.4']!.decided, byCode['10.4']!.winRate], [1, 0]);
  assert.equal(describeWinRate(byCode['10.4']!), '0% won (0 of 1 decided)');
  const unknown = byCode['ZZ9']!;
  assert.equal(unknown.known, false);
  assert.equal(unknown.label, "Not in Dispute Desk's tables");
});

test("by network: named by the code's form; a code of no known form goes last, said as unknown", () => {
  const v = insightsView(history, { period: 'all', today });
  assert.deepEqual(
    v.byNetwork.map((n) => [n.label, n.disputes, n.won, n.decided]),
    [
      ['Visa', 6, 2, 4],
      ['Mastercard', 1, 1, 1],
      ['Card network unknown', 1, 0, 1],
    ],
  );
});

test('by month: the month a chargeback was issued, newest first; money counted with its chargeback', () => {
  const v = insightsView(history, { period: 'all', today });
  assert.deepEqual(
    v.byMonth.map((m) => [m.label, m.disputes, m.won, m.decided]),
    [
      ['Mar 2026', 4, 2, 3], // a (won), b (lost), e (open), f (won)
      ['Feb 2026', 1, 1, 1], // c
      ['Jan 2026', 1, 0, 1], // d
      ['Nov 2025', 1, 0, 1], // g
    ],
  );
  assert.deepEqual(v.byMonth[0]!.money, [
    { currency: 'USD', disputed: 22_000, recovered: 10_000, fees: -3_000 },
    { currency: 'EUR', disputed: 4_000, recovered: 4_000, fees: 0 },
  ]);
});

test('a period keeps the months ending with this one; undated chargebacks only in all history', () => {
  assert.equal(periodStart('3m', today), '2026-01');
  assert.equal(periodStart('12m', today), '2025-04');
  assert.equal(periodStart('6m', { y: 2026, m: 1, d: 1 }), '2025-08');
  const three = insightsView(history, { period: '3m', today });
  assert.equal(three.since, '2026-01');
  assert.equal(three.overall.label, 'Since Jan 2026');
  // a, b, c, d, e, f; g (Nov 2025) and h (undated) left out.
  assert.deepEqual([three.overall.disputes, three.overall.decided, three.overall.won], [6, 5, 3]);
  assert.deepEqual(
    three.overall.money.map((m) => m.currency),
    ['USD', 'EUR'],
  );
  assert.equal(insightsView(history, { period: '6m', today }).overall.disputes, 7);
});

test('nothing decided: no win rate, in words', () => {
  const v = insightsView(
    { chargebacks: [cb('x', {}), cb('y', { reasonCode: '' })], entries: [] },
    { period: 'all', today },
  );
  assert.equal(v.overall.winRate, null);
  assert.equal(describeWinRate(v.overall), 'None decided yet');
  assert.ok(v.byReason.some((r) => r.code === '(none)' && !r.known));
  const empty = insightsView({ chargebacks: [], entries: [] }, { period: '3m', today });
  assert.deepEqual([empty.overall.disputes, empty.overall.money, empty.byMonth], [0, [], []]);
  assert.equal(monthLabel('2026-12'), 'Dec 2026');
});

test("every row lists its currencies in the period's order, even one where another currency leads", () => {
  // Overall USD has 3 chargebacks, GBP 1; the month of the GBP one has more GBP money than USD.
  const v = insightsView(
    {
      chargebacks: [
        cb('u1', { issued: 20260105 }),
        cb('u2', { issued: 20260305 }),
        cb('u3', { issued: 20260306 }),
        cb('g1', { currency: 'GBP', total: 90_000, issued: 20260107 }),
      ],
      entries: [],
    },
    { period: 'all', today },
  );
  assert.deepEqual(
    v.overall.money.map((m) => m.currency),
    ['USD', 'GBP'],
  );
  const january = v.byMonth.find((m) => m.key === '2026-01')!;
  assert.deepEqual(
    january.money.map((m) => [m.currency, m.disputed]),
    [
      ['USD', 10_000],
      ['GBP', 90_000],
    ],
  );
});
