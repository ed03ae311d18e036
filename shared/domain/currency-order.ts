// The one order in which a merchant's currencies are listed, wherever several are shown side by
// side (the Ledger, its CSV, `dispute-desk entries`, Insights, `dispute-desk insights`): the currency
// most of their chargebacks are in first, so a shop selling in US dollars sees USD first, not last
// after AUD, CAD and EUR. Ties go to the larger amount, then to the code, so the order never
// depends on the order the rows were read in.
import { minorToMajor } from './money.ts';

/** How much a currency is used in what is shown: its chargebacks, and an amount in minor units. */
export interface CurrencyUse {
  currency: string;
  /** Chargebacks in this currency (distinct). */
  chargebacks: number;
  /** The money the list is about in this currency (disputed, charged back), minor units; its sign is ignored. */
  amount: number;
}

/** Most chargebacks first; then the larger amount; then the code, alphabetically. Amounts of
 * different currencies are compared in major units: there is no exchange rate to do better, and
 * it is only a tie-break between currencies used equally often. */
export function compareCurrencyUse(a: CurrencyUse, b: CurrencyUse): number {
  return (
    b.chargebacks - a.chargebacks ||
    Math.abs(minorToMajor(b.amount, b.currency)) - Math.abs(minorToMajor(a.amount, a.currency)) ||
    (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0)
  );
}

/** The currencies in the one order. A currency listed twice is counted once, with its uses added. */
export function currencyOrder(uses: Iterable<CurrencyUse>): string[] {
  const merged = new Map<string, CurrencyUse>();
  for (const u of uses) {
    const m = merged.get(u.currency);
    const amount = Math.abs(u.amount) + (m?.amount ?? 0);
    merged.set(u.currency, { currency: u.currency, chargebacks: u.chargebacks + (m?.chargebacks ?? 0), amount });
  }
  return [...merged.values()].sort(compareCurrencyUse).map((u) => u.currency);
}

/** Sorts `items` by their currency's place in `order` (a currency not in it goes last, by code);
 * items of one currency keep their order. Returns a new array. */
export function inCurrencyOrder<T>(items: readonly T[], order: readonly string[], currencyOf: (t: T) => string): T[] {
  const rank = new Map(order.map((c, i) => [c, i]));
  const place = (c: string): number => rank.get(c) ?? order.length;
  return [...items].sort((a, b) => {
    const ca = currencyOf(a);
    const cb = currencyOf(b);
    return place(ca) - place(cb) || (ca < cb ? -1 : ca > cb ? 1 : 0);
  });
}

/** Counts the uses of each currency from a list of chargebacks (or of entries naming their
 * chargeback: each chargeback counted once per currency). */
export function tallyCurrencyUse(
  rows: Iterable<{ currency: string; chargebackId: string | null; amount: number }>,
): CurrencyUse[] {
  const by = new Map<string, { chargebacks: Set<string>; amount: number }>();
  for (const r of rows) {
    const t = by.get(r.currency) ?? { chargebacks: new Set<string>(), amount: 0 };
    if (r.chargebackId !== null) t.chargebacks.add(r.chargebackId);
    t.amount += Math.abs(r.amount);
    by.set(r.currency, t);
  }
  return [...by].map(([currency, t]) => ({ currency, chargebacks: t.chargebacks.size, amount: t.amount }));
}
