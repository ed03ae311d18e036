// The inbox as a worklist: the chargebacks that can still be answered first, by deadline; then
// those whose answer is out, the decided ones, and last, folded, the ones past their deadline.
// Each section says how many and how much is at risk; columns sort within sections. Saved filters
// sit under the toolbar; rows can be selected for batch actions (inbox-selection.tsx).
import { useMemo, useState } from 'react';
import { api } from '../bridge.ts';
import { useApp } from '../state/app-store.ts';
import { usePages } from '../data/pages.ts';
import { VirtualList } from '../components/virtual-list.tsx';
import type { InboxRowView, InboxSectionSummary } from '../../shared/views/inbox-row.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { sendByMeaning } from '../../shared/domain/send-by.ts';
import { rowStateWords } from '../../shared/domain/deadline-words.ts';
import { formatCalendarDate, formatReplyDay, formatTimeOfMoment } from '../../shared/domain/merchant-format.ts';
import {
  convertedTotal,
  convertMinor,
  describeRate,
  referenceRate,
  describeRatesAge,
} from '../../shared/domain/reference-rates.ts';
import { cycleLabel } from '../../shared/domain/cycles.ts';
import { disputeCategories, categoryLabel } from '../../shared/domain/reason-codes.ts';
import { cardNetworks, networkFromSaved, networkName, type CardNetwork } from '../../shared/domain/card-networks.ts';
import { cycles } from '../../shared/domain/enums.ts';
import {
  inboxSectionAmountLabel,
  inboxSectionLabel,
  inboxSortLabel,
  type InboxSection,
  type InboxSort,
  type SortDirection,
} from '../../shared/domain/inbox-sections.ts';
import type { SavedView } from '../../shared/domain/saved-filters.ts';
import { SavedFilters } from './inbox-saved-filters.tsx';
import { SelectionBar, TriCheckbox, useSelection, type SelectedRow } from './inbox-selection.tsx';
import '../styles/inbox-batch.css';

const PAGE = 100;
const ROW_HEIGHT = 52;
/** The columns left to right; each heading sorts by its column. */
const columns: readonly InboxSort[] = ['deadline', 'reason', 'customer', 'stage', 'amount'];

interface Filters {
  status: string;
  category: string;
  cycle: string;
  network: CardNetwork | '';
  search: string;
}
const noFilters: Filters = { status: '', category: '', cycle: '', network: '', search: '' };

interface View {
  sort: InboxSort;
  dir: SortDirection;
  collapsed: InboxSection[];
}

type Item = { kind: 'head'; summary: InboxSectionSummary } | { kind: 'row'; index: number };

/** The view as a saved filter keeps it. */
function savedViewOf(f: Filters, v: View): SavedView {
  return {
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.cycle ? { cycle: f.cycle } : {}),
    ...(f.network ? { network: f.network } : {}),
    ...(f.category ? { category: f.category } : {}),
    sort: v.sort,
    dir: v.dir,
  };
}

function filtersOf(v: SavedView): Filters {
  return {
    search: v.search ?? '',
    status: v.status ?? '',
    cycle: v.cycle ?? '',
    network: networkFromSaved(v.network) ?? '',
    category: v.category ?? '',
  };
}

const selectedRowOf = (row: InboxRowView): SelectedRow => ({
  id: row.id,
  section: row.section,
  total: row.total,
  currency: row.currency,
  // An answer already waiting in the outbox is not made again by a batch.
  answerable: row.section === 'answer-now' && row.actionable && row.answer.stage === 'not-answered',
});

/**
 * The worklist's data: pages of rows asked for as they scroll into view (each page a query, see
 * renderer/data/pages.ts), the section summaries, and whether the first answer has come (until
 * then the screen shows a skeleton, never a false "no chargebacks"). New filters or a new order
 * start the pages over: a page asked for under the old ones is cancelled and never shown.
 */
