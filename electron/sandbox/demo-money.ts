// Amounts of the simulated portfolio in their own currencies: drawn as US dollars, then
// converted at fixed, rounded rates (a simulation's, not a market's: the same seed gives the same
// amounts on every day) into the currency's minor units (0 digits for JPY, 3 for KWD and BHD).
// So a yen chargeback is about as large as a dollar one, and its fees stay in proportion:
// a $20 fee is about ¥3,000, never more than the amounts disputed because yen have no cents.
import { currencyExponent } from '../../shared/domain/currencies.ts';

/** Units of each currency the seed uses for one US dollar. */
export const demoRatesPerUsd: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  JPY: 150,
  CAD: 1.36,
  AUD: 1.52,
  BHD: 0.376,
  KWD: 0.307,
};

/** A dollar amount (major units) in `currency`'s minor units, rounded to a whole minor unit. */
export function fromUsd(usd: number, currency: string): number {
  const rate = demoRatesPerUsd[currency.toUpperCase()] ?? 1;
  return Math.round(usd * rate * 10 ** currencyExponent(currency));
}
