// One dispute as the window and `dispute-desk show` present it: typed values projected from the
// records the store keeps, which are the tolerant read schemas' output (shared/api/resources.ts),
// so either dialect's shapes arrive here already alike. Every rule the page shows (the deadline,
// whether it can be answered, which answers fit, what a second answer must say first) is applied
// here, once, from the shared/domain modules that own it; the page and the CLI only present.
import { z } from 'zod';
import type {
  Chargeback,
  ChargebackDocument,
  ChargebackMessage,
  ChargebackStatusRecord,
  StoredEntry,
  Txn,
} from '../api/index.ts';
import { isAnswer, secondAnswerWarning } from '../domain/answer-lifecycle.ts';
import { answerStateSchema, type AnswerState } from '../domain/answer-state.ts';
import { daysLeft, deadlineStates, formatServiceTimestamp, formatYmd, parseServiceTimestamp } from '../domain/dates.ts';
import type { DialectName } from '../domain/dialects.ts';
import { deadlineWords } from '../domain/deadline-words.ts';
import { daysToSendBy, sendByOf } from '../domain/send-by.ts';
import { messageTypeSchema } from '../domain/enums.ts';
import { finalRefusal } from '../domain/answer-readiness.ts';
import { entryLineSchema, entryTotalsSchema, summariseEntries } from '../domain/entry-kinds.ts';
import { evidenceGuidance, generalAdvice } from '../domain/evidence-guidance.ts';
import { describeTransaction, factSchema } from '../domain/labels.ts';
import { paymentFactSchema, paymentFacts } from '../domain/payment-facts.ts';
import { networkName } from '../domain/card-networks.ts';
import { cardNetworkSchema, disputeCategorySchema } from '../domain/enums.ts';
import { messageTypesForCycle, offeredAnswers, ruleFor, suggestedAnswers } from '../domain/message-type-rules.ts';
import { categoryLabel, explainReasonCode, type DisputeCategory } from '../domain/reason-codes.ts';
import type { EvidenceDraft } from '../evidence/draft.ts';
import { entryLines } from './ledger-view.ts';

/** A record's moment as the service's clock shows it (`YYYY-MM-DD HH:MM`, US Eastern), whether it
 * came as the core API's Eastern text or the micro-service's ISO form; null when not given. */
const moment = z.string().nullable();

export const chargebackFactsSchema = z.object({
  id: z.string(),
  status: z.string(),
  cycle: z.string(),
  /** The amount disputed, in minor units of `currency`. */
  total: z.number().int(),
  currency: z.string(),
  reasonCode: z.string(),
  reason: z.string(),
  /** The card network by the reason code's form; null when the form names none. */
  network: cardNetworkSchema.nullable(),
  /** The network's name, or "Card network unknown". */
  networkName: z.string(),
  /** Calendar dates as `YYYY-MM-DD`. */
  issued: z.string().nullable(),
  received: z.string().nullable(),
  /** The disputed transaction's ID. */
  txn: z.string().nullable(),
  ref: z.string().nullable(),
  bankRef: z.string().nullable(),
  chargebackRef: z.string().nullable(),
  actionable: z.boolean(),
});

export const deadlineSchema = z.object({
  /** The reply date, `YYYY-MM-DD`; null when there is none or it is no real date. */
  reply: z.string().nullable(),
  /** A reply date the service sent that is no real date, as sent. */
  unreadable: z.string().nullable(),
  /** Whole days left when the view was made (0: due today, negative: overdue). */
  daysLeft: z.number().int().nullable(),
  /** The send-by date, `YYYY-MM-DD` (the profile's business days before the reply date). */
  sendBy: z.string().nullable(),
  /** Whole days to the send-by date when the view was made (negative once passed). */
  sendByDaysLeft: z.number().int().nullable(),
  /** Set once the issuer has decided: the reply date is then no deadline. */
  outcome: z.enum(['won', 'lost', 'closed']).nullable(),
  /** How urgent, counted to the send-by date while the reply date is ahead; 'none' once decided. */
  state: z.enum(deadlineStates),
  /** The deadline in words ("3 days to send", "Overdue by 2 days", "Won"; deadline-words.ts). */
  text: z.string(),
});

export const statusStepSchema = z.object({
  id: z.string(),
  status: z.string(),
  at: moment,
  /** The ID of the message that led to this status, when the service names it. */
  message: z.string().nullable(),
  /** That message's type, when the store holds it. */
  messageType: z.string().nullable(),
});

export const disputeMessageSchema = z.object({
  id: z.string(),
  /** As the service spells it: messages sent from elsewhere may carry types the app never sends. */
  type: z.string(),
  status: z.string(),
  at: moment,
  note: z.string().nullable(),
  /** Minor units (acceptLiability's concession). */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
});

export const disputeDocumentSchema = z.object({
  id: z.string(),
  /** The document's name, else its stored reference, else its ID: never blank. */
  name: z.string(),
  type: z.string().nullable(),
  status: z.string().nullable(),
  at: moment,
});