function useWorklist(profileId: string, filters: Filters, view: View) {
  const query = useMemo(
    () => ({
      profileId,
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.category ? { category: filters.category } : {}),
      ...(filters.cycle ? { cycle: filters.cycle } : {}),
      ...(filters.network ? { network: filters.network } : {}),
      ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
      sort: view.sort,
      dir: view.dir,
      collapsed: view.collapsed,
    }),
    [profileId, filters, view],
  );
  // Each keystroke asks at once (the budget is rows updated within 100 ms of a key): a listing
  // takes tens of milliseconds in main, less than the time between two keys, and the pages of an
  // older query are cancelled and never shown (renderer/data/pages.ts).
  const pages = usePages('listInbox', query, PAGE);
  const first = pages.page(0);
  // Until the first page for new filters is in, the last summary stands and its rows say
  // "Loading…": the list does not flash back to the skeleton at each keystroke.
  const [summary, setSummary] = useState(first.data);
  if (first.data && first.data !== summary) setSummary(first.data);
  return {
    loaded: summary !== undefined,
    error: summary ? undefined : first.error?.message,
    sections: summary?.sections ?? [],
    counts: summary?.counts ?? { open: 0, dueSoon: 0, overdue: 0, total: 0 },
    mainCurrency: summary?.mainCurrency ?? 'USD',
    rowAt: (i: number): InboxRowView | undefined => pages.page(Math.floor(i / PAGE)).data?.rows[i % PAGE],
    ensure: pages.ensure,
    query,
  };
}

/** Sections with rows, each under its heading; a folded one is its heading alone. */
function itemsOf(sections: InboxSectionSummary[], collapsed: readonly InboxSection[]): Item[] {
  const items: Item[] = [];
  let index = 0;
  for (const summary of sections) {
    if (summary.count === 0) continue;
    items.push({ kind: 'head', summary });
    if (collapsed.includes(summary.section)) continue;
    for (let i = 0; i < summary.count; i++) items.push({ kind: 'row', index: index++ });
  }
  return items;
}

function amountsText(s: InboxSectionSummary): string {
  return s.amounts.map((a) => formatAmount(a.total, a.currency)).join(' + ');
}

/** A section's money in the main currency, approximately, with the rates used; undefined when it
 * is all in that currency already (then the per-currency figure is the total). */
function sectionTotal(s: InboxSectionSummary, main: string): { total: string; rates: string } | undefined {
  if (s.amounts.every((a) => a.currency === main)) return undefined;
  const t = convertedTotal(s.amounts, main);
  const rates = [
    ...t.rates.map((r) => r.text),
    ...(t.missing.length > 0 ? [`no rate for ${t.missing.join(', ')} (left out)`] : []),
  ];
  return {
    total: `≈ ${formatAmount(t.total, main)}`,
    rates: `${rates.join(', ')} (reference ${describeRatesAge(new Date())})`,
  };
}

/** Every rate the worklist's approximate totals use, once each, and the currencies without one:
 * listed in the "Rates" disclosure, legible without hovering. */
function ratesUsed(sections: InboxSectionSummary[], main: string): { rates: string[]; missing: string[] } {
  const rates = new Map<string, string>();
  const missing = new Set<string>();
  for (const s of sections) {
    const t = convertedTotal(s.amounts, main);
    for (const r of t.rates) rates.set(r.currency, r.text);
    for (const m of t.missing) missing.add(m);
  }
  return { rates: [...rates.values()].sort(), missing: [...missing].sort() };
}

/** An amount in another currency than the main one, approximately in the main one, and the rate. */
function approxOf(row: InboxRowView, main: string): { text: string; rate: string } | undefined {
  if (row.currency === main) return undefined;
  const converted = convertMinor(row.total, row.currency, main);
  const rate = referenceRate(row.currency, main);
  if (converted === undefined || rate === undefined) return undefined;
  return {
    text: `≈ ${formatAmount(converted, main)}`,
    rate: `${describeRate(row.currency, main, rate)}, reference ${describeRatesAge(new Date())}`,
  };
}

