// Intl's formatters, each made once for its locale and options. Making one costs from a fraction
// of a millisecond to several (the first a window makes loads ICU's data: 15-45 ms on this
// machine); formatting with one made costs a microsecond. The inbox formats amounts, dates and
// rates on each of its rows, so a formatter made per call was most of its first draw's own work.
type Made = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;
const made = new Map<string, Made>();

function once<F extends Made>(kind: string, locale: string | undefined, options: object, make: () => F): F {
  // The options as written at each call site: the same call always gives the same key.
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let f = made.get(key) as F | undefined;
  if (!f) made.set(key, (f = make()));
  return f;
}

export const numberFormat = (locale: string | undefined, o: Intl.NumberFormatOptions): Intl.NumberFormat =>
  once('number', locale, o, () => new Intl.NumberFormat(locale, o));

export const dateTimeFormat = (locale: string | undefined, o: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  once('date', locale, o, () => new Intl.DateTimeFormat(locale, o));

export const relativeTimeFormat = (
  locale: string | undefined,
  o: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat => once('relative', locale, o, () => new Intl.RelativeTimeFormat(locale, o));
