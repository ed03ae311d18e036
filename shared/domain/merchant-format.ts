// Every value the dispute page shows, in words and in the merchant's own locale and time zone: the
// one place dates, moments, the reply deadline and the service's coded words become text. The
// view keeps the service's values (YYYY-MM-DD, the service's clock); the window formats them here
// with the locale and zone of the machine it runs on (tests pass them in).
import {
  dayNumber,
  easternToday,
  endOfServiceDay,
  parseCalendarDate,
  parseServiceTimestamp,
  serviceTimeZone,
  type Ymd,
} from './dates.ts';
import { labelOf } from './answer-lifecycle.ts';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl-formats.ts';

export interface MerchantLocale {
  /** A BCP 47 tag ("en-GB"); undefined: the runtime's own. */
  locale?: string | undefined;
  /** An IANA zone ("Europe/Berlin"); undefined: the runtime's own. */
  timeZone?: string | undefined;
}

const asYmd = (v: string | number | Ymd | null | undefined): Ymd | undefined =>
  typeof v === 'object' && v !== null ? v : parseCalendarDate(v);

/** A calendar date ("20261006", "2026-10-06") as the merchant writes dates: "Tue 6 Oct 2026" in
 * en-GB, "Tue, Oct 6, 2026" in en-US. A calendar date has no zone: it is never shifted. Empty
 * when it is no real date. */
export function formatCalendarDate(v: string | number | Ymd | null | undefined, l: MerchantLocale = {}): string {
  const d = asYmd(v);
  if (!d) return '';
  const f = dateTimeFormat(l.locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return f.format(new Date(Date.UTC(d.y, d.m - 1, d.d, 12)));
}

// A moment is written as a calendar date is (with its weekday), then its time and zone: one style
// on every screen ("Wed, Oct 7, 2026, 2:49 PM EDT", "Wed 7 Oct 2026, 20:49 CEST").
const momentOptions = (timeZone: string | undefined): Intl.DateTimeFormatOptions => ({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
  ...(timeZone ? { timeZone } : {}),
});

/** A moment (a record's timestamp on the service's clock, in either form it comes, a Date, or
 * milliseconds since the epoch as this app records its own) in the merchant's zone, with the
 * zone's name: "Tue 6 Oct 2026, 14:22 CEST". Empty when unreadable. */
export function formatMoment(v: string | number | Date | null | undefined, l: MerchantLocale = {}): string {
  const at = v instanceof Date ? v : typeof v === 'number' ? new Date(v) : parseServiceTimestamp(v);
  if (!at || Number.isNaN(at.getTime())) return '';
  return dateTimeFormat(l.locale, momentOptions(l.timeZone)).format(at);
}

/** The time of a moment ("14:05"), with its date too when it is not on the day of `now`. */
export function formatTimeOfMoment(ms: number, now: number, l: MerchantLocale = {}): string {
  const zone = l.timeZone ? { timeZone: l.timeZone } : {};
  const day = dateTimeFormat(l.locale, { year: 'numeric', month: 'numeric', day: 'numeric', ...zone });
  if (day.format(ms) !== day.format(now)) return formatMoment(ms, l);
  return dateTimeFormat(l.locale, { hour: '2-digit', minute: '2-digit', ...zone }).format(ms);
}

/** A ledger month as the service wrote it ("2026-10") named in the merchant's language: "Oct 2026"
 * (en-US), "oct. 2026" (fr). A calendar month has no zone. Anything else is shown as it came. */
export function formatMonth(key: string, l: MerchantLocale = {}): string {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  if (!m) return key;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, 1);
  return dateTimeFormat(l.locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at);
}

/** "in 6 days", "tomorrow", "today", "3 days ago", in the merchant's language. */
export function relativeDays(days: number, l: MerchantLocale = {}): string {
  return relativeTimeFormat(l.locale, { numeric: 'auto' }).format(days, 'day');
}

/** A reply date written the one way every screen writes it: the service's day, which ends at
 * midnight on its clock: "Fri, Nov 27, 2026, end of day US Eastern". Empty when it is no real date. */
