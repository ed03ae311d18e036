// Dates and times in the merchant's own locale (the window passes its language; undefined is the
// system's). Moments are shown on the merchant's clock with the time, so "queued at 14:05" reads as
// they lived it; a ledger month is a calendar month as the service wrote it, named in their language.
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string | undefined, key: string, o: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const k = `${locale ?? ''}|${key}`;
  let f = cache.get(k);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, o);
    cache.set(k, f);
  }
  return f;
}

/** "2026-10" → "Oct 2026" (en-US), "oct. 2026" (fr); anything else as it came. */
export function monthText(key: string, locale?: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  if (!m) return key;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, 1);
  return formatter(locale, 'month', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at);
}

/** A moment with its date and time: "Nov 23, 2026, 2:05 PM" (en-US), "23 Nov 2026, 14:05" (en-GB). */
export function momentText(ms: number, locale?: string): string {
  return formatter(locale, 'moment', { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/** The time of a moment, with its date only when it is not on the day of `now`: "14:05". */
export function timeText(ms: number, now: number, locale?: string): string {
  const day = formatter(locale, 'day', { year: 'numeric', month: 'numeric', day: 'numeric' });
  if (day.format(ms) !== day.format(now)) return momentText(ms, locale);
  return formatter(locale, 'time', { timeStyle: 'short' }).format(ms);
}
