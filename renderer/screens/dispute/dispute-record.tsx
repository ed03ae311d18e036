// The dispute's record beside the work: what happened to it so far, and its money.
import {
  documentStatusText,
  formatCalendarDate,
  formatMoment,
  messageText,
  statusStepText,
} from '../../../shared/domain/merchant-format.ts';
import type { DisputeView } from '../../../shared/views/dispute-view.ts';
import { MoneyTotals, EntryLabelCell, EntryKindTag, EntryAmount } from '../../components/money.tsx';

/** The status steps, messages and documents in one list, oldest first (each with its moment; one
 * the record gives none goes last, in the order it came). */
export function DisputeHistory({ view }: { view: DisputeView }) {
  const lines = [
    ...view.history.map((s) => ({
      key: `s-${s.id}`,
      at: s.at,
      what: <strong>{statusStepText(s.status, s.messageType)}</strong>,
    })),
    ...view.messages.map((m) => ({
      key: `m-${m.id}`,
      at: m.at,
      what: <strong>{messageText(m.type, m.status)}</strong>,
    })),
    ...view.documents.map((d) => ({
      key: `d-${d.id}`,
      at: d.at,
      what: (
        <>
          Document <strong>{d.name}</strong>
          {d.status ? `, ${documentStatusText(d.status)}` : ''}
        </>
      ),
    })),
  ];
  // Stable: lines of one moment keep their kinds' order (status, message, document).
  const ordered = lines
    .map((l, i) => ({ ...l, i }))
    .sort((a, b) => (a.at ?? '\uffff').localeCompare(b.at ?? '\uffff') || a.i - b.i);
  return (
    <article className="card">
      <h2>History</h2>
      <ol className="timeline">
        {ordered.map((l) => (
          <li key={l.key}>
            {l.what} {l.at ? <span className="muted">{formatMoment(l.at)}</span> : null}
          </li>
        ))}
      </ol>
    </article>
  );
}

export function DisputeMoney({ view }: { view: DisputeView }) {
  return (
    <article className="card">
      <h2>Money</h2>
      {view.money.entries.length ? (
        <table className="ledger">
          <tbody>
            {view.money.entries.map((e) => (
              <tr key={e.id} data-kind={e.kind}>
                <td>{e.created ? formatCalendarDate(e.created.slice(0, 10)) : ''}</td>
                <EntryLabelCell line={e} />
                <td>
                  <EntryKindTag line={e} />
                </td>
                <EntryAmount line={e} />
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No ledger effect yet.</p>
      )}
      {view.money.totals && <MoneyTotals totals={view.money.totals} />}
    </article>
  );
}