export function formatReplyDay(reply: string | number | Ymd | null | undefined, l: MerchantLocale = {}): string {
  const day = formatCalendarDate(reply, l);
  return day ? `${day}${replyDayZone}` : '';
}
/** What a reply day's date is followed by: when on which clock it ends. */
export const replyDayZone = ', end of day US Eastern';

export interface ReplyDeadline {
  /** "Reply by Fri, Nov 27, 2026, end of day US Eastern": the service's reply day, as it states it. */
  text: string;
  /** The same last moment on the merchant's clock, "Sat, Nov 28, 2026, 5:59 AM CET"; undefined
   * where the merchant's clock is the service's (it would say the same). */
  yourClock: string | undefined;
  /** "in 6 days", "tomorrow", "today", "2 days ago": counted in the service's days, as every day
   * count is (the deadline words, the send-by date), so one page never says two different things. */
  relative: string;
  /** The same instant, for a `<time>` element. */
  iso: string;
}

/** The reply deadline in words, its day and zone; undefined without a real reply date. */
export function describeReplyBy(
  reply: string | number | null | undefined,
  now: Date,
  l: MerchantLocale = {},
): ReplyDeadline | undefined {
  const d = asYmd(reply);
  if (!d) return undefined;
  const due = endOfServiceDay(d);
  const f = dateTimeFormat(l.locale, momentOptions(l.timeZone));
  const zone = l.timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone;
  const sameClock = dateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  const eastern = dateTimeFormat('en-US', { timeZone: serviceTimeZone, timeZoneName: 'longOffset' });
  return {
    text: `Reply by ${formatReplyDay(d, l)}`,
    yourClock: sameClock.format(due) === eastern.format(due) ? undefined : f.format(due),
    relative: relativeDays(dayNumber(d) - dayNumber(easternToday(now)), l),
    iso: due.toISOString(),
  };
}

/** camelCase or snake_case service words as a sentence's words: "chargebackReversal" → "Chargeback reversal". */
export function inWords(code: string): string {
  const spaced = code
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return spaced ? spaced[0]!.toUpperCase() + spaced.slice(1) : '';
}

const chargebackStatusWords: Record<string, string> = { open: 'Open', closed: 'Closed', won: 'Won', lost: 'Lost' };
/** A chargeback's status in words. */
export function chargebackStatusText(status: string): string {
  return chargebackStatusWords[status] ?? inWords(status);
}

const statusStepWords: Record<string, string> = { open: 'Opened', closed: 'Closed', won: 'Won', lost: 'Lost' };
/** A status record's step in words, with the answer that led to it: "Lost after Accept liability". */
export function statusStepText(status: string, messageType?: string | null): string {
  const step = statusStepWords[status] ?? inWords(status);
  return messageType ? `${step} after “${labelOf(messageType)}”` : step;
}

const messageStatusWords: Record<string, string> = {
  requested: 'waiting for the processor',
  processing: 'being processed',
  processed: 'accepted by the processor',
  failed: 'failed at the processor',
  denied: 'refused by the processor',
};
/** A message on the case in words: "Respond with evidence, waiting for the processor". */
export function messageText(type: string, status: string): string {
  const where = messageStatusWords[status] ?? inWords(status).toLowerCase();
  return where ? `${labelOf(type)}, ${where}` : labelOf(type);
}

const documentStatusWords: Record<string, string> = {
  created: 'waiting for its file',
  processed: 'received by the processor',
  failed: 'refused by the processor',
};
/** A document's state in words ("received by the processor"); empty when the service gave none. */
export function documentStatusText(status: string | null | undefined): string {
  return status ? (documentStatusWords[status] ?? inWords(status).toLowerCase()) : '';
}

/** A byte count as a merchant reads it: "812 KB", "1.4 MB". */
export function formatSize(bytes: number, l: MerchantLocale = {}): string {
  const mb = bytes >= 1_048_576;
  const n = mb ? bytes / 1_048_576 : Math.max(1, Math.round(bytes / 1024));
  const num = numberFormat(l.locale, { maximumFractionDigits: mb ? 1 : 0 }).format(n);
  return `${num} ${mb ? 'MB' : 'KB'}`;
}
