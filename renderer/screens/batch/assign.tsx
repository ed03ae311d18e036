// The review's last column: which chargeback a file goes to, and how the merchant changes that
// (a suggested candidate, a search by what they know, leave out, put back).
import { useState, type ReactNode } from 'react';
import { targetOf, unusable, type PlannedFile } from '../../../shared/batch.ts';
import { findChargebacks, type BatchChargeback } from '../../../shared/batch-find.ts';
import { Candidate } from './candidate.tsx';

/** What the merchant does with one file: assign it (by anything that names a chargeback), leave
 * it out, or neither (back to what the matcher said). */
export type Choice = { chargebackId?: string; leaveOut?: boolean };

/** Assigning by what the merchant knows (order number, customer, email, amount or ID), with the
 * chargebacks that fit suggested as they type. */
function FindAndAssign({
  file,
  list,
  onAssign,
  after,
}: {
  file: PlannedFile;
  list: readonly BatchChargeback[];
  onAssign(choice: Choice): void;
  after: ReactNode;
}) {
  const [typed, setTyped] = useState('');
  // Those that can still take an answer first: a closed one would only be held back.
  const fits =
    typed.trim().length >= 2
      ? findChargebacks(list, typed)
          .sort((a, b) => Number(b.answerable) - Number(a.answerable))
          .slice(0, 6)
      : [];
  return (
    <form
      className="assign"
      onSubmit={(e) => (e.preventDefault(), typed.trim() && onAssign({ chargebackId: typed.trim() }))}
    >
      <input
        aria-label={`Chargeback for ${file.name}`}
        placeholder="Order, customer, email, amount or ID"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <button type="submit" disabled={!typed.trim()}>
        Assign
      </button>
      {after}
      {fits.length > 0 && (
        <ul className="suggestions" role="listbox" aria-label={`Chargebacks that fit “${typed.trim()}”`}>
          {fits.map((c) => (
            <li key={c.id} role="option" aria-selected="false">
              <button type="button" className="link" onClick={() => onAssign({ chargebackId: c.id })}>
                <Candidate c={c} id={c.id} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

export function Assign({
  file,
  list,
  onAssign,
}: {
  file: PlannedFile;
  list: ReadonlyMap<string, BatchChargeback>;
  onAssign(choice: Choice): void;
}) {
  const [editing, setEditing] = useState(false);
  if (unusable(file))
    return <span className="muted">{file.match.status === 'skipped' ? 'Not evidence' : 'Cannot be used'}</span>;
  if (file.leftOut)
    return (
      <span className="muted">
        Left out{' '}
        <button className="link" aria-label={`Put ${file.name} back`} onClick={() => onAssign({})}>
          put back
        </button>
      </span>
    );
  const target = targetOf(file);
  const leaveOut = (
    <button className="link" aria-label={`Leave ${file.name} out`} onClick={() => onAssign({ leaveOut: true })}>
      leave out
    </button>
  );
  if (target && !editing) {
    return (
      <span className="assigned">
        <Candidate c={list.get(target)} id={target} />{' '}
        <button className="link" aria-label={`Change the chargeback of ${file.name}`} onClick={() => setEditing(true)}>
          change
        </button>
        {' · '}
        {leaveOut}
      </span>
    );
  }
  const all = [...list.values()];
  const find = (
    <FindAndAssign
      file={file}
      list={all}
      onAssign={(c) => (setEditing(false), onAssign(c))}
      after={
        editing ? (
          <button type="button" className="link" onClick={() => setEditing(false)}>
            keep
          </button>
        ) : (
          leaveOut
        )
      }
    />
  );
  if (file.match.status === 'ambiguous' && !editing) {
    return (
      <div className="assign-candidates">
        <ul aria-label={`Chargebacks that may fit ${file.name}`}>
          {file.match.candidates.map((id) => (
            <li key={id}>
              <Candidate c={list.get(id)} id={id} />{' '}
              <button aria-label={`Assign ${file.name} to ${id}`} onClick={() => onAssign({ chargebackId: id })}>
                This one
              </button>
            </li>
          ))}
        </ul>
        {find}
      </div>
    );
  }
  return find;
}
