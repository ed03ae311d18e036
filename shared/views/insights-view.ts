// Insights: how the merchant's disputes went, by reason code, by network and by month, from the
// stored history. A chargeback counts in the month it was issued; its ledger entries (money back,
// fees) count with it, whenever they were booked, so a month's row says how that month's disputes
// ended. Amounts stay apart by currency: nothing is added across currencies, and every row lists its
// currencies in one order (shared/domain/currency-order.ts), that of the period as a whole.
import { z } from 'zod';
import { disputeOutcome, entryRecoveryParts } from '../domain/outcomes.ts';
import type { EntryFields } from '../domain/entry-kinds.ts';
import { plainReasonCode, reasonCodeInfo } from '../domain/reason-codes.ts';
import { cardNetworkOf, cardNetworks, networkName } from '../domain/card-networks.ts';
import { parseYmd, type Ymd } from '../domain/dates.ts';
import { currencyOrder, inCurrencyOrder } from '../domain/currency-order.ts';

export const insightsPeriods = ['3m', '6m', '12m', 'all'] as const;
export const insightsPeriodSchema = z.enum(insightsPeriods);
export type InsightsPeriod = z.infer<typeof insightsPeriodSchema>;
export const insightsPeriodLabel: Record<InsightsPeriod, string> = {
  '3m': 'Last 3 months',
  '6m': 'Last 6 months',
  '12m': 'Last 12 months',
  all: 'All history',
};
/** The period Insights opens on, and the ledger's opening dates with it. */
export const openingInsightsPeriod: Exclude<InsightsPeriod, 'all'> = '12m';
const periodMonths: Record<InsightsPeriod, number | null> = { '3m': 3, '6m': 6, '12m': 12, all: null };

/** A stored chargeback as insights read it; `issued` is the date it was issued (YYYYMMDD), else
 * received, null when the service gave neither. */
export interface HistoryChargeback {
  id: string;
  status: string;
  reasonCode: string;
  currency: string;
  /** The disputed amount, minor units. */
  total: number;
  issued: number | null;
}
export type HistoryEntry = EntryFields & { chargebackId: string | null };
export interface DisputeHistory {
  chargebacks: readonly HistoryChargeback[];
  entries: readonly HistoryEntry[];
}

export const insightMoneySchema = z.object({
  currency: z.string(),
  /** What the chargebacks disputed (their totals), minor units. */
  disputed: z.number(),
  /** Money back: reversals in the ledger, minor units. */
  recovered: z.number(),
  /** Fees, net of fee refunds (negative when the merchant paid), minor units. */
  fees: z.number(),
});
export type InsightMoney = z.infer<typeof insightMoneySchema>;

export const insightRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  disputes: z.number().int(),
  /** Won + lost + closed without money back. */
  decided: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  /** Closed by the processor with no reversal: decided, not won. */
  closed: z.number().int(),
  /** won ÷ decided, null when nothing is decided yet. */
  winRate: z.number().nullable(),
  money: z.array(insightMoneySchema),
});
export type InsightRow = z.infer<typeof insightRowSchema>;

export const insightsViewSchema = z.object({
  period: insightsPeriodSchema,
  /** The first month the period covers (YYYY-MM), null for all history. */
  since: z.string().nullable(),
  overall: insightRowSchema,
  byReason: z.array(insightRowSchema.extend({ code: z.string(), known: z.boolean() })),
  byNetwork: z.array(insightRowSchema),
  byMonth: z.array(insightRowSchema),
  /** Chargebacks with no issue date: counted in all history, in no month and no shorter period. */
  undated: z.number().int(),
  /** Ledger entries of no stored chargeback: they belong to no reason or month, so are left out. */
  unattributedEntries: z.number().int(),
});
export type InsightsView = z.infer<typeof insightsViewSchema>;

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthKey = (y: number, m: number): string => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;

/** "2026-03" → "Mar 2026". */
export function monthLabel(key: string): string {
  const [y, m] = key.split('-').map(Number);
  return y && m ? `${monthNames[m - 1] ?? m} ${y}` : key;
}

/** The first month of a period ending with `today`'s month: 3 months back from March is January. */
export function periodStart(period: InsightsPeriod, today: Ymd): string | null {
  const n = periodMonths[period];
  if (n === null) return null;
  const index = today.y * 12 + (today.m - 1) - (n - 1);
  return monthKey(Math.floor(index / 12), (index % 12) + 1);
}

interface Tally {
  row: InsightRow;
  money: Map<string, InsightMoney & { chargebacks: number }>;
}

function tally(key: string, label: string): Tally {
  return {
    row: { key, label, disputes: 0, decided: 0, won: 0, lost: 0, closed: 0, winRate: null, money: [] },
    money: new Map(),
  };
}

interface Counted {
  outcome: ReturnType<typeof disputeOutcome>;
  currency: string;
  disputed: number;
  recovered: number;
  fees: number;
}

