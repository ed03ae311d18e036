// The mirror's writes: what sync reads from the service saved as it came (chargebacks with the
// derived columns the inbox lists and searches, their transactions and customers, status records,
// messages, documents and ledger entries). Upserts report what changed, so sync raises each event
// once, and an older copy never overwrites a newer one.
import { cardNetworkOf, networkNumber } from '../../../shared/domain/card-networks.ts';
import type {
  Chargeback,
  ChargebackStatusRecord,
  ChargebackMessage,
  ChargebackDocument,
  Entry,
  Txn,
} from '../../../shared/api/index.ts';
import { storedEntryOf } from '../../../shared/api/index.ts';
import { currencyExponent } from '../../../shared/domain/currencies.ts';
import { reasonCodeInfo } from '../../../shared/domain/reason-codes.ts';
import { minorToMajor } from '../../../shared/domain/money.ts';
import { serviceTimestampMs } from '../service-time.ts';
import type { Database } from '../database.ts';

export interface ChargebackChange {
  id: string;
  isNew: boolean;
  previousStatus: string | undefined;
  status: string;
}

type CustomerJson = { name?: string | null; email?: string | null; order?: string | null };

/** Who the transaction names and which order it was: what an inbox row shows and search finds.
 * Reads a transaction, or the customer as stored (CustomerJson). */
export function customerOf(
  txn: (Partial<Pick<Txn, 'first' | 'last' | 'company' | 'email' | 'order'>> & CustomerJson) | undefined,
): { name: string | null; email: string | null; order: string | null; text: string } {
  const clean = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);
  const name = clean(txn?.name) ?? clean([txn?.first ?? '', txn?.last ?? ''].join(' ')) ?? clean(txn?.company);
  const email = clean(txn?.email);
  const order = clean(txn?.order);
  return { name, email, order, text: [name, email, order].filter(Boolean).join(' ').toLowerCase() };
}

/** The customer as the chargebacks' `customer` column keeps it. */
const customerJsonOf = (c: CustomerJson): string => JSON.stringify({ name: c.name, email: c.email, order: c.order });

const withCustomer = (own: string, customer: string): string => (customer ? `${own} ${customer}` : own);

