// Whether an answer is ready to be queued: the one rule the window asks before Send, the CLI and
// batch before they queue, and the main process again when it writes the job (the outbox's
// submission guards). A merchant gets one answer per stage, so an answer that says nothing, goes to
// a decided chargeback, is unusual at its stage or comes after the reply date is stopped here, in
// the merchant's words, before anything is built or queued. The last two are the merchant's call:
// they go once the merchant says yes to that very question (a consent); the others never go.
import { merchantStatements } from './payment-facts.ts';
import { z } from 'zod';
import type { MessageType } from './enums.ts';
import { messageTypeRules, messageTypesForCycle } from './message-type-rules.ts';
import { cycleLabel } from './cycles.ts';
import { isAnswer } from './answer-lifecycle.ts';
import { daysLeft, formatYmd } from './dates.ts';
import { slotIds, typedFields, type Slots } from '../evidence/slots.ts';
import { AppError, type ErrorKind } from '../errors.ts';
import { answerNoteMax, answerNoteSchema } from './answer-note.ts';

export const readinessKinds = [
  'decided',
  'closed',
  'not-actionable',
  'note-too-long',
  'empty',
  'unusual',
  'late',
] as const;
export type ReadinessKind = (typeof readinessKinds)[number];

/** What the merchant said yes to, each for its own question. */
export const readinessConsentsSchema = z.object({
  /** The merchant means a message the stage does not usually take. */
  unusual: z.boolean().optional(),
  /** The merchant sends after the reply date, knowing the processor will likely refuse it. */
  sendLate: z.boolean().optional(),
});
export type ReadinessConsents = z.infer<typeof readinessConsentsSchema>;

export interface ReadinessProblem {
  kind: ReadinessKind;
  /** Why, in the merchant's words. */
  text: string;
  /** The consent that lets it go; none: it cannot go at all. */
  consent?: keyof ReadinessConsents;
}

/** The answer as far as the rule reads it. */
export interface AnswerFacts {
  chargeback: {
    status: string;
    /** 1 when the service takes answers to it through the API (the store's number or the view's flag). */
    actionable: number | boolean;
    cycle: string;
    reply: number | string | null | undefined;
  };
  messageType: MessageType;
  note?: string | undefined;
  /** Files (or built documents) that go with it. */
  files: number;
  /** Typed facts of the evidence (carrier, tracking number, …): a filled field is something to send. */
  slots?: Slots | undefined;
}

/** Whether any evidence section has a typed field filled in, or the merchant confirmed or stated
 * one of the payment's facts (the letter then states it). */
export function hasTypedFacts(slots: Slots | undefined): boolean {
  return (
    slotIds.some((id) => typedFields(slots, id).length > 0) ||
    (slots?.payment?.confirmed?.length ?? 0) > 0 ||
    merchantStatements(slots?.payment).length > 0
  );
}

/** Whether the answer carries anything at all (a note, a typed fact, a file). */
export function hasContent(a: Pick<AnswerFacts, 'note' | 'files' | 'slots'>): boolean {
  return (a.note ?? '').trim() !== '' || a.files > 0 || hasTypedFacts(a.slots);
}

/** Why the note cannot go: the service takes at most 5,000 characters, so a longer one is stopped
 * here, not refused when the job is sent. */
export function noteRefusal(a: Pick<AnswerFacts, 'note'>): ReadinessProblem | undefined {
  if (a.note === undefined || answerNoteSchema.safeParse(a.note).success) return undefined;
  const count = (n: number): string => n.toLocaleString('en-US');
  return {
    kind: 'note-too-long',
    text: `The note is ${count(a.note.length)} characters long; the service takes at most ${count(answerNoteMax)}. Shorten it.`,
  };
}

/** Why the answer cannot go whatever the chargeback: a note too long, or nothing in it. Asked
 * alone where the chargeback is not known. */
export function contentRefusal(
  a: Pick<AnswerFacts, 'messageType' | 'note' | 'files' | 'slots'>,
): ReadinessProblem | undefined {
  return noteRefusal(a) ?? emptyRefusal(a);
}

