// The money effect of chargebacks: entries in a date window as the service describes them, totals
// by currency (the currency of most chargebacks first) and, per currency, the months of the window
// as a chart with labelled axes and values, or as a table; the latest entries; a CSV export. Every
// figure is worked out by shared/views/ledger-view.ts: the screen lays it out in the merchant's locale.
import { memo, useDeferredValue, useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { api } from '../bridge.ts';
import { useQuery } from '../data/data.ts';
import { useApp } from '../state/app-store.ts';
import { formatAmount, formatAmountShort } from '../../shared/domain/money.ts';
import { formatCalendarDate, formatMonth } from '../../shared/domain/merchant-format.ts';
import { barHeights, type LedgerCurrency, type LedgerView } from '../../shared/views/ledger-view.ts';
import { openingInsightsPeriod, periodStart } from '../../shared/views/insights-view.ts';
import { easternToday, formatYmd } from '../../shared/domain/dates.ts';
import { EntryLabelCell, EntryKindTag, EntryAmount } from '../components/money.tsx';

const series = [
  { key: 'chargedBack', label: 'Charged back', className: 'bar-out' },
  { key: 'fees', label: 'Fees', className: 'bar-fee' },
  { key: 'reversed', label: 'Reversed', className: 'bar-in' },
] as const;

/** The width the element is laid out at, kept up to date: the chart is drawn in real pixels, so its
 * text stays the size of the text around it at any window width. */
/** The money columns' headings, the same in every ledger table. */
const moneyHeads = (['Charged back', 'Fees', 'Reversed', 'Net'] as const).map((h) => (
  <th key={h} scope="col" className="amount">
    {h}
  </th>
));

function useWidth<T extends Element>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    const seen = new ResizeObserver(([e]) => e && setWidth(e.contentRect.width));
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  return [ref, width];
}

const HEIGHT = 280;
const pad = { left: 76, right: 12, top: 24, bottom: 30 };
/** A bar's value label is drawn only where it fits above its bar; the table has every figure. */
const LABEL_WIDTH = 46;

const Chart = memo(function Chart({ data, width }: { data: LedgerCurrency; width: number }) {
  const { currency, months, axis } = data;
  const titleId = useId();
  const descId = useId();
  const plotW = Math.max(0, width - pad.left - pad.right);
  const plotH = HEIGHT - pad.top - pad.bottom;
  const group = months.length ? plotW / months.length : plotW;
  const bar = Math.min(44, Math.max(4, (group * 0.78) / 3));
  const labels = bar >= LABEL_WIDTH - 8 && group / 3 >= LABEL_WIDTH - 6;
  const y = (v: number): number => pad.top + plotH - (Math.max(0, v) / axis.top) * plotH;
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  const span =
    first && last ? (first === last ? formatMonth(first) : `${formatMonth(first)} – ${formatMonth(last)}`) : '';
  return (
    <svg
      className="ledger-chart"
      width={width}
      height={HEIGHT}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
      data-testid={`chart-${currency}`}
    >
      <title id={titleId}>{`Charged back, fees and reversed per month in ${currency}, ${span}`}</title>
      <desc id={descId}>
        {months
          .map(
            (m) =>
              `${formatMonth(m.month)}: charged back ${formatAmount(m.chargedBack, currency)}, ` +
              `fees ${formatAmount(m.fees, currency)}, reversed ${formatAmount(m.reversed, currency)}`,
          )
          .join('; ')}
      </desc>
      <g className="y-axis" aria-hidden="true">
        {axis.ticks.map((t) => (
          <g key={t}>
            <line className="grid" x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} />
            <text className="tick" x={pad.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
              {formatAmountShort(t, currency)}
            </text>
          </g>
        ))}
        <text className="axis-title" x={12} y={pad.top + plotH / 2} transform={`rotate(-90 12 ${pad.top + plotH / 2})`}>
          {currency}
        </text>
      </g>
      {months.map((m, i) => {
        const x0 = pad.left + i * group + (group - bar * 3) / 2;
        const heights = barHeights(m);
        return (
          <g key={m.month} className="month" data-month={m.month}>
            {series.map((s, j) => {
              const value = heights[s.key];
              const top = y(value);
              return (
                <g key={s.key}>
                  <rect className={s.className} x={x0 + j * bar} y={top} width={bar - 2} height={y(0) - top}>
                    <title>{`${formatMonth(m.month)}, ${s.label.toLowerCase()}: ${formatAmount(m[s.key], currency)}`}</title>
                  </rect>
                  {labels && value > 0 && (
                    <text className="value" x={x0 + j * bar + (bar - 2) / 2} y={top - 5} textAnchor="middle">
                      {formatAmountShort(value, currency)}
                    </text>
                  )}
                </g>
              );
            })}
            <text className="tick month-label" x={pad.left + i * group + group / 2} y={HEIGHT - 8} textAnchor="middle">
              {formatMonth(m.month)}
            </text>
          </g>
        );
      })}
      <line className="baseline" x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} />
    </svg>
  );
});

