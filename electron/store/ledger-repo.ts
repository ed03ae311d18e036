// Ledger entries as the Ledger, its CSV and `dispute-desk entries` read them: only the fields a
// line shows, each entry in its chargeback's currency. No entry's JSON is parsed in JavaScript and
// no chargeback is read one by one: one indexed scan of the window's entries and one read of the
// profile's currencies, so 50,000 entries of 10,000 chargebacks take a fraction of a second (a SQL
// join did the same lookups three times slower: each one reads a whole chargeback row). An entry of
// no stored chargeback is in US dollars (the service's default).
import type { Database } from './database.ts';
import type { LedgerRow } from '../../shared/views/ledger-view.ts';

export function createLedgerRepo(d: Database) {
  const inWindow = d.db.prepare(
    `SELECT id, json ->> '$.created' AS created, event, amount, is_fee AS isFee,
      json ->> '$.description' AS description, chargeback_id AS chargebackId
    FROM entries WHERE profile_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at, id`,
  );
  const currencies = d.db.prepare('SELECT id, currency FROM chargebacks WHERE profile_id = ?');
  const ofChargeback = d.db.prepare(
    `SELECT event, amount, is_fee AS isFee, json ->> '$.description' AS description
    FROM entries WHERE profile_id = ? AND chargeback_id = ?`,
  );
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  return {
    /** Entries created in [from, to), oldest first. */
    window(profileId: string, from: Date, to: Date): LedgerRow[] {
      const currencyOf = new Map(currencies.all(profileId).map((r) => [String(r.id), String(r.currency)]));
      // Columns named as the row's fields; each read by its column's type (schema 001).
      return inWindow.all(profileId, from.getTime(), to.getTime()).map((r): LedgerRow => {
        const chargebackId = text(r.chargebackId);
        return {
          id: String(r.id),
          created: text(r.created),
          event: Number(r.event),
          amount: Number(r.amount),
          isFee: Number(r.isFee),
          description: text(r.description),
          chargebackId,
          currency: (chargebackId === null ? undefined : currencyOf.get(chargebackId)) ?? 'USD',
        };
      });
    },
    /** One chargeback's entries, as far as its money back and fees need them. */
    ofChargeback(profileId: string, chargebackId: string) {
      return ofChargeback
        .all(profileId, chargebackId)
        .map((r) => ({
          event: Number(r.event),
          amount: Number(r.amount),
          isFee: Number(r.isFee),
          description: text(r.description),
        }));
    },
  };
}
export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
