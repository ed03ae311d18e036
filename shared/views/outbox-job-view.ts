// An outbox job as the Outbox screen lists it: the job and its steps; the chargeback it answers
// (customer and order when known); the money the answer is about, in words; when it was queued,
// last tried and sent; where it stands (shared/domain/outbox-job-state.ts); what the merchant can do
// to it; and, once the issuer has decided, the outcome and the money recovered.
import { z } from 'zod';
import { outboxJobSchema, outboxStepSchema, type OutboxJob } from '../outbox.ts';
import { answerStateSchema, type AnswerState } from '../domain/answer-state.ts';
import { jobStatus, stepTitle } from '../domain/outbox-job-state.ts';
import { jobStatusSchema } from '../domain/job-status.ts';
import { messageTypeRules } from '../domain/message-type-rules.ts';
import { formatAmount } from '../domain/money.ts';
import { disputeOutcome, entryRecoveryParts } from '../domain/outcomes.ts';
import type { EntryFields } from '../domain/entry-kinds.ts';

export const jobChargebackSchema = z.object({
  id: z.string(),
  status: z.string(),
  customerName: z.string().nullable(),
  order: z.string().nullable(),
});

export const jobMoneySchema = z.object({
  /** conceded: what accepting liability gives up; disputed: what the answer fights for. */
  kind: z.enum(['conceded', 'disputed', 'unknown']),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  /** "Concedes $12.00 of $49.99", "Disputed ¥5,000", or why there is no amount. */
  text: z.string(),
});
export type JobMoney = z.infer<typeof jobMoneySchema>;

export const jobOutcomeSchema = z.object({
  result: z.enum(['won', 'lost', 'closed']),
  /** Money back on the chargeback (ledger reversals), minor units. */
  recovered: z.number(),
  currency: z.string(),
  /** "Won — $49.99 recovered". */
  text: z.string(),
});
export type JobOutcome = z.infer<typeof jobOutcomeSchema>;

export const outboxJobViewSchema = outboxJobSchema.extend({
  /** The steps as the merchant knows them: `name` is the step's title ("Evidence packet (3
   * pages)", stepTitle); a document's file name as sent to the service is `fileName`. */
  steps: z.array(outboxStepSchema.extend({ fileName: z.string().optional() })),
  answer: answerStateSchema,
  /** The answer's name: "Accept liability". */
  label: z.string(),
  /** Null when the store does not hold the chargeback (not synced yet). */
  chargeback: jobChargebackSchema.nullable(),
  money: jobMoneySchema,
  times: z.object({
    queuedAt: z.number(),
    /** The start of the last attempt; null when it was never tried. */
    lastTriedAt: z.number().nullable(),
    /** When the whole answer was with the processor; null until then. */
    sentAt: z.number().nullable(),
  }),
  status: jobStatusSchema,
  controls: z.object({
    retry: z.boolean(),
    pause: z.boolean(),
    resume: z.boolean(),
    cancel: z.boolean(),
    dismiss: z.boolean(),
  }),
  /** Once the issuer decided: won, lost or closed (closed with money back counts as won). */
  outcome: jobOutcomeSchema.nullable(),
  /** Why an answer not yet sent can no longer go (its chargeback was decided meanwhile), or null. */
  tooLate: z.string().nullable(),
});
export type OutboxJobView = z.infer<typeof outboxJobViewSchema>;

/** A chargeback in a few words, as the store reads it from the row's columns (chargeback-briefs-repo.ts). */
export const chargebackBriefSchema = z.object({
  id: z.string(),
  status: z.string(),
  /** The disputed amount, minor units of `currency`. */
  total: z.number(),
  currency: z.string(),
  customerName: z.string().nullable(),
  order: z.string().nullable(),
});
export type ChargebackBrief = z.infer<typeof chargebackBriefSchema>;

/** What the store holds about the job's chargeback (undefined when it is not synced yet), with its
 * ledger entries, for the money recovered. */
export type JobChargebackFacts = ChargebackBrief & { entries: readonly EntryFields[] };

