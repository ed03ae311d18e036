// The "What will be sent" card: a summary of the answer and its packet, the readiness rule's
// refusal or question, Send, and the final review that queues it.
import { useEffect, useRef } from 'react';
import { formatAmount } from '../../../shared/domain/money.ts';
import { concessionMeaning } from '../../../shared/domain/concession.ts';
import { exhibitTitles } from '../../../shared/domain/exhibit-titles.ts';
import { formatSize } from '../../../shared/domain/merchant-format.ts';
import type { SizeCheck } from '../../../shared/evidence/readiness.ts';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { EvidenceLimits } from '../../../shared/evidence/limits.ts';
import { providedSlots, slotIds, typedFields } from '../../../shared/evidence/slots.ts';
import { slotLabel, type EvidenceSlotSpec } from '../../../shared/domain/evidence-guidance.ts';
import type { DisputeView } from '../../../shared/views/dispute-view.ts';
import { merchantStatements } from '../../../shared/domain/payment-facts.ts';
import { AnswerReview, type AnswerReviewFacts } from '../answer-review.tsx';
import { isAnswer } from '../../../shared/domain/answer-lifecycle.ts';
import type { Answer, AnswerState } from './use-answer.ts';

interface Props {
  view: DisputeView;
  chargebackId: string;
  s: AnswerState;
  answer: Answer;
  draft: EvidenceDraft | undefined;
  check: SizeCheck;
  limits: EvidenceLimits | undefined;
  slotSpecs: EvidenceSlotSpec[];
}

