// A chargeback's deadline in words and in urgency, the one rule the inbox row, the dispute page and
// `dispute-desk chargebacks` read: a decided chargeback shows its outcome (its reply date is no
// longer a deadline, so it is never "overdue"); an open one counts down to its send-by date
// (shared/domain/send-by.ts) while the reply date is still ahead, and says "Overdue" only once the
// reply date itself has passed.
import { deadlineState, describeDaysLeft, describeDeadline, type DeadlineState } from './dates.ts';
import { chargebackStatusText, formatCalendarDate, type MerchantLocale } from './merchant-format.ts';
import { sendByMeaning } from './send-by.ts';
import type { AnswerStage } from './answer-state.ts';
import { jobStatusWords } from './outbox-job-state.ts';
import type { JobStatus } from './job-status.ts';

export const decidedStatuses: ReadonlySet<string> = new Set(['won', 'lost', 'closed']);

export interface DeadlineFacts {
  status: string;
  actionable: boolean;
  /** Whole days to the reply date (negative: past it); null without a real one. */
  daysLeft: number | null;
  /** Whole days to the send-by date; null without a real reply date. */
  sendByDaysLeft: number | null;
  /** A reply date the service sent that is no real date, as sent. */
  replyInvalid: string | null;
}

export interface DeadlineWords {
  /** Every word: the dispute page's line, a row's title, the CLI, reminders. */
  text: string;
  /** Fewer words for a row's badge, when `text` is too long for it. */
  badge?: string | undefined;
  state: DeadlineState;
  /** Set once the issuer has decided: the outcome stands in place of the deadline. */
  outcome?: 'won' | 'lost' | 'closed' | undefined;
}

/** "Send today", "1 day to send", "4 days to send". */
function describeSendBy(days: number): string {
  if (days === 0) return 'Send today';
  return days === 1 ? '1 day to send' : `${days} days to send`;
}

/** "yesterday", "7 days ago". */
function daysAgo(days: number): string {
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** What is left to reply, in the service's days: "reply today", "reply by tomorrow", "6 days to reply". */
function replyWithin(days: number): string {
  if (days === 0) return 'reply today';
  return days === 1 ? 'reply by tomorrow' : `${days} days to reply`;
}

export function deadlineWords(f: DeadlineFacts): DeadlineWords {
  if (decidedStatuses.has(f.status)) {
    const outcome = f.status as 'won' | 'lost' | 'closed';
    return { text: chargebackStatusText(outcome), state: 'none', outcome };
  }
  if (f.status !== 'open' || !f.actionable) return { text: 'Not answerable', state: 'none' };
  const days = f.daysLeft ?? undefined;
  if (days === undefined || days < 0)
    return { text: describeDeadline(days, f.replyInvalid), state: deadlineState(days, f.replyInvalid) };
  const send = f.sendByDaysLeft;
  // No buffer (or none known): the reply date is the only deadline, in its own words.
  if (send === null || send === days) return { text: describeDaysLeft(days), state: deadlineState(days) };
  // The send-by date has passed but the reply date has not: late by the processor's guidance, still
  // answerable. Its own state, apart from "Send today" (still on time) and "Overdue" (too late), until
  // the reply date's last day, which is due today like any other; and
  // words that say which date passed and which is still ahead, both counted in the service's days.
  if (send < 0)
    return {
      text: `Send-by date passed ${daysAgo(-send)} · ${replyWithin(days)}`,
      badge: `Late · ${replyWithin(days).replace(/^reply by /, 'reply ')}`,
      // The reply date's own last day is due today whatever the send-by date said.
      state: days === 0 ? 'due-today' : 'late',
    };
  return { text: describeSendBy(send), state: deadlineState(send) };
}

/** A deadline as a row's badge says it (`text`), in full (`full`), and its urgency class: the
 * inbox row's words where no answer is in play, and the batch review's beside each chargeback. */
export function deadlineBadge(f: DeadlineFacts): { text: string; full: string; className: string } {
  const words = deadlineWords(f);
  if (words.outcome) return { text: words.text, full: words.text, className: `outcome ${words.outcome}` };
  return { text: words.badge ?? words.text, full: words.text, className: words.state };
}

export interface RowStateFacts extends DeadlineFacts {
  answer: { stage: AnswerStage; label: string };
  /** The answer waiting in the outbox, until it is delivered. */
  delivery: JobStatus | null;
}

/** An answer still in the outbox, in a row badge's few words; the full words (reason included) are
 * jobStatusWords'. */
function deliveryBadge(d: JobStatus, time: (ms: number) => string): string {
  switch (d.state) {
    case 'retrying':
      return d.nextAttemptAt === null ? 'Failed · retrying' : `Failed · retry ${time(d.nextAttemptAt)}`;
    case 'failed':
      return 'Failed to send';
    case 'paused':
      return 'Held in the outbox';
    case 'sending':
      return 'Sending…';
    default:
      return 'Waiting to send';
  }
}

/** What a worklist row says first (`text`, short enough for its badge; `full`, every word, for its
 * title and the CLI), and its urgency class: the outcome once decided; while an answer waits in the
 * outbox, where it stands (waiting, sending, failing with its reason and next try); once delivered,
 * that it is with the issuer; otherwise the deadline. `time` writes the moment of a retry (the
 * window's on the merchant's clock, the CLI's in UTC). */
export function rowStateWords(
  f: RowStateFacts,
  time: (ms: number) => string,
): { text: string; full: string; className: string } {
  const badge = deadlineBadge(f);
  if (decidedStatuses.has(f.status)) return badge;
  if (f.delivery) {
    const failing = f.delivery.state === 'retrying' || f.delivery.state === 'failed';
    return {
      text: deliveryBadge(f.delivery, time),
      full: `Answer: ${jobStatusWords(f.delivery, time)}`,
      className: failing ? 'failing' : 'waiting',
    };
  }
  // The badge's few words; the label's full words ("Sent, awaiting the issuer") in its title.
  if (f.answer.stage === 'sent') return { text: 'Sent', full: f.answer.label, className: 'answered' };
  return badge;
}

/** The send-by line under a reply date (the dispute page): its date, said in the service's days,
 * and where the merchant stands against it; `title` says what the date means. Undefined when there
 * is no send-by date apart from the reply date, or it no longer matters (decided, past the reply date). */
export function sendByLine(
  d: {
    sendBy: string | null;
    reply: string | null;
    daysLeft: number | null;
    sendByDaysLeft: number | null;
    state: string;
    text: string;
  },
  l: MerchantLocale = {},
): { text: string; title: string } | undefined {
  if (!d.sendBy || !d.reply || d.sendBy === d.reply || d.daysLeft === null || d.daysLeft < 0 || d.state === 'none')
    return undefined;
  const date = formatCalendarDate(d.sendBy, l);
  const title = `Send by ${date}: ${sendByMeaning(d.sendBy, d.reply)}.`;
  // Past it, the words name the passed date already ("Send-by date passed 7 days ago · …").
  if ((d.sendByDaysLeft ?? 0) < 0) return { text: d.text, title };
  return { text: `Send by ${date} (US Eastern) · ${d.text}`, title };
}
