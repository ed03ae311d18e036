// The inbox as the merchant works it, the one order every list of chargebacks uses (the window's
// inbox, its CSV, its selection and `dispute-desk chargebacks`): sections (answer now, awaiting
// the issuer, decided, past the deadline), each in the chosen order, with counts and money.
import { networkFromSaved, networkNumber, type CardNetwork } from '../../../shared/domain/card-networks.ts';
import type { StatementSync } from 'node:sqlite';
import type { InboxRow, InboxSectionSummary } from '../../../shared/views/inbox-row.ts';
import {
  inboxSection,
  inboxSections,
  type InboxSection,
  type InboxSort,
  type SortDirection,
} from '../../../shared/domain/inbox-sections.ts';
import { searchAlternatives } from '../../../shared/domain/inbox-search.ts';
import { lastReplySentBy, sendByOf } from '../../../shared/domain/send-by.ts';
import { easternToday, addDays, ymdToInt, parseYmd, dayNumber, deadlineState } from '../../../shared/domain/dates.ts';
import type { Database } from '../database.ts';
import {
  cols,
  inboxCountsSql,
  orderBy,
  sectionParams,
  sectionSql,
  summaryParams,
  worklistSummarySql,
  type Row,
} from './worklist-sql.ts';

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

export function createWorklist(d: Database) {
  const db = d.db;
  const countsStatement = db.prepare(inboxCountsSql);

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

  /** The toolbar's counts. Due soon is what the badges call urgent: to be sent within 3 days by the
   * profile's send-by date (`sendByBusinessDays`), the late ones whose send-by date has passed
   * included, until the reply date; overdue is past the reply date. */
  function inboxCounts(
    profileId: string,
    o: { now?: Date; sendByBusinessDays?: number } = {},
  ): { open: number; dueSoon: number; overdue: number; total: number } {
    const today = easternToday(o.now ?? new Date());
    const soon = lastReplySentBy(addDays(today, 3), o.sendByBusinessDays ?? 0);
    const r = countsStatement.get(ymdToInt(today), ymdToInt(soon), ymdToInt(today), profileId) as {
      total: number;
      open: number | null;
      due_soon: number | null;
      overdue: number | null;
    };
    return { total: r.total, open: r.open ?? 0, dueSoon: r.due_soon ?? 0, overdue: r.overdue ?? 0 };
  }

  return { listWorklist, worklistAll, answerCandidates, mostCommonCurrency, inboxCounts };
}
