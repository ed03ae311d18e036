// Record timestamps to epoch milliseconds, as parseServiceTimestamp reads them, but cheap enough
// for every entry of a sync. Turning Eastern wall-clock time into an instant goes through
// Intl (several formatToParts calls per timestamp), which was a tenth of a full sync. Within
// one Eastern day that has no clock change, every wall-clock time is the same distance from UTC,
// so that distance is worked out once per day (by parseServiceTimestamp itself) and reused; days
// with a clock change, and any text that is not the plain Eastern form, take the exact path.
import { formatServiceTimestamp, parseServiceTimestamp } from '../../shared/domain/dates.ts';

const plainEastern = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?$/;
const DAY_MS = 86_400_000;

/** Per Eastern day: milliseconds to subtract from the wall clock read as UTC, or null when the
 * day has a clock change (or is no real day). Days are few, so the map stays small. */
const shiftByDay = new Map<string, number | null>();

function shiftOf(day: string, y: number, m: number, d: number): number | null {
  let shift = shiftByDay.get(day);
  if (shift !== undefined) return shift;
  const start = parseServiceTimestamp(`${day} 00:00:00`)?.getTime();
  const end = parseServiceTimestamp(`${day} 23:59:59`)?.getTime();
  // A day of exactly 24 hours whose first and last second both exist as written has no clock
  // change in it: one offset holds for all of it.
  const regular =
    start !== undefined &&
    end !== undefined &&
    end - start === DAY_MS - 1000 &&
    formatServiceTimestamp(new Date(start)) === `${day} 00:00:00` &&
    formatServiceTimestamp(new Date(end)) === `${day} 23:59:59`;
  shift = regular ? Date.UTC(y, m - 1, d) - start : null;
  shiftByDay.set(day, shift);
  return shift;
}

/** The instant of a record timestamp in milliseconds, or undefined when it names none: the same
 * answer as `parseServiceTimestamp(s)?.getTime()`. */
export function serviceTimestampMs(s: string | null | undefined): number | undefined {
  if (!s) return undefined;
  const p = plainEastern.exec(s);
  if (!p) return parseServiceTimestamp(s)?.getTime();
  const y = Number(p[1]);
  const mo = Number(p[2]);
  const d = Number(p[3]);
  const hh = Number(p[4]);
  const mm = Number(p[5]);
  const ss = Number(p[6]);
  if (hh > 23 || mm > 59 || ss > 59) return undefined;
  const shift = shiftOf(`${p[1]}-${p[2]}-${p[3]}`, y, mo, d);
  if (shift === null) return parseServiceTimestamp(s)?.getTime();
  const ms = Math.round(Number(`0.${p[7] || '0'}`) * 1000);
  // A fraction that rounds up to a whole second is read by parseServiceTimestamp its own way.
  if (ms >= 1000) return parseServiceTimestamp(s)?.getTime();
  return Date.UTC(y, mo - 1, d, hh, mm, ss, ms) - shift;
}
