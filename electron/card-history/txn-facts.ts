// A transaction record as the Compelling Evidence 3.0 rule and the customer history read it: its
// date on the service's clock, what it recorded of the buyer, and whether it is a completed
// purchase, was refunded or has its own chargeback.
import type { HistoryTxn } from '../../shared/api/card-history.ts';
import type { Ce3Txn } from '../../shared/domain/compelling-evidence.ts';
import { easternToday, parseServiceTimestamp, type Ymd } from '../../shared/domain/dates.ts';

const pad = (n: number): string => String(n).padStart(2, '0');
export const ymdText = (v: Ymd): string => `${v.y}-${pad(v.m)}-${pad(v.d)}`;

/** The day a record was created on the service's clock; undefined when it does not say. */
export function txnDay(t: Pick<HistoryTxn, 'created'>): Ymd | undefined {
  const at = parseServiceTimestamp(t.created);
  return at ? easternToday(at) : undefined;
}

// The service's transaction types and statuses (its OpenAPI, as the public Rust client documents
// them): a purchase is a sale (1) or the capture of an authorization (3), approved, captured or
// settled. An authorization alone (2) is followed by its capture, so counting it would count one
// purchase twice.
const purchaseTypes = new Set([1, 3]);
const typeWords: Record<number, string> = {
  2: 'an authorization only',
  4: 'a reversed authorization',
  5: 'a refund',
  7: 'an eCheck sale',
  8: 'an eCheck refund',
};
const statusWords: Record<number, string> = { 0: 'still pending', 2: 'a failed payment', 5: 'returned' };

export function notAPurchase(t: Pick<HistoryTxn, 'type' | 'status'>): string | null {
  if (t.type === null) return 'its record does not say it was a sale';
  if (!purchaseTypes.has(t.type)) return typeWords[t.type] ?? `not a sale (type ${t.type})`;
  if (t.status === null) return 'its record does not say it went through';
  if (t.status === 1 || t.status === 3 || t.status === 4) return null;
  return statusWords[t.status] ?? `not completed (status ${t.status})`;
}

/** The rule's view of `t`; undefined when the record has no date to judge it by. */
export function ce3Facts(
  t: HistoryTxn,
  o: { currency: string; refundedIds: ReadonlySet<string>; chargebackIds: ReadonlySet<string> },
): Ce3Txn | undefined {
  const day = txnDay(t);
  if (!day) return undefined;
  return {
    id: t.id,
    date: ymdText(day),
    amount: t.total ?? null,
    currency: t.currency ?? o.currency,
    // The client's own address, never `ipCreated`: that is whoever created the record, for an API
    // integration the merchant's server, the same on every purchase of every customer.
    ip: t.clientIp ?? null,
    // No recorded transaction field carries a device ID or fingerprint: none is claimed.
    device: null,
    // The customer of the AuthToken used to sign in for this payment: taken during the purchase,
    // which Visa's FAQ asks for (not from when a card was saved, as a token's customer would be).
    account: t.authTokenCustomer ?? null,
    // Visa's element is the delivery address, which no recorded transaction field holds: the address
    // on the record is the one given with the payment (billing), and a fraudster with the card gives
    // that too. It is never counted (the dispute page shows it as the payment's billing address).
    address: null,
    email: t.email ?? null,
    notAPurchase: notAPurchase(t),
    refunded: (t.refunded ?? 0) > 0 || o.refundedIds.has(t.id),
    chargeback: o.chargebackIds.has(t.id),
  };
}

/** The sales that a refund in `txns` refers to (`fortxn`). */
export function refundedByList(txns: readonly HistoryTxn[]): Set<string> {
  return new Set(txns.filter((t) => t.type === 5 && t.fortxn).map((t) => t.fortxn!));
}
