// GET on the merchant API: one record by ID, or a listing searched (search-grammar.ts, query.ts),
// sorted, paged and expanded (expand.ts) as the real service answers, in the dialect spoken.
import type { ServerResponse } from 'node:http';
import { compileSearch, queryRecords } from './query.ts';
import { parseSearchTree, type SearchNode } from './search-grammar.ts';
import { createExpander, parseExpand, type ExpandTree } from './expand.ts';
import { clean, sendText } from './http-io.ts';
import type { Reply, Page } from './reply.ts';
import type { SandboxDb, RecordKind } from './db.ts';

type Rec = Record<string, unknown>;

/** The kinds whose link to their chargeback the micro-service spells `Chargeback`. */
const linkedKinds: ReadonlySet<RecordKind> = new Set(['status', 'message', 'document']);

/** The tree with each field named as stored. */
function renamed(node: SearchNode, name: (field: string) => string): SearchNode {
  return {
    atoms: node.atoms.map((a) => ({ ...a, path: a.path.map(name) })),
    groups: node.groups.map((g) => ({
      combine: g.combine,
      members: new Map([...g.members].map(([k, m]) => [k, renamed(m, name)])),
    })),
  };
}

/** Only entries' chargebacks, and those chargebacks' transactions, are expanded. */
function isEntryChargebackExpand(kind: RecordKind, tree: ExpandTree): boolean {
  const cb = tree.get('chargeback');
  if (kind !== 'entry' || tree.size !== 1 || !cb) return false;
  return cb.size === 0 || (cb.size === 1 && cb.get('txn')?.size === 0);
}

export function createListing(store: SandboxDb, reply: Reply) {
  const expander = createExpander(store, reply.shown, reply.expandName);

  // Entries repeat their chargeback: its expanded JSON is built once per version of the data.
  const expandedCache = new Map<string, string | null>();
  let expandedVersion = -1;
  function expandedJson(id: string, withTxn: boolean): string | null {
    if (expandedVersion !== store.version) {
      expandedCache.clear();
      expandedVersion = store.version;
    }
    const key = `${id}|${withTxn}`;
    let json = expandedCache.get(key);
    if (json === undefined) {
      const cb = store.get('chargeback', id);
      const txn = cb && withTxn && typeof cb.txn === 'string' ? store.get('txn', cb.txn) : undefined;
      json = cb ? JSON.stringify(reply.shown('chargeback', { ...cb, ...(txn ? { txn: clean(txn) } : {}) })) : null;
      expandedCache.set(key, json);
    }
    return json;
  }

  /** A page of entries with their chargebacks, written as text from the cached chargebacks: the
   * sync reads every entry this way, so it is the listing served most. */
  function sendExpandedEntries(res: ServerResponse, records: Rec[], withTxn: boolean, page: Page): void {
    const items = records.map((r) => {
      const { chargeback, ...rest } = clean(r);
      const cb = typeof chargeback === 'string' ? expandedJson(chargeback, withTxn) : null;
      const head = JSON.stringify(rest);
      const comma = head.length > 2 ? ',' : '';
      return `${head.slice(0, -1)}${comma}"chargeback":${cb ?? JSON.stringify(chargeback ?? null)}}`;
    });
    const details = JSON.stringify({ totals: [], requestId: reply.nextRequestId(), page });
    sendText(res, `{"response":{"data":[${items.join(',')}],"details":${details},"errors":[]}}`);
  }

  /** Answers a GET of `kind` (with `id`, one record). */
  function get(
    res: ServerResponse,
    url: URL,
    kind: RecordKind,
    id: string | undefined,
    searchHeader: string | undefined,
  ) {
    const search = parseSearchTree(searchHeader);
    if (!search.ok) return reply.queryError(res, search.message);
    const number = Number(url.searchParams.get('page[number]') ?? 1);
    const limit = Number(url.searchParams.get('page[limit]') ?? 30);
    if (!Number.isInteger(number) || number < 1 || !Number.isInteger(limit) || limit < 1)
      return reply.queryError(res, 'page[number] and page[limit] must be positive integers');
    const page = { number, limit: Math.min(limit, 100) };
    if (kind === 'status' && id !== undefined && reply.dialect === 'microservice') {
      // The contract's status read takes the chargeback ID and answers the bare envelope:
      // data, details, errors at top level.
      const rows = store.byChargeback('status', id);
      const data = rows.map((r) => reply.shown('status', r));
      return sendText(res, JSON.stringify({ data, details: {}, errors: [] }));
    }
    const expand = parseExpand(url);
    if (id !== undefined) {
      // On the core API a status is read by its own ID: a chargeback ID finds nothing.
      const rec = store.get(kind, id);
      return reply.ok(res, rec ? [expander.expand(kind, rec, expand)] : []);
    }
    const tree = linkedKinds.has(kind) ? renamed(search.tree, reply.searchName) : search.tree;
    const compiled = compileSearch(store, kind, tree);
    if (!compiled.ok) return reply.queryError(res, compiled.message);
    const result = queryRecords(store, kind, compiled, page);
    if (isEntryChargebackExpand(kind, expand))
      return sendExpandedEntries(res, result.records, expand.get('chargeback')!.has('txn'), result.page);
    return reply.ok(
      res,
      result.records.map((r) => expander.expand(kind, r, expand)),
      result.page,
    );
  }

  return { get };
}
