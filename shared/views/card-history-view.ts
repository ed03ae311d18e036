// What the card's and the customer's earlier purchases say about one chargeback, as the dispute
// page, `dispute-desk show`, the letter and the packet present it: the Compelling Evidence 3.0
// verdict for a Visa 10.4 chargeback (shared/domain/compelling-evidence.ts), or the customer's
// earlier undisputed orders for the reasons where a history helps (not received, not as described,
// credit not processed). A check that could not be made says why and claims nothing.
import { z } from 'zod';
import { ce3VerdictSchema } from '../domain/compelling-evidence.ts';
import type { DisputeCategory } from '../domain/reason-codes.ts';

/** Why there is nothing to check, or why the check could not be made, in the merchant's words. */
const because = z.object({ reason: z.string() });
/** When the service answered the check, ISO 8601. */
const checkedAt = z.string();

export const ce3CheckSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('not-applicable') }),
  /** Nothing can be read here: the micro-service has no transactions, the chargeback no transaction. */
  z.object({ state: z.literal('unavailable'), ...because.shape }),
  /** The service could not be asked now (offline, refused, unreadable answer). */
  z.object({ state: z.literal('could-not-check'), ...because.shape }),
  z.object({ state: z.literal('checked'), checkedAt, verdict: ce3VerdictSchema }),
]);
export type Ce3Check = z.infer<typeof ce3CheckSchema>;

export const pastOrderSchema = z.object({
  id: z.string(),
  /** `YYYY-MM-DD` on the service's clock. */
  date: z.string(),
  amount: z.number().int().nullable(),
  currency: z.string(),
  order: z.string().nullable(),
});
export type PastOrder = z.infer<typeof pastOrderSchema>;

export const customerHistoryCheckSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('not-applicable') }),
  z.object({ state: z.literal('unavailable'), ...because.shape }),
  z.object({ state: z.literal('could-not-check'), ...because.shape }),
  z.object({
    state: z.literal('checked'),
    checkedAt,
    email: z.string(),
    /** Earlier completed, unrefunded orders with no chargeback of their own, newest first. */
    orders: z.array(pastOrderSchema),
  }),
]);
export type CustomerHistoryCheck = z.infer<typeof customerHistoryCheckSchema>;

export const cardHistoryViewSchema = z.object({
  chargebackId: z.string(),
  compellingEvidence: ce3CheckSchema,
  customerHistory: customerHistoryCheckSchema,
});
export type CardHistoryView = z.infer<typeof cardHistoryViewSchema>;

/** The reasons where the customer's earlier undisputed orders support the answer. */
export const customerHistoryCategories: readonly DisputeCategory[] = [
  'not-received',
  'not-as-described',
  'credit-not-processed',
];
