// A reply date that is no real date (20250231) is kept as the service wrote it, beside a null
// deadline, so the inbox and the reminders can say so instead of showing "No deadline". Rows
// saved before this check are corrected here: their next sync may never come, as an incremental
// pass reads only what changed.
const ymdText = "printf('%04d-%02d-%02d', reply / 10000, reply / 100 % 100, reply % 100)";

export const sql = `
ALTER TABLE chargebacks ADD COLUMN reply_invalid TEXT;
UPDATE chargebacks
  SET reply_invalid = CAST(reply AS TEXT),
      json = json_set(json, '$.reply', NULL, '$.invalidDates',
        json_patch(COALESCE(json_extract(json, '$.invalidDates'), '{}'), json_object('reply', CAST(reply AS TEXT)))),
      reply = NULL
  WHERE reply IS NOT NULL AND date(${ymdText}) IS NOT ${ymdText};
`;
