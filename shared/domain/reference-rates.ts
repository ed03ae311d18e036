// A total across currencies for a merchant who reads money in one. The app has no network source
// for exchange rates (and must not guess one), so it ships a small dated table of reference rates,
// rounded, and says so wherever it uses them: every converted figure is "approx.", shown with the
// rates and their date beside the per-currency amounts it came from. The rates order the inbox by
// amount across currencies and make one approximate total; no amount that is sent, exported as a
// figure of record, or booked is ever converted. A currency the table lacks is left out of a
// total, and the total says which.
import { currencyExponent } from './currencies.ts';
import { formatAmount } from './money.ts';
import { dateTimeFormat, numberFormat } from './intl-formats.ts';

/** The month whose market levels the table approximates. The rates are rounded to about three
 * significant figures (pegged currencies at their pegs); they are no quoted fixing, which is why
 * every figure made with them says "approx." and shows them. Update the table and this date
 * together. */
export const referenceRatesDate = '2025-06';

/** The table's month and age in words, said wherever a converted figure is shown, so a merchant
 * knows how far to trust it: "rates of June 2025, approximate (17 months old)". The month is
 * named in English, as the rest of the app's words are. */
export function describeRatesAge(now: Date, date: string = referenceRatesDate): string {
  const m = /^(\d{4})-(\d{2})$/.exec(date);
  if (!m) return `rates of ${date}, approximate`;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const month = dateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(y, mo - 1, 15),
  );
  const months = (now.getUTCFullYear() - y) * 12 + (now.getUTCMonth() + 1 - mo);
  const age =
    months <= 0
      ? 'this month'
      : months === 1
        ? '1 month old'
        : months < 24
          ? `${months} months old`
          : `${Math.floor(months / 12)} years old`;
  return `rates of ${month}, approximate (${age})`;
}

/** US dollars for one unit of each currency, rounded (3 significant figures, or so). */
export const usdPerUnit: Readonly<Record<string, number>> = Object.freeze({
  USD: 1,
  EUR: 1.15,
  GBP: 1.36,
  JPY: 0.0069,
  CAD: 0.73,
  AUD: 0.65,
  NZD: 0.6,
  CHF: 1.23,
  SEK: 0.104,
  NOK: 0.099,
  DKK: 0.154,
  PLN: 0.27,
  CZK: 0.046,
  HUF: 0.0029,
  BHD: 2.65,
  KWD: 3.27,
  OMR: 2.6,
  JOD: 1.41,
  SAR: 0.267,
  AED: 0.272,
  ILS: 0.28,
  INR: 0.0117,
  CNY: 0.139,
  HKD: 0.127,
  SGD: 0.78,
  KRW: 0.00073,
  MXN: 0.052,
  BRL: 0.18,
  ZAR: 0.055,
});

export function hasReferenceRate(currency: string): boolean {
  return usdPerUnit[currency.toUpperCase()] !== undefined;
}

/** Units of `to` for one unit of `from`; undefined when either is not in the table. */
export function referenceRate(from: string, to: string): number | undefined {
  const f = usdPerUnit[from.toUpperCase()];
  const t = usdPerUnit[to.toUpperCase()];
  return f === undefined || t === undefined ? undefined : f / t;
}

/** Minor units of `from` as minor units of `to`, rounded; undefined without a rate. */
export function convertMinor(minor: number, from: string, to: string): number | undefined {
  const rate = referenceRate(from, to);
  if (rate === undefined) return undefined;
  const major = (minor / 10 ** currencyExponent(from)) * rate;
  return Math.round(major * 10 ** currencyExponent(to));
}

export interface ConvertedTotal {
  currency: string;
  /** Minor units of `currency`: the amounts that have a rate, converted and added. */
  total: number;
  /** The rate used for each other currency, as the merchant reads it: "1 KWD = $3.27". */
  rates: Array<{ currency: string; rate: number; text: string }>;
  /** Currencies with no reference rate: left out of `total`. */
  missing: string[];
}

/** A rate in words: "1 KWD = $3.27", "100 JPY = $0.69" (small units are quoted by the hundred). */
export function describeRate(from: string, to: string, rate: number): string {
  const per = rate < 0.1 ? 100 : 1;
  // As precise as the table: three significant figures.
  const value = numberFormat('en-US', { maximumSignificantDigits: 3 }).format(rate * per);
  const sample = formatAmount(0, to).replace(/0([.,]0+)?/, value);
  return `${per} ${from} = ${sample}`;
}

/** Per-currency amounts (minor units) as one approximate total in `main`. */
export function convertedTotal(
  amounts: ReadonlyArray<{ currency: string; total: number }>,
  main: string,
): ConvertedTotal {
  let total = 0;
  const rates: ConvertedTotal['rates'] = [];
  const missing: string[] = [];
  for (const a of amounts) {
    const converted = convertMinor(a.total, a.currency, main);
    if (converted === undefined) {
      missing.push(a.currency);
      continue;
    }
    total += converted;
    if (a.currency.toUpperCase() !== main.toUpperCase()) {
      const rate = referenceRate(a.currency, main)!;
      rates.push({ currency: a.currency, rate, text: describeRate(a.currency, main, rate) });
    }
  }
  return { currency: main, total, rates, missing };
}
