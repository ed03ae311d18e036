// Turns the search header's tree into SQL over the stored JSON, with the service's paging. Field
// names are checked by the grammar (letters, digits, _) and against the kind's known fields, so
// they can be put in a JSON path safely; values travel as parameters.
import type { SandboxDb, RecordKind } from './db.ts';
import { atomsOf, type SearchAtom, type SearchNode } from './search-grammar.ts';
import { recordLinks, searchableFields } from './record-fields.ts';

const timestampFields = new Set(['created', 'modified', 'pendingEntryCreated']);

/** Search dates come as YYYYMMDD or `YYYY-MM-DD HH:MM:SS` (Eastern), records carry
 * `YYYY-MM-DD HH:MM:SS.ffff` (Eastern): one text form makes them comparable. */
function normaliseValue(field: string, value: string): string {
  if (timestampFields.has(field)) {
    const ymd = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
    if (ymd) return `${ymd[1]}-${ymd[2]}-${ymd[3]} 00:00:00`;
  }
  return value;
}

const numeric = /^-?\d+(\.\d+)?$/;

export interface QueryResult {
  records: Array<Record<string, unknown>>;
  page: { current: number; last: number; hasMore: boolean };
}

/** The search as SQL over the stored JSON, or why the service would refuse it. */
export type CompiledSearch =
  { ok: true; where: string[]; params: Array<string | number>; order: string[] } | { ok: false; message: string };

/** One clause on the record in `col` (a linked record's clause on the record it links to). */
function atomSql(
  store: SandboxDb,
  kind: RecordKind,
  atom: SearchAtom,
  col: string,
  depth: number,
  params: Array<string | number>,
): string | { error: string } {
  const [field, ...rest] = atom.path as [string, ...string[]];
  // The sandbox's own fields (and the other dialect's link names, mapped to one) match nothing.
  if (!field.startsWith('_') && !searchableFields(store, kind).has(field))
    return { error: `Unknown search field "${atom.path.join('.')}"` };
  const v = `json_extract(${col}, '$.${field}')`;
  if (rest.length > 0) {
    const linked = recordLinks[kind][field];
    if (!linked) return { error: `"${field}" links no record that can be searched` };
    const alias = `l${depth}`;
    const inner = atomSql(store, linked, { ...atom, path: rest }, `${alias}.json`, depth + 1, params);
    if (typeof inner !== 'string') return inner;
    return `${v} IN (SELECT ${alias}.id FROM records ${alias} WHERE ${alias}.kind = '${linked}' AND ${inner})`;
  }
  const value = normaliseValue(field, atom.value);
  const text = `CAST(${v} AS TEXT)`;
  const list = (): string[] =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  switch (atom.op) {
    case 'equals':
      // The vendor's clients send `''` for an empty value: it finds the records without one.
      if (value === "''" || value === '') return `(${v} IS NULL OR ${text} = '')`;
      params.push(value);
      return `${text} = ? COLLATE NOCASE`;
    case 'exact':
      params.push(value);
      return `${text} = ?`;
    case 'diff':
      // A record without the value is not equal to it.
      params.push(value);
      return `(${v} IS NULL OR ${text} <> ? COLLATE NOCASE)`;
    case 'greater':
    case 'less': {
      const op = atom.op === 'greater' ? '>' : '<';
      if (numeric.test(value)) {
        // Numbers compare as numbers; an ID compared with 0 ("chargeback[greater]=0") compares as text,
        // so any set ID is greater.
        params.push(value, value);
        return (
          `(CASE WHEN typeof(${v}) IN ('integer', 'real') THEN ${v} ${op} CAST(? AS REAL) ` +
          `WHEN ${v} IS NULL OR ${v} = '' THEN 0 ELSE ${text} ${op} ? END)`
        );
      }
      params.push(value);
      return `${text} ${op} ?`;
    }
    case 'like':
      params.push(value);
      return `${text} LIKE ?`;
    case 'notlike':
      params.push(value);
      return `(${v} IS NULL OR ${text} NOT LIKE ?)`;
    case 'in':
    case 'notin': {
      const items = list();
      params.push(...items);
      const inList = items.length ? `${text} IN (${items.map(() => '?').join(',')})` : '0';
      return atom.op === 'in' ? inList : `(${v} IS NULL OR NOT (${inList}))`;
    }
    case 'sort':
      return '1';
  }
}

