// The first schema: the portfolio as received (raw JSON kept beside derived columns), what the
// app raised from it, and the merchant's own work (evidence packets, outbox).
export const sql = `
CREATE TABLE profiles (
  id TEXT PRIMARY KEY,
  json TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE chargebacks (
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  json TEXT NOT NULL,
  status TEXT NOT NULL,
  cycle TEXT NOT NULL,
  actionable INTEGER NOT NULL,
  reply INTEGER,
  reply_sort INTEGER GENERATED ALWAYS AS (COALESCE(reply, 99991231)) STORED,
  open_actionable INTEGER GENERATED ALWAYS AS (status = 'open' AND actionable = 1) STORED,
  network INTEGER,
  category TEXT,
  reason_code TEXT NOT NULL,
  currency TEXT NOT NULL,
  total INTEGER NOT NULL,
  txn_id TEXT,
  modified TEXT,
  search_text TEXT NOT NULL,
  first_seen_at INTEGER NOT NULL,
  PRIMARY KEY (profile_id, id)
);
CREATE INDEX chargebacks_inbox_open ON chargebacks (profile_id, open_actionable, reply_sort, id);
CREATE INDEX chargebacks_inbox_rest ON chargebacks (profile_id, open_actionable, modified DESC, id);

CREATE TABLE transactions (
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (profile_id, id)
);

CREATE TABLE status_records (
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  chargeback_id TEXT NOT NULL,
  status TEXT NOT NULL,
  created TEXT,
  json TEXT NOT NULL,
  PRIMARY KEY (profile_id, id)
);
CREATE INDEX status_records_by_chargeback ON status_records (profile_id, chargeback_id, created);

CREATE TABLE messages (
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  chargeback_id TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (profile_id, id)
);
CREATE INDEX messages_by_chargeback ON messages (profile_id, chargeback_id);

CREATE TABLE documents (
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  chargeback_id TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (profile_id, id)
);
CREATE INDEX documents_by_chargeback ON documents (profile_id, chargeback_id);

CREATE TABLE entries (
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  chargeback_id TEXT,
  event INTEGER NOT NULL,
  amount REAL NOT NULL,
  is_fee INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (profile_id, id)
);
CREATE INDEX entries_by_time ON entries (profile_id, created_at);
CREATE INDEX entries_by_chargeback ON entries (profile_id, chargeback_id);

CREATE TABLE alerts_received (
  id INTEGER PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  hash TEXT NOT NULL,
  event TEXT NOT NULL,
  chargeback_id TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  json TEXT NOT NULL,
  UNIQUE (profile_id, hash)
);

CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  kind TEXT NOT NULL,
  chargeback_id TEXT,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (profile_id, key)
);

CREATE TABLE reminders (
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  chargeback_id TEXT NOT NULL,
  threshold INTEGER NOT NULL,
  fired_at INTEGER NOT NULL,
  PRIMARY KEY (profile_id, chargeback_id, threshold)
);

CREATE TABLE sync_state (
  profile_id TEXT PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  json TEXT NOT NULL
);

CREATE TABLE evidence_packets (
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  chargeback_id TEXT NOT NULL,
  json TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (profile_id, chargeback_id)
);

CREATE TABLE evidence_items (
  profile_id TEXT NOT NULL,
  chargeback_id TEXT NOT NULL,
  item_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (profile_id, chargeback_id, item_id),
  FOREIGN KEY (profile_id, chargeback_id) REFERENCES evidence_packets (profile_id, chargeback_id) ON DELETE CASCADE
);

CREATE TABLE outbox_jobs (
  id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  chargeback_id TEXT NOT NULL,
  state TEXT NOT NULL,
  json TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX outbox_jobs_by_state ON outbox_jobs (state, created_at);

CREATE TABLE outbox_steps (
  job_id TEXT NOT NULL REFERENCES outbox_jobs (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  kind TEXT NOT NULL,
  state TEXT NOT NULL,
  request_token TEXT NOT NULL UNIQUE,
  json TEXT NOT NULL,
  PRIMARY KEY (job_id, position)
);
`;