function count(t: Tally, c: Counted): void {
  t.row.disputes++;
  if (c.outcome !== 'open') t.row.decided++;
  if (c.outcome === 'won') t.row.won++;
  else if (c.outcome === 'lost') t.row.lost++;
  else if (c.outcome === 'closed') t.row.closed++;
  const m = t.money.get(c.currency) ?? { currency: c.currency, disputed: 0, recovered: 0, fees: 0, chargebacks: 0 };
  m.chargebacks++;
  m.disputed += c.disputed;
  m.recovered += c.recovered;
  m.fees += c.fees;
  t.money.set(c.currency, m);
}

/** A row as it is shown: its win rate, its money in the period's currency order. */
function finish(t: Tally, order: readonly string[]): InsightRow {
  const money = inCurrencyOrder([...t.money.values()], order, (m) => m.currency).map(
    ({ currency, disputed, recovered, fees }) => ({ currency, disputed, recovered, fees }),
  );
  return { ...t.row, winRate: t.row.decided === 0 ? null : t.row.won / t.row.decided, money };
}

function bucket(map: Map<string, Tally>, key: string, label: string): Tally {
  const found = map.get(key);
  if (found) return found;
  const made = tally(key, label);
  map.set(key, made);
  return made;
}

const unknownNetwork = 'unknown';
/** The networks in the contract's order, a code that names none last. */
const networkOrder = (key: string): number => {
  const i = cardNetworks.findIndex((n) => n === key);
  return i < 0 ? 99 : i;
};

/** The history over a period ending with `today`'s month. One pass over entries, one over chargebacks. */
export function insightsView(history: DisputeHistory, o: { period: InsightsPeriod; today: Ymd }): InsightsView {
  const since = periodStart(o.period, o.today);
  const perChargeback = new Map<string, { recovered: number; fees: number }>();
  for (const c of history.chargebacks) perChargeback.set(c.id, { recovered: 0, fees: 0 });
  let unattributedEntries = 0;
  for (const e of history.entries) {
    const sums = e.chargebackId === null ? undefined : perChargeback.get(e.chargebackId);
    if (!sums) {
      unattributedEntries++;
      continue;
    }
    const parts = entryRecoveryParts(e);
    sums.recovered += parts.recovered;
    sums.fees += parts.fees;
  }

  const overall = tally('all', since ? `Since ${monthLabel(since)}` : 'All history');
  const reasons = new Map<string, Tally & { code: string; known: boolean }>();
  const networks = new Map<string, Tally>();
  const months = new Map<string, Tally>();
  let undated = 0;
  for (const c of history.chargebacks) {
    const issued = parseYmd(c.issued);
    const month = issued ? monthKey(issued.y, issued.m) : null;
    if (!month) undated++;
    if (since !== null && (month === null || month < since)) continue;
    const sums = perChargeback.get(c.id) ?? { recovered: 0, fees: 0 };
    const counted: Counted = {
      outcome: disputeOutcome(c.status, sums.recovered),
      currency: c.currency,
      disputed: c.total,
      ...sums,
    };
    count(overall, counted);
    const code = plainReasonCode(c.reasonCode) || '(none)';
    const info = reasonCodeInfo(c.reasonCode);
    const reason = reasons.get(code) ?? {
      ...tally(code, info ? info.text : "Not in Dispute Desk's tables"),
      code,
      known: info !== undefined,
    };
    reasons.set(code, reason);
    count(reason, counted);
    const network = cardNetworkOf(c.reasonCode);
    count(bucket(networks, network ?? unknownNetwork, networkName(network)), counted);
    if (month) count(bucket(months, month, monthLabel(month)), counted);
  }
  // The currency of most of the period's chargebacks first, then by the amount disputed.
  const order = currencyOrder([...overall.money.values()].map((m) => ({ ...m, amount: m.disputed })));
  const done = (t: Tally): InsightRow => finish(t, order);
  return {
    period: o.period,
    since,
    overall: done(overall),
    byReason: [...reasons.values()]
      .map((r) => ({ ...done(r), code: r.code, known: r.known }))
      .sort((a, b) => b.disputes - a.disputes || a.code.localeCompare(b.code)),
    byNetwork: [...networks.values()].map(done).sort((a, b) => networkOrder(a.key) - networkOrder(b.key)),
    byMonth: [...months.values()].map(done).sort((a, b) => b.key.localeCompare(a.key)),
    undated,
    unattributedEntries,
  };
}

/** A win rate in words: "62% won (8 of 13 decided)", or why there is none. */
export function describeWinRate(r: Pick<InsightRow, 'won' | 'decided' | 'winRate'>): string {
  if (r.winRate === null) return 'None decided yet';
  return `${Math.round(r.winRate * 100)}% won (${r.won} of ${r.decided} decided)`;
}
