// Decimal amount text as alerts write it ("49.99"), from minor units.
import { currencyExponent } from '../../shared/domain/currencies.ts';

export function formatAmountPlain(minor: number, currency: string): string {
  const exp = currencyExponent(currency);
  return (minor / 10 ** exp).toFixed(exp);
}
