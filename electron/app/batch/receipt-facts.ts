// What a receipt's text says that can tie it to a transaction: amounts (with their currency when
// printed, in any local format), dates (any common order, month names in a few languages), the
// card's last four digits, the shop's name at its head, and every token that may be an order
// number, an authorization code or a transaction or chargeback ID. Pure: OCR text in, facts out.
// OCR confuses letters and digits of the same shape (O/Q/0, I/l/1, S/5, B/8, Z/2): tokens are
// compared by a shape key that folds those together.
import { parseYmd, ymdToInt } from '../../../shared/domain/dates.ts';
import { orderCore, shapeKey } from '../../../shared/domain/order-number.ts';
import { addressIn, type StreetAddress } from '../../../shared/domain/shop-address.ts';

export { orderCore, shapeKey };

export interface PrintedAmount {
  /** As printed, e.g. "$129.00". */
  text: string;
  /** The number, e.g. "129.00" (thousands separators removed, a decimal comma made a point). */
  value: string;
  /** ISO code when the receipt says it (a code, or a symbol that names one currency). */
  currency?: string;
  /** A `$` names several currencies (USD, CAD, AUD...): any dollar currency fits. */
  dollar?: boolean;
}

export interface PrintedDate {
  ymd: number;
  text: string;
}

export interface ReceiptFacts {
  amounts: PrintedAmount[];
  /** The amount on the last line that says it is the total ("Total", "Grand total", "Amount
   * due"), not a subtotal's or a tax's; undefined when no line says so. */
  total?: PrintedAmount;
  dates: PrintedDate[];
  last4: string[];
  /** Shape keys of what a label calls an order number ("Order number: ORD-48213", "Order #1234"). */
  orders: string[];
  /** Shape keys of every token (and of each pair of neighbouring tokens, which OCR splits). */
  tokens: Set<string>;
  /** The first lines with words on them, where a receipt prints the shop's name and address. */
  head: string[];
  /** The street address among the first lines: the shop's own, printed under its name. */
  address?: StreetAddress;
}

/** Signs that name one currency. A bare `$` names several (see `dollar`). */
const symbols: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '₩': 'KRW',
  US$: 'USD',
  CA$: 'CAD',
  C$: 'CAD',
  CAN$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  NZ$: 'NZD',
  HK$: 'HKD',
  S$: 'SGD',
  MX$: 'MXN',
  R$: 'BRL',
  KR: 'SEK',
  ZŁ: 'PLN',
  KČ: 'CZK',
};
const codes = 'USD|EUR|GBP|CAD|AUD|NZD|JPY|CHF|SEK|NOK|DKK|INR|MXN|BRL|SGD|HKD|PLN|CZK|ZAR';
const signs = String.raw`US\$|CA\$|CAN\$|C\$|AU\$|A\$|NZ\$|HK\$|S\$|MX\$|R\$|\$|€|£|¥|₹|₩`;
// Thousands by comma, point, apostrophe or (no-break) space; decimals by point or comma.
const number = String.raw`\d{1,3}(?:[,.' \u00a0\u202f]\d{3})+(?:[.,]\d{1,3})?|\d+(?:[.,]\d{1,3})?`;
const amountRe = new RegExp(
  String.raw`(?:(${signs}|\b(?:${codes})\b)[\s\u00a0]?(${number}))|` +
    String.raw`(?:(${number})[\s\u00a0]?(€|\$|£|kr\b|zł|Kč|\b(?:${codes})\b))`,
  'gi',
);

