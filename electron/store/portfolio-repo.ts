// The portfolio as the service last told it: chargebacks with derived columns for the inbox,
// their transactions, status records, messages, documents and ledger entries. Upserts report
// what changed, so sync can raise each event once.
import { cardNetworkOf, networkFromSaved, networkNumber, type CardNetwork } from '../../shared/domain/card-networks.ts';
import type {
  Chargeback,
  ChargebackStatusRecord,
  ChargebackMessage,
  ChargebackDocument,
  Entry,
  Txn,
} from '../../shared/api/index.ts';
import type { InboxRow, InboxSectionSummary } from '../../shared/views/inbox-row.ts';
import {
  inboxSection,
  inboxSections,
  type InboxSection,
  type InboxSort,
  type SortDirection,
} from '../../shared/domain/inbox-sections.ts';
import { currencyExponent } from '../../shared/domain/currencies.ts';
import { usdPerUnit } from '../../shared/domain/reference-rates.ts';
import { searchAlternatives } from '../../shared/domain/inbox-search.ts';
import { sendByOf } from '../../shared/domain/send-by.ts';
import type { DisputeRecords } from '../../shared/views/dispute-view.ts';
import { entryChargebackId } from '../../shared/api/index.ts';
import { reasonCodeInfo } from '../../shared/domain/reason-codes.ts';
import { easternToday, addDays, ymdToInt, parseYmd, dayNumber, deadlineState } from '../../shared/domain/dates.ts';
import { serviceTimestampMs } from './service-time.ts';
import { minorToMajor } from '../../shared/domain/money.ts';
import type { StatementSync } from 'node:sqlite';
import type { Database } from './database.ts';

export interface ChargebackChange {
  id: string;
  isNew: boolean;
  previousStatus: string | undefined;
  status: string;
}

export interface InboxQuery {
  profileId: string;
  status?: string | undefined;
  cycle?: string | undefined;
  network?: CardNetwork | undefined;
  category?: string | undefined;
  search?: string | undefined;
  dueWithinDays?: number | undefined;
  /** The profile's business days between the send-by date and the reply date (send-by.ts); 0
   * when not given: the reply date is then the only deadline. */
  sendByBusinessDays?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  now?: Date | undefined;
}

/** The worklist: the inbox's filters, an order within each section, the sections folded away. */
export interface WorklistQuery extends InboxQuery {
  sort?: InboxSort | undefined;
  dir?: SortDirection | undefined;
  /** Sections counted but not listed (the merchant folded them). */
  collapsed?: readonly InboxSection[] | undefined;
  /** Open, answerable chargebacks whose answer is already out (queued, sending, sent): the
   * outbox and messages decide that (electron/outbox/answers.ts), so the caller passes them in. */
  answered?: readonly string[] | undefined;
}

type Row = {
  id: string;
  reason: string | null;
  status: string;
  cycle: string;
  actionable: number;
  reply: number | null;
  reply_invalid: string | null;
  category: string | null;
  network: number | null;
  reason_code: string;
  total: number;
  currency: string;
  txn_id: string | null;
  modified: string | null;
  customer_name: string | null;
  customer_email: string | null;
  order_ref: string | null;
};

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

// Amounts compare across currencies by what they are worth: converted to US dollars by the shipped
// reference rates (shared/domain/reference-rates.ts; the inbox shows the rates beside its totals),
// so KWD 779.270 (about $2,548) ranks above $787.59. A currency the table lacks has no worth to
// compare: NULL, listed after the others either way.
const worthUsd = `(CASE currency ${Object.entries(usdPerUnit)
  .map(([c, usd]) => `WHEN '${c}' THEN total * ${usd / 10 ** currencyExponent(c)}`)
  .join(' ')} END)`;

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

/** Each section's rows as SQL: the rule of shared/domain/inbox-sections.ts, over the columns
 * the inbox indexes hold (a test checks each listed row's section against the rule). */
const answeredIds = 'id IN (SELECT value FROM json_each(?))';
const sectionSql: Record<InboxSection, { sql: string; today: boolean; answered: boolean }> = {
  'answer-now': { sql: `open_actionable = 1 AND reply_sort >= ? AND NOT ${answeredIds}`, today: true, answered: true },
  'awaiting-issuer': {
    sql: `status NOT IN ('won', 'lost', 'closed') AND (open_actionable = 0 OR ${answeredIds})`,
    today: false,
    answered: true,
  },
  decided: { sql: "open_actionable = 0 AND status IN ('won', 'lost', 'closed')", today: false, answered: false },
  'past-deadline': {
    sql: `open_actionable = 1 AND reply_sort < ? AND NOT ${answeredIds}`,
    today: true,
    answered: true,
  },
};
const sectionParams = (section: InboxSection, today: number, answered: string): Array<string | number> => [
  ...(sectionSql[section].today ? [today] : []),
  ...(sectionSql[section].answered ? [answered] : []),
];

