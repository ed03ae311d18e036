// The money effect of chargebacks: entries in a date window as the service describes them, totals
// by currency and month (charged back, fees, reversed, net) with a chart, and a CSV export.
import { useEffect, useState } from 'react';
import { api } from '../bridge.ts';
import { useQuery } from '../data/data.ts';
import { useApp } from '../state/app-store.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import type { LedgerView } from '../../shared/views/ledger-view.ts';
import { MoneyTotals, EntryLabelCell, EntryKindTag, EntryAmount } from '../components/money.tsx';

const iso = (d: Date): string => d.toISOString().slice(0, 10);

function Chart({ months, currency }: { months: LedgerView['byMonth']; currency: string }) {
  const rows = months.filter((m) => m.currency === currency);
  if (rows.length === 0) return null;
  const max = Math.max(1, ...rows.flatMap((m) => [-m.chargedBack, -m.fees, m.reversed]));
  const w = 64;
  const h = 140;
  const bar = (cls: string, x: number, amount: number, title: string) => {
    const height = (Math.max(0, amount) / max) * h;
    return (
      <rect className={cls} x={x} y={h - height} width={14} height={height}>
        <title>{title}</title>
      </rect>
    );
  };
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${rows.length * w + 20} ${h + 30}`}
      role="img"
      aria-label={`Charged back, fees and reversed per month, ${currency}`}
    >
      {rows.map((m, i) => (
        <g key={m.month} transform={`translate(${10 + i * w}, 0)`}>
          {bar('bar-out', 6, -m.chargedBack, `${m.month}: charged back ${formatAmount(m.chargedBack, currency)}`)}
          {bar('bar-fee', 22, -m.fees, `${m.month}: fees ${formatAmount(m.fees, currency)}`)}
          {bar('bar-in', 38, m.reversed, `${m.month}: reversed ${formatAmount(m.reversed, currency)}`)}
          <text x={29} y={h + 18} textAnchor="middle" className="axis">
            {m.month.slice(2)}
          </text>
        </g>
      ))}
    </svg>
  );
}

export function Ledger({ profileId }: { profileId: string }) {
  const say = useApp((s) => s.say);
  const [from, setFrom] = useState(() => iso(new Date(Date.now() - 180 * 86_400_000)));
  const [to, setTo] = useState(() => iso(new Date()));
  const asked = useQuery('listLedger', { profileId, from, to });
  const data = asked.data;
  useEffect(() => {
    if (asked.error) say('error', asked.error.message);
  }, [asked.error, say]);
  const exportCsv = async (): Promise<void> => {
    const r = await api().exportLedgerCsv({ profileId, from, to });
    if (!r.ok) say('error', r.error.message);
    else if (r.value.saved) say('info', `Saved ${r.value.name}.`);
  };
  return (
    <section className="ledger-screen" aria-label="Ledger">
      <header className="toolbar">
        <h1>Ledger</h1>
        <label>
          From
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button onClick={() => void exportCsv()} disabled={!data?.entries.length}>
          Export CSV…
        </button>
      </header>
      {!data ? (
        <p className="muted">Loading…</p>
      ) : data.entries.length === 0 ? (
        <p className="empty">No ledger entries in this window. Widen the dates, or sync to bring entries in.</p>
      ) : (
        <>
          <div className="totals">
            {data.byCurrency.map((t) => (
              <article key={t.currency} className="card total" data-testid={`total-${t.currency}`}>
                <h2>{t.currency}</h2>
                <MoneyTotals totals={t} testIdSuffix={t.currency} />
                <Chart months={data.byMonth} currency={t.currency} />
              </article>
            ))}
          </div>
          <table className="ledger entries">
            <thead>
              <tr>
                <th>Date</th>
                <th>Entry</th>
                <th>Kind</th>
                <th>Chargeback</th>
                <th className="amount">Amount</th>
              </tr>
            </thead>
            <tbody>
              {data.entries
                .slice(-300)
                .reverse()
                .map((e) => (
                  <tr key={e.id} data-kind={e.kind}>
                    <td>{(e.created ?? '').slice(0, 10)}</td>
                    <EntryLabelCell line={e} />
                    <td>
                      <EntryKindTag line={e} />
                    </td>
                    <td className="muted">{e.chargebackId}</td>
                    <EntryAmount line={e} />
                  </tr>
                ))}
            </tbody>
          </table>
          {data.entries.length > 300 && (
            <p className="hint">
              The 300 latest of {data.entries.length} entries are listed; the totals and the CSV cover them all.
            </p>
          )}
        </>
      )}
    </section>
  );
}
