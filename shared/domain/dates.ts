// Dates as the service writes them. Calendar dates (`issued`, `received`, `reply`) are YYYYMMDD;
// alerts write MM-DD-YYYY; record timestamps are `YYYY-MM-DD HH:MM:SS.ffff` in US Eastern time;
// status records use ISO 8601 with Z; search values are YYYYMMDD or `YYYY-MM-DD HH:MM:SS`, Eastern.
// Every parser here accepts real dates only (no February 31): anything else is undefined.

export const serviceTimeZone = 'America/New_York';

export interface Ymd {
  y: number;
  m: number;
  d: number;
}

const easternParts = new Intl.DateTimeFormat('en-US', {
  timeZone: serviceTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallClock extends Ymd {
  hh: number;
  mm: number;
  ss: number;
}

/** The last instant asked for and its wall clock: a listing or a reminder pass asks for the same
 * "now" once per row, and each answer is an Intl call. */
let lastEastern: { ms: number; clock: WallClock } | undefined;

function eastern(date: Date): WallClock {
  const ms = date.getTime();
  if (lastEastern?.ms === ms) return { ...lastEastern.clock };
  const p: Record<string, number> = {};
  for (const part of easternParts.formatToParts(date)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const clock = { y: p.year!, m: p.month!, d: p.day!, hh: p.hour!, mm: p.minute!, ss: p.second! };
  lastEastern = { ms, clock };
  return { ...clock };
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** The UTC instant of an Eastern wall-clock time (DST resolved as the service does: the first
 * of two ambiguous times, and a skipped time moved forward). */
function fromEastern(y: number, m: number, d: number, hh: number, mm: number, ss: number, ms: number): Date {
  const guess = Date.UTC(y, m - 1, d, hh, mm, ss, ms);
  let t = guess;
  for (let i = 0; i < 3; i++) {
    const w = eastern(new Date(t));
    const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.hh, w.mm, w.ss, ms);
    const diff = asUtc - guess;
    if (diff === 0) break;
    t -= diff;
  }
  return new Date(t);
}

/** The last moment of a calendar date on the service's clock: a reply date is the last day the
 * response is accepted, so this is the deadline as an instant anyone can show in their own zone. */
export function endOfServiceDay(v: Ymd): Date {
  return fromEastern(v.y, v.m, v.d, 23, 59, 59, 0);
}

function validYmd(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

export function parseYmd(v: number | string | null | undefined): Ymd | undefined {
  if (v === null || v === undefined) return undefined;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(String(v).trim());
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return validYmd(y, mo, d) ? { y, m: mo, d } : undefined;
}

export function ymdToInt(v: Ymd): number {
  return v.y * 10000 + v.m * 100 + v.d;
}

/** 20250314 → "2025-03-14". */
export function formatYmd(v: number | string | Ymd | null | undefined): string {
  const p = typeof v === 'object' && v !== null ? v : parseYmd(v);
  return p ? `${p.y}-${pad(p.m)}-${pad(p.d)}` : '';
}

/** Alerts' MM-DD-YYYY. */
export function parseMdy(v: string | null | undefined): Ymd | undefined {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec((v ?? '').trim());
  if (!m) return undefined;
  const y = Number(m[3]);
  const mo = Number(m[1]);
  const d = Number(m[2]);
  return validYmd(y, mo, d) ? { y, m: mo, d } : undefined;
}

export function formatMdy(v: Ymd): string {
  return `${pad(v.m)}-${pad(v.d)}-${v.y}`;
}

/** A calendar date in any form the service writes: YYYYMMDD (number or text) or YYYY-MM-DD in
 * records, MM-DD-YYYY in alerts. Only real dates: 20250231 is none. */
export function parseCalendarDate(v: number | string | null | undefined): Ymd | undefined {
  if (v === null || v === undefined) return undefined;
  const s = String(v).trim();
  return parseYmd(s) ?? parseMdy(s);
}

interface TimestampParts extends WallClock {
  ms: number;
  /** Minutes east of UTC when the text names its zone (ISO form); undefined for Eastern time. */
  offsetMinutes: number | undefined;
}

/** The parts of a record timestamp, checked: a real calendar date, a time of day in range, a
 * zone only on the ISO form. */
function timestampParts(s: string): TimestampParts | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:([ T])(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
    s.trim(),
  );
  if (!m) return undefined;
  const [, y, mo, d, sep, hh = '0', mm = '0', ss = '0', frac = '', zone] = m;
  const p = {
    y: Number(y),
    m: Number(mo),
    d: Number(d),
    hh: Number(hh),
    mm: Number(mm),
    ss: Number(ss),
    ms: Math.round(Number(`0.${frac || '0'}`) * 1000),
  };
  if (!validYmd(p.y, p.m, p.d) || p.hh > 23 || p.mm > 59 || p.ss > 59) return undefined;
  if (!zone) return { ...p, offsetMinutes: undefined };
  if (sep !== 'T') return undefined;
  if (zone.toUpperCase() === 'Z') return { ...p, offsetMinutes: 0 };
  const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  if (Number(z[2]) > 23 || Number(z[3]) > 59) return undefined;
  return { ...p, offsetMinutes: (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3])) };
}

/** The records' own form, `YYYY-MM-DD HH:MM:SS(.f+)`, with nothing around it. */
const recordForm = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d+)?$/;

