// The worklist's SQL: which rows each inbox section holds, the orders a section can be listed in,
// the columns a listed row reads, and the statements that count sections and the toolbar's
// totals over the inbox index alone.
import { currencyExponent } from '../../../shared/domain/currencies.ts';
import { usdPerUnit } from '../../../shared/domain/reference-rates.ts';
import {
  inboxSections,
  type InboxSection,
  type InboxSort,
  type SortDirection,
} from '../../../shared/domain/inbox-sections.ts';

/** A listed row as SQLite gives it (cols below). */
export type Row = {
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

// Amounts compare across currencies by what they are worth: converted to US dollars by the shipped
// reference rates (shared/domain/reference-rates.ts; the inbox shows the rates beside its totals),
// so KWD 779.270 (about $2,548) ranks above $787.59. A currency the table lacks has no worth to
// compare: NULL, listed after the others either way.
const worthUsd = `(CASE currency ${Object.entries(usdPerUnit)
  .map(([c, usd]) => `WHEN '${c}' THEN total * ${usd / 10 ** currencyExponent(c)}`)
  .join(' ')} END)`;

// Only the reason is read from the record's JSON: SQLite picks it out, the row's JSON never
// crosses into JavaScript.
export const cols =
  "id, json_extract(json, '$.reason') AS reason, status, cycle, actionable, reply, reply_invalid, " +
  'category, network, reason_code, total, currency, txn_id, modified, ' +
  "customer ->> '$.name' AS customer_name, customer ->> '$.email' AS customer_email, " +
  "customer ->> '$.order' AS order_ref";

/** Each section's rows as SQL: the rule of shared/domain/inbox-sections.ts, over the columns
 * the inbox indexes hold (a test checks each listed row's section against the rule). */
const answeredIds = 'id IN (SELECT value FROM json_each(?))';
export const sectionSql: Record<InboxSection, { sql: string; today: boolean; answered: boolean }> = {
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
export const sectionParams = (section: InboxSection, today: number, answered: string): Array<string | number> => [
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

/** The toolbar's counts over all of a profile's chargebacks. Open is every chargeback the service
 * says is open, as Insights counts it (one not answerable through the API too); due soon and
 * overdue are those the merchant can still answer. Parameters: today, today + 3 days, today (as
 * YYYYMMDD), the profile. */
export const inboxCountsSql = overStoredColumns(
  `SELECT COUNT(*) AS total, SUM(CASE WHEN status = 'open' THEN 1 ELSE 0 END) AS open,
    SUM(CASE WHEN open_actionable = 1 AND reply_sort BETWEEN ? AND ? THEN 1 ELSE 0 END) AS due_soon,
    SUM(CASE WHEN open_actionable = 1 AND reply_sort < ? THEN 1 ELSE 0 END) AS overdue
    FROM chargebacks WHERE profile_id = ?`,
);

/** The order within a section; the deadline order of "answer now" is the index's own. */
export function orderBy(section: InboxSection, sort: InboxSort, dir: SortDirection): string {
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
