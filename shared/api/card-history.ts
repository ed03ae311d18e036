// A transaction as `GET /txns` lists it, typed for what the card's and the customer's history read:
// the recorded fields (observed-service-behaviour.md, "Timing, the cardholder's history, card
// networks"; test/fixtures/recorded/txns-expanded.json), every one of them allowed to be null or
// missing, `payment` and `token` either an ID or, expanded, the object that holds it. Unknown fields
// are kept as received.
import { z } from 'zod';
import { intLike, optionalText, id, timestamp, tolerantDates, keptObject } from './primitives.ts';

/** A link that is an ID, or the expanded record carrying it. */
const linkId = z
  .union([z.string(), z.looseObject({ id: z.string().nullish() }), z.null()])
  .optional()
  .transform((v) => (typeof v === 'string' ? v || null : (v?.id ?? null)));

const code = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? null : Number(v)))
  .refine((v) => v === null || Number.isInteger(v), 'expected an integer code');

export const historyTxnSchema = tolerantDates(
  { created: 'timestamp', modified: 'timestamp' },
  keptObject({
    id,
    created: timestamp.nullish(),
    modified: timestamp.nullish(),
    /** The payment method's ID: the same for every use of one card. */
    payment: linkId,
    token: linkId,
    total: intLike.nullish(),
    currency: optionalText,
    /** 1 sale, 2 authorization only, 3 capture, 4 reversed authorization, 5 refund, 7/8 eCheck... */
    type: code,
    /** 0 pending, 1 approved, 2 failed, 3 captured, 4 settled, 5 returned. */
    status: code,
    /** Minor units refunded from this transaction. */
    refunded: intLike.nullish(),
    /** The transaction this one refers to (a refund's sale). */
    fortxn: optionalText,
    clientIp: optionalText,
    /** The customer identifier of the AuthToken used when the customer authenticated. */
    authTokenCustomer: optionalText,
    email: optionalText,
    first: optionalText,
    last: optionalText,
    address1: optionalText,
    address2: optionalText,
    city: optionalText,
    state: optionalText,
    zip: optionalText,
    country: optionalText,
    order: optionalText,
    descriptor: optionalText,
  }),
);
export type HistoryTxn = z.infer<typeof historyTxnSchema>;
