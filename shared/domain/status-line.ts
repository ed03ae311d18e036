// What the status bar says about the connection to the processor, from what sync and the outbox
// last saw. "Up to date" only when the last sync worked and nothing failed since, always with when
// that was in the merchant's words; a failure is said with its reason, when it happened, what to
// do about it (and when Dispute Desk tries again by itself) and how old the data shown is; a
// profile whose key is gone (a key kept for one session is forgotten when the app quits) asks for
// it again; an answer waiting to be retried says when.
import type { ErrorKind } from '../errors.ts';
import type { ConnectionFacts } from './connection-facts.ts';
import { formatMoment, formatTimeOfMoment, type MerchantLocale } from './merchant-format.ts';
import { relativeTimeFormat } from './intl-formats.ts';

export type StatusKind = 'ok' | 'syncing' | 'failed' | 'never' | 'key-missing';
/** What the bar offers beside its words: the key prompt, or only Sync now. */
export type StatusAction = 'enter-key' | 'sync-now';
export interface StatusLine {
  kind: StatusKind;
  text: string;
  action: StatusAction;
}

/** Failures only a new key mends; the others are mended by the service or the connection. */
const keyKinds: ReadonlySet<ErrorKind> = new Set(['key-rejected', 'keychain']);

/** What to do after a failure of this kind, when its message does not say it already: for a
 * failure the service or the connection mends, when Dispute Desk tries again by itself. */
function advice(kind: ErrorKind | null, retry: string | undefined): string {
  switch (kind) {
    case 'key-rejected':
    case 'keychain':
      return ' Enter the API key again to sync.';
    case 'network':
    case 'timeout':
    case 'server':
    case 'rate-limited':
      return retry
        ? ` Dispute Desk tries again by itself ${retry}; Sync now tries at once.`
        : ' Choose Sync now to try again.';
    case 'validation':
      return " Check the profile's service address in Settings.";
    default:
      return ' Choose Sync now to try again; if it keeps failing, check the profile in Settings.';
  }
}

/** A moment of the app's own clock as a merchant says it: "just now", "12 minutes ago",
 * "at 14:05" (today), "on 6 Oct 2026, 14:05 CET". */
export function whenInWords(ms: number, now: number, l: MerchantLocale = {}): string {
  const minutes = Math.floor((now - ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return relativeTimeFormat(l.locale, { numeric: 'auto' }).format(-minutes, 'minute');
  // formatTimeOfMoment gives the time alone on the day of `now`, the whole moment otherwise.
  const time = formatTimeOfMoment(ms, now, l);
  return time === formatMoment(ms, l) ? `on ${time}` : `at ${time}`;
}

/** A coming moment as a merchant says it: "in a moment" (due, or within the minute), "at 14:05"
 * (today), "on 7 Oct 2026, 14:05 CET". */
export function whenAhead(ms: number, now: number, l: MerchantLocale = {}): string {
  if (ms - now < 60_000) return 'in a moment';
  const time = formatTimeOfMoment(ms, now, l);
  return time === formatMoment(ms, l) ? `on ${time}` : `at ${time}`;
}

export function statusLine(f: ConnectionFacts, now: number, l: MerchantLocale = {}): StatusLine {
  if (f.running) return { kind: 'syncing', text: 'Syncing…', action: 'sync-now' };
  const when = (ms: number): string => whenInWords(ms, now, l);
  const age = f.lastSuccessAt
    ? ` What you see was last synced ${when(f.lastSuccessAt)}.`
    : ' Nothing has been synced yet.';
  const nextTry = f.sending?.nextAttemptAt
    ? ` Next try at ${formatTimeOfMoment(f.sending.nextAttemptAt, now, l)}.`
    : '';
  const sendingNote = f.sending ? ` Sending failed: ${f.sending.error}${nextTry}` : '';
  if (f.keyMissing)
    return {
      kind: 'key-missing',
      text:
        'No API key is held for this profile (a key kept for one session only is forgotten when the app ' +
        `quits): enter it again to sync.${age}${sendingNote}`,
      action: 'enter-key',
    };
  if (f.lastError) {
    const at = f.lastFailedAt ? ` ${when(f.lastFailedAt)}` : '';
    const retry = f.nextSyncAt === null ? undefined : whenAhead(f.nextSyncAt, now, l);
    return {
      kind: 'failed',
      text: `Last sync failed${at}: ${f.lastError}${advice(f.lastErrorKind, retry)}${age}${sendingNote}`,
      action: f.lastErrorKind && keyKinds.has(f.lastErrorKind) ? 'enter-key' : 'sync-now',
    };
  }
  if (f.sending) return { kind: 'failed', text: sendingNote.trim(), action: 'sync-now' };
  if (f.lastSuccessAt)
    return { kind: 'ok', text: `Up to date · last synced ${when(f.lastSuccessAt)}`, action: 'sync-now' };
  return { kind: 'never', text: 'Not synced yet', action: 'sync-now' };
}
