// `expand` as the real service answers it on every resource: `expand[txn][]` puts the linked
// record where its ID stood, nested as deep as asked (`expand[chargeback][txn][]`,
// `expand[token][][customer][]`). A transaction's payment method, token and the token's customer
// are read from the transaction itself, in the recorded shapes (github outlawpractice/payrix-rs
// `transactions_expanded.json`, `customers_expanded.json`); a link to no record keeps its ID.
import { createHash } from 'node:crypto';
import { reasonCodeInfo } from '../../shared/domain/reason-codes.ts';
import type { CardNetwork } from '../../shared/domain/card-networks.ts';
import { newId } from './ids.ts';
import { recordLinks } from './record-fields.ts';
import type { SandboxDb, RecordKind } from './db.ts';

type Rec = Record<string, unknown>;

/** What to expand: each field named, with what to expand inside it. */
export type ExpandTree = Map<string, ExpandTree>;

/** The `expand[...]` query parameters as one tree (empty brackets `[]` only end a path). */
export function parseExpand(url: URL): ExpandTree {
  const tree: ExpandTree = new Map();
  for (const key of url.searchParams.keys()) {
    if (!key.startsWith('expand[')) continue;
    let node = tree;
    for (const [, segment] of key.slice('expand'.length).matchAll(/\[([^[\]]*)\]/g)) {
      if (!segment) continue;
      let next = node.get(segment);
      if (!next) node.set(segment, (next = new Map()));
      node = next;
    }
  }
  return tree;
}

/** The card network's payment method code and a test BIN of its cards. */
const methodByNetwork: Record<CardNetwork, { method: number; bin: string }> = {
  visa: { method: 2, bin: '411111' },
  mastercard: { method: 3, bin: '555555' },
  amex: { method: 1, bin: '378282' },
  discover: { method: 5, bin: '601111' },
};

const hexOf = (text: string, n: number): string => createHash('sha256').update(text).digest('hex').slice(0, n);

/** The time an ID was made (its first 8 hex digits), for the records derived from a transaction. */
const madeAt = (id: string): Date => new Date(Number.parseInt(id.split('_')[2]?.slice(0, 8) ?? '0', 16) * 1000 || 0);

/** The transaction's payment method, as `expand[payment][]` answers it. */
function paymentOf(store: SandboxDb, txn: Rec): Rec {
  const row = store.db.prepare(`SELECT chargeback FROM records WHERE kind = 'txn' AND id = ?`).get(String(txn.id)) as
    { chargeback: string | null } | undefined;
  const cb = row?.chargeback ? store.get('chargeback', row.chargeback) : undefined;
  const network = reasonCodeInfo(String(cb?.reasonCode ?? ''))?.network ?? 'visa';
  const { method, bin } = methodByNetwork[network]!;
  const id = String(txn.payment);
  return {
    bin,
    id,
    last4: null,
    lastChecked: null,
    mask: null,
    method,
    number: String(Number.parseInt(hexOf(id, 6), 16) % 10000).padStart(4, '0'),
    payment: null,
    plaidConsumerAccount: null,
    routing: '0',
  };
}

/** The customer a transaction's card is kept for: one per email (or name), none without either. */
function customerIdOf(txn: Rec): string | null {
  const who = txn.email ?? (txn.first || txn.last ? `${String(txn.first)} ${String(txn.last)}` : null);
  if (who === null) return null;
  return newId('cus', madeAt(String(txn.id)), hexOf(`customer:${String(who).toLowerCase()}`, 15));
}

function tokenOf(txn: Rec): Rec {
  return {
    authTokenCustomer: null,
    created: txn.created,
    creator: txn.creator,
    custom: null,
    customer: customerIdOf(txn),
    description: null,
    entryMode: null,
    expiration: txn.expiration,
    frozen: 0,
    id: newId('tok', madeAt(String(txn.id)), hexOf(`token:${String(txn.token)}`, 15)),
    inactive: 0,
    modified: txn.created,
    modifier: txn.creator,
    name: null,
    omnitoken: null,
    origin: null,
    status: 'ready',
    token: txn.token,
  };
}

function customerOf(txn: Rec): Rec {
  const id = customerIdOf(txn);
  const shipping = Object.fromEntries(
    [
      'Address1',
      'Address2',
      'City',
      'Company',
      'Country',
      'Fax',
      'First',
      'Last',
      'Middle',
      'Phone',
      'State',
      'Zip',
    ].map((f) => [`shipping${f}`, null]),
  );
  return {
    address1: txn.address1 ?? null,
    address2: txn.address2 ?? null,
    authTokenCustomer: null,
    city: txn.city ?? null,
    company: txn.company ?? null,
    country: txn.country ?? null,
    created: txn.created,
    creator: txn.creator,
    custom: null,
    email: txn.email ?? null,
    entity: null,
    fax: null,
    first: txn.first ?? null,
    frozen: 0,
    id,
    inactive: 0,
    last: txn.last ?? null,
    login: txn.creator,
    merchant: txn.merchant,
    middle: txn.middle ?? null,
    modified: txn.created,
    modifier: txn.creator,
    phone: txn.phone ?? null,
    ...shipping,
    state: txn.state ?? null,
    zip: txn.zip ?? null,
  };
}

export interface Expander {
  /** The record as answered, with the fields the tree names expanded. */
  expand(kind: RecordKind, stored: Rec, tree: ExpandTree): Rec;
}

/**
 * `shown` presents a stored record in the dialect spoken; `storedName` maps a field name of that
 * dialect (the micro-service's `Chargeback`) to the stored one.
 */
export function createExpander(
  store: SandboxDb,
  shown: (kind: RecordKind, r: Rec) => Rec,
  storedName: (field: string) => string,
): Expander {
  function expand(kind: RecordKind, stored: Rec, tree: ExpandTree): Rec {
    const out = shown(kind, stored);
    for (const [field, inner] of tree) {
      const name = storedName(field);
      if (!(field in out)) continue;
      const id = stored[name];
      if (typeof id !== 'string' || id === '') continue;
      if (kind === 'txn' && (name === 'payment' || name === 'token')) {
        out[field] = name === 'payment' ? paymentOf(store, stored) : tokenWith(stored, inner);
        continue;
      }
      const linked = recordLinks[kind][name];
      const record = linked ? store.get(linked, id) : undefined;
      if (linked && record) out[field] = expand(linked, record, inner);
    }
    return out;
  }
  /** The token, and inside it the customer when asked and known. */
  function tokenWith(txn: Rec, tree: ExpandTree): Rec {
    const token = tokenOf(txn);
    if (tree.has('customer') && token.customer !== null) token.customer = customerOf(txn);
    return token;
  }
  return { expand };
}
