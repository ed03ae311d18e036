// Saved filters: inbox views a merchant named, per profile (removing a profile removes its
// filters). A name is unique within its profile whatever its case or spacing (name_key), so two
// chips never read the same. The view is JSON: its fields may grow without another migration.
export const sql = `
CREATE TABLE saved_filters (
  id INTEGER PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  view TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (profile_id, name_key)
);
`;
