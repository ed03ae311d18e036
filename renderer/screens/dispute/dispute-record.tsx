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

export function DisputeHistory({ view }: { view: DisputeView }) {
  return (
    <article className="card">
      <h2>History</h2>
      <ol className="timeline">
        {view.history.map((s) => (
          <li key={s.id}>
            <strong>{statusStepText(s.status, s.messageType)}</strong>{' '}
            <span className="muted">{formatMoment(s.at)}</span>
          </li>
        ))}
        {view.messages.map((m) => (
          <li key={m.id}>
            <strong>{messageText(m.type, m.status)}</strong> <span className="muted">{formatMoment(m.at)}</span>
          </li>
        ))}
        {view.documents.map((d) => (
          <li key={d.id}>
            Document <strong>{d.name}</strong>
            {d.status ? `, ${documentStatusText(d.status)}` : ''}
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
