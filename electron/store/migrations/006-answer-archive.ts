// The answer's lifecycle: a chargeback's jobs are read by chargeback (inbox rows, the second-
// answer guard), and the evidence draft an answer was queued with is kept with that answer, so the
// dispute page starts the next answer from a clean draft and the sent one stays readable.
export const sql = `
CREATE INDEX outbox_jobs_by_chargeback ON outbox_jobs (profile_id, chargeback_id, created_at);
CREATE TABLE sent_drafts (
  job_id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  chargeback_id TEXT NOT NULL,
  json TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX sent_drafts_by_chargeback ON sent_drafts (profile_id, chargeback_id, sent_at);
`;
