// The inbox's money: each section's amounts per currency and, where they are in several, the
// approximate total in the main currency by reference rates, with every rate used said once; a
// row's amount in another currency, approximately in the main one.
import type { InboxRowView, InboxSectionSummary } from '../../../shared/views/inbox-row.ts';
import { formatAmount } from '../../../shared/domain/money.ts';
import {
  convertedTotal,
  convertMinor,
  describeRate,
  referenceRate,
  describeRatesAge,
} from '../../../shared/domain/reference-rates.ts';

export function amountsText(s: InboxSectionSummary): string {
  return s.amounts.map((a) => formatAmount(a.total, a.currency)).join(' + ');
}

/** A section's money in the main currency, approximately, with the rates used; undefined when it
 * is all in that currency already (then the per-currency figure is the total). */
export function sectionTotal(s: InboxSectionSummary, main: string): { total: string; rates: string } | undefined {
  if (s.amounts.every((a) => a.currency === main)) return undefined;
  const t = convertedTotal(s.amounts, main);
  const rates = [
    ...t.rates.map((r) => r.text),
    ...(t.missing.length > 0 ? [`no rate for ${t.missing.join(', ')} (left out)`] : []),
  ];
  return {
    total: `≈ ${formatAmount(t.total, main)}`,
    rates: `${rates.join(', ')} (reference ${describeRatesAge(new Date())})`,
  };
}

/** Every rate the worklist's approximate totals use, once each, and the currencies without one:
 * listed in the "Rates" disclosure, legible without hovering. */
export function ratesUsed(sections: InboxSectionSummary[], main: string): { rates: string[]; missing: string[] } {
  const rates = new Map<string, string>();
  const missing = new Set<string>();
  for (const s of sections) {
    const t = convertedTotal(s.amounts, main);
    for (const r of t.rates) rates.set(r.currency, r.text);
    for (const m of t.missing) missing.add(m);
  }
  return { rates: [...rates.values()].sort(), missing: [...missing].sort() };
}

/** An amount in another currency than the main one, approximately in the main one, and the rate. */
export function approxOf(row: InboxRowView, main: string): { text: string; rate: string } | undefined {
  if (row.currency === main) return undefined;
  const converted = convertMinor(row.total, row.currency, main);
  const rate = referenceRate(row.currency, main);
  if (converted === undefined || rate === undefined) return undefined;
  return {
    text: `≈ ${formatAmount(converted, main)}`,
    rate: `${describeRate(row.currency, main, rate)}, reference ${describeRatesAge(new Date())}`,
  };
}
