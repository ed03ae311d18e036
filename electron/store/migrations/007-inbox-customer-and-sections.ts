// The inbox as a worklist: each chargeback carries its customer and order number (copied from
// its transaction, which sync keeps apart, as JSON {name, email, order}), so a row shows them
// and the search finds them: search_text gains them and stays the one searched column in the
// inbox indexes (migration 005). One column, not three: a wider table tipped SQLite's planner
// from the inbox indexes to the primary key for the inbox counts. The transaction's index leads
// with txn_id, so the planner never takes it for a listing by profile. Rows saved before are
// filled in here from the transactions already stored: their next sync may never come.
const txnField = (f: string) => `NULLIF(TRIM(COALESCE(json_extract(t.json, '$.${f}'), '')), '')`;
const name =
  `COALESCE(NULLIF(TRIM(COALESCE(json_extract(t.json, '$.first'), '') || ' ' || ` +
  `COALESCE(json_extract(t.json, '$.last'), '')), ''), ${txnField('company')})`;

export const sql = `
ALTER TABLE chargebacks ADD COLUMN customer TEXT;
UPDATE chargebacks SET customer = (
  SELECT json_object('name', ${name}, 'email', ${txnField('email')}, 'order', ${txnField('order')})
  FROM transactions t WHERE t.profile_id = chargebacks.profile_id AND t.id = chargebacks.txn_id
) WHERE txn_id IS NOT NULL;
UPDATE chargebacks SET search_text = search_text || ' ' || lower(TRIM(
  COALESCE(customer ->> '$.name', '') || ' ' || COALESCE(customer ->> '$.email', '') || ' ' ||
  COALESCE(customer ->> '$.order', '')))
  WHERE customer IS NOT NULL;
CREATE INDEX chargebacks_by_txn ON chargebacks (txn_id, profile_id);
`;