function MonthTable({ data }: { data: LedgerCurrency }) {
  const { currency } = data;
  const money = (n: number) => <td className={`amount${n < 0 ? ' neg' : ''}`}>{formatAmount(n, currency)}</td>;
  return (
    <table className="ledger month-table" data-testid={`month-table-${currency}`}>
      <caption>{`${currency} by month`}</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          {moneyHeads}
          <th scope="col" className="amount">
            Entries
          </th>
        </tr>
      </thead>
      <tbody>
        {data.months.map((m) => (
          <tr key={m.month}>
            <th scope="row">{formatMonth(m.month)}</th>
            {money(m.chargedBack)}
            {money(m.fees)}
            {money(m.reversed)}
            {money(m.net)}
            <td className="amount">{m.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One currency's months, as a chart or a table, with the currency and the form picked above it. */
function ByMonth({ view }: { view: LedgerView }) {
  const [picked, setPicked] = useState<string>();
  const [asTable, setAsTable] = useState(false);
  const [box, width] = useWidth<HTMLDivElement>();
  const shown = view.currencies.find((c) => c.currency === picked) ?? view.currencies[0];
  if (!shown) return null;
  return (
    <section className="card by-month" aria-label="By month">
      <header className="by-month-head">
        <h2>By month</h2>
        {view.currencies.length > 1 && (
          <div role="group" aria-label="Currency" className="ledger-segmented">
            {view.currencies.map((c) => (
              <button
                key={c.currency}
                aria-pressed={c === shown}
                className={c === shown ? 'active' : ''}
                onClick={() => setPicked(c.currency)}
              >
                {c.currency}
              </button>
            ))}
          </div>
        )}
        <ul className="legend" aria-hidden={asTable}>
          {series.map((s) => (
            <li key={s.key}>
              <span className={`swatch ${s.className}`} />
              {s.label}
            </li>
          ))}
        </ul>
        <div role="group" aria-label="Show as" className="ledger-segmented">
          <button aria-pressed={!asTable} className={asTable ? '' : 'active'} onClick={() => setAsTable(false)}>
            Chart
          </button>
          <button aria-pressed={asTable} className={asTable ? 'active' : ''} onClick={() => setAsTable(true)}>
            Table
          </button>
        </div>
      </header>
      <div ref={box} className="chart-box">
        {asTable ? <MonthTable data={shown} /> : width > 0 && <Chart data={shown} width={width} />}
      </div>
      {view.monthsLeftOut > 0 && (
        <p className="hint">
          The chart shows the last {shown.months.length} months; the {view.monthsLeftOut} before them count in the
          totals and the CSV.
        </p>
      )}
    </section>
  );
}

const count = (n: number, one: string, many: string): string => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** One row per currency, the currency of most chargebacks first: what the window's chargebacks cost.
 * (No label on this screen says "to" but the To date: a merchant's "To" finds one field.) */
function Totals({ view }: { view: LedgerView }) {
  const money = (n: number, currency: string, id: string) => (
    <td className={`amount${n < 0 ? ' neg' : ''}`} data-testid={`${id}-${currency}`}>
      {formatAmount(n, currency)}
    </td>
  );
  return (
    <section className="card ledger-totals" aria-label="By currency">
      <table className="ledger">
        <thead>
          <tr>
            <th scope="col">Currency</th>
            <th scope="col">Chargebacks</th>
            {moneyHeads}
          </tr>
        </thead>
        <tbody>
          {view.currencies.map(({ currency, totals, chargebacks }) => (
            <tr key={currency} data-testid={`total-${currency}`}>
              <th scope="row" className="code">
                {currency}
              </th>
              <td className="muted">
                {count(chargebacks, 'chargeback', 'chargebacks')} · {count(totals.count, 'entry', 'entries')}
              </td>
              {money(totals.chargedBack, currency, 'charged-back')}
              {money(totals.fees, currency, 'fees')}
              {money(totals.reversed, currency, 'reversed')}
              {money(totals.net, currency, 'net')}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const LatestEntries = memo(function LatestEntries({ view }: { view: LedgerView }) {
  return (
    <>
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
          {view.latest.map((e) => (
            <tr key={e.id} data-kind={e.kind}>
              <td>{formatCalendarDate((e.created ?? '').slice(0, 10))}</td>
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
      {view.entryCount > view.latest.length && (
        <p className="hint">
          The {view.latest.length} latest of {view.entryCount} entries are listed; the totals and the CSV cover them
          all.
        </p>
      )}
    </>
  );
});

/** The ledger opens on the period Insights opens on (whole months up to today, on the service's
 * days), so the money the two screens show first is counted over the same days. */
function openingWindow(now: Date): { from: string; to: string } {
  const today = easternToday(now);
  return { from: `${periodStart(openingInsightsPeriod, today)}-01`, to: formatYmd(today) };
}

export function Ledger({ profileId }: { profileId: string }) {
  const say = useApp((s) => s.say);
  const [opening] = useState(() => openingWindow(new Date()));
  const [from, setFrom] = useState(opening.from);
  const [to, setTo] = useState(opening.to);
  const asked = useQuery('listLedger', { profileId, from, to });
  const data = asked.data;
  // The totals and the chart paint first; the list of entries follows when the browser is free.
  const list = useDeferredValue(data);
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
        <button onClick={() => void exportCsv()} disabled={!data?.entryCount}>
          Export CSV…
        </button>
      </header>
      {!data ? (
        <p className="muted">Loading…</p>
      ) : data.entryCount === 0 ? (
        <p className="empty">No ledger entries in this window. Widen the dates, or sync to bring entries in.</p>
      ) : (
        <>
          <Totals view={data} />
          <ByMonth view={data} />
          {list && list.entryCount > 0 && <LatestEntries view={list} />}
        </>
      )}
    </section>
  );
}
