// The service's records, tolerant on read: unknown fields are kept (keptObject), integers may
// be strings, flags may be any 0/1 form, null stands where the service leaves a value out, and a
// date that is no real date is kept as text in `invalidDates` (the field itself is null).
import { z } from 'zod';
import {
  intLike,
  numberLike,
  flag01,
  ymdDate,
  timestamp,
  optionalText,
  id,
  tolerantDates,
  keptObject,
  invalidDatesSchema,
  type DateKind,
} from './primitives.ts';

const recordMeta = {
  created: timestamp.nullish(),
  modified: timestamp.nullish(),
  creator: optionalText,
  modifier: optionalText,
  invalidDates: invalidDatesSchema,
};
const metaDates: Record<string, DateKind> = { created: 'timestamp', modified: 'timestamp' };
const chargebackDates: Record<string, DateKind> = {
  ...metaDates,
  issued: 'calendar',
  received: 'calendar',
  reply: 'calendar',
};

/** The disputed transaction, as expanded on entries. Most of its fields' types are not shown
 * by the contract, so only the ones the app reads are typed; the rest are kept as received. */
export const txnSchema = tolerantDates(
  metaDates,
  keptObject({
    id,
    ...recordMeta,
    merchant: optionalText,
    currency: optionalText,
    platform: optionalText,
    type: z.union([z.string(), z.number()]).nullish(),
    total: intLike.nullish(),
    authDate: z.union([z.string(), z.number()]).nullish(),
    authCode: optionalText,
    /** The security code check's result code; its values are not documented (recorded: null). */
    cvvStatus: z.union([z.string(), z.number()]).nullish(),
    order: optionalText,
    description: optionalText,
    descriptor: optionalText,
    first: optionalText,
    middle: optionalText,
    last: optionalText,
    company: optionalText,
    email: optionalText,
    phone: optionalText,
    address1: optionalText,
    address2: optionalText,
    city: optionalText,
    state: optionalText,
    zip: optionalText,
    country: optionalText,
    clientIp: optionalText,
    entryMode: intLike.nullish(),
    origin: intLike.nullish(),
    swiped: flag01.nullish(),
    emv: flag01.nullish(),
    signature: flag01.nullish(),
    pin: flag01.nullish(),
  }),
);
export type Txn = z.infer<typeof txnSchema>;

const chargebackFields = {
  id,
  ...recordMeta,
  merchant: optionalText,
  txn: optionalText,
  mid: optionalText,
  description: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  total: intLike,
  representedTotal: intLike.nullable().default(null),
  paymentMethod: intLike.nullable().default(null),
  cycle: z.string(),
  currency: z
    .string()
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : 'USD')),
  platform: optionalText,
  ref: optionalText,
  reason: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  reasonCode: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  issued: ymdDate.nullable().default(null),
  received: ymdDate.nullable().default(null),
  reply: ymdDate.nullable().default(null),
  bankRef: optionalText,
  ChargebackRef: optionalText.optional(),
  chargebackRef: optionalText.optional(),
  status: z.string().transform((v) => v.toLowerCase()),
  lastStatusChange: optionalText,
  inactive: flag01.default(0),
  frozen: flag01.default(0),
  actionable: flag01.default(0),
  shadow: flag01.optional(),
};

/** Both spellings of the processor reference arrive; the app reads `chargebackRef` only. */
function normaliseRef<T extends { ChargebackRef?: string | null; chargebackRef?: string | null }>(
  v: T,
): T & { chargebackRef: string | null } {
  // Left out by destructuring, not deleted: a deleted key turns the object into a hash table.
  const { ChargebackRef, ...out } = v;
  return { ...out, chargebackRef: v.chargebackRef ?? ChargebackRef ?? null } as T & { chargebackRef: string | null };
}

/** A record's link to its chargeback, in either spelling the service sends (normaliseChargebackLink). */
const chargebackLink = { Chargeback: z.string().optional(), chargeback: z.string().optional() };

/** Links to a chargeback arrive as `Chargeback` (contract) or `chargeback`; the app reads `chargeback`. */
function normaliseChargebackLink<T extends { Chargeback?: string; chargeback?: string }>(
  v: T,
): T & { chargeback: string | null } {
  const { Chargeback, ...out } = v;
  return { ...out, chargeback: Chargeback ?? v.chargeback ?? null } as T & { chargeback: string | null };
}