/** A retry's time, on the merchant's clock. */
const retryTime = (ms: number): string => formatTimeOfMoment(ms, Date.now());

/** The badge's words in full, with the send-by date it counts to (and what it means) and the reply
 * day, written as every screen writes it (merchant-format.ts formatReplyDay). */
function deadlineTitle(row: InboxRowView, full: string): string {
  if (!row.reply) return full;
  const reply = `reply by ${formatReplyDay(row.reply)}`;
  if (!row.sendBy || row.sendBy === row.reply) return `${full} · ${reply}`;
  const sendBy = `send by ${formatCalendarDate(row.sendBy)} (${sendByMeaning(row.sendBy, row.reply)})`;
  return `${full} · ${sendBy} · ${reply}`;
}

export function Inbox({ profileId }: { profileId: string }) {
  const go = useApp((s) => s.go);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [view, setView] = useState<View>({ sort: 'deadline', dir: 'asc', collapsed: ['past-deadline'] });
  const [note, setNote] = useState<string | undefined>();
  const w = useWorklist(profileId, filters, view);
  const items = useMemo(() => itemsOf(w.sections, view.collapsed), [w.sections, view.collapsed]);
  const rates = useMemo(() => ratesUsed(w.sections, w.mainCurrency), [w.sections, w.mainCurrency]);
  const filtered = Object.values(filters).some((v) => v.trim() !== '');
  const selection = useSelection(w.query);
  const listed = w.sections.filter((sec) => !view.collapsed.includes(sec.section)).reduce((n, sec) => n + sec.count, 0);
  const selectSection = (section: InboxSection): void => void selection.toggleWhere(section);

  const toggle = (section: InboxSection): void =>
    setView((v) => ({
      ...v,
      collapsed: v.collapsed.includes(section) ? v.collapsed.filter((s) => s !== section) : [...v.collapsed, section],
    }));
  const sortBy = (sort: InboxSort): void =>
    setView((v) => ({ ...v, sort, dir: v.sort === sort && v.dir === 'asc' ? 'desc' : 'asc' }));
  const exportCsv = async (): Promise<void> => {
    const r = await api().exportInboxCsv(w.query);
    setNote(
      r.ok
        ? r.value.saved
          ? `Saved ${r.value.rows} chargebacks to ${r.value.name ?? 'the file'}.`
          : undefined
        : r.error.message,
    );
  };
  const listShown = !w.error && w.loaded && items.length > 0;
  // Column headings of the worklist grid: each a columnheader saying how the rows are sorted
  // (aria-sort), holding the button that sorts by it.
  const heads = (
    <>
      <span className="select-cell" role="columnheader" aria-label="Selected">
        <TriCheckbox
          label="Select all in this view"
          tabbable
          checked={listed > 0 && selection.selected.size >= listed}
          mixed={selection.selected.size > 0 && selection.selected.size < listed}
          onToggle={() => void selection.toggleWhere('view')}
        />
      </span>
      {columns.map((sort) => (
        <span
          key={sort}
          role="columnheader"
          className={`colhead col-${sort}`}
          aria-sort={view.sort === sort ? (view.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
        >
          <button type="button" onClick={() => sortBy(sort)}>
            {inboxSortLabel[sort]}
            <span aria-hidden="true">{view.sort === sort ? (view.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
          </button>
        </span>
      ))}
    </>
  );

  return (
    <section className="inbox" aria-label="Inbox">
      <header className="toolbar inbox-toolbar">
        <div className="counts" aria-live="polite">
          <span>
            <strong>{w.counts.open}</strong> open
          </span>
          <span className={w.counts.dueSoon ? 'warn' : ''}>
            <strong>{w.counts.dueSoon}</strong> due within 3 days
          </span>
          <span className={w.counts.overdue ? 'danger' : ''}>
            <strong>{w.counts.overdue}</strong> overdue
          </span>
        </div>
        <label className="search">
          Search
          <input
            type="search"
            placeholder="ID, order, customer, amount…"
            title="Search by ID, order number, customer name or email, amount (as shown) or reason code"
            value={filters.search}
            onChange={(e) => setFilters({ ...filters, search: e.target.value })}
          />
        </label>
        <label>
          Status
          <select value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value })}>
            <option value="">All</option>
            <option value="open">Open</option>
            <option value="won">Won</option>
            <option value="lost">Lost</option>
            <option value="closed">Closed</option>
          </select>
        </label>
        <label>
          Stage
          <select value={filters.cycle} onChange={(e) => setFilters({ ...filters, cycle: e.target.value })}>
            <option value="">All</option>
            {cycles.map((c) => (
              <option key={c} value={c}>
                {cycleLabel(c)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Network
          <select
            value={filters.network}
            onChange={(e) => setFilters({ ...filters, network: networkFromSaved(e.target.value) ?? '' })}
          >
            <option value="">All</option>
            {cardNetworks.map((n) => (
              <option key={n} value={n}>
                {networkName(n)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Kind
          <select value={filters.category} onChange={(e) => setFilters({ ...filters, category: e.target.value })}>
            <option value="">All</option>
            {disputeCategories.map((c) => (
              <option key={c} value={c}>
                {categoryLabel[c]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void exportCsv()} disabled={!w.loaded}>
          Export CSV
        </button>
      </header>
      <SavedFilters
        profileId={profileId}
        current={savedViewOf(filters, view)}
        onApply={(v) => {
          setFilters(filtersOf(v));
          setView((old) => ({ ...old, sort: v.sort ?? 'deadline', dir: v.dir ?? 'asc' }));
        }}
      />
      {note ? (
        <p className="hint inbox-note" role="status">
          {note}
        </p>
      ) : null}
      {rates.rates.length + rates.missing.length > 0 ? (
        <details className="rates-used" data-testid="rates">
          <summary>
            Rates: amounts marked ≈ are in {w.mainCurrency} at reference {describeRatesAge(new Date())}
          </summary>
          <ul>
            {rates.rates.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          {rates.missing.length > 0 ? (
            <p className="muted">No rate for {rates.missing.join(', ')}: left out of the totals.</p>
          ) : null}
        </details>
      ) : null}
      <div className="worklist">
        {/* Until the list is there the headings hold their place, drawn but not yet usable. */}
        {listShown ? null : (
          <div className="vhead standalone" inert>
            {heads}
          </div>
        )}
        {w.error ? (
          <p className="error" role="alert">
            {w.error}
          </p>
        ) : !w.loaded ? (
          <div className="skeleton" role="status" aria-label="Loading chargebacks">
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} className="skeleton-row" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <p className="empty">
            {filtered ? 'No chargeback matches these filters.' : 'No chargebacks yet. Sync to bring in your portfolio.'}
          </p>
        ) : (
          <VirtualList<Item>
            header={heads}
            label="Chargebacks, the ones to answer now first by reply deadline"
            total={items.length}
            rowHeight={ROW_HEIGHT}
            rowAt={(i) => items[i]}
            rowClass={(i) => (items[i]?.kind === 'head' ? 'vsection' : undefined)}
            ensure={(from, to) => {
              const indexes = items.slice(from, to).flatMap((it) => (it.kind === 'row' ? [it.index] : []));
              if (indexes.length > 0) w.ensure(indexes[0]!, indexes.at(-1)! + 1);
            }}
            onSpace={(i) => {
              const item = items[i];
              if (item?.kind === 'head') return selectSection(item.summary.section);
              const row = item ? w.rowAt(item.index) : undefined;
              if (row) selection.toggle(selectedRowOf(row));
            }}
            onOpen={(i) => {
              const item = items[i];
              if (item?.kind === 'head') return toggle(item.summary.section);
              const row = item ? w.rowAt(item.index) : undefined;
              if (row) go({ name: 'dispute', chargebackId: row.id });
            }}
            render={(item) => {
              if (!item) return null;
              if (item.kind === 'head') {
                const s = item.summary;
                const folded = view.collapsed.includes(s.section);
                const picked = selection.countIn(s.section);
                const total = sectionTotal(s, w.mainCurrency);
                return (
                  <div
                    className={`section-head section-${s.section}`}
                    role="gridcell"
                    aria-colspan={columns.length + 1}
                    data-testid={`section-${s.section}`}
                  >
                    {folded ? (
                      <span className="select-cell" />
                    ) : (
                      <span className="select-cell">
                        <TriCheckbox
                          label={`Select all ${s.count} in ${inboxSectionLabel[s.section]}`}
                          checked={picked === s.count}
                          mixed={picked > 0 && picked < s.count}
                          onToggle={() => selectSection(s.section)}
                        />
                      </span>
                    )}
                    <span className="fold" aria-hidden="true">
                      {folded ? '▸' : '▾'}
                    </span>
                    <strong>{inboxSectionLabel[s.section]}</strong>
                    <span className="section-count" data-testid="section-count">
                      {s.count}
                    </span>
                    {total ? (
                      <>
                        <span className="section-total" data-testid="section-total">
                          <strong>{total.total}</strong> {inboxSectionAmountLabel[s.section]}, approx.
                        </span>
                        <span
                          className="section-amount muted"
                          data-testid="section-amounts"
                          title={`${amountsText(s)} · ${total.rates}`}
                        >
                          {amountsText(s)}
                        </span>
                      </>
                    ) : (
                      <span className="section-amount muted">
                        {amountsText(s)} {inboxSectionAmountLabel[s.section]}
                      </span>
                    )}
                    <span className="muted section-action">{folded ? 'Show' : 'Hide'}</span>
                  </div>
                );
              }
              const row = w.rowAt(item.index);
              if (!row)
                return (
                  <>
                    <div className="select-cell" role="gridcell" />
                    <div className="cell muted" role="gridcell">
                      Loading…
                    </div>
                  </>
                );
              const d = rowStateWords(row, retryTime);
              const approx = approxOf(row, w.mainCurrency);
              const customer = [row.customerName, row.order].filter(Boolean).join(' · ');
              return (
                <>
                  <div className="select-cell" role="gridcell">
                    <TriCheckbox
                      label={`Select ${row.id}`}
                      checked={selection.has(row.id)}
                      mixed={false}
                      onToggle={() => selection.toggle(selectedRowOf(row))}
                    />
                  </div>
                  <div
                    className={`cell deadline ${d.className}`}
                    role="gridcell"
                    data-testid="days-left"
                    title={deadlineTitle(row, d.full)}
                  >
                    {d.text}
                  </div>
                  <div className="cell main" role="gridcell">
                    <span className="reason" title={`${row.reasonCode} · ${row.reason}`}>
                      {row.reasonCode} · {row.reason}
                    </span>
                    <span className="muted id">
                      {/* The reply day whole; the ID gives way (whole in its title and on the page). */}
                      <span className="cb-id" title={row.id}>
                        {row.id}
                      </span>
                      {row.reply ? (
                        <span className="reply-day" title={deadlineTitle(row, d.full)}>
                          {` · reply by ${formatReplyDay(row.reply)}`}
                        </span>
                      ) : null}
                    </span>
                  </div>
                  <div className="cell customer" role="gridcell" data-testid="customer">
                    <span className="name">{customer || '—'}</span>
                    {row.customerEmail ? <span className="muted email">{row.customerEmail}</span> : null}
                  </div>
                  <div className="cell muted stage" role="gridcell" title={cycleLabel(row.cycle)}>
                    {cycleLabel(row.cycle)}
                  </div>
                  <div className="cell amount" role="gridcell" data-testid="amount">
                    {formatAmount(row.total, row.currency)}
                    {approx ? (
                      <span className="approx muted" title={approx.rate}>
                        {approx.text}
                      </span>
                    ) : null}
                  </div>
                </>
              );
            }}
          />
        )}
      </div>
      <SelectionBar profileId={profileId} selection={selection} />
    </section>
  );
}
