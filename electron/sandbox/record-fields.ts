// What each kind of record holds, for search and expand: the fields a search may name (so an
// unknown one is refused, as the real service refuses a bad search, even on a resource with no
// records yet) and the fields that link another record (searched as `txn[payment][equals]=...`,
// expanded as `expand[txn][]`).
import { txnRecord } from './txn-record.ts';
import { entryRecord } from './entry-record.ts';
import type { SandboxDb, RecordKind } from './db.ts';

const meta = ['id', 'created', 'modified', 'creator', 'modifier', 'inactive', 'frozen'];

const txnFields = Object.keys(
  txnRecord({ id: '', ts: '', merchant: null, login: null, payment: '', token: '', total: 0 }),
);
const entryFields = Object.keys(
  entryRecord({
    id: '',
    ts: '',
    login: '',
    entity: null,
    opposingEntry: null,
    fund: null,
    event: 0,
    eventId: '',
    description: '',
    amount: 0,
    isFee: 0,
    pendingEntry: null,
    chargeback: null,
  }),
);

const baseFields: Record<RecordKind, readonly string[]> = {
  chargeback: [
    ...meta,
    'merchant',
    'txn',
    'mid',
    'description',
    'total',
    'representedTotal',
    'paymentMethod',
    'cycle',
    'currency',
    'platform',
    'ref',
    'reason',
    'reasonCode',
    'issued',
    'received',
    'reply',
    'bankRef',
    'chargebackRef',
    'status',
    'lastStatusChange',
    'actionable',
    'shadow',
  ],
  status: [...meta, 'chargeback', 'chargebackMessage', 'status'],
  message: [
    ...meta,
    'chargeback',
    'date',
    'type',
    'fromQueue',
    'toQueue',
    'contact',
    'amount',
    'currency',
    'note',
    'status',
    'imported',
  ],
  document: [...meta, 'chargeback', 'ref', 'type', 'name', 'description', 'status', 'documentSource'],
  entry: entryFields,
  txn: txnFields,
  // Only an empty list of these was recorded: its records' fields beyond the link are not known.
  messageResult: [...meta, 'chargebackMessage'],
};

/** The kinds of record a field of each kind links to (in the stored, core names). */
export const recordLinks: Record<RecordKind, Readonly<Record<string, RecordKind>>> = {
  chargeback: { txn: 'txn', lastStatusChange: 'status' },
  status: { chargeback: 'chargeback', chargebackMessage: 'message' },
  message: { chargeback: 'chargeback' },
  document: { chargeback: 'chargeback' },
  entry: { chargeback: 'chargeback' },
  txn: { fortxn: 'txn', fromtxn: 'txn' },
  messageResult: { chargebackMessage: 'message' },
};

const sampled = new WeakMap<SandboxDb, Map<RecordKind, { version: number; fields: Set<string> }>>();

/** The fields a search of `kind` may name: every record's own, and what its records hold now
 * (the first and latest few, so a field a write added is known too); once per version of the data. */
export function searchableFields(store: SandboxDb, kind: RecordKind): Set<string> {
  let byKind = sampled.get(store);
  if (!byKind) sampled.set(store, (byKind = new Map()));
  const hit = byKind.get(kind);
  if (hit && hit.version === store.version) return hit.fields;
  const known = new Set(baseFields[kind]);
  const rows = store.db
    .prepare(
      `SELECT json FROM (SELECT json FROM records WHERE kind = ? ORDER BY seq LIMIT 20) UNION ALL ` +
        `SELECT json FROM (SELECT json FROM records WHERE kind = ? ORDER BY seq DESC LIMIT 20)`,
    )
    .all(kind, kind) as Array<{ json: string }>;
  for (const r of rows) for (const k of Object.keys(JSON.parse(r.json) as object)) if (!k.startsWith('_')) known.add(k);
  byKind.set(kind, { version: store.version, fields: known });
  return known;
}
