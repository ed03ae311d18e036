// What a ledger entry is, in the service's own terms, and the totals that keep kinds apart.
// The service marks fees with `isFee` and describes each entry ("Chargeback fee", "Pre-arbitration
// fee"); its `event` code says which stage the entry belongs to, and the code of a chargeback's fee
// is the chargeback's own (11). So the event code alone cannot tell a fee from the disputed amount:
// the flag and the description decide, the code only names the stage. Amounts are signed (the
// contract: negative when funds are pulled, positive for a reversal) and are handled by sign.
import { z } from 'zod';
import { ledgerEventLabel } from './labels.ts';

/** disputed: the disputed amount pulled (or its part at a later stage); fee: a charge for the
 * dispute, or its refund; reversal: money back; record: an entry without money (a stage marker). */
export const entryKindSchema = z.enum(['disputed', 'fee', 'reversal', 'record']);
export type EntryKind = z.infer<typeof entryKindSchema>;

export interface EntryFields {
  event: number;
  amount: number;
  /** The service's flag (0/1); absent or 0 when the service did not mark the entry. */
  isFee?: number | null | undefined;
  description?: string | null | undefined;
}

const feeWord = /\bfees?\b/i;

export function entryKind(e: EntryFields): EntryKind {
  if (e.isFee === 1 || feeWord.test(e.description ?? '')) return 'fee';
  if (e.amount < 0) return 'disputed';
  if (e.amount > 0) return 'reversal';
  return 'record';
}

export const entryKindLabel: Record<EntryKind, string> = {
  disputed: 'Charged back',
  fee: 'Fee',
  reversal: 'Reversal',
  record: 'No money',
};

/** The entry as the service describes it; without a description, its event's name (unknown codes
 * by number), and a fee always says it is one. */
export function entryLabel(e: EntryFields): string {
  const description = (e.description ?? '').trim();
  const fee = entryKind(e) === 'fee';
  if (!description) return fee ? `${ledgerEventLabel(e.event)} fee` : ledgerEventLabel(e.event);
  return fee && !feeWord.test(description) ? `${description} (fee)` : description;
}

export const entryTotalsSchema = z.object({
  currency: z.string(),
  /** Disputed amounts pulled (negative, fees excluded). */
  chargedBack: z.number(),
  /** Fees, net of fee refunds (negative when the merchant paid). */
  fees: z.number(),
  /** Money back (positive, fees excluded). */
  reversed: z.number(),
  /** Everything together: what the chargebacks cost. */
  net: z.number(),
  count: z.number().int(),
});
export type EntryTotals = z.infer<typeof entryTotalsSchema>;

/** One entry as the ledger and the money card list it. */
export const entryLineSchema = z.object({
  id: z.string(),
  created: z.string().nullable(),
  event: z.number(),
  /** The stage the event code names ("Chargeback", "Event 42" for a code not in the tables). */
  eventLabel: z.string(),
  /** The service's description, a fee always saying it is one. */
  label: z.string(),
  kind: entryKindSchema,
  amount: z.number(),
  currency: z.string(),
  chargebackId: z.string().nullable(),
  description: z.string(),
});
export type EntryLine = z.infer<typeof entryLineSchema>;

export function entryLine(
  e: EntryFields & { id: string; created?: string | null | undefined; currency: string; chargebackId: string | null },
): EntryLine {
  return {
    id: e.id,
    created: e.created ?? null,
    event: e.event,
    eventLabel: ledgerEventLabel(e.event),
    label: entryLabel(e),
    kind: entryKind(e),
    amount: e.amount,
    currency: e.currency,
    chargebackId: e.chargebackId,
    description: e.description ?? '',
  };
}

type Summable = EntryFields & { currency: string; created?: string | null | undefined };

function emptyTotals(currency: string): EntryTotals {
  return { currency, chargedBack: 0, fees: 0, reversed: 0, net: 0, count: 0 };
}

function add(t: EntryTotals, e: Summable): void {
  const kind = entryKind(e);
  if (kind === 'fee') t.fees += e.amount;
  // A non-fee entry counts by its sign, whatever its event: a negative reversal undoes money back.
  else if (e.amount < 0) t.chargedBack += e.amount;
  else t.reversed += e.amount;
  t.net += e.amount;
  t.count++;
}

/** Totals by currency and by month (`YYYY-MM` of `created`), amounts in minor units. */
export function summariseEntries(entries: readonly Summable[]): {
  byCurrency: EntryTotals[];
  byMonth: Array<EntryTotals & { month: string }>;
} {
  const byCurrency = new Map<string, EntryTotals>();
  const byMonth = new Map<string, EntryTotals & { month: string }>();
  for (const e of entries) {
    const c = byCurrency.get(e.currency) ?? emptyTotals(e.currency);
    add(c, e);
    byCurrency.set(e.currency, c);
    const month = (e.created ?? '').slice(0, 7);
    const key = `${month}|${e.currency}`;
    const m = byMonth.get(key) ?? { month, ...emptyTotals(e.currency) };
    add(m, e);
    byMonth.set(key, m);
  }
  return {
    byCurrency: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    byMonth: [...byMonth.values()].sort(
      (a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency),
    ),
  };
}
