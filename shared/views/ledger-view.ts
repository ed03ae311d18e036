// Ledger entries as the Ledger screen, its CSV export, `dispute-desk entries` and a dispute's Money
// card show them: each entry described and totalled by the one entry rule
// (shared/domain/entry-kinds.ts), in the currency of the chargeback it belongs to, currencies in
// the one order (shared/domain/currency-order.ts). The screen gets the totals, one chart per
// currency (every month of the span, its money axis) and the latest lines only: a window of 50,000
// entries crosses IPC as a few kilobytes, not ten megabytes; the CSV and the CLI read every line.
import { z } from 'zod';
import type { StoredEntry } from '../api/index.ts';
import {
  entryLine,
  entryLineSchema,
  entryTotalsSchema,
  summariseEntries,
  type EntryFields,
  type EntryLine,
} from '../domain/entry-kinds.ts';
import { currencyOrder, inCurrencyOrder, tallyCurrencyUse } from '../domain/currency-order.ts';
import { currencyExponent } from '../domain/currencies.ts';

/** One month of one currency's chart (`month`: YYYY-MM), minor units. */
export const ledgerMonthSchema = entryTotalsSchema.omit({ currency: true }).extend({ month: z.string() });
export type LedgerMonth = z.infer<typeof ledgerMonthSchema>;

/** A money axis: from 0 to `top` in `ticks` (minor units, round numbers in major units). */
export const moneyAxisSchema = z.object({ top: z.number(), ticks: z.array(z.number()) });
export type MoneyAxis = z.infer<typeof moneyAxisSchema>;

export const ledgerCurrencySchema = z.object({
  currency: z.string(),
  totals: entryTotalsSchema,
  /** Distinct chargebacks with entries in this currency in the window. */
  chargebacks: z.number().int(),
  /** Every month of the chart's span, oldest first; a month without entries is at zero. */
  months: z.array(ledgerMonthSchema),
  /** The axis the bars (charged back, fees, reversed, by size) are drawn against. */
  axis: moneyAxisSchema,
});
export type LedgerCurrency = z.infer<typeof ledgerCurrencySchema>;

export const ledgerViewSchema = z.object({
  /** In the one currency order: most chargebacks first. */
  currencies: z.array(ledgerCurrencySchema),
  /** The latest entries, newest first (at most `latestLimit`). */
  latest: z.array(entryLineSchema),
  /** Every entry in the window: the totals, the charts and the CSV cover them all. */
  entryCount: z.number().int(),
  /** Months of the window's span before the charts' (the charts show the last `chartMonths`). */
  monthsLeftOut: z.number().int(),
});
export type LedgerView = z.infer<typeof ledgerViewSchema>;

export const latestLimit = 300;
export const chartMonths = 24;

/** An entry as the store reads it for the ledger: its chargeback's currency joined in. */
export type LedgerRow = EntryFields & {
  id: string;
  created: string | null;
  chargebackId: string | null;
  currency: string;
};

/** Names the currency of a chargeback's entries (its own currency). */
export type CurrencyOf = (chargebackId: string | null) => string;

/** Entries as lines; an entry's amount is in its chargeback's currency. */
export function entryLines(entries: readonly StoredEntry[], currencyOf: CurrencyOf): EntryLine[] {
  return entries.map((e) => {
    const chargebackId = e.chargeback;
    return entryLine({ ...e, currency: currencyOf(chargebackId), chargebackId });
  });
}

const monthOf = (created: string | null): string | undefined => {
  const m = /^(\d{4})-(\d{2})/.exec(created ?? '');
  return m ? `${m[1]}-${m[2]}` : undefined;
};

/** Every month from `first` to `last` (YYYY-MM), both included. */
function monthSpan(first: string, last: string): string[] {
  const index = (k: string): number => Number(k.slice(0, 4)) * 12 + Number(k.slice(5, 7)) - 1;
  const out: string[] = [];
  for (let i = index(first); i <= index(last); i++)
    out.push(`${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`);
  return out;
}

