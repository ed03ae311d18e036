// Sync events are stored with the page they come from and announced afterwards, so a crash
// between the two loses neither; the chargebacks an incremental pass must fetch status records
// for are kept with the pass, so a resumed pass still fetches them. Events already in the table
// were announced when they were raised.
export const sql = `
ALTER TABLE events ADD COLUMN announced_at INTEGER;
UPDATE events SET announced_at = created_at;
CREATE INDEX events_unannounced ON events (profile_id, id) WHERE announced_at IS NULL;

CREATE TABLE sync_status_queue (
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  chargeback_id TEXT NOT NULL,
  PRIMARY KEY (profile_id, chargeback_id)
);
`;
