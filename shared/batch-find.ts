// Finding the chargeback a scan belongs to the way a merchant knows it: by the order number, the
// customer's name or email, the amount, or the ID, never the ID alone. The review suggests as the
// merchant types; assigning by the typed words goes where exactly one chargeback fits.
import { z } from 'zod';
import { orderCore } from './domain/order-number.ts';
import { formatAmount, majorToMinor } from './domain/money.ts';
import { formatCalendarDate, formatReplyDay } from './domain/merchant-format.ts';
import { inboxRowSchema } from './views/inbox-row.ts';

/** A chargeback as the batch review shows it beside a scan. */
export const batchChargebackSchema = z.object({
  id: z.string(),
  customer: z.string().nullable(),
  email: z.string().nullable(),
  order: z.string().nullable(),
  total: z.number().int(),
  currency: z.string(),
  /** The day the customer paid (the transaction's date), else the day the chargeback was issued,
   * as YYYYMMDD: said with what it is, since a bare date could be either. */
  dated: z.object({ kind: z.enum(['paid', 'disputed']), day: z.number().int() }).nullable(),
  cycle: z.string(),
  answerable: z.boolean(),
  /** The deadline as the inbox row carries it, so the review says the reply day and the days to
   * send in the row's words (deadline-words.ts deadlineBadge). */
  ...inboxRowSchema.pick({
    status: true,
    actionable: true,
    reply: true,
    replyInvalid: true,
    daysLeft: true,
    sendBy: true,
    sendByDaysLeft: true,
  }).shape,
});
export type BatchChargeback = z.infer<typeof batchChargebackSchema>;

/** "€144.42", "144,42", "USD 144.42" as a number with a decimal point; undefined when the
 * text is not an amount. */
function typedAmount(text: string): string | undefined {
  const m = /^\s*(?:[A-Za-z]{0,3}\$|[€£¥]|[A-Za-z]{3}\s)?\s*(\d[\d.,' ]*)\s*(?:€|\$|[A-Za-z]{3})?\s*$/.exec(text);
  if (!m) return undefined;
  const t = m[1]!.replace(/[' ]/g, '');
  const d = /^(.*?)([.,])(\d{1,2})$/.exec(t);
  return d ? `${d[1]!.replace(/[.,]/g, '')}.${d[3]}` : t.replace(/[.,]/g, '');
}

/** How well `text` names `c`: 3 its ID or order, 2 its email or amount, 1 its customer's name
 * or part of its ID; 0 not at all. */
export function fitOf(c: BatchChargeback, text: string): number {
  const t = text.trim().toLowerCase();
  if (t.length < 2) return 0;
  if (c.id.toLowerCase() === t) return 3;
  const core = orderCore(t);
  if (c.order && core.length >= 3 && orderCore(c.order) === core) return 3;
  if (c.email && t.includes('@') && c.email.toLowerCase() === t) return 2;
  const amount = typedAmount(text);
  if (amount !== undefined) {
    // Undefined for an amount this currency cannot have ("12.345" yen): it names nothing here.
    if (majorToMinor(amount, c.currency) === c.total) return 2;
  }
  const words = t.split(/\s+/).filter(Boolean);
  const name = `${c.customer ?? ''} ${c.email ?? ''}`.toLowerCase();
  if (name.trim() && words.every((w) => name.includes(w))) return 1;
  if (t.length >= 4 && (c.id.toLowerCase().includes(t) || (c.order ?? '').toLowerCase().includes(t))) return 1;
  return 0;
}

/** The chargebacks `text` names, the best fitting first; those of the best fit only when one
 * names it exactly (an order, an ID). */
export function findChargebacks(list: readonly BatchChargeback[], text: string): BatchChargeback[] {
  const fits = list.map((c) => ({ c, fit: fitOf(c, text) })).filter((x) => x.fit > 0);
  const best = Math.max(0, ...fits.map((x) => x.fit));
  return fits.filter((x) => best < 3 || x.fit === 3).map((x) => x.c);
}

/** One line the merchant reads a chargeback by: its dates written as the inbox writes them, the
 * reply day with its zone ("reply by Sun, Jan 10, 2027, end of day US Eastern"). */
export function describeChargeback(c: BatchChargeback): string {
  return [
    c.customer ?? c.email ?? 'No customer name',
    c.order ? `order ${c.order}` : null,
    formatAmount(c.total, c.currency),
    c.dated ? `${c.dated.kind} ${formatCalendarDate(c.dated.day)}` : null,
    c.reply ? `reply by ${formatReplyDay(c.reply)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