/** An answer the merchant may choose, as message-type-rules.ts describes it for this chargeback. */
export const answerChoiceSchema = z.object({
  type: messageTypeSchema,
  label: z.string(),
  /** What it does, in one plain line. */
  meaning: z.string(),
  /** What happens once it is sent. */
  next: z.string(),
  /** What it costs the merchant. */
  cost: z.string(),
  description: z.string(),
  needsAmount: z.boolean(),
  needsConfirmation: z.boolean(),
  /** Evidence goes with it on this profile's service (ruleFor). */
  withEvidence: z.boolean(),
  /** It fits the chargeback's cycle; the others are offered as unusual. */
  fits: z.boolean(),
  /** One of the two or three answers offered first for this stage and reason (suggestedAnswers). */
  suggested: z.boolean(),
  /** What the stage already has, said before this answer goes as a second one; null: nothing to say. */
  secondAnswerWarning: z.string().nullable(),
});

export const disputeViewSchema = z.object({
  chargeback: chargebackFactsSchema,
  deadline: deadlineSchema,
  explanation: z.object({
    title: z.string(),
    plainWords: z.string(),
    category: disputeCategorySchema.nullable(),
    categoryLabel: z.string().nullable(),
  }),
  guidance: z.object({
    summary: z.string(),
    checklist: z.array(z.object({ id: z.string(), label: z.string(), detail: z.string(), checked: z.boolean() })),
    advice: z.string(),
  }),
  /** The disputed transaction's facts worth showing as evidence (empty until its entries are synced). */
  facts: z.array(factSchema),
  /** For fraud and authorization disputes, the record's 3-D Secure, AVS and CVV, IP and device,
   * entry mode and addresses, each in its words and whether it supports its checklist item. */
  paymentFacts: z.array(paymentFactSchema),
  /** Status records, oldest first. */
  history: z.array(statusStepSchema),
  messages: z.array(disputeMessageSchema),
  documents: z.array(disputeDocumentSchema),
  /** The chargeback's ledger entries as the service describes them, and their totals (null: none yet). */
  money: z.object({ entries: z.array(entryLineSchema), totals: entryTotalsSchema.nullable() }),
  answerable: z.boolean(),
  whyNot: z.string().optional(),
  answer: answerStateSchema,
  /** Earlier answers' evidence drafts, kept with the job they were queued with. */
  sentDrafts: z.array(
    z.object({
      jobId: z.string(),
      sentAt: z.number(),
      /** The packet's pages as built, its cover letter's included; absent when that is not known
       * (a draft archived before it was kept, with a letter of unknown length). */
      pages: z.number().int().optional(),
      rebuttal: z.string(),
    }),
  ),
  /** The answers offered (offeredAnswers): the suggested ones first, in their order, then the others
   * fitting the cycle, then the rest. */
  messageTypes: z.array(answerChoiceSchema),
});
export type DisputeView = z.infer<typeof disputeViewSchema>;
export type AnswerChoice = z.infer<typeof answerChoiceSchema>;

/** What the store holds about one chargeback, each record as its read schema gave it. */
export interface DisputeRecords {
  chargeback: Chargeback;
  txn: Txn | null;
  statuses: readonly ChargebackStatusRecord[];
  messages: readonly ChargebackMessage[];
  documents: readonly ChargebackDocument[];
  entries: readonly StoredEntry[];
}

/** What the view needs beyond the records: the merchant's own work and the profile's service. */
export interface DisputeContext {
  now: Date;
  dialect: DialectName;
  /** Checklist items the merchant ticked. */
  ticked: ReadonlySet<string>;
  answer: AnswerState;
  sentDrafts: ReadonlyArray<{ jobId: string; sentAt: number; draft: EvidenceDraft | undefined }>;
  /** The profile's send-by business days (send-by.ts); without it the reply date is the deadline. */
  sendByBusinessDays?: number | undefined;
}

function momentOf(ts: string | null | undefined): string | null {
  const at = parseServiceTimestamp(ts);
  return at ? formatServiceTimestamp(at).slice(0, 16) : null;
}

function deadlineOf(cb: Chargeback, now: Date, buffer: number): z.infer<typeof deadlineSchema> {
  const days = daysLeft(cb.reply, now) ?? null;
  const unreadable = cb.invalidDates?.reply ?? null;
  const sendBy = sendByOf(cb.reply, buffer);
  const sendByDaysLeft = daysToSendBy(sendBy, now);
  const words = deadlineWords({
    status: cb.status,
    actionable: cb.actionable === 1,
    daysLeft: days,
    sendByDaysLeft,
    replyInvalid: unreadable,
  });
  return {
    reply: cb.reply === null ? null : formatYmd(cb.reply),
    unreadable,
    daysLeft: days,
    sendBy: sendBy === null ? null : formatYmd(sendBy),
    sendByDaysLeft,
    outcome: words.outcome ?? null,
    state: words.state,
    text: words.text,
  };
}

