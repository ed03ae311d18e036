// A chargeback in a few words, for lists that name the chargeback an item belongs to (the Outbox):
// its status, the amount disputed and who the customer and order are (migration 007's `customer`),
// read from the row's columns without parsing its record.
import type { Database } from './database.ts';
import type { ChargebackBrief } from '../../shared/views/outbox-job-view.ts';

export function createChargebackBriefsRepo(d: Database) {
  const one = d.db.prepare(
    `SELECT id, status, total, currency, customer ->> '$.name' AS customerName, customer ->> '$.order' AS orderRef
    FROM chargebacks WHERE profile_id = ? AND id = ?`,
  );
  const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
  return {
    /** Undefined when the store does not hold the chargeback (not synced yet). */
    brief(profileId: string, id: string): ChargebackBrief | undefined {
      const r = one.get(profileId, id);
      if (!r) return undefined;
      return {
        id: String(r.id),
        status: String(r.status),
        total: Number(r.total),
        currency: String(r.currency),
        customerName: text(r.customerName),
        order: text(r.orderRef),
      };
    },
  };
}
export type ChargebackBriefsRepo = ReturnType<typeof createChargebackBriefsRepo>;
