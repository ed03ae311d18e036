// Money in minor units, formatted and parsed without floating-point surprises.
import { currencyExponent, isKnownCurrency } from './currencies.ts';
import { numberFormat } from './intl-formats.ts';

const formatter = (currency: string, digits: number): Intl.NumberFormat =>
  numberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'symbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

const plainFormatter = (digits: number): Intl.NumberFormat =>
  numberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** 4999 USD → "$49.99"; 1000 JPY → "¥1,000"; 1234 BHD → "BHD 1.234". Ledger amounts may carry
 * fractions of a minor unit: shown rounded to the currency's precision. */
export function formatAmount(minor: number, currency: string): string {
  const code = (currency || 'USD').toUpperCase();
  const exp = currencyExponent(code);
  const major = minorToMajor(minor, code);
  // Intl writes unambiguous symbols ($, A$, CA$, €, ¥) and the code for the rest (BHD 1.234); a code it
  // cannot take at all falls back to "CODE 1.00".
  if (!isKnownCurrency(code)) return `${code} ${plainFormatter(exp).format(major)}`;
  // Intl separates a code from the number with a no-break space; plain text everywhere (CSV,
  // cover letters, search) is simpler with an ordinary one.
  return formatter(code, exp)
    .format(major)
    .replace(/\u00a0/g, ' ');
}

export function minorToMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

/** "49.99" / "1,234.50" / "1000" → minor units, exactly; undefined for anything else (letters,
 * more decimals than the currency has, empty). */
export function majorToMinor(text: string, currency: string): number | undefined {
  const exp = currencyExponent(currency);
  const cleaned = text.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(cleaned);
  if (!m) return undefined;
  const [, sign, whole, frac = ''] = m;
  if (frac.length > exp) return undefined;
  const minor = Number(whole) * 10 ** exp + Number(frac.padEnd(exp, '0') || '0');
  if (!Number.isSafeInteger(minor)) return undefined;
  return sign ? -minor : minor;
}

/** An amount in few characters for a chart's axis or a bar's label: 123456 USD → "$1.2K",
 * 1500000 JPY → "¥1.5M", 250 USD → "$2.5"; the exact figure is shown beside it (formatAmount). */
export function formatAmountShort(minor: number, currency: string): string {
  const code = (currency || 'USD').toUpperCase();
  const major = minorToMajor(minor, code);
  const f = isKnownCurrency(code)
    ? numberFormat('en-US', { style: 'currency', currency: code, notation: 'compact', maximumFractionDigits: 1 })
    : numberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
  const text = f.format(major).replace(/\u00a0/g, ' ');
  return isKnownCurrency(code) ? text : `${code} ${text}`;
}
