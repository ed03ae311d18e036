// The life of an answer to a chargeback, worked out from what the store holds (the outbox's jobs
// and the messages synced from the service): not answered → queued → sending → sent, awaiting
// the issuer → decided. The inbox, the dispute page, the outbox, the CLI and the outbox's own
// second-answer guard all read it from here, so they never disagree about "already answered".
import { messageTypeRules, messageTypesForCycle } from './message-type-rules.ts';
import { messageTypes, type MessageType } from './enum-values.ts';
import type { AnswerState, EarlierAnswer } from './answer-state.ts';
import { parseServiceTimestamp } from './dates.ts';
import { formatAmount } from './money.ts';

/** What the outbox keeps of a job, as far as the lifecycle needs it. */
export interface JobFacts {
  id: string;
  state: string;
  messageType: string;
  /** The chargeback's stage when it was queued, where the outbox kept it. */
  cycle?: string | undefined;
  createdAt: number;
  note?: string | undefined;
  amount?: number | undefined;
  currency?: string | undefined;
  error?: string | undefined;
  steps: ReadonlyArray<{ kind: 'message' | 'document'; state: string; remoteId?: string | undefined }>;
}

/** A message as synced from the service. */
export interface MessageFacts {
  id: string;
  type: string;
  status?: string | null | undefined;
  created?: unknown;
  note?: string | null | undefined;
  amount?: number | null | undefined;
  currency?: string | null | undefined;
}

export interface LifecycleInputs {
  /** Undefined when the store does not hold the chargeback (not synced yet). */
  chargeback: { status: string; cycle: string; currency: string } | undefined;
  jobs: readonly JobFacts[];
  messages: readonly MessageFacts[];
}

// The service has been seen to answer the misspelled type with its correct spelling.
const normalType = (t: string): string => t.toLowerCase().replace('repsond', 'respond');

/** Notes and assignments can be added any time; every other message answers the dispute. */
export function isAnswer(messageType: string): boolean {
  const t = normalType(messageType);
  return t !== 'notate' && t !== 'assign';
}

/** A message type in words, whichever spelling the service used; an unknown type as sent. */
export function labelOf(messageType: string): string {
  if ((messageTypes as readonly string[]).includes(messageType))
    return messageTypeRules[messageType as MessageType].label;
  const fixed = Object.keys(messageTypeRules).find((k) => normalType(k) === normalType(messageType));
  return fixed ? messageTypeRules[fixed as keyof typeof messageTypeRules].label : messageType;
}

function millis(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') return parseServiceTimestamp(v)?.getTime() ?? null;
  return null;
}

const decidedStates = new Set(['won', 'lost', 'closed']);

/**
 * Which answers count for the current stage: one still in the outbox always does (it is being
 * made now); one already with the processor does when it was queued at the chargeback's current
 * cycle, whatever its type (the merchant may send an answer the stage does not usually take, and
 * the processor may accept it), or, where the outbox did not keep its cycle (a message from the
 * service, a job queued before it was kept), when its type belongs to the current cycle (a
 * first-cycle `respond` does not answer a pre-arbitration). Without the chargeback in the store
 * every answer counts: the guard errs on the side of asking.
 */
