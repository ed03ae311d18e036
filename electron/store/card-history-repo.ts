// The card's and the customer's history as last read, per chargeback (migration 010): the last
// successful Compelling Evidence 3.0 check and customer-history check, each with when it was made.
// A row that no longer reads as its schema is as good as none: the next look reads again. Also the
// merchant's choice to add the customer's earlier orders to the packet.
import type { Database } from './database.ts';
import {
  ce3CheckSchema,
  customerHistoryCheckSchema,
  type Ce3Check,
  type CustomerHistoryCheck,
} from '../../shared/views/card-history-view.ts';

type Kind = 'ce3' | 'customer';
type Checked<K extends Kind> = Extract<K extends 'ce3' ? Ce3Check : CustomerHistoryCheck, { state: 'checked' }>;

const schemas = { ce3: ce3CheckSchema, customer: customerHistoryCheckSchema } as const;

export function createCardHistoryRepo(database: Database) {
  const { db } = database;
  const read = db.prepare(
    'SELECT checked_at, result FROM card_history_checks WHERE profile_id = ? AND chargeback_id = ? AND kind = ?',
  );
  const write = db.prepare(
    `INSERT INTO card_history_checks (profile_id, chargeback_id, kind, checked_at, result) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (profile_id, chargeback_id, kind) DO UPDATE SET checked_at = excluded.checked_at, result = excluded.result`,
  );

  function get<K extends Kind>(
    profileId: string,
    chargebackId: string,
    kind: K,
  ): { at: number; check: Checked<K> } | undefined {
    const row = read.get(profileId, chargebackId, kind) as { checked_at: number; result: string } | undefined;
    if (!row) return undefined;
    try {
      const parsed = schemas[kind].safeParse(JSON.parse(row.result));
      return parsed.success && parsed.data.state === 'checked'
        ? { at: row.checked_at, check: parsed.data as Checked<K> }
        : undefined;
    } catch {
      return undefined;
    }
  }

  const chosen = db.prepare(
    'SELECT customer_history FROM card_history_choices WHERE profile_id = ? AND chargeback_id = ?',
  );
  const choose = db.prepare(
    `INSERT INTO card_history_choices (profile_id, chargeback_id, customer_history) VALUES (?, ?, ?)
     ON CONFLICT (profile_id, chargeback_id) DO UPDATE SET customer_history = excluded.customer_history`,
  );

  return {
    get,
    /** Whether the merchant added the customer's earlier orders to this chargeback's packet. */
    customerHistoryChosen(profileId: string, chargebackId: string): boolean {
      const row = chosen.get(profileId, chargebackId) as { customer_history: number } | undefined;
      return row?.customer_history === 1;
    },
    chooseCustomerHistory(profileId: string, chargebackId: string, include: boolean): void {
      choose.run(profileId, chargebackId, include ? 1 : 0);
    },
    /** Keeps a successful check (the only kind kept: a failed one says nothing about the card). */
    put<K extends Kind>(profileId: string, chargebackId: string, kind: K, at: number, check: Checked<K>): void {
      write.run(profileId, chargebackId, kind, at, JSON.stringify(check));
    },
  };
}
export type CardHistoryRepo = ReturnType<typeof createCardHistoryRepo>;