function searchText(c: Chargeback): string {
  const amount = minorToMajor(c.total, c.currency);
  return [
    c.id,
    c.txn,
    c.ref,
    c.bankRef,
    c.chargebackRef,
    c.reasonCode,
    c.reason,
    c.description,
    String(c.total),
    amount.toFixed(2),
    amount.toFixed(currencyExponent(c.currency)),
    String(amount),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/** Whether a record modified at `incoming` is older than the stored one's `stored` (both as the
 * service wrote them; a record without a time is taken as it comes). */
function olderThanStored(incoming: string | null | undefined, stored: string | null | undefined): boolean {
  if (!incoming || !stored) return false;
  const a = serviceTimestampMs(incoming);
  const b = serviceTimestampMs(stored);
  return a !== undefined && b !== undefined && a < b;
}

export function createMirrorWrites(d: Database) {
  const db = d.db;
  const prevStatus = db.prepare('SELECT status, customer, modified FROM chargebacks WHERE profile_id = ? AND id = ?');
  const upsertCb =
    db.prepare(`INSERT INTO chargebacks (profile_id, id, json, status, cycle, actionable, reply, reply_invalid,
      network, category, reason_code, currency, total, txn_id, modified, search_text, customer, first_seen_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (profile_id, id) DO UPDATE SET json = excluded.json, status = excluded.status, cycle = excluded.cycle,
      actionable = excluded.actionable, reply = excluded.reply, reply_invalid = excluded.reply_invalid,
      network = excluded.network, category = excluded.category, reason_code = excluded.reason_code,
      currency = excluded.currency, total = excluded.total, txn_id = excluded.txn_id, modified = excluded.modified,
      search_text = excluded.search_text, customer = excluded.customer`);
  // Entries repeat their transaction (one per chargeback event): an unchanged one is not
  // written again, which keeps a full sync's writes (and its WAL) to what is new.
  const upsertTxn = db.prepare(
    `INSERT INTO transactions (profile_id, id, json) VALUES (?, ?, ?)
      ON CONFLICT (profile_id, id) DO UPDATE SET json = excluded.json WHERE json IS NOT excluded.json`,
  );
  const txnJson = db.prepare('SELECT json FROM transactions WHERE profile_id = ? AND id = ?');
  // The customer is copied onto the chargebacks of a transaction (found by index, migration 007)
  // so the inbox lists and searches them without reading the transaction.
  const chargebacksOfTxn = db.prepare(
    'SELECT id, customer, search_text FROM chargebacks WHERE txn_id = ? AND profile_id = ?',
  );
  const chargebackJson = db.prepare('SELECT json FROM chargebacks WHERE profile_id = ? AND id = ?');
  const setCustomer = db.prepare(
    'UPDATE chargebacks SET customer = ?, search_text = ? WHERE profile_id = ? AND id = ?',
  );
  /** A chargeback's own search text: what is stored less the customer's words at its end (as
   * withCustomer put them there), or, should the two not fit, made again from its record. */
  const ownSearchText = (profileId: string, r: { id: string; customer: string | null; search_text: string }) => {
    const old = customerOf(r.customer ? (JSON.parse(r.customer) as CustomerJson) : undefined).text;
    if (!old) return r.search_text;
    if (r.search_text.endsWith(` ${old}`)) return r.search_text.slice(0, -old.length - 1);
    const row = chargebackJson.get(profileId, r.id) as { json: string };
    return searchText(JSON.parse(row.json) as Chargeback);
  };
  const copyCustomer = (profileId: string, txnId: string, txn: Parameters<typeof customerOf>[0]): void => {
    const c = customerOf(txn);
    const json = customerJsonOf(c);
    const rows = chargebacksOfTxn.all(txnId, profileId) as Array<{
      id: string;
      customer: string | null;
      search_text: string;
    }>;
    for (const r of rows)
      if (r.customer !== json)
        setCustomer.run(json, withCustomer(ownSearchText(profileId, r), c.text), profileId, r.id);
  };
  const upsertStatus = db.prepare(
    `INSERT INTO status_records (profile_id, id, chargeback_id, status, created, json) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (profile_id, id) DO UPDATE SET status = excluded.status, json = excluded.json`,
  );
  const upsertMessage = db.prepare(
    `INSERT INTO messages (profile_id, id, chargeback_id, json) VALUES (?, ?, ?, ?)
      ON CONFLICT (profile_id, id) DO UPDATE SET json = excluded.json`,
  );
  const upsertDocument = db.prepare(
    `INSERT INTO documents (profile_id, id, chargeback_id, json) VALUES (?, ?, ?, ?)
      ON CONFLICT (profile_id, id) DO UPDATE SET json = excluded.json`,
  );
  // An entry is inserted when new (that is how it is known to be new) and updated otherwise.
  const insertEntry = db.prepare(
    `INSERT INTO entries (profile_id, id, chargeback_id, event, amount, is_fee, created_at, json)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (profile_id, id) DO NOTHING`,
  );
  const updateEntry = db.prepare(
    'UPDATE entries SET amount = ?, json = ? WHERE profile_id = ? AND id = ? AND (amount IS NOT ? OR json IS NOT ?)',
  );

  /** Saves chargebacks, each with its customer: from its transaction when that was read with it
   * (`txns`, saved too) or is stored, else the one it had. Written with the row, the
   * customer costs no second write of the row and its inbox indexes. */
  function upsertChargebacks(
    profileId: string,
    records: readonly Chargeback[],
    now = Date.now(),
    txns: readonly Txn[] = [],
  ): ChargebackChange[] {
    const changes: ChargebackChange[] = [];
    // The transactions first: one that changed passes its customer to the chargebacks already
    // stored on it, and a new one finds none to update (these take it from `inHand` below).
    for (const t of txns) saveTxn(profileId, t);
    const inHand = new Map(txns.map((t) => [t.id, t]));
    for (const c of records) {
      const info = reasonCodeInfo(c.reasonCode);
      const before = prevStatus.get(profileId, c.id) as
        { status: string; customer: string | null; modified: string | null } | undefined;
      // A record read before the one stored was (a chargeback's refresh that started before a
      // pass, the two racing) never overwrites it: the newer decision stays.
      if (olderThanStored(c.modified, before?.modified)) continue;
      const stored =
        c.txn && !inHand.has(c.txn) ? (txnJson.get(profileId, c.txn) as { json: string } | undefined) : undefined;
      const txn = c.txn ? (inHand.get(c.txn) ?? (stored ? (JSON.parse(stored.json) as Txn) : undefined)) : undefined;
      // Without its transaction, a chargeback keeps the customer it had.
      const customer = txn
        ? customerOf(txn)
        : customerOf(before?.customer ? (JSON.parse(before.customer) as CustomerJson) : undefined);
      const customerJson = txn ? customerJsonOf(customer) : (before?.customer ?? null);
      upsertCb.run(
        profileId,
        c.id,
        JSON.stringify(c),
        c.status,
        c.cycle,
        c.actionable,
        c.reply,
        c.invalidDates?.reply ?? null,
        // The contract's number for the network its code's form names (card-networks.ts).
        networkNumber(cardNetworkOf(c.reasonCode)),
        info?.category ?? null,
        c.reasonCode,
        c.currency,
        c.total,
        c.txn,
        c.modified ?? null,
        withCustomer(searchText(c), customer.text),
        customerJson,
        now,
      );
      if (!before || before.status !== c.status)
        changes.push({ id: c.id, isNew: !before, previousStatus: before?.status, status: c.status });
    }
    return changes;
  }

  function saveTxn(profileId: string, txn: Txn): void {
    if (upsertTxn.run(profileId, txn.id, JSON.stringify(txn)).changes > 0) copyCustomer(profileId, txn.id, txn);
  }

  function saveStatuses(profileId: string, records: readonly ChargebackStatusRecord[]): void {
    for (const s of records)
      if (s.chargeback) upsertStatus.run(profileId, s.id, s.chargeback, s.status, s.created ?? null, JSON.stringify(s));
  }

  function saveMessages(profileId: string, records: readonly ChargebackMessage[]): void {
    for (const m of records) if (m.chargeback) upsertMessage.run(profileId, m.id, m.chargeback, JSON.stringify(m));
  }

  function saveDocuments(profileId: string, records: readonly ChargebackDocument[]): void {
    for (const x of records) if (x.chargeback) upsertDocument.run(profileId, x.id, x.chargeback, JSON.stringify(x));
  }

  /** Transactions written from entries, as the objects read: entries repeat their chargeback's
   * transaction, and the listing shares one validated copy among identical ones
   * (api/parse-records.ts), so a copy already written is not even compared with the stored one. */
  const written = new WeakSet<object>();

  /** Saves entries (and the transactions expanded in them); returns the ones not seen before. */
  function saveEntries(profileId: string, records: readonly Entry[]): Entry[] {
    const fresh: Entry[] = [];
    const txnsSaved = new Set<string>();
    for (const e of records) {
      const stored = storedEntryOf(e);
      const cbId = stored.chargeback;
      const created = serviceTimestampMs(e.created) ?? 0;
      const json = JSON.stringify(stored);
      if (insertEntry.run(profileId, e.id, cbId, e.event, e.amount, e.isFee, created, json).changes > 0) fresh.push(e);
      else updateEntry.run(e.amount, json, profileId, e.id, e.amount, json);
      const txn = e.chargeback && typeof e.chargeback === 'object' ? e.chargeback.txn : undefined;
      if (txn && typeof txn === 'object' && !txnsSaved.has(txn.id) && !written.has(txn)) {
        txnsSaved.add(txn.id);
        saveTxn(profileId, txn);
        written.add(txn);
      }
    }
    return fresh;
  }

  return { upsertChargebacks, saveTxn, saveStatuses, saveMessages, saveDocuments, saveEntries };
}
