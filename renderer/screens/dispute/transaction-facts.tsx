// The disputed transaction's facts as the app holds them, each value in the merchant's words.
import { formatCalendarDate, formatMoment } from '../../../shared/domain/merchant-format.ts';
import type { DisputeView } from '../../../shared/views/dispute-view.ts';

export function TransactionFacts({ view }: { view: DisputeView }) {
  return (
    <article className="card">
      <h2>The disputed transaction</h2>
      {view.facts.length ? (
        <dl className="facts">
          {view.facts.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>
                {f.kind === 'date'
                  ? formatCalendarDate(f.value) || f.value
                  : f.kind === 'moment'
                    ? formatMoment(f.value) || f.value
                    : f.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">The transaction's details arrive with its ledger entries at the next sync.</p>
      )}
    </article>
  );
}
