// The stored dispute history, as insights read it (shared/views/insights-view.ts): every chargeback
// of a profile and every ledger entry, in two reads of the profile's rows. No per-chargeback query:
// the view matches entries to chargebacks in memory, so 10,000 chargebacks cost two scans.
import type { DisputeHistory, HistoryChargeback, HistoryEntry } from '../../shared/views/insights-view.ts';
import type { Database } from './database.ts';

export function createInsightsRepo(d: Database) {
  // The issue date lives in the record's JSON (YYYYMMDD); the received date stands in without one.
  const chargebacks = d.db.prepare(
    `SELECT id, status, reason_code AS reasonCode, currency, total,
      COALESCE(json ->> '$.issued', json ->> '$.received') AS issued
    FROM chargebacks WHERE profile_id = ?`,
  );
  // The description is read because it can make an entry a fee (shared/domain/entry-kinds.ts).
  const entries = d.db.prepare(
    `SELECT chargeback_id AS chargebackId, event, amount, is_fee AS isFee, json ->> '$.description' AS description
    FROM entries WHERE profile_id = ?`,
  );
  return {
    history(profileId: string): DisputeHistory {
      // Columns named as the view's fields; each read by its column's type (schema 001).
      return {
        chargebacks: chargebacks
          .all(profileId)
          .map((r): HistoryChargeback => ({
            id: String(r.id),
            status: String(r.status),
            reasonCode: String(r.reasonCode),
            currency: String(r.currency),
            total: Number(r.total),
            issued: typeof r.issued === 'number' || typeof r.issued === 'string' ? Number(r.issued) : null,
          })),
        entries: entries
          .all(profileId)
          .map((r): HistoryEntry => ({
            chargebackId: r.chargebackId === null ? null : String(r.chargebackId),
            event: Number(r.event),
            amount: Number(r.amount),
            isFee: Number(r.isFee),
            description: typeof r.description === 'string' ? r.description : null,
          })),
      };
    },
  };
}
export type InsightsRepo = ReturnType<typeof createInsightsRepo>;
