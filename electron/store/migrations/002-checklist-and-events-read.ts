// The merchant ticks the evidence checklist per dispute; events get a read mark for the bell.
export const sql = `
CREATE TABLE checklist_ticks (
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  chargeback_id TEXT NOT NULL,
  item_id TEXT NOT NULL,
  ticked_at INTEGER NOT NULL,
  PRIMARY KEY (profile_id, chargeback_id, item_id)
);
ALTER TABLE events ADD COLUMN read_at INTEGER;
`;
