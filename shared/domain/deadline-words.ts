// A chargeback's deadline in words and in urgency, the one rule the inbox row, the dispute page and
// `dispute-desk chargebacks` read: a decided chargeback shows its outcome (its reply date is no
// longer a deadline, so it is never "overdue"); an open one counts down to its send-by date
// (shared/domain/send-by.ts) while the reply date is still ahead, and says "Overdue" only once the
// reply date itself has passed.
import { deadlineState, describeDaysLeft, describeDeadline, type DeadlineState } from './dates.ts';
import { chargebackStatusText } from './merchant-format.ts';
import type { AnswerStage } from './answer-lifecycle.ts';
import { jobStatusWords, type JobStatus } from './outbox-job-state.ts';

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
  text: string;
  state: DeadlineState;
  /** Set once the issuer has decided: the outcome stands in place of the deadline. */
  outcome?: 'won' | 'lost' | 'closed' | undefined;
}

/** "Send today", "1 day to send", "4 days to send". */
function describeSendBy(days: number): string {
  if (days === 0) return 'Send today';
  return days === 1 ? '1 day to send' : `${days} days to send`;
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
  // answerable, so it is today's work ("Late: 2 days left", short enough for the row's badge).
  if (send < 0) return { text: `Late: ${describeDaysLeft(days).toLowerCase()}`, state: 'due-today' };
  return { text: describeSendBy(send), state: deadlineState(send) };
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
  const words = deadlineWords(f);
  if (words.outcome) return { text: words.text, full: words.text, className: `outcome ${words.outcome}` };
  if (f.delivery) {
    const failing = f.delivery.state === 'retrying' || f.delivery.state === 'failed';
    return {
      text: deliveryBadge(f.delivery, time),
      full: `Answer: ${jobStatusWords(f.delivery, time)}`,
      className: failing ? 'failing' : 'waiting',
    };
  }
  if (f.answer.stage === 'sent') return { text: f.answer.label, full: f.answer.label, className: 'answered' };
  return { text: words.text, full: words.text, className: words.state };
}
