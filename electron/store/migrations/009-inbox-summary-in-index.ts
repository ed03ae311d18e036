// The worklist's section summary and the toolbar's counts go over every chargeback of a profile
// at each inbox page and each search keystroke. The inbox's second order now carries every column
// they read, and they name the stored columns rather than the generated ones (SQLite reads the
// row to know a generated column: portfolio/worklist-sql.ts, overStoredColumns), so the index alone
// answers them: with 10,000 chargebacks, from about 50 ms of reading every row and its JSON to a
// few. Same name, same leading columns, the same two last (migration 005): every query that used
// it still does.
export const sql = `
DROP INDEX chargebacks_inbox_rest;
CREATE INDEX chargebacks_inbox_rest ON chargebacks (profile_id, open_actionable, modified DESC, id,
  currency, total, actionable, reply, cycle, network, category, status, search_text);
`;