/** The generated columns (migration 001) as the expressions they store. SQLite reads the row to
 * know a generated column even where an index holds it, so the two statements that go over every
 * chargeback of a profile, the worklist's section summary and the toolbar's counts, name what
 * those columns are made of instead: chargebacks_inbox_rest (migration 009) then answers them
 * without reading a row. Reading 10,000 rows and their JSON made each inbox page and keystroke
 * wait about 50 ms for them (test/bench/ui.bench.ts). */
const storedAs = new Map([
  ['open_actionable', "(status = 'open' AND actionable = 1)"],
  ['reply_sort', 'COALESCE(reply, 99991231)'],
]);
export function overStoredColumns(sql: string): string {
  return sql.replace(/\b(open_actionable|reply_sort)\b/g, (c) => storedAs.get(c) ?? c);
}

/** Each section's count and money per currency, for the chargebacks `where` admits. Parameters:
 * `summaryParams` (today, answered), then those of `where`. */
export function worklistSummarySql(where: string): string {
  const section = `CASE ${inboxSections.map((sec, i) => `WHEN ${sectionSql[sec].sql} THEN ${i}`).join(' ')} END`;
  return overStoredColumns(
    `SELECT ${section} AS section, currency, COUNT(*) AS n, SUM(total) AS amount
      FROM chargebacks WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}
export const summaryParams = (today: number, answered: string): Array<string | number> =>
  inboxSections.flatMap((sec) => sectionParams(sec, today, answered));

/** The toolbar's counts over all of a profile's chargebacks. Parameters: today, today + 3 days,
 * today (as YYYYMMDD), the profile. */
export const inboxCountsSql = overStoredColumns(
  `SELECT COUNT(*) AS total, SUM(open_actionable) AS open,
    SUM(CASE WHEN open_actionable = 1 AND reply_sort BETWEEN ? AND ? THEN 1 ELSE 0 END) AS due_soon,
    SUM(CASE WHEN open_actionable = 1 AND reply_sort < ? THEN 1 ELSE 0 END) AS overdue
    FROM chargebacks WHERE profile_id = ?`,
);

/** Whether a record modified at `incoming` is older than the stored one's `stored` (both as the
 * service wrote them; a record without a time is taken as it comes). */
function olderThanStored(incoming: string | null | undefined, stored: string | null | undefined): boolean {
  if (!incoming || !stored) return false;
  const a = serviceTimestampMs(incoming);
  const b = serviceTimestampMs(stored);
  return a !== undefined && b !== undefined && a < b;
}

export function createPortfolioRepo(d: Database) {
  const db = d.db;
  const countsStatement = db.prepare(inboxCountsSql);
  const prevStatus = db.prepare('SELECT status, customer, modified FROM chargebacks WHERE profile_id = ? AND id = ?');
  const upsertCb =
    db.prepare(`INSERT INTO chargebacks (profile_id, id, json, status, cycle, actionable, reply, reply_invalid,
      network, category, reason_code, currency, total, txn_id, modified, search_text, first_seen_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (profile_id, id) DO UPDATE SET json = excluded.json, status = excluded.status, cycle = excluded.cycle,
      actionable = excluded.actionable, reply = excluded.reply, reply_invalid = excluded.reply_invalid,
      network = excluded.network, category = excluded.category, reason_code = excluded.reason_code,
      currency = excluded.currency, total = excluded.total,
      txn_id = excluded.txn_id, modified = excluded.modified, search_text = excluded.search_text`);
  // Entries repeat their transaction (one per chargeback event): an unchanged one is not
  // written again, which keeps a full sync's writes (and its WAL) to what is new.
  const upsertTxn = db.prepare(
    `INSERT INTO transactions (profile_id, id, json) VALUES (?, ?, ?)
      ON CONFLICT (profile_id, id) DO UPDATE SET json = excluded.json WHERE json IS NOT excluded.json`,
  );
  const txnJson = db.prepare('SELECT json FROM transactions WHERE profile_id = ? AND id = ?');
  // The customer is copied onto the chargebacks of a transaction (found by index, migration 007)
  // so the inbox lists and searches them without reading the transaction.
  const chargebacksOfTxn = db.prepare('SELECT id, json FROM chargebacks WHERE txn_id = ? AND profile_id = ?');
  const setCustomer = db.prepare(
    'UPDATE chargebacks SET customer = ?, search_text = ? WHERE profile_id = ? AND id = ?',
  );
  const copyCustomer = (profileId: string, txnId: string, txn: Parameters<typeof customerOf>[0]): void => {
    const c = customerOf(txn);
    const json = JSON.stringify({ name: c.name, email: c.email, order: c.order });
    for (const r of chargebacksOfTxn.all(txnId, profileId) as Array<{ id: string; json: string }>) {
      setCustomer.run(json, withCustomer(searchText(JSON.parse(r.json) as Chargeback), c.text), profileId, r.id);
    }
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

  function upsertChargebacks(profileId: string, records: readonly Chargeback[], now = Date.now()): ChargebackChange[] {
    const changes: ChargebackChange[] = [];
    for (const c of records) {
      const info = reasonCodeInfo(c.reasonCode);
      const before = prevStatus.get(profileId, c.id) as
        { status: string; customer: string | null; modified: string | null } | undefined;
      // A record read before the one stored was (a chargeback's refresh that started before a
      // pass, the two racing) never overwrites it: the newer decision stays.
      if (olderThanStored(c.modified, before?.modified)) continue;
      // Until its transaction is (re)read below, a chargeback keeps the customer it had.
      const search = withCustomer(
        searchText(c),
        customerOf(before?.customer ? (JSON.parse(before.customer) as CustomerJson) : undefined).text,
      );
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
        search,
        now,
      );
      const txn = c.txn ? (txnJson.get(profileId, c.txn) as { json: string } | undefined) : undefined;
      if (c.txn && txn) copyCustomer(profileId, c.txn, JSON.parse(txn.json) as Txn);
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

  /** Saves entries (and the transactions expanded in them); returns the ones not seen before. */
  function saveEntries(profileId: string, records: readonly Entry[]): Entry[] {
    const fresh: Entry[] = [];
    const txnsSaved = new Set<string>();
    for (const e of records) {
      const cbId = entryChargebackId(e);
      const created = serviceTimestampMs(e.created) ?? 0;
      const json = JSON.stringify({ ...e, chargeback: cbId });
      if (insertEntry.run(profileId, e.id, cbId, e.event, e.amount, e.isFee, created, json).changes > 0) fresh.push(e);
      else updateEntry.run(e.amount, json, profileId, e.id, e.amount, json);
      const txn = e.chargeback && typeof e.chargeback === 'object' ? e.chargeback.txn : undefined;
      if (txn && typeof txn === 'object' && !txnsSaved.has(txn.id)) {
        txnsSaved.add(txn.id);
        saveTxn(profileId, txn);
      }
    }
    return fresh;
  }

  /** Whole days from `today` (a day number) to the reply date, as daysLeft counts them; worked
   * out from one Eastern "today" per listing rather than one per row (each is an Intl call). */
  function daysFrom(reply: number | null, today: number): number | null {
    const r = parseYmd(reply);
    return r ? dayNumber(r) - today : null;
  }

  /** `answered`: open, answerable chargebacks whose answer is out (WorklistQuery.answered);
   * `buffer`: the profile's send-by business days. */
  function toInboxRow(r: Row, today: number, buffer: number, answered: ReadonlySet<string> = new Set()): InboxRow {
    const daysLeft = daysFrom(r.reply, today);
    const sendBy = sendByOf(r.reply, buffer);
    const section = inboxSection({
      status: r.status,
      actionable: r.actionable === 1,
      deadline: deadlineState(daysLeft ?? undefined, r.reply_invalid),
      answer: answered.has(r.id) ? 'sent' : 'not-answered',
    });
    return {
      id: r.id,
      status: r.status,
      cycle: r.cycle,
      actionable: r.actionable === 1,
      reply: r.reply,
      replyInvalid: r.reply_invalid,
      daysLeft,
      sendBy,
      sendByDaysLeft: daysFrom(sendBy, today),
      reasonCode: r.reason_code,
      reason: r.reason ?? '',
      category: r.category,
      network: networkFromSaved(r.network) ?? null,
      total: r.total,
      currency: r.currency,
      txn: r.txn_id,
      modified: r.modified,
      customerName: r.customer_name,
      customerEmail: r.customer_email,
      order: r.order_ref,
      section,
    };
  }

  function inboxWhere(q: InboxQuery, now: Date): { sql: string; params: Array<string | number> } {
    const where = ['profile_id = ?'];
    const params: Array<string | number> = [q.profileId];
    const add = (sql: string, value: string | number): void => {
      where.push(sql);
      params.push(value);
    };
    if (q.status) add('status = ?', q.status);
    if (q.cycle) add('cycle = ?', q.cycle);
    if (q.network !== undefined) add('network = ?', networkNumber(q.network));
    if (q.category) add('category = ?', q.category);
    const alternatives = searchAlternatives(q.search ?? '');
    if (alternatives.length > 0) {
      // The customer's name, email and order number are in search_text too (migration 007); a
      // reason code or an amount as displayed is also looked for as stored (inbox-search.ts).
      where.push(`(${alternatives.map(() => "search_text LIKE ? ESCAPE '\\'").join(' OR ')})`);
      for (const a of alternatives) params.push(`%${a.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    // A deadline that could not be read may be any day: it is listed as possibly due.
    if (q.dueWithinDays !== undefined)
      add(
        "status = 'open' AND (reply_sort <= ? OR reply_invalid IS NOT NULL)",
        ymdToInt(addDays(easternToday(now), q.dueWithinDays)),
      );
    return { sql: where.join(' AND '), params };
  }

  // Only the reason is read from the record's JSON: SQLite picks it out, the row's JSON never
  // crosses into JavaScript.
  const cols =
    "id, json_extract(json, '$.reason') AS reason, status, cycle, actionable, reply, reply_invalid, " +
    'category, network, reason_code, total, currency, txn_id, modified, ' +
    "customer ->> '$.name' AS customer_name, customer ->> '$.email' AS customer_email, " +
    "customer ->> '$.order' AS order_ref";

  /** Inbox statements by their text: the filters make a few dozen shapes, each prepared once. */
  const inboxStatements = new Map<string, StatementSync>();
  function inboxStatement(sql: string): StatementSync {
    let st = inboxStatements.get(sql);
    if (!st) {
      st = db.prepare(sql);
      inboxStatements.set(sql, st);
    }
    return st;
  }

  /** Open, actionable chargebacks first by reply deadline; then the rest, latest change first. */
  function listInbox(q: InboxQuery): { rows: InboxRow[]; total: number } {
    const now = q.now ?? new Date();
    const limit = q.limit ?? 100;
    const offset = q.offset ?? 0;
    const w = inboxWhere(q, now);
    // One pass over the index for both counts; the search and status filters are answered by the
    // index too (migration 005).
    const counts = inboxStatement(
      `SELECT COUNT(*) AS total, COALESCE(SUM(open_actionable), 0) AS open FROM chargebacks WHERE ${w.sql}`,
    ).get(...w.params) as { total: number; open: number };
    const countOpen = counts.open;
    const rows: Row[] = [];
    if (offset < countOpen) {
      rows.push(
        ...(inboxStatement(
          `SELECT ${cols} FROM chargebacks
            WHERE ${w.sql} AND open_actionable = 1 ORDER BY reply_sort, id LIMIT ? OFFSET ?`,
        ).all(...w.params, limit, offset) as Row[]),
      );
    }
    const remaining = limit - rows.length;
    if (remaining > 0 && counts.total > countOpen) {
      rows.push(
        ...(inboxStatement(
          `SELECT ${cols} FROM chargebacks
            WHERE ${w.sql} AND open_actionable = 0 ORDER BY modified DESC, id LIMIT ? OFFSET ?`,
        ).all(...w.params, remaining, Math.max(0, offset - countOpen)) as Row[]),
      );
    }
    const today = dayNumber(easternToday(now));
    const buffer = q.sendByBusinessDays ?? 0;
    return { rows: rows.map((r) => toInboxRow(r, today, buffer)), total: counts.total };
  }

  /** The order within a section; the deadline order of "answer now" is the index's own. */
  function orderBy(section: InboxSection, sort: InboxSort, dir: SortDirection): string {
    const d = dir === 'asc' ? 'ASC' : 'DESC';
    const flip = dir === 'asc' ? 'DESC' : 'ASC';
    switch (sort) {
      case 'deadline':
        // Decided ones have no deadline left: latest change first, as before.
        return section === 'decided' ? `modified ${flip}, id ${d}` : `reply_sort ${d}, id ${d}`;
      case 'amount':
        return `${worthUsd} IS NULL, ${worthUsd} ${d}, currency, total ${d}, id`;
      case 'reason':
        return `reason_code ${d}, id`;
      case 'customer':
        // No customer sorts last either way.
        return `customer_name IS NULL, customer_name COLLATE NOCASE ${d}, order_ref ${d}, id`;
      case 'stage':
        return `cycle ${d}, reply_sort, id`;
    }
  }

  /**
   * The inbox as a worklist: sections in the order a merchant works them (answer now, awaiting
   * the issuer, decided, past the deadline), each in the chosen order, with its count and money
   * per currency. Folded sections are counted, not listed; `offset` runs over the listed rows.
   */
  function listWorklist(q: WorklistQuery): { rows: InboxRow[]; total: number; sections: InboxSectionSummary[] } {
    const now = q.now ?? new Date();
    let limit = q.limit ?? 100;
    let offset = q.offset ?? 0;
    const w = inboxWhere(q, now);
    const today = ymdToInt(easternToday(now));
    const answeredList = q.answered ?? [];
    const answered = JSON.stringify(answeredList);
    const groups = inboxStatement(worklistSummarySql(w.sql)).all(
      ...summaryParams(today, answered),
      ...w.params,
    ) as Array<{ section: number | null; currency: string; n: number; amount: number }>;
    const sections: InboxSectionSummary[] = inboxSections.map((section) => ({ section, count: 0, amounts: [] }));
    for (const g of groups) {
      const summary = g.section === null ? undefined : sections[g.section];
      if (!summary) continue;
      summary.count += g.n;
      summary.amounts.push({ currency: g.currency, total: g.amount });
    }
    const collapsed = new Set(q.collapsed ?? []);
    const rows: Row[] = [];
    let total = 0;
    for (const summary of sections) {
      if (collapsed.has(summary.section)) continue;
      total += summary.count;
      if (limit <= 0) continue;
      if (offset >= summary.count) {
        offset -= summary.count;
        continue;
      }
      const order = orderBy(summary.section, q.sort ?? 'deadline', q.dir ?? 'asc');
      const got = inboxStatement(
        `SELECT ${cols} FROM chargebacks
          WHERE ${w.sql} AND ${sectionSql[summary.section].sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
      ).all(...w.params, ...sectionParams(summary.section, today, answered), limit, offset) as Row[];
      rows.push(...got);
      limit -= got.length;
      offset = 0;
    }
    const dayNo = dayNumber(easternToday(now));
    const answeredSet = new Set(answeredList);
    const buffer = q.sendByBusinessDays ?? 0;
    return { rows: rows.map((r) => toInboxRow(r, dayNo, buffer, answeredSet)), total, sections };
  }

  /** Open, answerable chargebacks that have an outbox job or a synced message: the only ones
   * whose answer may be out, so the only ones the answer book needs to look at for the worklist. */
  function answerCandidates(profileId: string): string[] {
    return (
      db
        .prepare(
          `SELECT c.id FROM chargebacks c WHERE c.profile_id = ? AND c.open_actionable = 1 AND c.id IN
      (SELECT chargeback_id FROM outbox_jobs WHERE profile_id = ?
        UNION SELECT chargeback_id FROM messages WHERE profile_id = ?)`,
        )
        .all(profileId, profileId, profileId) as Array<{ id: string }>
    ).map((r) => r.id);
  }

  /** The currency most of a profile's chargebacks are in (the first by name on a tie); undefined
   * with none: the inbox's main currency unless the merchant chose one. */
  function mostCommonCurrency(profileId: string): string | undefined {
    const r = db
      .prepare(
        `SELECT currency FROM chargebacks WHERE profile_id = ? GROUP BY currency ORDER BY COUNT(*) DESC, currency LIMIT 1`,
      )
      .get(profileId) as { currency: string } | undefined;
    return r?.currency;
  }

  /** Every chargeback the worklist would list, in its order (for the CSV of the current view). */
  function worklistAll(q: Omit<WorklistQuery, 'limit' | 'offset'>): InboxRow[] {
    return listWorklist({ ...q, offset: 0, limit: 1_000_000 }).rows;
  }

  function inboxCounts(
    profileId: string,
    now = new Date(),
  ): { open: number; dueSoon: number; overdue: number; total: number } {
    const today = easternToday(now);
    const r = countsStatement.get(ymdToInt(today), ymdToInt(addDays(today, 3)), ymdToInt(today), profileId) as {
      total: number;
      open: number | null;
      due_soon: number | null;
      overdue: number | null;
    };
    return { total: r.total, open: r.open ?? 0, dueSoon: r.due_soon ?? 0, overdue: r.overdue ?? 0 };
  }

  function getChargeback(profileId: string, id: string): Chargeback | undefined {
    const row = db.prepare('SELECT json FROM chargebacks WHERE profile_id = ? AND id = ?').get(profileId, id) as
      { json: string } | undefined;
    return row ? (JSON.parse(row.json) as Chargeback) : undefined;
  }

  function detail(profileId: string, id: string): DisputeRecords | undefined {
    const chargeback = getChargeback(profileId, id);
    if (!chargeback) return undefined;
    const all = (sql: string) =>
      (db.prepare(sql).all(profileId, id) as Array<{ json: string }>).map((r) => JSON.parse(r.json) as unknown);
    const txnRow = chargeback.txn
      ? (db.prepare('SELECT json FROM transactions WHERE profile_id = ? AND id = ?').get(profileId, chargeback.txn) as
          { json: string } | undefined)
      : undefined;
    return {
      chargeback,
      txn: txnRow ? (JSON.parse(txnRow.json) as Txn) : null,
      statuses: all(
        'SELECT json FROM status_records WHERE profile_id = ? AND chargeback_id = ? ORDER BY created, id',
      ) as ChargebackStatusRecord[],
      messages: all(
        'SELECT json FROM messages WHERE profile_id = ? AND chargeback_id = ? ORDER BY id',
      ) as ChargebackMessage[],
      documents: all(
        'SELECT json FROM documents WHERE profile_id = ? AND chargeback_id = ? ORDER BY id',
      ) as ChargebackDocument[],
      entries: all(
        'SELECT json FROM entries WHERE profile_id = ? AND chargeback_id = ? ORDER BY created_at, id',
      ) as Entry[],
    };
  }

  function listEntries(profileId: string, from: Date, to: Date): Array<Entry & { chargeback: string | null }> {
    return (
      db
        .prepare(
          `SELECT json FROM entries
            WHERE profile_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at, id`,
        )
        .all(profileId, from.getTime(), to.getTime()) as Array<{ json: string }>
    ).map((r) => JSON.parse(r.json) as Entry & { chargeback: string | null });
  }

  function chargebackIds(profileId: string): string[] {
    return (db.prepare('SELECT id FROM chargebacks WHERE profile_id = ?').all(profileId) as Array<{ id: string }>).map(
      (r) => r.id,
    );
  }

  function openActionable(profileId: string): Array<{ id: string; reply: number | null; replyInvalid: string | null }> {
    return (
      db
        .prepare('SELECT id, reply, reply_invalid FROM chargebacks WHERE profile_id = ? AND open_actionable = 1')
        .all(profileId) as Array<{ id: string; reply: number | null; reply_invalid: string | null }>
    ).map((r) => ({ id: r.id, reply: r.reply, replyInvalid: r.reply_invalid }));
  }

  function checklist(profileId: string, chargebackId: string): Set<string> {
    return new Set(
      (
        db
          .prepare('SELECT item_id FROM checklist_ticks WHERE profile_id = ? AND chargeback_id = ?')
          .all(profileId, chargebackId) as Array<{ item_id: string }>
      ).map((r) => r.item_id),
    );
  }

  function setChecklist(
    profileId: string,
    chargebackId: string,
    itemId: string,
    checked: boolean,
    now = Date.now(),
  ): void {
    if (checked)
      db.prepare(
        `INSERT INTO checklist_ticks (profile_id, chargeback_id, item_id, ticked_at) VALUES (?, ?, ?, ?)
          ON CONFLICT DO NOTHING`,
      ).run(profileId, chargebackId, itemId, now);
    else
      db.prepare('DELETE FROM checklist_ticks WHERE profile_id = ? AND chargeback_id = ? AND item_id = ?').run(
        profileId,
        chargebackId,
        itemId,
      );
  }

  return {
    checklist,
    setChecklist,
    upsertChargebacks,
    saveTxn,
    saveStatuses,
    saveMessages,
    saveDocuments,
    saveEntries,
    listInbox,
    listWorklist,
    worklistAll,
    answerCandidates,
    mostCommonCurrency,
    inboxCounts,
    getChargeback,
    detail,
    listEntries,
    chargebackIds,
    openActionable,
  };
}
export type PortfolioRepo = ReturnType<typeof createPortfolioRepo>;
export type { InboxRow };
