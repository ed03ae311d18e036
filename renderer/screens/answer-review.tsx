// The last look before an answer is queued: the answer in words (what it does and what happens
// next), the amount, the note, the pages and exhibits, any yes the merchant gave on the way, and
// that it goes to the issuer once and cannot be changed. "Confirm and send" queues it; the dispute
// page makes sure one press (or a double click) queues it once.
import type { RefObject } from 'react';
import { Dialog } from '../components/dialog.tsx';

/** What the review restates, already in words. */
export interface AnswerReviewFacts {
  chargebackId: string;
  /** Whose chargeback it is and for which order, as the record names them, when it does. */
  customer?: string | undefined;
  order?: string | undefined;
  label: string;
  meaning: string;
  next: string;
  cost: string;
  /** "$727.45 disputed". */
  disputed: string;
  /** What a concession means ("You concede $700.00 (USD) of …"), when it carries one. */
  conceded?: string | undefined;
  note?: string | undefined;
  /** The exhibits' titles (as the letter and the packet give them), in the letter's order. */
  exhibits: readonly string[];
  /** The packet's pages as built, the cover letter's included. */
  pages: number;
  /** A cover letter goes first. */
  letter: boolean;
  /** Evidence sections with typed facts, by name. */
  typed: readonly string[];
  /** It cannot be undone (the message type's own confirmation). */
  cannotUndo: boolean;
  /** It answers the dispute (goes on to the issuer); a note or an assignment stays with the processor. */
  toIssuer: boolean;
  /** The merchant said yes to an answer the stage does not usually take. */
  unusual: boolean;
  /** The merchant said yes to sending after the reply date. */
  late: boolean;
  /** The merchant said yes to a second answer at this stage. */
  another: boolean;
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "Jane Roe, order 1042": the chargeback as the merchant knows it. */
const whoseChargeback = (f: AnswerReviewFacts): string =>
  [f.customer, f.order ? `order ${f.order}` : undefined].filter(Boolean).join(', ');

export function AnswerReview({
  facts: f,
  sending,
  hold,
  onConfirm,
  onClose,
  opener,
}: {
  facts: AnswerReviewFacts;
  sending: boolean;
  /** Why the packet cannot go yet (it is being sized again, or is over the limits): Confirm waits. */
  hold?: string | undefined;
  onConfirm(): void;
  onClose(): void;
  opener: RefObject<HTMLElement | null>;
}) {
  const inAll = `${plural(f.pages, 'page')} in all${f.letter ? ', the cover letter’s included' : ''}`;
  const evidence =
    f.exhibits.length === 0 && f.typed.length === 0
      ? 'No evidence goes with it.'
      : [
          f.exhibits.length > 0
            ? `${plural(f.exhibits.length, 'exhibit')}${f.letter ? ' after a cover letter' : ''}, ${inAll}: ` +
              `${f.exhibits.join(', ')}.`
            : f.letter
              ? `A cover letter, ${inAll}.`
              : '',
          f.typed.length > 0 ? `What you typed about: ${f.typed.join(', ')}.` : '',
        ]
          .filter(Boolean)
          .join(' ');
  const whose = whoseChargeback(f);
  return (
    <Dialog
      label="Review before sending"
      className="modal small-dialog answer-review"
      onClose={onClose}
      returnFocusTo={opener}
    >
      <div className="modal-head">
        <strong>Review before sending</strong>
      </div>
      <div className="small-dialog-body">
        <dl className="summary" data-testid="answer-review">
          <div>
            <dt>Answer</dt>
            <dd>
              <strong>{f.label}</strong> to chargeback {f.chargebackId}
              {whose ? ` (${whose})` : ''}: {f.meaning}
            </dd>
          </div>
          <div>
            <dt>Then</dt>
            <dd>{f.next}</dd>
          </div>
          <div>
            <dt>Costs</dt>
            <dd>{f.cost}</dd>
          </div>
          <div>
            <dt>Amount</dt>
            <dd>{f.disputed}</dd>
          </div>
          <div>
            <dt>Note</dt>
            <dd>{f.note ? `“${f.note}”` : 'None'}</dd>
          </div>
          <div>
            <dt>Evidence</dt>
            <dd data-testid="review-evidence">{evidence}</dd>
          </div>
        </dl>
        <div className="error confirm" role="alert">
          {f.conceded && <p>{f.conceded}</p>}
          {f.late && <p>It goes after the reply date: the processor will likely refuse it.</p>}
          {f.unusual && <p>It is not an answer this stage usually takes.</p>}
          {f.another && <p>It is a second answer at this stage: the issuer gets both.</p>}
          <p>
            {f.toIssuer
              ? 'It goes to the issuer once, and cannot be changed after it is sent.'
              : 'It goes to the processor once, and cannot be changed after it is sent. It does not answer the dispute.'}
            {f.cannotUndo ? ` ${f.label} cannot be undone.` : ''}
          </p>
        </div>
        {hold && (
          <p className="hint" role="status" data-testid="review-hold">
            {hold}
          </p>
        )}
        <span className="actions">
          <button type="button" className="primary" disabled={sending || !!hold} onClick={onConfirm}>
            {sending ? 'Building and queuing…' : 'Confirm and send'}
          </button>
          <button type="button" onClick={onClose} disabled={sending}>
            Go back
          </button>
        </span>
      </div>
    </Dialog>
  );
}