function nodeSql(
  store: SandboxDb,
  kind: RecordKind,
  node: SearchNode,
  params: Array<string | number>,
): string | { error: string } {
  const parts: string[] = [];
  for (const atom of node.atoms) {
    if (atom.op === 'sort') continue;
    const sql = atomSql(store, kind, atom, 'json', 1, params);
    if (typeof sql !== 'string') return sql;
    parts.push(sql);
  }
  for (const group of node.groups) {
    const members: string[] = [];
    for (const member of group.members.values()) {
      const sql = nodeSql(store, kind, member, params);
      if (typeof sql !== 'string') return sql;
      members.push(sql);
    }
    parts.push(`(${members.join(group.combine === 'and' ? ' AND ' : ' OR ')})`);
  }
  return parts.length ? `(${parts.join(' AND ')})` : '1';
}

/** The search tree for records of `kind`: its conditions and its sorts, in the order given. */
export function compileSearch(store: SandboxDb, kind: RecordKind, tree: SearchNode): CompiledSearch {
  const params: Array<string | number> = [];
  const sql = nodeSql(store, kind, tree, params);
  if (typeof sql !== 'string') return { ok: false, message: sql.error };
  const order: string[] = [];
  for (const atom of atomsOf(tree)) {
    if (atom.op !== 'sort') continue;
    if (atom.path.length > 1)
      return { ok: false, message: `Cannot sort by a linked record's field "${atom.path.join('.')}"` };
    order.push(`json_extract(json, '$.${atom.path[0]!}') ${atom.value.toLowerCase() === 'desc' ? 'DESC' : 'ASC'}`);
  }
  return { ok: true, where: sql === '1' ? [] : [sql], params, order };
}

export function queryRecords(
  store: SandboxDb,
  kind: RecordKind,
  search: { where: string[]; params: Array<string | number>; order: string[] },
  page: { number: number; limit: number },
  extraWhere?: { sql: string; params: Array<string | number> },
): QueryResult {
  const where: string[] = ['kind = ?', ...search.where];
  const params: Array<string | number> = [kind, ...search.params];
  const order: string[] = [...search.order];
  if (extraWhere) {
    where.push(extraWhere.sql);
    params.push(...extraWhere.params);
  }
  order.push('seq ASC');
  const whereSql = where.join(' AND ');
  // A client pages through one query many times: its ordered ID list is computed once per
  // version of the data, so paging costs one scan, not one per page.
  const key = `${kind}|${whereSql}|${order.join(',')}|${JSON.stringify(params)}`;
  // One cache per sandbox: two in one process (tests) can have the same query at the same version.
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  let hit = cache.get(key);
  if (!hit || hit.version !== store.version) {
    const ids = (
      store.db
        .prepare(`SELECT id FROM records WHERE ${whereSql} ORDER BY ${order.join(', ')}`)
        .all(...params) as Array<{ id: string }>
    ).map((r) => r.id);
    hit = { version: store.version, ids };
    cache.set(key, hit);
    if (cache.size > 200) cache.delete(cache.keys().next().value!);
  }
  const offset = (page.number - 1) * page.limit;
  const slice = hit.ids.slice(offset, offset + page.limit);
  const byId = new Map(
    slice.length
      ? (
          store.db
            .prepare(`SELECT id, json FROM records WHERE kind = ? AND id IN (${slice.map(() => '?').join(',')})`)
            .all(kind, ...slice) as Array<{ id: string; json: string }>
        ).map((r) => [r.id, r.json])
      : [],
  );
  const last = Math.max(1, Math.ceil(hit.ids.length / page.limit));
  return {
    records: slice.map((id) => JSON.parse(byId.get(id)!) as Record<string, unknown>),
    page: { current: page.number, last, hasMore: page.number < last },
  };
}

const caches = new WeakMap<SandboxDb, Map<string, { version: number; ids: string[] }>>();
