// What a search of the inbox looks for, besides the words as typed. The merchant types what the app
// shows them: a reason code as the tables write it ("13.1", the dispute page's title) where the
// core service stores it network-prefixed ("V1301"), and an amount as displayed ("$787.59",
// "KWD 779.270", "$1,234.50") where the store's search text holds the plain number ("787.59").
// Each is also searched in the stored form, so stores synced before this rule find them too.
import { reasonCodeInfo } from './reason-codes.ts';
import { cardNetworkOf } from './card-networks.ts';

/** A code as the tables write it: "13.1" (the core service sends Visa's as "V1301"). */
const visaCode = /^(\d{2})\.(\d{1,2})$/;
/** An amount as displayed: a symbol or currency code, digits with grouping commas, decimals. */
const displayedAmount =
  /^(?:[A-Za-z]{3}\s+|[A-Za-z]{0,2}\$\s*|[^\d\s.,A-Za-z-]{1,2}\s*)?(-?\d{1,3}(?:,\d{3})+|-?\d+)(\.\d+)?(?:\s+[A-Za-z]{3})?$/;

/** The lower-cased texts any of which a chargeback's search text must contain. */
export function searchAlternatives(query: string): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const out = new Set([q]);
  const code = visaCode.exec(q);
  if (code && reasonCodeInfo(q) && cardNetworkOf(q) === 'visa') {
    // Both prefixed forms the core service was seen to send: V1305 for 13.5, V1040 for 10.4.
    out.add(`v${code[1]}${code[2]!.padStart(2, '0')}`);
    if (code[2]!.length === 1) out.add(`v${code[1]}${code[2]}0`);
  }
  const amount = displayedAmount.exec(query.trim());
  if (amount) {
    const whole = amount[1]!.replace(/,/g, '');
    const fraction = amount[2] ?? '';
    out.add(`${whole}${fraction}`);
    // A three-decimal currency as displayed (KWD 779.270): stores synced before the exact form was
    // kept hold it as 779.27. Two decimals stay as typed: "10.00" must not find ¥1,000.
    if (fraction.length > 3) out.add(`${whole}${fraction.replace(/0+$/, '').replace(/^\.$/, '')}`);
  }
  return [...out];
}
