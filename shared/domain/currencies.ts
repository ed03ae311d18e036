// Currency codes of the contract with their ISO 4217 minor-unit exponents. Amounts travel in
// minor units: 4999 USD is $49.99, 1000 JPY is ¥1,000, 1234 BHD is BHD 1.234.

export const currencyCodes = (
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD ' +
  'BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF ' +
  ('CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD ' +
    'EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD ') +
  ('HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS ' +
    'KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL ') +
  ('MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN ' +
    'NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD ') +
  ('RUB RWF SAR SBD SCR SDG SEK SGD SHP SLL SOS SRD SSP STN SVC ' +
    'SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN ') +
  'UYI UYU UZS VEF VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XDR XOF XPD XPF XPT XSU XUA YER ZAR ZMW ZWL'
).split(' ');

const zeroDecimal = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'.split(' ');
// Metals, fund and settlement units have no minor unit in ISO 4217 ("N.A."); amounts in them
// are whole units.
const noMinorUnit = 'XAG XAU XBA XBB XBC XBD XDR XPD XPT XSU XUA'.split(' ');
const threeDecimal = 'BHD IQD JOD KWD LYD OMR TND'.split(' ');
const fourDecimal = ['CLF'];

const exponents = new Map<string, number>();
for (const c of currencyCodes) exponents.set(c, 2);
for (const c of [...zeroDecimal, ...noMinorUnit]) exponents.set(c, 0);
for (const c of threeDecimal) exponents.set(c, 3);
for (const c of fourDecimal) exponents.set(c, 4);

export function isKnownCurrency(code: string): boolean {
  return exponents.has(code.toUpperCase());
}

/** The exponent of a currency's minor unit. An unknown code is taken as 2, the most common,
 * so an amount still shows; the UI marks the currency as unknown. */
export function currencyExponent(code: string): number {
  return exponents.get(code.toUpperCase()) ?? 2;
}
