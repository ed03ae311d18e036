// The card's and the customer's history as last read from the service, per chargeback: the
// Compelling Evidence 3.0 check and the customer's earlier orders (electron/card-history/). Only
// successful reads are kept, as JSON of their view (shared/views/card-history-view.ts), so their
// fields may grow without another migration; a chargeback's rows go with its profile. Beside them,
// whether the merchant adds the customer's earlier orders to the packet.
export const sql = `
CREATE TABLE card_history_checks (
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  chargeback_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('ce3', 'customer')),
  checked_at INTEGER NOT NULL,
  result TEXT NOT NULL,
  PRIMARY KEY (profile_id, chargeback_id, kind)
);
-- The merchant's choice to add the customer's earlier orders to a chargeback's packet.
CREATE TABLE card_history_choices (
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  chargeback_id TEXT NOT NULL,
  customer_history INTEGER NOT NULL CHECK (customer_history IN (0, 1)),
  PRIMARY KEY (profile_id, chargeback_id)
);
`;
