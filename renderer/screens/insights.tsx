// Insights: how the merchant's disputes went over a period, from the stored history. Headline
// figures, then the same counts by reason, by network and by month; every figure is worked out by
// shared/views/insights-view.ts, the screen only lays it out. Amounts stay per currency.
import { useState, type ReactNode } from 'react';
import { useQuery } from '../data/data.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import {
  describeWinRate,
  insightsPeriodLabel,
  insightsPeriods,
  openingInsightsPeriod,
  type InsightMoney,
  type InsightRow,
  type InsightsPeriod,
  type InsightsView,
} from '../../shared/views/insights-view.ts';

const percent = (r: InsightRow): string => (r.winRate === null ? '–' : `${Math.round(r.winRate * 100)}%`);

/** One line per currency, so no amount is added to another. */
function Amounts({ money, pick }: { money: InsightMoney[]; pick: (m: InsightMoney) => number }) {
  if (money.length === 0) return <td className="amount muted">–</td>;
  return (
    <td className="amount">
      {money.map((m) => (
        <div key={m.currency} className={pick(m) < 0 ? 'neg' : ''}>
          {formatAmount(pick(m), m.currency)}
        </div>
      ))}
    </td>
  );
}

function Table<R extends InsightRow>(p: { title: string; first: string; rows: R[]; name: (r: R) => ReactNode }) {
  const { title, first, rows, name } = p;
  return (
    <section className="card insight-table" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">No chargebacks in this period.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th className="name">{first}</th>
              <th className="num">Disputes</th>
              <th className="num">Decided</th>
              <th className="num">Won</th>
              <th className="num">Lost</th>
              <th className="num" title="Closed by the processor with no money back: decided, not won">
                Closed
              </th>
              <th className="num">Win rate</th>
              <th className="amount">Disputed</th>
              <th className="amount">Recovered</th>
              <th className="amount">Fees</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-key={r.key}>
                <td className="name">{name(r)}</td>
                <td className="num" data-col="disputes">
                  {r.disputes}
                </td>
                <td className="num" data-col="decided">
                  {r.decided}
                </td>
                <td className="num" data-col="won">
                  {r.won}
                </td>
                <td className="num" data-col="lost">
                  {r.lost}
                </td>
                <td className="num" data-col="closed">
                  {r.closed}
                </td>
                <td className="num" data-col="win-rate" title={describeWinRate(r)}>
                  {percent(r)}
                </td>
                <Amounts money={r.money} pick={(m) => m.disputed} />
                <Amounts money={r.money} pick={(m) => m.recovered} />
                <Amounts money={r.money} pick={(m) => m.fees} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Headline({ view }: { view: InsightsView }) {
  const o = view.overall;
  return (
    <div className="insight-headline">
      <article className="card win" data-testid="headline-win-rate">
        <h2>Win rate</h2>
        <p className="big" data-testid="win-rate">
          {percent(o)}
        </p>
        <p className="muted" data-testid="win-rate-words">
          {describeWinRate(o)}
        </p>
        <p className="muted">
          {o.disputes} disputes: {o.disputes - o.decided} open, {o.won} won, {o.lost} lost, {o.closed} closed without
          money back
        </p>
      </article>
      {o.money.map((m) => (
        <article key={m.currency} className="card" data-testid={`headline-${m.currency}`}>
          <h2>{m.currency}</h2>
          <dl className="money-totals">
            <div>
              <dt>Recovered</dt>
              <dd data-testid={`recovered-${m.currency}`}>{formatAmount(m.recovered, m.currency)}</dd>
            </div>
            <div>
              <dt>Disputed</dt>
              <dd data-testid={`disputed-${m.currency}`}>{formatAmount(m.disputed, m.currency)}</dd>
            </div>
            <div>
              <dt>Fees</dt>
              <dd className={m.fees < 0 ? 'neg' : ''} data-testid={`fees-${m.currency}`}>
                {formatAmount(m.fees, m.currency)}
              </dd>
            </div>
          </dl>
        </article>
      ))}
    </div>
  );
}

export function Insights({ profileId }: { profileId: string }) {
  const [period, setPeriod] = useState<InsightsPeriod>(openingInsightsPeriod);
  const q = useQuery('getInsights', { profileId, period });
  const view = q.data;
  return (
    <section className="insights-screen" aria-label="Insights">
      <header className="toolbar insights-toolbar">
        <h1>Insights</h1>
        <div role="group" aria-label="Period" className="segmented">
          {insightsPeriods.map((p) => (
            <button
              key={p}
              aria-pressed={p === period}
              className={p === period ? 'active' : ''}
              onClick={() => setPeriod(p)}
            >
              {insightsPeriodLabel[p]}
            </button>
          ))}
        </div>
        {view && (
          <span className="muted" data-testid="period-words">
            {view.overall.label}
          </span>
        )}
      </header>
      {q.error && <p className="error">{q.error.message}</p>}
      {!view ? (
        !q.error && <p className="muted">Loading…</p>
      ) : view.overall.disputes === 0 ? (
        <p className="empty">No chargebacks in this period. Choose a longer one, or sync to bring the history in.</p>
      ) : (
        <>
          <Headline view={view} />
          <p className="hint">
            Won means decided in your favour: won, or closed by the processor with the money reversed. Closed without a
            reversal counts as decided, not won. Money is counted with its chargeback, in the month it was issued.
            Disputed is what the chargebacks claimed, retrieval requests included (they ask for documents and move no
            money); the Ledger counts the money that moved, on the day it moved, so their totals differ.
          </p>
          <Table
            title="By reason"
            first="Reason"
            rows={view.byReason}
            name={(r) => (
              <>
                <span className="code">{r.key}</span> <span className={r.known ? '' : 'muted'}>{r.label}</span>
              </>
            )}
          />
          <Table title="By network" first="Network" rows={view.byNetwork} name={(r) => r.label} />
          <Table title="By month" first="Month issued" rows={view.byMonth} name={(r) => r.label} />
          {(view.undated > 0 || view.unattributedEntries > 0) && (
            <p className="hint" data-testid="left-out">
              {view.undated > 0 && `${view.undated} chargebacks have no issue date: they count in all history only. `}
              {view.unattributedEntries > 0 &&
                `${view.unattributedEntries} ledger entries belong to no stored chargeback and are left out.`}
            </p>
          )}
        </>
      )}
    </section>
  );
}
