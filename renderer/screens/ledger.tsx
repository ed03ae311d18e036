// The money effect of chargebacks: entries in a date window, totals by month (charged back,
// reversed, net) with a chart, and a CSV export.
import { useEffect, useState } from 'react';
import { api } from '../bridge.ts';
import { useApp } from '../state/app-store.ts';
import { formatAmount } from '../../shared/domain/money.ts';

type LedgerData = { entries: Array<{ id: string; created: string | null; eventLabel: string; amount: number; currency: string; chargebackId: string | null; description: string }>; byCurrency: Array<{ currency: string; chargedBack: number; reversed: number; net: number; count: number }>; byMonth: Array<{ month: string; currency: string; chargedBack: number; reversed: number; net: number; count: number }> };

const iso = (d: Date): string => d.toISOString().slice(0, 10);

function Chart({ months, currency }: { months: LedgerData['byMonth']; currency: string }) {
  const rows = months.filter((m) => m.currency === currency);
  if (rows.length === 0) return null;
  const max = Math.max(1, ...rows.flatMap((m) => [-m.chargedBack, m.reversed]));
  const w = 56;
  const h = 140;
  return (
    <svg className="chart" viewBox={`0 0 ${rows.length * w + 20} ${h + 30}`} role="img" aria-label={`Charged back and reversed per month, ${currency}`}>
      {rows.map((m, i) => {
        const down = (-m.chargedBack / max) * h;
        const up = (m.reversed / max) * h;
        return (
          <g key={m.month} transform={`translate(${10 + i * w}, 0)`}>
            <rect className="bar-out" x={6} y={h - down} width={18} height={down}><title>{`${m.month}: charged back ${formatAmount(m.chargedBack, currency)}`}</title></rect>
            <rect className="bar-in" x={28} y={h - up} width={18} height={up}><title>{`${m.month}: reversed ${formatAmount(m.reversed, currency)}`}</title></rect>
            <text x={26} y={h + 18} textAnchor="middle" className="axis">{m.month.slice(2)}</text>
          </g>
        );
      })}
    </svg>
  );
}

export function Ledger({ profileId, version }: { profileId: string; version: number }) {
  const say = useApp((s) => s.say);
  const [from, setFrom] = useState(() => iso(new Date(Date.now() - 180 * 86_400_000)));
  const [to, setTo] = useState(() => iso(new Date()));
  const [data, setData] = useState<LedgerData>();
  useEffect(() => {
    void api().listLedger({ profileId, from, to }).then((r) => (r.ok ? setData(r.value) : say('error', r.error.message)));
  }, [profileId, from, to, version, say]);
  const exportCsv = async (): Promise<void> => {
    const r = await api().exportLedgerCsv({ profileId, from, to });
    if (!r.ok) say('error', r.error.message);
    else if (r.value.saved) say('info', `Saved ${r.value.name}.`);
  };
  return (
    <section className="ledger-screen" aria-label="Ledger">
      <header className="toolbar">
        <h1>Ledger</h1>
        <label>From<input type="date" value={from} onChange={(e) => setFrom(e.target.value)} /></label>
        <label>To<input type="date" value={to} onChange={(e) => setTo(e.target.value)} /></label>
        <button onClick={() => void exportCsv()} disabled={!data?.entries.length}>Export CSV…</button>
      </header>
      {!data ? <p className="muted">Loading…</p> : data.entries.length === 0 ? <p className="empty">No ledger entries in this window. Widen the dates, or sync to bring entries in.</p> : (
        <>
          <div className="totals">
            {data.byCurrency.map((t) => (
              <article key={t.currency} className="card total" data-testid={`total-${t.currency}`}>
                <h2>{t.currency}</h2>
                <dl>
                  <div><dt>Charged back</dt><dd className="neg">{formatAmount(t.chargedBack, t.currency)}</dd></div>
                  <div><dt>Reversed</dt><dd>{formatAmount(t.reversed, t.currency)}</dd></div>
                  <div><dt>Net</dt><dd data-testid={`net-${t.currency}`} className={t.net < 0 ? 'neg' : ''}>{formatAmount(t.net, t.currency)}</dd></div>
                </dl>
                <Chart months={data.byMonth} currency={t.currency} />
              </article>
            ))}
          </div>
          <table className="ledger entries">
            <thead><tr><th>Date</th><th>Event</th><th>Chargeback</th><th className="amount">Amount</th></tr></thead>
            <tbody>{data.entries.slice(-300).reverse().map((e) => <tr key={e.id}><td>{(e.created ?? '').slice(0, 10)}</td><td>{e.eventLabel}</td><td className="muted">{e.chargebackId}</td><td className={`amount${e.amount < 0 ? ' neg' : ''}`}>{formatAmount(e.amount, e.currency)}</td></tr>)}</tbody>
          </table>
          {data.entries.length > 300 && <p className="hint">The 300 latest of {data.entries.length} entries are listed; the totals and the CSV cover them all.</p>}
        </>
      )}
    </section>
  );
}
