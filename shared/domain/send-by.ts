// The "send by" date: the merchant's working deadline, some business days before the reply date.
// The processor's dispute-response guidance (as a public client quotes it) asks for the response
// 5 business days before the reply date; its portal guide says only "before the due date". The
// reply date stays the hard limit (the past-deadline section, the "Overdue" words); the send-by
// date orders and labels the work so an answer is not left to the last day. Business days are
// Monday to Friday on the service's calendar (US Eastern): calendar dates, so no clock change moves
// them. Public holidays are not counted out: no holiday calendar is known for the service.
import type { Deployment } from './enums.ts';
import { addDays, dayNumber, easternToday, parseYmd, ymdToInt, type Ymd } from './dates.ts';

/** The most business days a profile may keep before the reply date (settings refuse more). */
export const maxSendByBusinessDays = 20;

/** The buffer a profile starts with. The 5-day guidance is the core service's (and its test
 * deployment's); for the microservice no guidance is known, so only the reply date counts. */
export const defaultSendByBusinessDays: Record<Deployment, number> = { core: 5, test: 5, microservice: 0 };

/** A profile's buffer: the one it keeps, else its deployment's default. */
export function sendByBusinessDaysOf(p: { deployment: Deployment; sendByBusinessDays?: number | undefined }): number {
  return p.sendByBusinessDays ?? defaultSendByBusinessDays[p.deployment];
}

/** Monday to Friday (a calendar date's weekday needs no time zone). */
export function isBusinessDay(v: Ymd): boolean {
  const weekday = new Date(Date.UTC(v.y, v.m - 1, v.d)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The date `n` business days before `v` (n = 0: `v` itself, whatever day it is). */
export function businessDaysBefore(v: Ymd, n: number): Ymd {
  let d = v;
  for (let left = n; left > 0;) {
    d = addDays(d, -1);
    if (isBusinessDay(d)) left--;
  }
  return d;
}

/** The latest reply date whose send-by date is on or before `day`: a chargeback is to be sent by
 * `day` exactly when its reply date is on or before this one (send-by dates never go backwards as
 * reply dates go forwards), so a count by send-by date is a range of reply dates. */
export function lastReplySentBy(day: Ymd, businessDays: number): Ymd {
  let d = day;
  while (dayNumber(businessDaysBefore(addDays(d, 1), businessDays)) <= dayNumber(day)) d = addDays(d, 1);
  return d;
}

/** The send-by date of a reply date (YYYYMMDD, number or text), as YYYYMMDD; null without a real
 * reply date. */
export function sendByOf(reply: number | string | null | undefined, businessDays: number): number | null {
  const r = parseYmd(reply);
  return r ? ymdToInt(businessDaysBefore(r, businessDays)) : null;
}

/** Whole days from today (Eastern) to the send-by date; negative once it has passed. */
export function daysToSendBy(sendBy: number | null, now: Date): number | null {
  const s = parseYmd(sendBy);
  return s ? dayNumber(s) - dayNumber(easternToday(now)) : null;
}

/** What a send-by date means, in the merchant's words: "5 business days before the reply date, as
 * the processor's guidance asks". The count is read from the two dates, so the words hold for any
 * profile's buffer; empty when either is no real date or they are the same day. */
export function sendByMeaning(sendBy: number | string | null, reply: number | string | null): string {
  const s = parseYmd(sendBy);
  const r = parseYmd(reply);
  if (!s || !r || dayNumber(s) >= dayNumber(r)) return '';
  let n = 0;
  for (let d = r; dayNumber(d) > dayNumber(s); d = addDays(d, -1)) if (isBusinessDay(addDays(d, -1))) n++;
  const days = n === 1 ? '1 business day' : `${n} business days`;
  return `${days} before the reply date, as the processor's guidance asks (US Eastern days)`;
}
