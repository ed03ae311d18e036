// Ledger entries as the Ledger screen, its CSV export and a dispute's Money card show them: each
// entry described and totalled by the one entry rule (shared/domain/entry-kinds.ts), in the
// currency of the chargeback it belongs to.
import { z } from 'zod';
import { entryChargebackId, type Entry } from '../api/index.ts';
import {
  entryLine,
  entryLineSchema,
  entryTotalsSchema,
  summariseEntries,
  type EntryLine,
} from '../domain/entry-kinds.ts';

export const ledgerViewSchema = z.object({
  entries: z.array(entryLineSchema),
  byCurrency: z.array(entryTotalsSchema),
  byMonth: z.array(entryTotalsSchema.extend({ month: z.string() })),
});
export type LedgerView = z.infer<typeof ledgerViewSchema>;

/** Names the currency of a chargeback's entries (its own currency). */
export type CurrencyOf = (chargebackId: string | null) => string;

/** Entries as lines; an entry's amount is in its chargeback's currency. */
export function entryLines(entries: readonly Entry[], currencyOf: CurrencyOf): EntryLine[] {
  return entries.map((e) => {
    const chargebackId = entryChargebackId(e);
    return entryLine({ ...e, currency: currencyOf(chargebackId), chargebackId });
  });
}

export function ledgerView(entries: readonly Entry[], currencyOf: CurrencyOf): LedgerView {
  const lines = entryLines(entries, currencyOf);
  return { entries: lines, ...summariseEntries(lines) };
}
