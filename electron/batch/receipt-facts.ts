// What a receipt's text says that can tie it to a transaction: amounts (with their currency when
// printed), dates, the card's last four digits, and every token that may be an order number, an
// authorization code or a transaction or chargeback ID. Pure: OCR text in, facts out. OCR
// confuses letters and digits of the same shape (O/0, I/l/1, S/5, B/8, Z/2): tokens are compared
// by a shape key that folds those together.
import { parseYmd, ymdToInt } from '../../shared/domain/dates.ts';

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
  dates: PrintedDate[];
  last4: string[];
  /** Shape keys of what a label calls an order number ("Order number: ORD-48213", "Order #1234"). */
  orders: string[];
  /** Shape keys of every token (and of each pair of neighbouring tokens, which OCR splits). */
  tokens: Set<string>;
}

/** Letters and digits only, upper case, look-alikes folded together. */
export function shapeKey(s: string): string {
  return s
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
    .replace(/S/g, '5')
    .replace(/B/g, '8')
    .replace(/Z/g, '2');
}

const symbols: Record<string, string> = { '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW' };
const codes = 'USD|EUR|GBP|CAD|AUD|NZD|JPY|CHF|SEK|NOK|DKK|INR|MXN|BRL|SGD|HKD|PLN|CZK|ZAR';
const number = String.raw`\d{1,3}(?:[,.' ]\d{3})+(?:[.,]\d{1,3})?|\d+(?:[.,]\d{1,3})?`;
const amountRe = new RegExp(
  String.raw`(?:(US\$|CA\$|A\$|\$|€|£|¥|₹|₩|\b(?:${codes})\b)\s?(${number}))|(?:(${number})\s?(€|\b(?:${codes})\b))`,
  'g',
);

function plainNumber(s: string): string {
  const t = s.replace(/[' ]/g, '');
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
    const sign = m[1] ?? m[4] ?? '';
    const value = plainNumber(m[2] ?? m[3] ?? '');
    const fixed =
      sign === 'US$'
        ? 'USD'
        : sign === 'CA$'
          ? 'CAD'
          : sign === 'A$'
            ? 'AUD'
            : (symbols[sign] ?? (/^[A-Z]{3}$/.test(sign) ? sign : undefined));
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

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthRe = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;

function date(y: number, m: number, d: number, text: string): PrintedDate[] {
  const p = parseYmd(`${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`);
  return p ? [{ ymd: ymdToInt(p), text }] : [];
}

function datesIn(text: string): PrintedDate[] {
  const out: PrintedDate[] = [];
  const mon = (s: string) => months.indexOf(s.slice(0, 3).toLowerCase()) + 1;
  for (const m of text.matchAll(new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+${monthRe},?\s+(\d{4})\b`, 'gi')))
    out.push(...date(Number(m[3]), mon(m[2]!), Number(m[1]), m[0]));
  for (const m of text.matchAll(new RegExp(String.raw`\b${monthRe}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'gi')))
    out.push(...date(Number(m[3]), mon(m[1]!), Number(m[2]), m[0]));
  for (const m of text.matchAll(/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g))
    out.push(...date(Number(m[1]), Number(m[2]), Number(m[3]), m[0]));
  // 06/10/2026 is 10 June in the US and 6 October elsewhere: both are kept, the match decides.
  for (const m of text.matchAll(/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/g)) {
    const y = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
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
  for (const m of text.matchAll(/\border\s*(?:number|no\.?|num|id|ref)?\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{3,})/gi))
    out.add(shapeKey(m[1]!));
  return [...out];
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
  return { amounts: amountsIn(text), dates: datesIn(text), last4: last4In(text), orders: ordersIn(text), tokens };
}
