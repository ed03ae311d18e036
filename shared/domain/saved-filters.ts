// Saved filters: an inbox view a merchant named (its search, filters and order) to come back to in
// one click. The view is stored as it was saved; what it names is checked each time it is read,
// since a status, stage or kind it names may no longer exist in this version of the app. Its schema
// is in saved-filter-schema.ts.
import { chargebackStatuses, cycles } from './enum-values.ts';
import { categoryLabel, disputeCategories, type DisputeCategory } from './reason-codes.ts';
import { networkFromSaved, networkName } from './card-networks.ts';
import { inboxSortLabel } from './inbox-sections.ts';
import type { SavedView } from './saved-filter-schema.ts';
import { cycleLabel } from './cycles.ts';

export const savedFilterNameMax = 60;

/** A name as stored: trimmed, inner runs of spaces made one. */
export function cleanFilterName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** Two names that differ only in case or spacing are the same name to a merchant. */
export function filterNameKey(name: string): string {
  return cleanFilterName(name).toLowerCase();
}

/** Why a name cannot be used, or undefined. */
export function filterNameProblem(name: string): string | undefined {
  const clean = cleanFilterName(name);
  if (clean === '') return 'Give the filter a name.';
  if (clean.length > savedFilterNameMax) return `Keep the name under ${savedFilterNameMax + 1} characters.`;
  return undefined;
}

/** The refusal of a view that narrows nothing, said where the merchant saves it and by the store. */
export const nothingFiltered =
  'Nothing is filtered yet: type a search or choose a status, stage, network or kind, then save the view.';

/** Whether the view narrows the inbox at all: an order alone is not worth a saved filter. */
export function viewIsFiltered(v: SavedView): boolean {
  return (v.search ?? '').trim() !== '' || !!v.status || !!v.cycle || !!v.category || hasNetwork(v);
}

const knownStatuses: ReadonlySet<string> = new Set(chargebackStatuses);
const knownCycles: ReadonlySet<string> = new Set(cycles);
const knownCategories: ReadonlySet<string> = new Set(disputeCategories);

/** Whether the view names a network at all (0 and '' were "all networks" once). */
export const hasNetwork = (v: SavedView): boolean => v.network !== undefined && v.network !== 0 && v.network !== '';

/** What the view names that no longer exists, each in words; the rest of the view still applies. */
export function viewProblems(v: SavedView): string[] {
  const out: string[] = [];
  if (v.status && !knownStatuses.has(v.status)) out.push(`the status “${v.status}” no longer exists`);
  if (v.cycle && !knownCycles.has(v.cycle)) out.push(`the stage “${cycleLabel(v.cycle)}” no longer exists`);
  if (v.category && !knownCategories.has(v.category)) out.push(`the kind “${v.category}” no longer exists`);
  if (hasNetwork(v) && !networkFromSaved(v.network)) out.push(`the network “${v.network}” no longer exists`);
  return out;
}

/** The view with what no longer exists left out: what applying it actually filters by. */
export function usableView(v: SavedView): SavedView {
  const { status, cycle, category, network, ...rest } = v;
  const named = networkFromSaved(network);
  return {
    ...rest,
    ...(status && knownStatuses.has(status) ? { status } : {}),
    ...(cycle && knownCycles.has(cycle) ? { cycle } : {}),
    ...(category && knownCategories.has(category) ? { category } : {}),
    ...(named ? { network: named } : {}),
  };
}

/** The view in words, for a chip's tooltip and the save dialog: "“mug” · Open · First · by Amount ↓". */
export function describeView(v: SavedView): string {
  const parts: string[] = [];
  if (v.search?.trim()) parts.push(`“${v.search.trim()}”`);
  if (v.status) parts.push(v.status[0]!.toUpperCase() + v.status.slice(1));
  if (v.cycle) parts.push(cycleLabel(v.cycle));
  if (hasNetwork(v)) {
    const named = networkFromSaved(v.network);
    parts.push(named ? networkName(named) : 'a network this version does not know');
  }
  if (v.category)
    parts.push(knownCategories.has(v.category) ? categoryLabel[v.category as DisputeCategory] : v.category);
  if (v.sort) parts.push(`by ${inboxSortLabel[v.sort]} ${v.dir === 'desc' ? '↓' : '↑'}`);
  return parts.join(' · ');
}

/** Two views that show the same rows in the same order (empty fields and the default order alike). */
export function sameView(a: SavedView, b: SavedView): boolean {
  const norm = (v: SavedView): string =>
    JSON.stringify([
      v.search?.trim() ?? '',
      v.status ?? '',
      v.cycle ?? '',
      networkFromSaved(v.network) ?? v.network ?? 0,
      v.category ?? '',
      v.sort ?? 'deadline',
      v.dir ?? 'asc',
    ]);
  return norm(a) === norm(b);
}