/** An axis from zero past `max` (minor units) in four or five round steps of 1, 2, 2.5 or 5 × 10ⁿ
 * major units, never finer than one minor unit. */
export function moneyAxis(max: number, currency: string): MoneyAxis {
  const unit = 10 ** currencyExponent(currency);
  const major = Math.max(0, max) / unit;
  if (major === 0) return { top: unit, ticks: [0, unit] };
  const raw = major / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(([1, 2, 2.5, 5, 10].find((f) => f * power >= raw) ?? 10) * power, 1 / unit);
  const steps = Math.ceil(major / step - 1e-9);
  const ticks = Array.from({ length: steps + 1 }, (_, i) => Math.round(i * step * unit));
  return { top: ticks.at(-1)!, ticks };
}

/** How tall a month's bars stand: money pulled and fees paid by their size, money back as is. */
export const barHeights = (m: Pick<LedgerMonth, 'chargedBack' | 'fees' | 'reversed'>) => ({
  chargedBack: Math.max(0, -m.chargedBack),
  fees: Math.max(0, -m.fees),
  reversed: Math.max(0, m.reversed),
});

/** The window's currencies in the one order (most chargebacks first, by the money they moved). */
export function ledgerCurrencyOrder(lines: ReadonlyArray<Pick<LedgerRow, 'currency' | 'chargebackId' | 'amount'>>) {
  return currencyOrder(tallyCurrencyUse(lines));
}

/** The Ledger screen's view of a window's entries (`rows` oldest first, as the store reads them). */
export function ledgerView(rows: readonly LedgerRow[]): LedgerView {
  const lines = rows.map(entryLine);
  const order = ledgerCurrencyOrder(lines);
  const { byCurrency, byMonth } = summariseEntries(lines);
  const dated = byMonth.filter((m) => monthOf(m.month) !== undefined).map((m) => m.month);
  const span = dated.length
    ? monthSpan(
        dated[0]!,
        dated.reduce((a, b) => (b > a ? b : a)),
      )
    : [];
  const shown = span.slice(-chartMonths);
  const chargebacks = new Map(tallyCurrencyUse(lines).map((u) => [u.currency, u.chargebacks]));
  const currencies = inCurrencyOrder(byCurrency, order, (t) => t.currency).map((totals): LedgerCurrency => {
    const of = new Map(byMonth.filter((m) => m.currency === totals.currency).map((m) => [m.month, m]));
    const months = shown.map((month) => {
      const m = of.get(month);
      return m
        ? { month, chargedBack: m.chargedBack, fees: m.fees, reversed: m.reversed, net: m.net, count: m.count }
        : { month, chargedBack: 0, fees: 0, reversed: 0, net: 0, count: 0 };
    });
    const tallest = Math.max(0, ...months.map((m) => Math.max(...Object.values(barHeights(m)))));
    return {
      currency: totals.currency,
      totals,
      chargebacks: chargebacks.get(totals.currency) ?? 0,
      months,
      axis: moneyAxis(tallest, totals.currency),
    };
  });
  return {
    currencies,
    latest: lines.slice(-latestLimit).reverse(),
    entryCount: lines.length,
    monthsLeftOut: span.length - shown.length,
  };
}

/** Every line of the window, oldest first (the CLI lists them so). */
export function ledgerLines(rows: readonly LedgerRow[]): EntryLine[] {
  return rows.map(entryLine);
}

/** Every line of the window for a CSV: by currency in the one order, oldest first within one, so a
 * spreadsheet sums each currency's block and never adds one currency to another. */
export function ledgerLinesByCurrency(rows: readonly LedgerRow[]): EntryLine[] {
  const lines = ledgerLines(rows);
  return inCurrencyOrder(lines, ledgerCurrencyOrder(lines), (l) => l.currency);
}
