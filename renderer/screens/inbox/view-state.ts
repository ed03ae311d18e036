// What the merchant has chosen to see in the inbox: the filters, the order and the folded
// sections, and the same as a saved filter keeps it (shared/domain/saved-filters.ts).
import { networkFromSaved, type CardNetwork } from '../../../shared/domain/card-networks.ts';
import type { InboxSection, InboxSort, SortDirection } from '../../../shared/domain/inbox-sections.ts';
import type { SavedView } from '../../../shared/domain/saved-filter-schema.ts';
import { openingInbox } from '../../../shared/ipc/opening-inbox.ts';

/** The columns left to right; each heading sorts by its column. */
export const columns: readonly InboxSort[] = ['deadline', 'reason', 'customer', 'stage', 'amount'];

export interface Filters {
  status: string;
  category: string;
  cycle: string;
  network: CardNetwork | '';
  search: string;
}
export const noFilters: Filters = { status: '', category: '', cycle: '', network: '', search: '' };

export interface View {
  sort: InboxSort;
  dir: SortDirection;
  collapsed: InboxSection[];
}

/** How the inbox opens: by reply deadline, the ones past their deadline folded. */
export const openingView: View = {
  sort: openingInbox.sort,
  dir: openingInbox.dir,
  collapsed: [...openingInbox.collapsed],
};

/** The view as a saved filter keeps it. */
export function savedViewOf(f: Filters, v: View): SavedView {
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

export function filtersOf(v: SavedView): Filters {
  return {
    search: v.search ?? '',
    status: v.status ?? '',
    cycle: v.cycle ?? '',
    network: networkFromSaved(v.network) ?? '',
    category: v.category ?? '',
  };
}
