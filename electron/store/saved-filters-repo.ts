// Saved filters of the inbox, per profile: listed by name, saved, renamed, deleted. The merchant's
// mistakes (no name, a name already used, nothing filtered) are refused with a message and change
// nothing; a view naming a value this version no longer knows is listed with what is wrong in it.
import type { Database } from './database.ts';
import { AppError } from '../../shared/errors.ts';
import {
  cleanFilterName,
  filterNameKey,
  filterNameProblem,
  hasNetwork,
  nothingFiltered,
  viewIsFiltered,
  viewProblems,
} from '../../shared/domain/saved-filters.ts';
import { savedViewSchema, type SavedFilter, type SavedView } from '../../shared/domain/saved-filter-schema.ts';
import { networkFromSaved } from '../../shared/domain/card-networks.ts';

type Row = { id: number; name: string; view: string };

/** The stored view, read tolerantly: what cannot be read at all restores nothing but still lists. */
function viewOf(json: string): { view: SavedView; unreadable: boolean } {
  try {
    const parsed = savedViewSchema.safeParse(JSON.parse(json));
    return parsed.success ? { view: parsed.data, unreadable: false } : { view: {}, unreadable: true };
  } catch {
    return { view: {}, unreadable: true };
  }
}

function toFilter(r: Row): SavedFilter {
  const { view, unreadable } = viewOf(r.view);
  return {
    id: r.id,
    name: r.name,
    view,
    problems: unreadable ? ['it was saved in a form this version cannot read'] : viewProblems(view),
  };
}

/** Only what a view is made of is stored: empty fields are left out, the search trimmed. */
function storedView(v: SavedView): SavedView {
  const search = v.search?.trim();
  return {
    ...(search ? { search } : {}),
    ...(v.status ? { status: v.status } : {}),
    ...(v.cycle ? { cycle: v.cycle } : {}),
    // A network by its name, however the view named it (an older window sent the number).
    ...(hasNetwork(v) ? { network: networkFromSaved(v.network) ?? v.network } : {}),
    ...(v.category ? { category: v.category } : {}),
    ...(v.sort ? { sort: v.sort } : {}),
    ...(v.dir ? { dir: v.dir } : {}),
  };
}

export function createSavedFiltersRepo(d: Database) {
  const db = d.db;
  const list = db.prepare('SELECT id, name, view FROM saved_filters WHERE profile_id = ? ORDER BY name_key, id');
  const one = db.prepare('SELECT id, name, view FROM saved_filters WHERE profile_id = ? AND id = ?');
  const byKey = db.prepare('SELECT id, name FROM saved_filters WHERE profile_id = ? AND name_key = ?');
  const insert = db.prepare(
    'INSERT INTO saved_filters (profile_id, name, name_key, view, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const rename = db.prepare(
    'UPDATE saved_filters SET name = ?, name_key = ?, updated_at = ? WHERE profile_id = ? AND id = ?',
  );
  const remove = db.prepare('DELETE FROM saved_filters WHERE profile_id = ? AND id = ?');

  /** The name, cleaned, or why it cannot be used (`except`: the filter being renamed keeps its own). */
  function usableName(profileId: string, name: string, except?: number): string {
    const problem = filterNameProblem(name);
    if (problem) throw new AppError('validation', problem, { fields: [{ field: 'name', message: problem }] });
    const clean = cleanFilterName(name);
    const taken = byKey.get(profileId, filterNameKey(clean)) as { id: number; name: string } | undefined;
    if (taken && taken.id !== except) {
      const message = `A saved filter is already called “${taken.name}”. Choose another name, or delete that one first.`;
      throw new AppError('conflict', message, { fields: [{ field: 'name', message }] });
    }
    return clean;
  }

  function get(profileId: string, id: number): SavedFilter {
    const r = one.get(profileId, id) as Row | undefined;
    if (!r) throw new AppError('not-found', 'That saved filter no longer exists.');
    return toFilter(r);
  }

  return {
    /** The profile's saved filters, by name. */
    list(profileId: string): SavedFilter[] {
      return (list.all(profileId) as Row[]).map(toFilter);
    },
    get,
    /** Saves the view under a new name; refuses an empty or used name and a view that filters nothing. */
    save(profileId: string, name: string, view: SavedView, now = Date.now()): SavedFilter {
      const v = storedView(view);
      if (!viewIsFiltered(v)) throw new AppError('validation', nothingFiltered);
      return d.transaction(() => {
        const clean = usableName(profileId, name);
        const r = insert.run(profileId, clean, filterNameKey(clean), JSON.stringify(v), now, now);
        return get(profileId, Number(r.lastInsertRowid));
      });
    },
    /** A new name for a saved filter; its view stays as saved. */
    rename(profileId: string, id: number, name: string, now = Date.now()): SavedFilter {
      return d.transaction(() => {
        get(profileId, id);
        const clean = usableName(profileId, name, id);
        rename.run(clean, filterNameKey(clean), now, profileId, id);
        return get(profileId, id);
      });
    },
    /** Deletes a saved filter; false when it was already gone. */
    remove(profileId: string, id: number): boolean {
      return remove.run(profileId, id).changes > 0;
    },
  };
}
export type SavedFiltersRepo = ReturnType<typeof createSavedFiltersRepo>;