/** Whether the text is a record timestamp naming a real moment (cheap: no time-zone work). Every
 * record of a sync has two or three: the records' own form is checked without building its parts,
 * which gives the same answer as timestampParts for it. */
export function isServiceTimestamp(s: string | null | undefined): boolean {
  if (!s) return false;
  const m = recordForm.exec(s);
  if (m) return validYmd(Number(m[1]), Number(m[2]), Number(m[3])) && +m[4]! <= 23 && +m[5]! <= 59 && +m[6]! <= 59;
  return timestampParts(s) !== undefined;
}

/**
 * A record timestamp: Eastern `YYYY-MM-DD HH:MM:SS(.f+)`, or ISO 8601 with Z or an offset.
 * Only real moments (Date.parse would turn February 31 into March 3).
 */
export function parseServiceTimestamp(s: string | null | undefined): Date | undefined {
  if (!s) return undefined;
  const p = timestampParts(s);
  if (!p) return undefined;
  if (p.offsetMinutes === undefined) return fromEastern(p.y, p.m, p.d, p.hh, p.mm, p.ss, p.ms);
  return new Date(Date.UTC(p.y, p.m - 1, p.d, p.hh, p.mm, p.ss, p.ms) - p.offsetMinutes * 60_000);
}

/** `YYYY-MM-DD HH:MM:SS` in Eastern time: the form search headers take. */
export function formatServiceTimestamp(date: Date): string {
  const w = eastern(date);
  return `${w.y}-${pad(w.m)}-${pad(w.d)} ${pad(w.hh)}:${pad(w.mm)}:${pad(w.ss)}`;
}

/** The record form with a 4-digit fraction, as the service writes `created`/`modified`. */
export function formatRecordTimestamp(date: Date): string {
  return `${formatServiceTimestamp(date)}.${pad(date.getUTCMilliseconds(), 3)}0`;
}

/** YYYYMMDD (Eastern) for search clauses. */
export function toSearchDate(date: Date): string {
  const w = eastern(date);
  return `${w.y}${pad(w.m)}${pad(w.d)}`;
}

export function easternToday(now: Date): Ymd {
  const w = eastern(now);
  return { y: w.y, m: w.m, d: w.d };
}

/** Adds days to a calendar date. */
export function addDays(v: Ymd, days: number): Ymd {
  const dt = new Date(Date.UTC(v.y, v.m - 1, v.d + days));
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() };
}

/** Days since 1970-01-01 of a calendar date: the difference of two is whole days between them. */
export function dayNumber(v: Ymd): number {
  return Math.round(Date.UTC(v.y, v.m - 1, v.d) / 86_400_000);
}

/** Whole days from today (Eastern) to the reply date: 0 = due today (the last day a response is
 * accepted), negative = overdue; undefined when there is no deadline. */
export function daysLeft(reply: number | string | null | undefined, now: Date): number | undefined {
  const r = parseYmd(reply);
  if (!r) return undefined;
  return dayNumber(r) - dayNumber(easternToday(now));
}

export const deadlineStates = ['overdue', 'late', 'due-today', 'due-soon', 'upcoming', 'later', 'none'] as const;
export type DeadlineState = (typeof deadlineStates)[number];

/** How urgent a deadline looks (`late`, past the send-by date but not the reply date, is
 * deadline-words.ts's: a count to one date cannot know it); a reply date that is no real date may be today's, so it stands
 * out as due soon until the merchant checks it. */
export function deadlineState(days: number | undefined, unreadableReply?: string | null): DeadlineState {
  if (days === undefined) return unreadableReply ? 'due-soon' : 'none';
  if (days < 0) return 'overdue';
  if (days === 0) return 'due-today';
  if (days <= 3) return 'due-soon';
  if (days <= 7) return 'upcoming';
  return 'later';
}

/** The deadline in words; a reply date the service sent but that is no real date is shown as
 * sent, never as "No deadline". */
export function describeDeadline(days: number | undefined, unreadableReply?: string | null): string {
  if (days === undefined && unreadableReply) return `Reply date unreadable ("${unreadableReply}")`;
  return describeDaysLeft(days);
}

export function describeDaysLeft(days: number | undefined): string {
  if (days === undefined) return 'No deadline';
  if (days < 0) return days === -1 ? 'Overdue by 1 day' : `Overdue by ${-days} days`;
  if (days === 0) return 'Due today';
  if (days === 1) return '1 day left';
  return `${days} days left`;
}
