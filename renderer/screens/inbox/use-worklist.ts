// The worklist's data as the inbox lists it: pages of rows asked for as they scroll into view, the
// section summaries and counts, and the list's items (each section's heading, then its rows
// unless it is folded).
import { useMemo, useState } from 'react';
import { usePages } from '../../data/pages.ts';
import type { InboxRowView, InboxSectionSummary } from '../../../shared/views/inbox-row.ts';
import type { InboxSection } from '../../../shared/domain/inbox-sections.ts';
import type { Filters, View } from './view-state.ts';
import { openingInbox } from '../../../shared/ipc/opening-inbox.ts';

/** Rows a page of the worklist holds (as many as the opening page main lists ahead). */
export const worklistPage = openingInbox.limit;
const PAGE = worklistPage;

/** The listing the worklist asks main for, pages aside. */
export function worklistQueryOf(profileId: string, filters: Filters, view: View) {
  return {
    profileId,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.cycle ? { cycle: filters.cycle } : {}),
    ...(filters.network ? { network: filters.network } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    sort: view.sort,
    dir: view.dir,
    collapsed: view.collapsed,
  };
}

/** A line of the list: a section's heading, or the row at `index` of the listing. */
export type Item = { kind: 'head'; summary: InboxSectionSummary } | { kind: 'row'; index: number };

/**
 * The worklist's data: pages of rows asked for as they scroll into view (each page a query, see
 * renderer/data/pages.ts), the section summaries, and whether the first answer has come (until
 * then the screen shows a skeleton, never a false "no chargebacks"). New filters or a new order
 * start the pages over: a page asked for under the old ones is cancelled and never shown.
 */
export function useWorklist(profileId: string, filters: Filters, view: View) {
  const query = useMemo(() => worklistQueryOf(profileId, filters, view), [profileId, filters, view]);
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
export function itemsOf(sections: InboxSectionSummary[], collapsed: readonly InboxSection[]): Item[] {
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
