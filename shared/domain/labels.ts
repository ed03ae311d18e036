// Labels for the contract's coded values: platforms, payment methods, ledger events, and the
// disputed transaction's facts worth showing as evidence.
import { z } from 'zod';
import { formatYmd, isServiceTimestamp } from './dates.ts';
import { entryModeWords } from './payment-facts.ts';

const platforms: Record<string, string> = {
  PLATFORM_WALLET_1: 'Mobile wallet processor 1',
  PLATFORM_PROCESSOR_1: 'Processor 1',
  PLATFORM_PROCESSOR_2: 'Processor 2',
  PLATFORM_WALLET_2: 'Mobile wallet processor 2',
  PLATFORM_PROCESSOR_3: 'E-commerce processor',
  PLATFORM_PROCESSOR_4: 'Core processor',
  PLATFORM_ACH_1: 'Bank ACH processor',
  PLATFORM_PROCESSOR_5: 'Bank merchant-services processor',
  PLATFORM_PROCESSOR_6: 'Bank single-payment processor',
};
export const platformCodes = Object.keys(platforms);
export function platformLabel(code: string | null | undefined): string {
  return code ? (platforms[code] ?? code) : 'Unknown platform';
}

const paymentMethods: Record<number, string> = {
  1: 'Card brand A (charge card)',
  2: 'Card brand B',
  3: 'Card brand C',
  4: 'Card brand D',
  5: 'Card brand E',
  6: 'Online wallet',
  7: 'Debit card',
  8: 'Checking account',
  9: 'Savings account',
  10: 'Corporate checking account',
  11: 'Corporate savings account',
  12: 'Gift card',
  13: 'EBT card',
  14: 'WIC card',
};
export function paymentMethodLabel(code: number | null | undefined): string {
  return code === null || code === undefined
    ? 'Unknown payment method'
    : (paymentMethods[code] ?? `Payment method ${code}`);
}

const ledgerEvents: Record<number, string> = {
  11: 'Chargeback',
  19: 'Retrieval',
  20: 'Arbitration',
  87: 'Pre-arbitration',
  94: 'Chargeback reversal',
  95: 'Representment',
};
export function ledgerEventLabel(event: number): string {
  return ledgerEvents[event] ?? `Event ${event}`;
}

// The service's own names for where a payment came from; 1 is its card terminal.
const origins: Record<number, string> = {
  1: 'Card terminal',
  2: 'E-commerce',
  3: 'Mail or phone order',
  5: '3-D Secure succeeded',
  6: '3-D Secure attempted, not authenticated',
};

/** A fact of the transaction: `value` is text, or for a `date` a calendar date (YYYY-MM-DD) and for
 * a `moment` a time on the service's clock (YYYY-MM-DD HH:MM:SS), which the window shows in the
 * merchant's locale and zone (merchant-format.ts). */
export const factSchema = z.object({
  label: z.string(),
  value: z.string(),
  kind: z.enum(['text', 'date', 'moment']).optional(),
});
export type Fact = z.infer<typeof factSchema>;

function coded(v: unknown, names: Record<number, string>, other: string): string | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;
  if (n !== undefined) return names[n] ?? other;
  return text(v);
}

const yesNo = (v: unknown): string | undefined =>
  v === 1 || v === '1' || v === true ? 'Yes' : v === 0 || v === '0' || v === false ? 'No' : undefined;
const text = (v: unknown): string | undefined => (v === null || v === undefined || v === '' ? undefined : String(v));

/** The transaction's facts that serve as evidence, in reading order, empty ones left out. */
export function describeTransaction(txn: Record<string, unknown>): Fact[] {
  const name = [txn.first, txn.middle, txn.last].map(text).filter(Boolean).join(' ');
  const address = [txn.address1, txn.address2, txn.city, txn.state, txn.zip, txn.country]
    .map(text)
    .filter(Boolean)
    .join(', ');
  // A code the tables do not know is said as what it is, never as a bare number.
  const entryMode = entryModeWords(txn.entryMode) ?? text(txn.entryMode);
  const origin = coded(txn.origin, origins, 'Another channel');
  const authorized = formatYmd(text(txn.authDate)) || undefined;
  const created = text(txn.created);
  const rows: Array<[string, string | undefined, Fact['kind']?]> = [
    ['Cardholder', name || undefined],
    ['Company', text(txn.company)],
    ['Email', text(txn.email)],
    ['Phone', text(txn.phone)],
    ['Billing address', address || undefined],
    ['Order', text(txn.order)],
    ['Description', text(txn.description)],
    ['Descriptor', text(txn.descriptor)],
    ['Customer IP', text(txn.clientIp)],
    ['Authorization code', text(txn.authCode)],
    ['Authorized', authorized ?? text(txn.authDate), authorized ? 'date' : undefined],
    ['Created', created, created && isServiceTimestamp(created) ? 'moment' : undefined],
    ['Entry mode', entryMode],
    ['Origin', origin],
    ['Card swiped', yesNo(txn.swiped)],
    ['Chip (EMV)', yesNo(txn.emv)],
    ['Signature', yesNo(txn.signature)],
    ['PIN', yesNo(txn.pin)],
  ];
  return rows.flatMap(([label, value, kind]) =>
    value === undefined ? [] : [{ label, value, ...(kind && kind !== 'text' ? { kind } : {}) }],
  );
}
