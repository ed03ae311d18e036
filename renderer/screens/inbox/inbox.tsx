// The inbox as a worklist: the chargebacks that can still be answered first, by deadline; then
// those whose answer is out, the decided ones, and last, folded, the ones past their deadline.
// Each section says how many and how much is at risk; columns sort within sections. Saved filters
// sit under the toolbar; rows can be selected for batch actions (selection.tsx).
import { useMemo, useState } from 'react';
import { api } from '../../bridge.ts';
import { useApp } from '../../state/app-store.ts';
import { VirtualList } from '../../components/virtual-list.tsx';
import type { InboxRowView } from '../../../shared/views/inbox-row.ts';
import { describeRatesAge } from '../../../shared/domain/reference-rates.ts';
import {
  inboxSortLabel,
  sectionOrderNote,
  type InboxSection,
  type InboxSort,
} from '../../../shared/domain/inbox-sections.ts';
import { SavedFilters } from './saved-filters.tsx';
import { SelectionBar, TriCheckbox, useSelection, type SelectedRow } from './selection.tsx';
import { columns, filtersOf, noFilters, openingView, savedViewOf, type Filters, type View } from './view-state.ts';
import { itemsOf, useWorklist, type Item } from './use-worklist.ts';
import { ratesUsed } from './totals.ts';
import { InboxToolbar } from './toolbar.tsx';
import { LoadingRow, RowCells, SectionHead } from './worklist-lines.tsx';
import '../../styles/inbox-batch.css';

const ROW_HEIGHT = 52;

const selectedRowOf = (row: InboxRowView): SelectedRow => ({
  id: row.id,
  section: row.section,
  total: row.total,
  currency: row.currency,
  // An answer already waiting in the outbox is not made again by a batch.
  answerable: row.section === 'answer-now' && row.actionable && row.answer.stage === 'not-answered',
});

export function Inbox({ profileId }: { profileId: string }) {
  const go = useApp((s) => s.go);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [view, setView] = useState<View>(openingView);
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
      <InboxToolbar
        counts={w.counts}
        filters={filters}
        setFilters={setFilters}
        onExport={() => void exportCsv()}
        loaded={w.loaded}
      />
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
                return (
                  <SectionHead
                    s={s}
                    folded={view.collapsed.includes(s.section)}
                    picked={selection.countIn(s.section)}
                    mainCurrency={w.mainCurrency}
                    order={sectionOrderNote(s.section, view.sort, view.dir)}
                    onSelect={() => selectSection(s.section)}
                  />
                );
              }
              const row = w.rowAt(item.index);
              if (!row) return <LoadingRow />;
              return (
                <RowCells
                  row={row}
                  mainCurrency={w.mainCurrency}
                  selected={selection.has(row.id)}
                  onToggle={() => selection.toggle(selectedRowOf(row))}
                />
              );
            }}
          />
        )}
      </div>
      <SelectionBar profileId={profileId} selection={selection} />
    </section>
  );
}