export function answerLifecycle(i: LifecycleInputs): AnswerState {
  const fits = i.chargeback ? new Set(messageTypesForCycle(i.chargeback.cycle).map(normalType)) : undefined;
  const forThisStage = (type: string): boolean => !fits || fits.has(normalType(type));
  const currency = i.chargeback?.currency;
  const amountText = (amount: number | null | undefined, c: string | null | undefined): string | undefined =>
    amount === null || amount === undefined ? undefined : formatAmount(amount, c ?? currency ?? 'USD');

  const earlier: EarlierAnswer[] = [];
  const sentRemote = new Set<string>();
  let lastFailure: string | undefined;
  for (const j of i.jobs) {
    if (!isAnswer(j.messageType)) continue;
    for (const s of j.steps) if (s.remoteId) sentRemote.add(s.remoteId);
    const message = j.steps.find((s) => s.kind === 'message');
    const anySent = j.steps.some((s) => s.state === 'done' || s.state === 'unknown' || s.state === 'sending');
    let where: EarlierAnswer['where'] | undefined;
    if (j.state === 'sending' || ((j.state === 'queued' || j.state === 'paused') && anySent)) where = 'sending';
    else if (j.state === 'queued' || j.state === 'paused') where = 'queued';
    else if (j.state === 'done' || message?.state === 'done' || message?.state === 'unknown') where = 'sent';
    else if (j.state === 'failed' && j.error) lastFailure = j.error;
    if (!where) continue;
    const thisStage =
      j.cycle !== undefined && i.chargeback ? j.cycle === i.chargeback.cycle : forThisStage(j.messageType);
    if (where === 'sent' && !thisStage) continue;
    earlier.push({
      messageType: j.messageType,
      label: labelOf(j.messageType),
      where,
      at: j.createdAt,
      source: 'outbox',
      jobId: j.id,
      documents: j.steps.filter((s) => s.kind === 'document').length,
      ...(j.note ? { note: j.note } : {}),
      ...(j.amount !== undefined ? { amountText: amountText(j.amount, j.currency)! } : {}),
    });
  }
  for (const m of i.messages) {
    // A message the service refused is no answer; one this app sent is already listed by its job.
    if (!isAnswer(m.type) || m.status === 'denied' || sentRemote.has(m.id) || !forThisStage(m.type)) continue;
    const amount = amountText(m.amount, m.currency);
    earlier.push({
      messageType: m.type,
      label: labelOf(m.type),
      where: 'sent',
      at: millis(m.created),
      source: 'service',
      documents: 0,
      ...(m.note ? { note: m.note } : {}),
      ...(amount ? { amountText: amount } : {}),
    });
  }
  earlier.sort((a, b) => (a.at ?? 0) - (b.at ?? 0));

  const base = { earlier, ...(lastFailure ? { lastFailure } : {}) };
  const status = i.chargeback?.status;
  if (status && decidedStates.has(status)) {
    const outcome = status as 'won' | 'lost' | 'closed';
    return { stage: 'decided', label: `Decided: ${outcome}`, outcome, ...base };
  }
  if (earlier.some((e) => e.where === 'sending')) return { stage: 'sending', label: 'Sending', ...base };
  if (earlier.some((e) => e.where === 'queued')) return { stage: 'queued', label: 'Queued in the outbox', ...base };
  if (earlier.length > 0) return { stage: 'sent', label: 'Sent, awaiting the issuer', ...base };
  return {
    stage: 'not-answered',
    label: lastFailure ? 'Not answered: the last attempt failed' : 'Not answered',
    ...base,
  };
}

/** A moment written where no merchant's locale is known (the main process, the CLI): in UTC, saying so. */
export const utcMoment = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** One earlier answer in words: "Respond with evidence with 2 documents, sent 2026-11-23 10:40 UTC".
 * The window passes its own `moment` writer, so there the time is the merchant's. */
export function describeEarlierAnswer(e: EarlierAnswer, moment: (ms: number) => string = utcMoment): string {
  const parts = [e.label];
  if (e.amountText) parts.push(`of ${e.amountText}`);
  if (e.documents > 0) parts.push(`with ${e.documents} document${e.documents === 1 ? '' : 's'}`);
  const when = e.at === null ? '' : ` ${moment(e.at)}`;
  const where =
    e.where === 'sent' ? `sent${when}` : e.where === 'sending' ? `being sent (made${when})` : `queued${when}`;
  return (
    `${parts.join(' ')}, ` +
    `${where}${e.note ? ` – “${e.note.length > 80 ? `${e.note.slice(0, 77)}…` : e.note}”` : ''}`
  );
}

/** What a second answer to the same stage must say before it goes: what was already sent. */
export function secondAnswerWarning(
  state: AnswerState,
  moment: (ms: number) => string = utcMoment,
): string | undefined {
  if (state.earlier.length === 0 || state.stage === 'decided') return undefined;
  const list = state.earlier.map((e) => describeEarlierAnswer(e, moment)).join('; ');
  const one = state.earlier.length === 1;
  return (
    `This chargeback already has ${one ? 'an answer' : `${state.earlier.length} answers`} at this ` +
    `stage: ${list}. Another answer gives the issuer two responses to weigh and cannot be taken back.`
  );
}