export function SendSummary({ view, chargebackId, s, answer, draft, check, limits, slotSpecs }: Props) {
  const {
    rule,
    disputed,
    already,
    withPages,
    typedFacts,
    withEvidence,
    historyExhibits,
    packetHold,
    letterOn,
    blanks,
    conceded,
    shown,
  } = answer;
  const cb = view.chargeback;
  const currency = cb.currency;
  const sendButton = useRef<HTMLButtonElement>(null);
  // A question Send raised takes the keyboard too: its yes is one Tab away, never pressed by
  // the Enter that pressed Send.
  const question = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (s.problem?.consent) question.current?.focus();
  }, [s.problem]);

  // A slot with a file or a typed fact reaches the letter and counts as filled.
  const filled = rule?.withEvidence && draft ? providedSlots(draft.slots, draft.arrangement) : [];
  const files = draft ? new Set(draft.arrangement.pages.map((p) => p.itemId)).size : 0;
  // The packet adds the card history's exhibits to the merchant's files (a qualifying CE 3.0 check,
  // the customer's earlier orders when chosen): the count is the packet's, as the letter numbers it.
  const exhibits = files + historyExhibits.length;
  // One page count for the packet everywhere (summary, builder, review): its pages as built, the
  // cover letter's included, from the size estimate of the arrangement on screen.
  const packetPages = withEvidence && check.state === 'sized' ? check.estimate.pages : undefined;
  const pagesText = packetPages === undefined ? 'counting…' : `${packetPages} page${packetPages === 1 ? '' : 's'}`;
  const sizeText =
    check.state === 'sized'
      ? `${formatSize(check.estimate.bytes)} of ${limits ? formatSize(limits.maxTotalBytes) : '?'}`
      : check.state === 'failed'
        ? 'could not be calculated'
        : 'calculating…';
  const letterText = !letterOn
    ? 'none'
    : blanks.length > 0
      ? `${blanks.length === 1 ? '1 blank' : `${blanks.length} blanks`} to fill`
      : 'ready';
  const concededText = conceded && 'amount' in conceded ? formatAmount(conceded.amount, currency) : '—';
  const reviewFacts = (r: NonNullable<typeof rule>): AnswerReviewFacts => {
    // The exhibits by the titles the letter and the packet give them, never by their file names.
    const titles =
      withPages && draft
        ? exhibitTitles(draft.arrangement, draft.slots, (id) => draft.items.find((i) => i.id === id))
        : new Map<string, string>();
    const fact = (label: string): string | undefined => view.facts.find((f) => f.label === label)?.value;
    return {
      chargebackId,
      customer: fact('Cardholder') ?? fact('Company') ?? fact('Email'),
      order: fact('Order'),
      label: r.label,
      meaning: r.meaning,
      next: r.next,
      cost: r.cost,
      disputed: `${formatAmount(cb.total, currency)} disputed`,
      conceded: conceded && 'amount' in conceded ? concessionMeaning(conceded.amount, disputed) : undefined,
      note: s.note.trim() || undefined,
      exhibits: [...titles.values(), ...historyExhibits],
      pages: packetPages ?? 0,
      letter: withEvidence && letterOn,
      typed: typedFacts
        ? [
            ...slotIds.filter((id) => typedFields(draft?.slots, id).length > 0).map(slotLabel),
            // What the merchant confirmed or stated about the payment's facts goes in the letter too.
            ...(draft?.slots?.payment?.confirmed?.length || merchantStatements(draft?.slots?.payment).length
              ? ["the payment's facts"]
              : []),
          ]
        : [],
      cannotUndo: r.needsConfirmation,
      toIssuer: isAnswer(r.type),
      unusual: s.consents.unusual === true,
      late: s.consents.sendLate === true,
      another: s.another,
    };
  };

  return (
    <article className="card summary-card" aria-label="What will be sent">
      <h2>What will be sent</h2>
      <dl className="summary">
        <div>
          <dt>Answer</dt>
          <dd data-testid="summary-answer">{rule ? rule.label : 'Not chosen yet'}</dd>
        </div>
        <div>
          <dt>Amount disputed</dt>
          <dd>{formatAmount(cb.total, currency)}</dd>
        </div>
        {rule?.needsAmount && (
          <div>
            <dt>You concede</dt>
            <dd>{concededText}</dd>
          </div>
        )}
        {rule?.withEvidence && (
          <>
            <div>
              <dt>Exhibits</dt>
              <dd data-testid="summary-exhibits">
                {exhibits === 0 ? 'None yet' : `${exhibits} file${exhibits === 1 ? '' : 's'}`}
              </dd>
            </div>
            {withEvidence && (
              <div>
                <dt>Pages</dt>
                <dd data-testid="summary-pages">
                  {pagesText}
                  {letterOn ? ', the cover letter’s included' : ''}
                </dd>
              </div>
            )}
            {slotSpecs.length > 0 && (
              <div>
                <dt>Evidence slots</dt>
                <dd data-testid="summary-slots">
                  {slotSpecs.filter((x) => filled.includes(x.id)).length} of {slotSpecs.length} filled
                </dd>
              </div>
            )}
            {withEvidence && (
              <div>
                <dt>Size</dt>
                <dd data-testid="summary-size">{sizeText}</dd>
              </div>
            )}
            {withEvidence && (
              <div>
                <dt>Cover letter</dt>
                <dd data-testid="summary-letter" className={blanks.length ? 'needs' : ''}>
                  {letterText}
                </dd>
              </div>
            )}
          </>
        )}
      </dl>
      {s.another && already && (
        <div className="error confirm" role="alert">
          <p>{already}</p>
          <p>Press “Send another answer” only if you mean the issuer to get both.</p>
        </div>
      )}
      {shown && !shown.consent && (
        <p className="error" role="alert" data-testid="answer-refused">
          {shown.text}
        </p>
      )}
      {shown?.consent === 'unusual' && (
        <div className="error confirm" role="alert" data-testid="answer-question" ref={question} tabIndex={-1}>
          <p>{shown.text}</p>
          <p>Do you mean to send it all the same?</p>
          <button type="button" onClick={() => answer.consent('unusual')}>
            Yes, I mean this answer
          </button>
        </div>
      )}
      {shown?.consent === 'sendLate' && (
        <div className="error confirm" role="alert" data-testid="answer-question" ref={question} tabIndex={-1}>
          <p>{shown.text}</p>
          <p>Send it only if your processor agreed to take it late.</p>
          <button type="button" onClick={() => answer.consent('sendLate')}>
            Send it late anyway
          </button>
        </div>
      )}
      {blanks.length > 0 && (
        <p className="error" role="alert">
          The cover letter still has {blanks.length === 1 ? 'a blank' : `${blanks.length} blanks`} to fill:{' '}
          {blanks.join(', ')}. Write in what belongs there, or take the sentence out.
        </p>
      )}
      <button
        ref={sendButton}
        className="primary send"
        disabled={!rule || s.sending || blanks.length > 0 || !!packetHold}
        aria-describedby={packetHold ? 'packet-hold' : undefined}
        onClick={() => answer.send()}
      >
        {s.sending
          ? 'Building and queuing…'
          : s.another && already
            ? 'Send another answer'
            : withEvidence
              ? 'Add to outbox'
              : 'Send'}
      </button>
      {/* Under Send, never above it: a hint that comes and goes while the packet is re-sized must
          not move the button between the press and the release of a click. */}
      {packetHold && (
        <p className="hint" id="packet-hold" role="status">
          {packetHold}
        </p>
      )}
      {!rule && <p className="hint">Choose an answer to send.</p>}
      {s.reviewing && rule && (
        <AnswerReview
          facts={reviewFacts(rule)}
          sending={s.sending}
          hold={packetHold}
          onConfirm={() => void answer.queue()}
          onClose={() => !s.queuing.current && s.setReviewing(false)}
          opener={sendButton}
        />
      )}
    </article>
  );
}
