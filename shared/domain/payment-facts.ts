// The payment's facts as evidence: for fraud and authorization disputes, what the disputed
// transaction record says about 3-D Secure, the address and security code checks, the IP and
// device, how the card was read, and the billing and delivery address, each in the record's own
// words, with whether the record supports the claim the dispute page's checklist asks for. One
// place reads these fields of the record (observed-service-behaviour.md, "The disputed
// transaction"): the page, `dispute-desk show` and the cover letter (cover-letter-facts.ts) all
// ask here, so a result the record does not support (3-D Secure only attempted) is never
// written as one it does. What the merchant confirms or states instead is kept apart, as theirs
// (paymentStatementsSchema), and never ticks a box or becomes the record's word.
import { z } from 'zod';
import type { DisputeCategory } from './reason-codes.ts';

/** The transaction record as it arrives (the tolerant txnSchema's output, or any record). */
type TxnRecord = Readonly<Record<string, unknown>> | null | undefined;

export const paymentFactIds = [
  'three-d-secure',
  'avs-cvv',
  'ip-device',
  'entry-mode',
  'billing-address',
  'delivery-address',
] as const;
export const paymentFactIdSchema = z.enum(paymentFactIds);
export type PaymentFactId = z.infer<typeof paymentFactIdSchema>;

/** Each fact's name, as the page, `show` and the letter's statements name it. */
export const paymentFactLabel: Record<PaymentFactId, string> = {
  'three-d-secure': '3-D Secure',
  'avs-cvv': 'AVS and CVV',
  'ip-device': 'IP address and device',
  'entry-mode': 'Entry mode (chip, PIN, contactless)',
  'billing-address': 'Billing address',
  'delivery-address': 'Delivery address',
};

export const paymentFactSchema = z.object({
  id: paymentFactIdSchema,
  label: z.string(),
  /** What the record says, in its words ("3-D Secure attempted, not authenticated"). */
  record: z.string(),
  /** The record states something for it (an attempted 3-D Secure, a billing address). */
  present: z.boolean(),
  /** The record supports the checklist item `ticks` (3-D Secure succeeded, the chip read...). */
  supports: z.boolean(),
  /** The checklist item the record ticks when it supports it (evidence-guidance.ts ids). */
  ticks: z.string().optional(),
});
export type PaymentFact = z.infer<typeof paymentFactSchema>;

/** The longest statement a merchant may write in place of a fact. */
export const paymentStatementMax = 300;

/** What the merchant said about the record's facts, kept with the draft's slots so it travels
 * wherever the letter is written: the facts they confirmed as the record states them, and their
 * own statement where they correct one (said in the letter as theirs, never as the record's). */
export const paymentStatementsSchema = z.object({
  confirmed: z.array(paymentFactIdSchema).max(paymentFactIds.length).optional(),
  statements: z.partialRecord(paymentFactIdSchema, z.string().max(paymentStatementMax)).optional(),
});
export type PaymentStatements = z.infer<typeof paymentStatementsSchema>;

/** The dispute kinds whose evidence the payment's facts are: the fraud and authorization reasons. */
export function paymentFactsApply(category: DisputeCategory | null | undefined): boolean {
  return category === 'fraud-card-absent' || category === 'fraud-card-present' || category === 'authorization';
}

const text = (v: unknown): string | undefined =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : String(v).trim();
const yes = (v: unknown): boolean => v === 1 || v === '1' || v === true;
const code = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) ? n : undefined;
};

/** 3-D Secure as the record's `origin` states it (5: succeeded, 6: attempted); attempted is not
 * authenticated, and any other origin states no 3-D Secure at all. */
export function threeDSecureOf(txn: TxnRecord): 'authenticated' | 'attempted' | undefined {
  const origin = code(txn?.origin);
  return origin === 5 ? 'authenticated' : origin === 6 ? 'attempted' : undefined;
}

/** The security code check as `cvvStatus` states it: the networks' one-letter results (M match,
 * N no match) or the words the test deployment writes; any other code (`notProvided`, recorded)
 * states no match. */
export function cvvResult(v: unknown): 'matched' | 'not-matched' | undefined {
  const s = typeof v === 'string' ? v.trim().toLowerCase() : '';
  if (s === 'm' || s === 'match' || s === 'matched') return 'matched';
  if (s === 'n' || s === 'nomatch' || s === 'no match' || s === 'notmatched' || s === 'not matched')
    return 'not-matched';
  return undefined;
}

const entryModes: Record<number, string> = {
  1: 'Keyed',
  2: 'Swiped',
  3: 'Swiped',
  4: 'Swiped',
  5: 'Chip',
  6: 'Contactless',
  9: 'Wallet',
  10: 'Wallet',
};

/** The record's entry mode in words; a code the tables do not know is said as what it is. */
export function entryModeWords(v: unknown): string | undefined {
  const mode = code(v);
  return mode === undefined ? undefined : (entryModes[mode] ?? 'Another entry mode');
}

/** How the card was read, as the record states it: chip (entry mode 5, or its chip flag where the
 * record gives no entry mode), contactless (6), and whether a PIN was entered. A chip flag beside
 * another entry mode (a chip card swiped or keyed, as a fallback) is no chip read: the entry mode
 * says how this payment was taken. */
export function cardReadOf(txn: TxnRecord): { chip: boolean; contactless: boolean; pin: boolean } {
  const mode = code(txn?.entryMode);
  return { chip: mode === 5 || (mode === undefined && yes(txn?.emv)), contactless: mode === 6, pin: yes(txn?.pin) };
}