/** Why the answer says nothing; undefined when it carries something or is its own content. */
function emptyRefusal(a: Pick<AnswerFacts, 'messageType' | 'note' | 'files' | 'slots'>): ReadinessProblem | undefined {
  const rule = messageTypeRules[a.messageType];
  if (!rule.needsContent || hasContent(a)) return undefined;
  return {
    kind: 'empty',
    text: rule.withEvidence
      ? `${rule.label} has nothing in it: write a note, fill in an evidence section or add a file first. ` +
        'An empty answer tells the issuer nothing, and you get one answer per stage.'
      : `${rule.label} has nothing in it: write the note first.`,
  };
}

/** Why the chargeback takes no answer at all; undefined when it is open and answerable. */
export function finalRefusal(cb: AnswerFacts['chargeback']): ReadinessProblem | undefined {
  if (cb.status === 'won' || cb.status === 'lost')
    return {
      kind: 'decided',
      text: `This chargeback is ${cb.status}: the issuer has decided it, and the processor accepts no more responses.`,
    };
  if (cb.status !== 'open')
    return { kind: 'closed', text: `This chargeback is ${cb.status}: the processor accepts no more responses.` };
  if (cb.actionable !== 1 && cb.actionable !== true)
    return {
      kind: 'not-actionable',
      text: 'This chargeback cannot be answered through the API (it is marked not actionable): contact your processor.',
    };
  return undefined;
}

/** Every reason the answer should not go as it is, whatever the merchant said yes to, most final
 * first. A decided chargeback's reply date no longer matters, so it is not said. */
export function readinessProblems(a: AnswerFacts, now: Date): ReadinessProblem[] {
  const rule = messageTypeRules[a.messageType];
  const problems: ReadinessProblem[] = [];
  const final = finalRefusal(a.chargeback);
  if (final) problems.push(final);
  const content = contentRefusal(a);
  if (content) problems.push(content);
  // A note or an assignment answers nothing, so no stage finds it unusual.
  if (isAnswer(a.messageType) && !messageTypesForCycle(a.chargeback.cycle).includes(a.messageType))
    problems.push({
      kind: 'unusual',
      text:
        `"${rule.label}" is not an answer this stage (${cycleLabel(a.chargeback.cycle)}) usually takes; ` +
        'the processor may refuse it, and you get one answer per stage.',
      consent: 'unusual',
    });
  const days = daysLeft(a.chargeback.reply, now);
  if (!final && days !== undefined && days < 0)
    problems.push({
      kind: 'late',
      text:
        `The reply date (${formatYmd(a.chargeback.reply)}) has passed: the processor will likely refuse ` +
        'an answer sent now.',
      consent: 'sendLate',
    });
  return problems;
}

/** The first reason the answer may not be queued, given what the merchant said yes to; undefined:
 * it is ready. */
export function answerReadiness(a: AnswerFacts, consents: ReadinessConsents, now: Date): ReadinessProblem | undefined {
  return readinessProblems(a, now).find((p) => !p.consent || consents[p.consent] !== true);
}

const errorKindOf: Record<ReadinessKind, ErrorKind> = {
  decided: 'not-open',
  closed: 'not-open',
  'not-actionable': 'not-actionable',
  'note-too-long': 'validation',
  empty: 'validation',
  unusual: 'validation',
  late: 'deadline-passed',
};

const fieldOf: Partial<Record<ReadinessKind, string>> = { empty: 'content', 'note-too-long': 'note' };

/** The problem as a refusal: its field names the consent that lifts it (or `content`), so where the
 * merchant answers from can say how to give it. */
export function readinessError(p: ReadinessProblem): AppError {
  return new AppError(errorKindOf[p.kind], `${p.text} Nothing was queued.`, {
    fields: [{ field: p.consent ?? fieldOf[p.kind] ?? 'chargeback', message: p.kind }],
  });
}
