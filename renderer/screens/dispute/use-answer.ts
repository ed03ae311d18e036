// The answer being written on the dispute page: its state (useAnswerState, held for the page's
// life so a failed refetch does not lose it) and what follows from it on the page as it is now
// (answerOf): the readiness rule at Send, the questions it asks, and the one queuing of it.
import { useRef, useState } from 'react';
import { mutate } from '../../data/data.ts';
import type { Screen } from '../../state/app-store.ts';
import type { MessageType } from '../../../shared/domain/enums.ts';
import { parseConcession } from '../../../shared/domain/concession.ts';
import { secondAnswerWarning } from '../../../shared/domain/answer-lifecycle.ts';
import { letterBlanks } from '../../../shared/domain/cover-letter-templates.ts';
import { formatMoment } from '../../../shared/domain/merchant-format.ts';
import { packetReadiness, type SizeCheck } from '../../../shared/evidence/readiness.ts';
import type { DisputeView } from '../../../shared/views/dispute-view.ts';
import {
  answerReadiness,
  hasTypedFacts,
  type ReadinessConsents,
  type ReadinessProblem,
} from '../../../shared/domain/answer-readiness.ts';
import { settingsOfDraft, type EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { EvidenceLimits } from '../../../shared/evidence/limits.ts';

/** A moment the app recorded, on the merchant's clock. */
export const momentOnScreen = (ms: number): string => formatMoment(ms);

export function useAnswerState() {
  const [type, setType] = useState<MessageType | ''>('');
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState('');
  const [another, setAnother] = useState(false);
  const [sending, setSending] = useState(false);
  // The yes the merchant gave to this answer's own questions (unusual at its stage, late).
  const [consents, setConsents] = useState<ReadinessConsents>({});
  // The question or refusal the readiness rule raised at the last press of Send.
  const [problem, setProblem] = useState<ReadinessProblem>();
  const [reviewing, setReviewing] = useState(false);
  // Set the moment the answer is handed to main, before any re-render: a second click (or a
  // double click) finds it set and queues nothing more.
  const queuing = useRef(false);
  return {
    type,
    setType,
    note,
    setNote,
    amount,
    setAmount,
    amountError,
    setAmountError,
    another,
    setAnother,
    sending,
    setSending,
    consents,
    setConsents,
    problem,
    setProblem,
    reviewing,
    setReviewing,
    queuing,
  };
}
export type AnswerState = ReturnType<typeof useAnswerState>;

interface AnswerContext {
  view: DisputeView;
  profileId: string;
  chargebackId: string;
  limits: EvidenceLimits | undefined;
  draft: EvidenceDraft | undefined;
  check: SizeCheck;
  /** The exhibits the packet adds from the card's history, by title (historyExhibitTitles). */
  historyExhibits: readonly string[];
  app: { go(s: Screen): void; say(kind: 'error' | 'info', text: string): void; clearToast(): void };
}

/** The answer on the page as it stands, and the merchant's actions on it. */
export function answerOf(
  s: AnswerState,
  { view, profileId, chargebackId, limits, draft, check, historyExhibits, app }: AnswerContext,
) {
  const cb = view.chargeback;
  const rule = view.messageTypes.find((m) => m.type === s.type);
  const disputed = { total: cb.total, currency: cb.currency };
  // A second answer to this stage is asked about first, with what was already sent.
  // Main said whether this answer would be a second one; its words are written here, on the merchant's clock.
  const already = rule?.secondAnswerWarning ? secondAnswerWarning(view.answer, momentOnScreen) : undefined;
  const withPages = !!(rule?.withEvidence && limits && draft && draft.arrangement.pages.length > 0);
  // Typed facts go in the packet too, with or without a file.
  const typedFacts = !!(rule?.withEvidence && hasTypedFacts(draft?.slots));
  // The card history's exhibits are evidence of their own: with them alone there is a packet.
  const fromHistory = !!(rule?.withEvidence && historyExhibits.length > 0);
  const withEvidence = !!(limits && draft && (withPages || typedFacts || fromHistory));
  // A packet still being sized, or over the limits, waits (the handler refuses one over them too);
  // typed facts alone make a packet too (the letter that states them), sized like any other.
  const packet = packetReadiness(check);
  const packetHold = withEvidence && !packet.ok ? packet.reason : undefined;
  // A letter with blanks left in it is never sent: the main process refuses it too.
  const letterOn = withEvidence && draft?.coverLetter !== false && draft?.output !== 'image';
  const blanks = letterOn && draft ? letterBlanks(draft.rebuttal) : [];
  const conceded = rule?.needsAmount ? parseConcession(s.amount, disputed) : undefined;

  const choose = (value: MessageType): void => {
    s.setType(value);
    s.setAnother(false);
    s.setConsents({});
    s.setProblem(undefined);
    s.setAmountError('');
  };
  /** The answer as the readiness rule reads it, from what is on the page now. */
  const readiness = (given: ReadinessConsents): ReadinessProblem | undefined =>
    rule &&
    answerReadiness(
      {
        chargeback: { ...cb, reply: view.deadline.reply },
        messageType: rule.type,
        note: s.note,
        files: (withPages && draft ? draft.arrangement.pages.length : 0) + (fromHistory ? historyExhibits.length : 0),
        slots: rule.withEvidence ? draft?.slots : undefined,
      },
      given,
      new Date(),
    );

  /** Send: the amount, then the readiness rule (a refusal says why; a question waits for its own
   * yes), then a second answer is asked about, then the final review. Nothing is queued here. */
  function send(given: ReadinessConsents = s.consents): void {
    if (!rule) return;
    // The amount is checked where it is typed, by the same rule the main process applies again.
    const parsed = rule.needsAmount ? parseConcession(s.amount, disputed) : undefined;
    if (parsed && 'error' in parsed) return s.setAmountError(parsed.error.message);
    s.setAmountError('');
    app.clearToast();
    const stop = readiness(given);
    s.setProblem(stop);
    if (stop) return;
    if (already && !s.another) return s.setAnother(true);
    s.setReviewing(true);
  }

  /** Says yes to the question asked, then goes on as Send would. */
  function consent(to: keyof ReadinessConsents): void {
    const given = { ...s.consents, [to]: true };
    s.setConsents(given);
    send(given);
  }

  /** The review's "Confirm and send": hands the answer to main once, never while the packet
   * changed since the review opened is being sized again (its pages would be unknown). */
  async function queue(): Promise<void> {
    if (!rule || s.queuing.current || packetHold) return;
    s.queuing.current = true;
    s.setSending(true);
    const parsed = rule.needsAmount ? parseConcession(s.amount, disputed) : undefined;
    const minor = parsed && 'amount' in parsed ? parsed.amount : undefined;
    const evidence =
      withEvidence && draft && limits
        ? {
            arrangement: draft.arrangement,
            settings: settingsOfDraft(draft, limits),
            rebuttal: draft.rebuttal,
            ...(draft.slots ? { slots: draft.slots } : {}),
          }
        : undefined;
    const r = await mutate('submitResponse', {
      profileId,
      chargebackId,
      messageType: rule.type,
      ...(s.note.trim() ? { note: s.note.trim() } : {}),
      ...(minor !== undefined ? { amount: minor } : {}),
      // The review said it cannot be undone: confirming there is the merchant's confirmation.
      confirmed: true,
      ...(s.another ? { anotherAnswer: true } : {}),
      ...(s.consents.unusual ? { unusual: true } : {}),
      ...(s.consents.sendLate ? { sendLate: true } : {}),
      ...(evidence ? { evidence } : {}),
    });
    s.setSending(false);
    s.setReviewing(false);
    s.setAnother(false);
    if (!r.ok) {
      s.queuing.current = false;
      return app.say('error', r.error.message);
    }
    // Said on the outbox, where it is true (a message leaves with the screen it was said on).
    app.go({ name: 'outbox' });
    app.say(
      'info',
      `${rule.label} is queued: the outbox sends it exactly once, and its card here says when it has gone.`,
    );
  }

  // The last refusal or question stays only while it still holds (a note typed since clears it).
  const shown = s.problem && readiness(s.consents)?.kind === s.problem.kind ? s.problem : undefined;
  return {
    rule,
    disputed,
    already,
    withPages,
    typedFacts,
    withEvidence,
    historyExhibits: rule?.withEvidence ? historyExhibits : [],
    packetHold,
    letterOn,
    blanks,
    conceded,
    shown,
    choose,
    send,
    consent,
    queue,
  };
}
export type Answer = ReturnType<typeof answerOf>;