function money(job: OutboxJob, cb: JobChargebackFacts | undefined): JobMoney {
  const concedes = messageTypeRules[job.messageType].needsAmount;
  const currency = job.currency ?? cb?.currency ?? null;
  if (job.amount !== undefined && currency) {
    const of = cb && cb.total > job.amount ? ` of ${formatAmount(cb.total, cb.currency)}` : '';
    return {
      kind: 'conceded',
      amount: job.amount,
      currency,
      text: `Concedes ${formatAmount(job.amount, currency)}${of}`,
    };
  }
  // Accepting liability always names its amount now; a job made before that rule has none.
  if (concedes)
    return {
      kind: 'unknown',
      amount: null,
      currency: cb?.currency ?? null,
      text: cb
        ? `Concedes an amount not recorded (${formatAmount(cb.total, cb.currency)} disputed)`
        : 'Concedes an amount not recorded',
    };
  if (!cb)
    return { kind: 'unknown', amount: null, currency: null, text: 'Amount not known until the chargeback syncs' };
  return {
    kind: 'disputed',
    amount: cb.total,
    currency: cb.currency,
    text: `Disputed ${formatAmount(cb.total, cb.currency)}`,
  };
}

function outcome(cb: JobChargebackFacts | undefined): JobOutcome | null {
  if (!cb) return null;
  const recovered = cb.entries.reduce((n, e) => n + entryRecoveryParts(e).recovered, 0);
  const result = disputeOutcome(cb.status, recovered);
  if (result === 'open') return null;
  const back = recovered > 0 ? `${formatAmount(recovered, cb.currency)} recovered` : 'nothing recovered';
  const word = { won: 'Won', lost: 'Lost', closed: 'Closed' }[result];
  return { result, recovered, currency: cb.currency, text: `${word} — ${back}` };
}

/** The job as the Outbox lists it. */
export function outboxJobView(job: OutboxJob, cb: JobChargebackFacts | undefined, answer: AnswerState): OutboxJobView {
  const status = jobStatus(job);
  // A step whose request never left (the chargeback could not be read first) was tried all the same.
  const tried = job.steps.filter((s) => s.attempts > 0 || s.lastError !== undefined || job.error !== undefined);
  const attemptedAt = Math.max(...tried.map((s) => s.attemptedAt ?? -1));
  // A job made before attempts were timed: its last change is its last try.
  const lastTriedAt = tried.length === 0 ? null : attemptedAt >= 0 ? attemptedAt : job.updatedAt;
  const working = job.state === 'queued' || job.state === 'sending';
  const over = job.state === 'done' || job.state === 'cancelled' || job.state === 'dismissed';
  const decided = outcome(cb);
  // The service refuses an answer to a decided chargeback (electron/outbox/preflight.ts): trying
  // again cannot help, so it is not offered. When it was decided is not known here (the outbox
  // refuses to queue an answer to one already decided, but a job may be older than that rule), so
  // the words say only what is true now.
  const tooLate =
    decided && !over
      ? `Chargeback ${job.chargebackId} is ${decided.result} now: the processor no longer accepts answers ` +
        'to it, so this one will not be sent. Cancel or dismiss it.'
      : null;
  return {
    ...job,
    steps: job.steps.map((s) =>
      s.kind === 'document' ? { ...s, name: stepTitle(s), fileName: s.name } : { ...s, name: stepTitle(s) },
    ),
    answer,
    label: messageTypeRules[job.messageType].label,
    chargeback: cb ? { id: cb.id, status: cb.status, customerName: cb.customerName, order: cb.order } : null,
    money: money(job, cb),
    times: { queuedAt: job.createdAt, lastTriedAt, sentAt: job.state === 'done' ? job.updatedAt : null },
    status,
    // The rules of electron/outbox/job-controls.ts, so the card offers only what it would accept.
    controls: {
      retry: (job.state === 'failed' || job.state === 'queued') && !tooLate,
      pause: working,
      resume: job.state === 'paused',
      cancel:
        !over && !status.partlySent && (job.state === 'queued' || job.state === 'paused' || job.state === 'failed'),
      dismiss: job.state === 'failed' && status.partlySent,
    },
    outcome: decided,
    tooLate,
  };
}