/** Why a chargeback takes no answer (the readiness rule's final refusal); undefined when it does. */
function whyNotAnswerable(cb: Chargeback): string | undefined {
  return finalRefusal(cb)?.text;
}

/** The answers on offer at this cycle on this service, each with what it must say first. */
export function answerChoices(
  cycle: string,
  dialect: DialectName,
  answer: AnswerState,
  category?: DisputeCategory,
): AnswerChoice[] {
  const fits = new Set(messageTypesForCycle(cycle));
  const suggested = suggestedAnswers(cycle, category);
  const again = secondAnswerWarning(answer) ?? null;
  const order = [...suggested, ...offeredAnswers(cycle).filter((t) => !suggested.includes(t))];
  return order.map((type) => {
    const rule = ruleFor(type, dialect);
    return {
      type,
      label: rule.label,
      meaning: rule.meaning,
      next: rule.next,
      cost: rule.cost,
      description: rule.description,
      needsAmount: rule.needsAmount,
      needsConfirmation: rule.needsConfirmation,
      withEvidence: rule.withEvidence,
      // A note or an assignment answers nothing, so it is never unusual (answer-readiness.ts).
      fits: fits.has(type) || !isAnswer(type),
      suggested: suggested.includes(type),
      secondAnswerWarning: isAnswer(type) ? again : null,
    };
  });
}

/** A chargeback's entries, all in its currency, and their totals. */
function moneyOf(entries: readonly StoredEntry[], currency: string): DisputeView['money'] {
  const lines = entryLines(entries, () => currency);
  return { entries: lines, totals: summariseEntries(lines).byCurrency[0] ?? null };
}

export function disputeView(d: DisputeRecords, c: DisputeContext): DisputeView {
  const cb = d.chargeback;
  const explanation = explainReasonCode(cb.reasonCode);
  const guidance = evidenceGuidance(explanation.category);
  const typeOf = new Map(d.messages.map((m) => [m.id, m.type]));
  const whyNot = whyNotAnswerable(cb);
  return {
    chargeback: {
      id: cb.id,
      status: cb.status,
      cycle: cb.cycle,
      total: cb.total,
      currency: cb.currency,
      reasonCode: cb.reasonCode,
      reason: cb.reason,
      network: explanation.network ?? null,
      networkName: networkName(explanation.network),
      issued: cb.issued === null ? null : formatYmd(cb.issued),
      received: cb.received === null ? null : formatYmd(cb.received),
      txn: cb.txn,
      ref: cb.ref,
      bankRef: cb.bankRef,
      chargebackRef: cb.chargebackRef,
      actionable: cb.actionable === 1,
    },
    deadline: deadlineOf(cb, c.now, c.sendByBusinessDays ?? 0),
    explanation: {
      title: explanation.title,
      plainWords: explanation.plainWords,
      category: explanation.category ?? null,
      categoryLabel: explanation.category ? categoryLabel[explanation.category] : null,
    },
    guidance: {
      summary: guidance.summary,
      checklist: guidance.checklist.map((i) => ({ ...i, checked: c.ticked.has(i.id) })),
      advice: generalAdvice,
    },
    facts: d.txn ? describeTransaction(d.txn) : [],
    paymentFacts: paymentFacts(d.txn, explanation.category),
    history: d.statuses.map((s) => ({
      id: s.id,
      status: s.status,
      at: momentOf(s.created),
      message: s.message,
      messageType: s.message ? (typeOf.get(s.message) ?? null) : null,
    })),
    messages: d.messages.map((m) => ({
      id: m.id,
      type: m.type,
      status: m.status,
      at: momentOf(m.created),
      note: m.note,
      amount: m.amount,
      currency: m.currency,
    })),
    documents: d.documents.map((x) => ({
      id: x.id,
      name: x.name ?? x.ref ?? x.id,
      type: x.documentType ?? x.type,
      status: x.status,
      at: momentOf(x.created),
    })),
    money: moneyOf(d.entries, cb.currency),
    answerable: whyNot === undefined,
    ...(whyNot === undefined ? {} : { whyNot }),
    answer: c.answer,
    sentDrafts: c.sentDrafts.map((a) => {
      // Without its built count, a draft with no letter is counted exactly; one with a letter is not
      // counted at all rather than a page or two short.
      const pages =
        a.draft?.packetPages ?? (a.draft?.coverLetter === false ? a.draft.arrangement.pages.length : undefined);
      return {
        jobId: a.jobId,
        sentAt: a.sentAt,
        ...(pages !== undefined ? { pages } : {}),
        rebuttal: a.draft?.rebuttal ?? '',
      };
    }),
    messageTypes: answerChoices(cb.cycle, c.dialect, c.answer, explanation.category),
  };
}
