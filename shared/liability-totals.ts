// What a batch of concessions comes to, one total per currency (amounts never add across
// currencies), in the merchant's words. Apart from the batch's schemas (liability-batch.ts) so the
// inbox, which shows the totals of a selection at once, builds no schema to show them.
import { formatAmount } from './domain/money.ts';
import type { CurrencyTotal } from './liability-batch.ts';

/** Amounts summed per currency, the currencies in the order first met. */
export function totalsByCurrency(items: ReadonlyArray<{ amount: number; currency: string }>): CurrencyTotal[] {
  const totals = new Map<string, number>();
  for (const i of items) totals.set(i.currency, (totals.get(i.currency) ?? 0) + i.amount);
  return [...totals].map(([currency, total]) => ({ currency, total }));
}

/** "USD 1,234.00 + EUR 50.00" as the merchant reads it; "nothing" for none. */
export function totalsText(totals: readonly CurrencyTotal[]): string {
  return totals.length ? totals.map((t) => formatAmount(t.total, t.currency)).join(' + ') : 'nothing';
}