/** The billing address as the record gives it, its parts in order; undefined when it has none. */
export function billingAddressOf(txn: TxnRecord): string | undefined {
  const parts = ['address1', 'address2', 'city', 'state', 'zip', 'country'].map((k) => text(txn?.[k]));
  return parts.filter(Boolean).join(', ') || undefined;
}

/** The customer's IP as the record states it (`clientIp`). `ipCreated` is left out on purpose:
 * it is where the request that made the record came from, which for an online order is the
 * merchant's own server, not the cardholder. */
export const clientIpOf = (txn: TxnRecord): string | undefined => text(txn?.clientIp);

function threeDSecureFact(txn: TxnRecord): PaymentFact {
  const secure = threeDSecureOf(txn);
  const record =
    secure === 'authenticated'
      ? '3-D Secure succeeded: the cardholder was authenticated'
      : secure === 'attempted'
        ? '3-D Secure attempted, not authenticated'
        : 'No 3-D Secure result in the record';
  return {
    id: 'three-d-secure',
    label: paymentFactLabel['three-d-secure'],
    record,
    present: secure !== undefined,
    supports: secure === 'authenticated',
    ticks: '3ds-authentication',
  };
}

function avsCvvFact(txn: TxnRecord): PaymentFact {
  const cvv = cvvResult(txn?.cvvStatus);
  const raw = text(txn?.cvvStatus);
  const cvvWords =
    cvv === 'matched'
      ? 'Security code (CVV) matched'
      : cvv === 'not-matched'
        ? 'Security code (CVV) did not match'
        : raw?.toLowerCase() === 'notprovided'
          ? 'No security code (CVV) was given with the payment'
          : raw
            ? `Security code result “${raw}”, which does not say whether it matched`
            : 'No security code (CVV) result';
  // The recorded transaction has no address check field at all: the box asks for both, so the
  // record alone never ticks it.
  return {
    id: 'avs-cvv',
    label: paymentFactLabel['avs-cvv'],
    record: `${cvvWords}; no address check (AVS) result in the record`,
    present: raw !== undefined,
    supports: false,
    ticks: 'avs-cvv-match',
  };
}

function ipDeviceFact(txn: TxnRecord): PaymentFact {
  const ip = clientIpOf(txn);
  return {
    id: 'ip-device',
    label: paymentFactLabel['ip-device'],
    record: ip ? `Customer IP ${ip}; no device ID in the record` : 'No customer IP or device in the record',
    present: ip !== undefined,
    // An IP alone proves nothing: it supports the case when it matches earlier orders, which the
    // Compelling Evidence 3.0 check judges (card-history-view.ts), not this fact.
    supports: false,
    ticks: 'ip-and-device',
  };
}

function entryModeFact(txn: TxnRecord): PaymentFact {
  const mode = code(txn?.entryMode);
  const read = cardReadOf(txn);
  const words = [
    entryModeWords(mode),
    read.chip && mode !== 5 ? 'chip read' : undefined,
    // The record's chip flag beside another entry mode, said as the record says it, not as a read.
    !read.chip && yes(txn?.emv) ? 'chip card (EMV flag), not read by its chip' : undefined,
    read.pin ? 'PIN entered' : undefined,
    yes(txn?.signature) ? 'signed' : undefined,
  ].filter(Boolean);
  return {
    id: 'entry-mode',
    label: paymentFactLabel['entry-mode'],
    record: words.length ? words.join(', ') : 'No entry mode in the record',
    present: words.length > 0,
    supports: read.chip || read.contactless || read.pin,
    ticks: 'chip-read',
  };
}

/** The record's facts for a fraud or authorization dispute, in the page's order; none for other
 * kinds of dispute or without a transaction record. */
export function paymentFacts(txn: TxnRecord, category: DisputeCategory | null | undefined): PaymentFact[] {
  if (!txn || !paymentFactsApply(category)) return [];
  const billing = billingAddressOf(txn);
  return [
    threeDSecureFact(txn),
    avsCvvFact(txn),
    ipDeviceFact(txn),
    entryModeFact(txn),
    {
      id: 'billing-address',
      label: paymentFactLabel['billing-address'],
      record: billing ?? 'No billing address in the record',
      present: billing !== undefined,
      supports: false,
    },
    // The transaction record carries no delivery address (its `shipping` is an amount).
    {
      id: 'delivery-address',
      label: paymentFactLabel['delivery-address'],
      record: 'No delivery address in the record',
      present: false,
      supports: false,
    },
  ];
}

/** The checklist items the record supports, with the record's words for each. */
export function checklistFromRecord(facts: readonly PaymentFact[]): Map<string, string> {
  return new Map(facts.flatMap((f) => (f.supports && f.ticks ? [[f.ticks, f.record] as const] : [])));
}

/** The merchant's statements that go in the letter, each by the fact's label, their words trimmed. */
export function merchantStatements(s: PaymentStatements | undefined): Array<{ id: PaymentFactId; text: string }> {
  return paymentFactIds.flatMap((id) => {
    const t = s?.statements?.[id]?.trim();
    return t ? [{ id, text: t }] : [];
  });
}

/** The statements with `id` confirmed as the record states it (or no longer). */
export function withConfirmed(s: PaymentStatements | undefined, id: PaymentFactId, on: boolean): PaymentStatements {
  const confirmed = paymentFactIds.filter((x) => (x === id ? on : (s?.confirmed ?? []).includes(x)));
  return { ...s, confirmed };
}

/** The statements with the merchant's own words for `id` (empty: none), never longer than kept. */
export function withStatement(s: PaymentStatements | undefined, id: PaymentFactId, text: string): PaymentStatements {
  const statements = { ...s?.statements, [id]: text.slice(0, paymentStatementMax) };
  if (!text.trim()) delete statements[id];
  return { ...s, statements };
}
