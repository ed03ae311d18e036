// The "The payment's facts" card of a fraud or authorization dispute: what the transaction record
// says about 3-D Secure, AVS and CVV, the IP and device, the entry mode and the addresses, in the
// record's words and marked by whether they support the case; the merchant confirms each or
// writes their own statement, which stays theirs (the letter says so) and never ticks a box.
import { useState } from 'react';
import {
  withConfirmed,
  withStatement,
  paymentStatementMax,
  type PaymentFact,
  type PaymentFactId,
  type PaymentStatements,
} from '../../../shared/domain/payment-facts.ts';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { DraftEdit } from '../evidence-builder/use-draft.ts';

interface Props {
  facts: readonly PaymentFact[];
  /** The draft being written, when an answer that sends evidence is chosen (else read-only). */
  draft: EvidenceDraft | undefined;
  onEdit(e: DraftEdit): void;
}

const editOf = (change: (s: PaymentStatements | undefined) => PaymentStatements): DraftEdit => ({
  apply: (d) => ({ ...d, slots: { ...d.slots, payment: change(d.slots?.payment) } }),
});

function FactRow({ fact, draft, onEdit }: { fact: PaymentFact } & Omit<Props, 'facts'>) {
  const said = draft?.slots?.payment;
  const confirmed = said?.confirmed?.includes(fact.id) ?? false;
  const statement = said?.statements?.[fact.id] ?? '';
  const [correcting, setCorrecting] = useState(false);
  const id = `payment-${fact.id}`;
  // The edit is applied later, by the builder that keeps the draft: what was ticked or typed is
  // read now, never from the event then.
  const set = (change: (s: PaymentStatements | undefined, f: PaymentFactId) => PaymentStatements): void =>
    onEdit(editOf((s) => change(s, fact.id)));
  return (
    <li className={fact.supports ? 'supports' : 'silent'} data-testid={id}>
      <div className="payment-fact-head">
        <strong>{fact.label}</strong>{' '}
        <span className={`fact-verdict ${fact.supports ? 'yes' : 'no'}`} data-testid={`${id}-verdict`}>
          {fact.supports
            ? 'Supports your case'
            : fact.present
              ? 'As recorded, not proof on its own'
              : 'Not in the record'}
        </span>
      </div>
      <p className="payment-fact-record">
        <span className="muted">The transaction record: </span>
        <q data-testid={`${id}-record`}>{fact.record}</q>
      </p>
      {draft && (
        <div className="payment-fact-actions">
          <label>
            <input
              type="checkbox"
              checked={confirmed}
              onChange={(e) => {
                const on = e.target.checked;
                set((s, f) => withConfirmed(s, f, on));
              }}
            />{' '}
            This is right
          </label>
          {!correcting && !statement && (
            <button type="button" className="link" onClick={() => setCorrecting(true)}>
              Correct it…
            </button>
          )}
        </div>
      )}
      {draft && (correcting || statement) && (
        <label className="payment-fact-statement">
          You state (the letter says this is yours, not the record's)
          <textarea
            rows={2}
            maxLength={paymentStatementMax}
            value={statement}
            data-testid={`${id}-yours`}
            onChange={(e) => {
              const words = e.target.value;
              set((s, f) => withStatement(s, f, words));
            }}
          />
        </label>
      )}
    </li>
  );
}

export function PaymentFactsCard({ facts, draft, onEdit }: Props) {
  if (facts.length === 0) return null;
  return (
    <article className="card payment-facts" aria-label="The payment's facts">
      <h2>The payment's facts</h2>
      <p>
        What the transaction record says, word for word. What supports your case ticks the checklist, and the cover
        letter states each fact only as the record gives it: a result the record does not show is never claimed.
      </p>
      <ul className="payment-fact-list">
        {facts.map((f) => (
          <FactRow key={f.id} fact={f} draft={draft} onEdit={onEdit} />
        ))}
      </ul>
      {!draft && <p className="hint">Choose an answer that sends evidence to confirm these or correct them.</p>}
    </article>
  );
}
