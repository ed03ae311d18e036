// The letter's paragraph for the customer's earlier undisputed orders, written only when that
// exhibit is in the packet (the merchant chose it, and the processor's records list such orders):
// it cites the exhibit by number and names the orders the exhibit lists, so the letter never says
// more than the exhibit shows.
import { z } from 'zod';
import { letterDay } from './letter-facts.ts';
import { formatAmount } from './money.ts';

/** An earlier order as the check found it and the exhibit lists it. */
export const pastOrderSchema = z.object({
  id: z.string(),
  /** `YYYY-MM-DD` on the service's clock. */
  date: z.string(),
  amount: z.number().int().nullable(),
  currency: z.string(),
  order: z.string().nullable(),
});
export type PastOrder = z.infer<typeof pastOrderSchema>;

/** Whose earlier orders the letter cites, and which (newest first, as the exhibit lists them). */
export const customerHistoryGroundsSchema = z.object({ email: z.string(), orders: z.array(pastOrderSchema) });
export type CustomerHistoryGrounds = z.infer<typeof customerHistoryGroundsSchema>;

/** The grounds with the exhibit listing them (none where the window composes the letter: the
 * exhibit is added after the merchant's files). */
export type LetterCustomerHistory = CustomerHistoryGrounds & { itemId: string | undefined };

/** Orders named in the letter; the exhibit lists the rest. */
const NAMED = 5;

export function customerHistoryParagraph(h: LetterCustomerHistory | undefined, exhibit: number): string | undefined {
  if (!h || h.orders.length === 0) return undefined;
  const named = h.orders.slice(0, NAMED).map((o) => {
    const amount = o.amount === null ? 'amount not recorded' : formatAmount(o.amount, o.currency);
    return `${o.id} on ${letterDay(o.date) ?? o.date} (${amount})`;
  });
  const rest = h.orders.length - named.length;
  const listed =
    named.length === 1
      ? named[0]!
      : rest > 0
        ? `${named.join(', ')} and ${rest} more`
        : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  const count = h.orders.length === 1 ? 'an earlier order' : `${h.orders.length} earlier orders`;
  return (
    `Exhibit ${exhibit} (the customer’s earlier undisputed orders): before the disputed purchase, the ` +
    `customer with the email ${h.email} placed ${count} with us that ${h.orders.length === 1 ? 'was' : 'were'} ` +
    `never disputed or refunded: ${h.orders.length === 1 ? 'transaction' : 'transactions'} ${listed}, ` +
    'as the processor’s transaction records show.'
  );
}
