// The review's table of files: each scan, what it matched and why, and the chargeback it goes to;
// what needs the merchant first.
import { targetOf, turnOf, type PlannedFile } from '../../../shared/batch.ts';
import type { BatchChargeback } from '../../../shared/batch-find.ts';
import { Thumb } from '../evidence-builder/thumbs.tsx';
import { Assign, type Choice } from './assign.tsx';

const matchLabel: Record<PlannedFile['match']['status'], string> = {
  matched: 'Matched',
  // "Several fit" only when several do: one candidate that is not sure enough is to be checked.
  ambiguous: 'Several fit',
  unmatched: 'No match',
  refused: 'Refused',
  skipped: 'Skipped',
};

/** The colour of a file's state: done once matched or assigned, waiting while the merchant must choose. */
const matchState: Record<PlannedFile['match']['status'], string> = {
  matched: 'done',
  ambiguous: 'waiting',
  unmatched: 'waiting',
  refused: 'failed',
  skipped: 'muted',
};

/** What needs the merchant first, then what is ready. */
const order: Record<string, number> = { ambiguous: 0, unmatched: 1, refused: 2, matched: 3, skipped: 4 };

/** The facts read from the scan that agree with the chargeback's transaction, and those against. */
function Reasons({ f }: { f: PlannedFile }) {
  const m = f.match;
  const agreed = 'agreed' in m ? (m.agreed ?? []) : [];
  const against = 'against' in m ? (m.against ?? []) : [];
  return (
    <>
      {m.reason}
      {f.scan?.read === false && <span className="warn"> The text of this scan could not be read.</span>}
      {f.scan?.read !== false && turnOf(f.scan, 0) !== 0 && (
        <span className="muted">
          {f.scan?.read
            ? ` Read turned ${turnOf(f.scan, 0)}°; it goes upright in the packet.`
            : ` Turned ${turnOf(f.scan, 0)}° so that it goes upright in the packet.`}
        </span>
      )}
      {(agreed.length > 0 || against.length > 0) && (
        <ul className="reasons" aria-label={`Reasons for ${f.name}`}>
          {agreed.map((a) => (
            <li key={`+${a}`} className="for">
              ✓ {a}
            </li>
          ))}
          {against.map((a) => (
            <li key={`-${a}`} className="against">
              ✗ {a}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function FileTable({
  files,
  held,
  byId,
  onAssign,
}: {
  files: readonly PlannedFile[];
  /** The chargebacks whose packets are held back. */
  held: ReadonlySet<string>;
  byId: ReadonlyMap<string, BatchChargeback>;
  onAssign(file: PlannedFile, choice: Choice): void;
}) {
  const rows = [...files].sort(
    (a, b) =>
      (a.assigned ? 3 : order[a.match.status]!) - (b.assigned ? 3 : order[b.match.status]!) ||
      a.name.localeCompare(b.name),
  );
  return (
    <table className="review" aria-label="Files and their chargebacks">
      <thead>
        <tr>
          <th>Scan</th>
          <th>File</th>
          <th>Pages</th>
          <th>Match</th>
          <th>Why</th>
          <th>Chargeback</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((f) => (
          <tr key={f.name} className={`match-${f.leftOut ? 'left-out' : f.assigned ? 'assigned' : f.match.status}`}>
            <td>
              {f.itemId ? (
                <Thumb
                  page={{ itemId: f.itemId, page: 0, rotation: turnOf(f.scan, 0) }}
                  kind={/\.pdf$/i.test(f.name) ? 'pdf' : 'image'}
                />
              ) : null}
            </td>
            <td className="file">{f.name}</td>
            <td>{f.pages ?? ''}</td>
            <td>
              <span className={`state ${f.assigned ? 'done' : matchState[f.match.status]}`}>
                {f.leftOut
                  ? 'Left out'
                  : f.assigned
                    ? 'Assigned by you'
                    : f.match.status === 'ambiguous' && f.match.candidates.length === 1
                      ? 'Check this one'
                      : matchLabel[f.match.status]}
              </span>
              {targetOf(f) && held.has(targetOf(f)!) && (
                <span className="state failed" data-testid="held">
                  {' '}
                  · held back
                </span>
              )}
            </td>
            <td className="why">
              <Reasons f={f} />
              {f.warning ? (
                <span className="warn" role="note">
                  {' '}
                  {f.warning}
                </span>
              ) : null}
            </td>
            <td>
              <Assign file={f} list={byId} onAssign={(choice) => onAssign(f, choice)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