export const chargebackSchema = tolerantDates(chargebackDates, keptObject(chargebackFields).transform(normaliseRef));
export type Chargeback = z.infer<typeof chargebackSchema>;

/** A chargeback inside an expanded entry: its `txn` is the transaction object, not an ID. */
export const expandedChargebackSchema = tolerantDates(
  chargebackDates,
  keptObject({ ...chargebackFields, txn: z.union([txnSchema, z.string()]).nullish() }).transform(normaliseRef),
);
export type ExpandedChargeback = z.infer<typeof expandedChargebackSchema>;

export const chargebackStatusRecordSchema = tolerantDates(
  metaDates,
  keptObject({
    id,
    ...recordMeta,
    ...chargebackLink,
    ChargebackMessage: optionalText.optional(),
    chargebackMessage: optionalText.optional(),
    status: z.string().transform((v) => v.toLowerCase()),
  }).transform((v) => ({ ...normaliseChargebackLink(v), message: v.ChargebackMessage ?? v.chargebackMessage ?? null })),
);
export type ChargebackStatusRecord = z.infer<typeof chargebackStatusRecordSchema>;

export const chargebackMessageSchema = tolerantDates(
  { ...metaDates, date: 'calendar' },
  keptObject({
    id,
    ...recordMeta,
    ...chargebackLink,
    type: z.string(),
    status: z.string().transform((v) => v.toLowerCase()),
    imported: flag01.nullish(),
    inactive: flag01.nullish(),
    frozen: flag01.nullish(),
    date: ymdDate.nullish(),
    fromQueue: optionalText,
    toQueue: optionalText,
    contact: optionalText,
    note: optionalText,
    amount: intLike.nullable().default(null),
    currency: optionalText,
  }).transform(normaliseChargebackLink),
);
export type ChargebackMessage = z.infer<typeof chargebackMessageSchema>;

/** A stored evidence document. Its fields are not shown by the contract; these are observed. */
export const chargebackDocumentSchema = tolerantDates(
  metaDates,
  keptObject({
    id,
    ...recordMeta,
    ...chargebackLink,
    type: optionalText,
    documentType: optionalText.optional(),
    name: optionalText,
    ref: optionalText,
    status: optionalText,
    sizeInBytes: intLike.nullish(),
  }).transform(normaliseChargebackLink),
);
export type ChargebackDocument = z.infer<typeof chargebackDocumentSchema>;

export const entrySchema = tolerantDates(
  { ...metaDates, pendingEntryCreated: 'timestamp' },
  keptObject({
    id,
    ...recordMeta,
    entity: optionalText,
    onentity: optionalText,
    fromentity: optionalText,
    opposingEntry: optionalText,
    fund: optionalText,
    fee: optionalText,
    disbursement: optionalText,
    refund: optionalText,
    txn: z.union([z.string(), txnSchema]).nullish(),
    adjustment: optionalText,
    profitShare: optionalText,
    event: intLike,
    eventId: optionalText,
    description: z
      .string()
      .nullish()
      .transform((v) => v ?? ''),
    amount: numberLike,
    isFee: flag01.default(0),
    pendingEntry: optionalText,
    pendingEntryCreated: timestamp.nullish(),
    chargeback: z.union([expandedChargebackSchema, z.string()]).nullable().default(null),
  }),
);
export type Entry = z.infer<typeof entrySchema>;

/** The chargeback ID an entry belongs to, whether `chargeback` was expanded or not. */
export function entryChargebackId(e: Pick<Entry, 'chargeback'>): string | null {
  if (e.chargeback === null) return null;
  return typeof e.chargeback === 'string' ? e.chargeback : e.chargeback.id;
}

/** An entry as the store keeps it: the fields its ledger line, money back and fees are read from
 * (shared/domain/entry-kinds.ts), its chargeback by ID. The rest of the record (a dozen links
 * nothing shows) is not kept: 50,000 entries of a large first sync were 43 MB of JSON, a third of
 * what it wrote. */
export type StoredEntry = Pick<Entry, 'id' | 'created' | 'event' | 'amount' | 'isFee' | 'description'> & {
  chargeback: string | null;
};

export function storedEntryOf(e: Entry): StoredEntry {
  return {
    id: e.id,
    created: e.created,
    event: e.event,
    amount: e.amount,
    isFee: e.isFee,
    description: e.description,
    chargeback: entryChargebackId(e),
  };
}
