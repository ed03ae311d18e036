// Which chargeback a receipt belongs to, from what is printed on it (read by OCR): its
// transaction's order number, authorization code, total, date and card, or an ID. Each fact
// that agrees adds to a confidence; a printed order number or authorization code that
// disagrees halves it (the receipt is of another purchase). Pure: facts and candidates in,
// a match with a reason the merchant can read out.
import type { FileMatch } from '../../shared/batch.ts';
import { majorToMinor, formatAmount } from '../../shared/domain/money.ts';
import { currencyExponent } from '../../shared/domain/currencies.ts';
import type { MatchCandidate } from './match-files.ts';
import { shapeKey, type ReceiptFacts, type PrintedDate } from './receipt-facts.ts';

/** How much each agreeing fact counts (their chances of agreeing by accident differ). */
const WEIGHT = { id: 0.95, order: 0.7, auth: 0.6, amount: 0.35, date: 0.3, last4: 0.3 } as const;
/** A unique candidate at or above this is matched: an order number alone, or amount and date. */
export const MATCH_CONFIDENCE = 0.5;
/** Below a match, but enough to ask the merchant among a few. */
const ASK_CONFIDENCE = 0.3;

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const longDate = (ymd: number): string =>
  `${ymd % 100} ${months[(Math.floor(ymd / 100) % 100) - 1]} ${Math.floor(ymd / 10000)}`;
const dollars = new Set(['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN']);

interface Scored {
  c: MatchCandidate;
  confidence: number;
  /** What agreed, in reading order: "Order ORD-48213", "$129.00", "6 Oct 2026". */
  agreed: string[];
}

/** Whether an order number read from a scan is `order` with one character read wrong. */
function misread(read: string, order: string): boolean {
  const want = shapeKey(order);
  if (read.length !== want.length || want.length < 5) return false;
  let differ = 0;
  for (let i = 0; i < want.length; i++) if (read[i] !== want[i]) differ++;
  return differ <= 1;
}

function has(facts: ReceiptFacts, value: string | null | undefined): boolean {
  const k = value ? shapeKey(value) : '';
  return k.length >= 5 && facts.tokens.has(k);
}

function score(facts: ReceiptFacts, c: MatchCandidate): Scored {
  const agreed: string[] = [];
  let miss = 1;
  const agree = (w: number, what: string) => {
    miss *= 1 - w;
    agreed.push(what);
  };
  if (has(facts, c.id)) agree(WEIGHT.id, `the chargeback ID ${c.id}`);
  else if (has(facts, c.txn)) agree(WEIGHT.id, `the transaction ID ${c.txn}`);
  if (has(facts, c.order)) agree(WEIGHT.order, `Order ${c.order}`);
  if (has(facts, c.authCode)) agree(WEIGHT.auth, `authorization code ${c.authCode}`);
  const amount = facts.amounts.find((a) => {
    if (a.currency && a.currency !== c.currency) return false;
    if (a.dollar && !dollars.has(c.currency)) return false;
    // A receipt prints the currency's own decimals; "129" is not 129.00 unless the currency has none.
    if (currencyExponent(c.currency) > 0 && !a.value.includes('.')) return false;
    return majorToMinor(a.value, c.currency) === c.total;
  });
  if (amount) agree(WEIGHT.amount, amount.currency || amount.dollar ? amount.text : formatAmount(c.total, c.currency));
  const day: PrintedDate | undefined = facts.dates.find((d) => c.dates.includes(d.ymd));
  if (day) agree(WEIGHT.date, `on ${longDate(day.ymd)}`);
  if (c.last4 && facts.last4.includes(c.last4)) agree(WEIGHT.last4, `the card ending ${c.last4}`);
  // Another order number printed on the receipt: most likely another purchase. One that differs
  // from this order in a single character is a misread (a hex ID's b/6, e/c), not another one.
  const otherOrder =
    !!c.order && facts.orders.length > 0 && !has(facts, c.order) && !facts.orders.some((o) => misread(o, c.order!));
  return { c, confidence: (1 - miss) / (otherOrder ? 2 : 1), agreed };
}

function phrase(agreed: string[]): string {
  const dated = agreed.filter((a) => !a.startsWith('on '));
  const on = agreed.find((a) => a.startsWith('on '));
  const list =
    dated.length > 1 ? `${dated.slice(0, -1).join(', ')} and ${dated[dated.length - 1]}` : (dated[0] ?? 'The date');
  return `${list}${on ? ` ${on}` : ''}`;
}

export function matchContent(
  facts: ReceiptFacts,
  candidates: readonly MatchCandidate[],
): FileMatch & { confidence?: number } {
  const scored = candidates
    .map((c) => score(facts, c))
    .filter((s) => s.confidence > 0)
    .sort((a, b) => b.confidence - a.confidence);
  const top = scored[0];
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  if (!top || top.confidence < ASK_CONFIDENCE) {
    const seen = [facts.amounts[0]?.text, facts.dates[0] ? longDate(facts.dates[0].ymd) : undefined].filter(Boolean);
    return {
      status: 'unmatched',
      reason:
        `The scan was read${seen.length ? ` (${seen.join(', ')})` : ''}, but ` +
        `nothing on it matches a chargeback's transaction. Assign it by hand.`,
    };
  }
  const close = scored.filter((s) => s.confidence >= ASK_CONFIDENCE && top.confidence - s.confidence < 0.2);
  if (top.confidence >= MATCH_CONFIDENCE && close.length === 1) {
    const via = top.agreed.some((a) => a.startsWith('the chargeback ID'))
      ? 'This scan shows'
      : `${phrase(top.agreed)} match this chargeback's transaction`;
    const reason = via === 'This scan shows' ? `This scan shows ${phrase(top.agreed)}.` : `${via}.`;
    return {
      status: 'matched',
      chargebackId: top.c.id,
      rule: 'content',
      confidence: top.confidence,
      reason: `${reason} (read from the scan, ${pct(top.confidence)} sure)`,
    };
  }
  if (close.length > 5)
    return {
      status: 'unmatched',
      reason:
        `${phrase(top.agreed)} on this scan fit ${close.length} ` +
        'chargebacks; nothing on it tells them apart. Assign it by hand.',
    };
  return {
    status: 'ambiguous',
    candidates: close.map((s) => s.c.id),
    reason:
      `${phrase(top.agreed)} on this scan fit ` +
      `${close.length === 1 ? 'this chargeback, but not surely enough' : `${close.length} chargebacks`}; ` +
      'choose one.',
  };
}
