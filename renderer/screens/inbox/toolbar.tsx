// The inbox's toolbar: how many are open, due soon and overdue, the search and filters, and the
// export of the list as shown.
import { cycleLabel } from '../../../shared/domain/cycles.ts';
import { disputeCategories, categoryLabel } from '../../../shared/domain/reason-codes.ts';
import { cardNetworks, networkFromSaved, networkName } from '../../../shared/domain/card-networks.ts';
import { cycles } from '../../../shared/domain/enum-values.ts';
import type { Filters } from './view-state.ts';

export function InboxToolbar({
  counts,
  filters,
  setFilters,
  onExport,
  loaded,
}: {
  counts: { open: number; dueSoon: number; overdue: number };
  filters: Filters;
  setFilters(f: Filters): void;
  onExport(): void;
  /** The list is in: it can be exported. */
  loaded: boolean;
}) {
  return (
    <header className="toolbar inbox-toolbar">
      <div className="counts" aria-live="polite">
        <span>
          <strong>{counts.open}</strong> open
        </span>
        <span className={counts.dueSoon ? 'warn' : ''}>
          <strong>{counts.dueSoon}</strong> to send in 3 days
        </span>
        <span className={counts.overdue ? 'danger' : ''}>
          <strong>{counts.overdue}</strong> overdue
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
      <button type="button" onClick={onExport} disabled={!loaded}>
        Export CSV
      </button>
    </header>
  );
}
