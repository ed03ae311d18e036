// Turns the search header's clauses into SQL over the stored JSON, with the service's paging.
// Field names are checked by the shared grammar, so they can be put in a JSON path safely.
import type { SearchClause } from '../../shared/api/search.ts';
import type { SandboxDb, RecordKind } from './db.ts';

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

export function queryRecords(
  store: SandboxDb,
  kind: RecordKind,
  clauses: readonly SearchClause[],
  page: { number: number; limit: number },
  extraWhere?: { sql: string; params: Array<string | number> },
): QueryResult {
  const where: string[] = ['kind = ?'];
  const params: Array<string | number> = [kind];
  const order: string[] = [];
  for (const c of clauses) {
    const path = `$.${c.field}`;
    const v = `json_extract(json, '${path}')`;
    const value = normaliseValue(c.field, c.value);
    switch (c.op) {
      case 'equals':
        where.push(`CAST(${v} AS TEXT) = ?`);
        params.push(value);
        break;
      case 'greater':
      case 'less': {
        const op = c.op === 'greater' ? '>' : '<';
        if (numeric.test(value)) {
          // Numbers compare as numbers; an ID compared with 0 ("chargeback[greater]=0") compares as text,
          // so any set ID is greater.
          where.push(
            `(CASE WHEN typeof(${v}) IN ('integer', 'real') THEN ${v} ${op} CAST(? AS REAL) ` +
              `WHEN ${v} IS NULL OR ${v} = '' THEN 0 ELSE CAST(${v} AS TEXT) ${op} ? END)`,
          );
          params.push(value, value);
        } else {
          where.push(`CAST(${v} AS TEXT) ${op} ?`);
          params.push(value);
        }
        break;
      }
      case 'like':
        where.push(`CAST(${v} AS TEXT) LIKE ?`);
        params.push(value);
        break;
      case 'in': {
        const items = value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        where.push(items.length ? `CAST(${v} AS TEXT) IN (${items.map(() => '?').join(',')})` : '0');
        params.push(...items);
        break;
      }
      case 'sort':
        order.push(`${v} ${value.toLowerCase() === 'desc' ? 'DESC' : 'ASC'}`);
        break;
    }
  }
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