function plainNumber(s: string): string {
  const t = s.replace(/[' \u00a0\u202f]/g, '');
  // The last separator followed by 1-3 digits at the end is the decimal mark when it is a comma
  // followed by two digits or any point; "1,234" (three digits after a comma) is a thousand.
  const m = /^(.*?)([.,])(\d{1,3})$/.exec(t);
  if (!m) return t;
  const [, head, sep, tail] = m;
  if (sep === ',' && tail!.length === 3) return t.replace(/[,.]/g, '');
  return `${head!.replace(/[,.]/g, '')}.${tail}`;
}

function amountsIn(text: string): PrintedAmount[] {
  const out: PrintedAmount[] = [];
  for (const m of text.matchAll(amountRe)) {
    const sign = (m[1] ?? m[4] ?? '').toUpperCase();
    const value = plainNumber(m[2] ?? m[3] ?? '');
    const fixed = symbols[sign] ?? (/^[A-Z]{3}$/.test(sign) ? sign : undefined);
    out.push({
      text: m[0].trim(),
      value,
      ...(fixed ? { currency: fixed } : {}),
      ...(sign === '$' ? { dollar: true } : {}),
    });
  }
  // A total printed without a sign still counts where the line says it is one.
  for (const m of text.matchAll(/\b(?:total|amount|charged|paid)\b[^\n\d]{0,20}(\d[\d,.' ]*[.,]\d{2})(?!\d)/gi)) {
    const value = plainNumber(m[1]!.trim());
    if (!out.some((a) => a.value === value)) out.push({ text: m[1]!.trim(), value });
  }
  return out;
}

const totalLabel = /\b(?:grand\s+total|total|amount\s+(?:due|charged|paid)|balance\s+due)\b/i;
const notTheTotal = /\bsub[\s-]?total\b|\btotal\s+(?:tax|vat|items?|qty|quantity|savings|discounts?)\b/i;

/** The amount a line labels the total, the last such line's (a grand total follows its parts). */
function labelledTotal(text: string): PrintedAmount | undefined {
  let total: PrintedAmount | undefined;
  for (const line of text.split(/\n/)) {
    if (!totalLabel.test(line) || notTheTotal.test(line)) continue;
    const amounts = amountsIn(line);
    if (amounts.length) total = amounts[amounts.length - 1];
  }
  return total;
}

/** The amount a receipt reads as its total, to quote to the merchant: the labelled total, else
 * the largest amount printed; never a zero (an invoice's free line says nothing of the sale). */
export function totalOf(facts: Pick<ReceiptFacts, 'amounts' | 'total'>): PrintedAmount | undefined {
  if (facts.total && Number(facts.total.value) > 0) return facts.total;
  const largest = [...facts.amounts].sort((a, b) => Number(b.value) - Number(a.value))[0];
  return largest && Number(largest.value) > 0 ? largest : undefined;
}

/** Month names and their abbreviations in English, French, German, Spanish, Italian and Dutch,
 * as a receipt prints them (accents dropped before reading). */
const monthNames: ReadonlyArray<readonly string[]> = [
  ['jan', 'janv', 'ene', 'gen', 'januar', 'enero', 'gennaio', 'janvier', 'januari', 'january', 'jän', 'jaen'],
  ['feb', 'fev', 'fevr', 'febrero', 'febbraio', 'fevrier', 'februar', 'februari', 'february'],
  ['mar', 'mars', 'marz', 'maerz', 'marzo', 'mrt', 'maart', 'march'],
  ['apr', 'avr', 'abr', 'avril', 'abril', 'aprile', 'april'],
  ['may', 'mai', 'mayo', 'mag', 'maggio', 'mei'],
  ['jun', 'juin', 'junio', 'giu', 'giugno', 'juni', 'june'],
  ['jul', 'juil', 'julio', 'lug', 'luglio', 'juli', 'july', 'juillet'],
  ['aug', 'aout', 'ago', 'agosto', 'august', 'augustus'],
  ['sep', 'sept', 'septiembre', 'set', 'settembre', 'septembre', 'september'],
  ['oct', 'okt', 'octubre', 'ott', 'ottobre', 'octobre', 'oktober', 'october'],
  ['nov', 'noviembre', 'novembre', 'november'],
  ['dec', 'dez', 'dic', 'diciembre', 'dicembre', 'decembre', 'dezember', 'december'],
];
const monthOf = new Map(monthNames.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));
// OCR reads a month's O as a zero ("0CT"): the pattern takes either, the lookup folds it back.
const monthRe = `(${[...monthOf.keys()]
  .sort((a, b) => b.length - a.length)
  .map((m) => m.replace(/o/g, '[o0]'))
  .join('|')})\\.?`;
const deaccent = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const fullYear = (y: string): number => (y.length === 2 ? 2000 + Number(y) : Number(y));

function date(y: number, m: number, d: number, text: string): PrintedDate[] {
  if (m < 1) return [];
  const p = parseYmd(`${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`);
  return p ? [{ ymd: ymdToInt(p), text }] : [];
}

function datesIn(raw: string): PrintedDate[] {
  const out: PrintedDate[] = [];
  const text = deaccent(raw);
  const mon = (s: string) => monthOf.get(s.toLowerCase().replace(/0/g, 'o')) ?? 0;
  // "29 Oct 2026", "29-OCT-26", "29. Oktober 2026", "29 de octubre de 2026"
  for (const m of text.matchAll(
    new RegExp(
      String.raw`\b(\d{1,2})(?:st|nd|rd|th|er)?\.?[\s-]*(?:de\s+)?${monthRe}[\s,-]*(?:de\s+)?(\d{4}|\d{2})\b`,
      'gi',
    ),
  ))
    out.push(...date(fullYear(m[3]!), mon(m[2]!), Number(m[1]), m[0]));
  // "Oct 29, 2026", "OCT-29-2026"
  for (const m of text.matchAll(
    new RegExp(String.raw`\b${monthRe}[\s-]+(\d{1,2})(?:st|nd|rd|th)?[\s,-]+(\d{4})\b`, 'gi'),
  ))
    out.push(...date(Number(m[3]), mon(m[1]!), Number(m[2]), m[0]));
  // "2026 Oct 29"
  for (const m of text.matchAll(new RegExp(String.raw`\b(\d{4})[\s-]+${monthRe}[\s-]+(\d{1,2})\b`, 'gi')))
    out.push(...date(Number(m[1]), mon(m[2]!), Number(m[3]), m[0]));
  for (const m of text.matchAll(/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g))
    out.push(...date(Number(m[1]), Number(m[2]), Number(m[3]), m[0]));
  // 06/10/2026 is 10 June in the US and 6 October elsewhere: both are kept, the match decides.
  for (const m of text.matchAll(/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/g)) {
    const y = fullYear(m[3]!);
    out.push(...date(y, Number(m[1]), Number(m[2]), m[0]), ...date(y, Number(m[2]), Number(m[1]), m[0]));
  }
  const seen = new Set<number>();
  return out.filter((d) => !seen.has(d.ymd) && seen.add(d.ymd));
}

function last4In(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(
    /(?:ending(?:\s+in)?|last\s+(?:4|four)(?:\s+digits)?|(?:[*xX•#]\s?){4,})[:\s#]*(\d{4})\b/gi,
  ))
    out.add(m[1]!);
  return [...out];
}

function ordersIn(text: string): string[] {
  const out = new Set<string>();
  // "Order number: ORD-48213", "Order #40449", "ORDER NO. ORD 40449"
  for (const m of text.matchAll(
    /\border\s*(?:number|no\.?|num|id|ref)?\s*[:#.]?\s*#?\s*([A-Z0-9][A-Z0-9-]*(?:[ ](?=\d)[A-Z0-9-]+)?)/gi,
  )) {
    const key = shapeKey(m[1]!);
    if (key.length >= 4) out.add(key);
  }
  return [...out];
}

/** Lines that say what a receipt is rather than who issued it: never taken for a shop's name. */
const notAName =
  /^(?:(?:sales|tax|cash|card|customer|merchant|store|duplicate|copy|original|receipt|invoice|order|bill|ticket|welcome|thank(?:s| you)?|to|for|your|visit|no|number)\b[\s.:#-]*)+$/i;

function headOf(text: string): string[] {
  const lines = text.split(/\n/).map((l) => l.trim());
  // The name is printed above the sale: from the first amount on, and on a date's line or an
  // item's ("2 x Oak spoon"), it is not there ("Date: October 7, 2026" heads a receipt whose name
  // is torn off; a date may also be printed above the name).
  const sale = lines.findIndex((l) => amountsIn(l).length > 0);
  return (sale >= 0 ? lines.slice(0, sale) : lines)
    .filter((l) => /[A-Za-z]{2}/.test(l) && !notAName.test(l.replace(/[^A-Za-z ]/g, ' ').trim()))
    .filter((l) => datesIn(l).length === 0 && !/^\d+\s*[x×@*]\s/i.test(l))
    .slice(0, 3);
}

/** The first lines, up to where the customer's part begins (a shipping or billing address is
 * the customer's, not the shop's). */
function topLines(text: string): string[] {
  const lines = text
    .split(/\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 6);
  const customer = lines.findIndex((l) => /\b(?:ship|bill|deliver|sold|customer)(?:ed|ing)?\b/i.test(l));
  return customer >= 0 ? lines.slice(0, customer) : lines;
}

export function readReceipt(text: string): ReceiptFacts {
  const words = text
    .split(/\s+/)
    .map((w) => w.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, ''))
    .filter(Boolean);
  const tokens = new Set<string>();
  words.forEach((w, i) => {
    tokens.add(shapeKey(w));
    if (i + 1 < words.length) tokens.add(shapeKey(w + words[i + 1]));
  });
  tokens.delete('');
  const address = addressIn(topLines(text));
  const total = labelledTotal(text);
  return {
    amounts: amountsIn(text),
    ...(total ? { total } : {}),
    dates: datesIn(text),
    last4: last4In(text),
    orders: ordersIn(text),
    tokens,
    // A street line is the shop's address, not its name.
    head: headOf(text).filter((l) => !addressIn([l])),
    ...(address ? { address } : {}),
  };
}
