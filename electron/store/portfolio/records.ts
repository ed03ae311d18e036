// One chargeback and what the service holds about it (its transaction, status records, messages,
// documents and ledger entries) as the mirror stores them; the lists of IDs sync and reminders
// walk.
import type {
  Chargeback,
  ChargebackStatusRecord,
  ChargebackMessage,
  ChargebackDocument,
  StoredEntry,
  Txn,
} from '../../../shared/api/index.ts';
import type { DisputeRecords } from '../../../shared/views/dispute-view.ts';
import type { Database } from '../database.ts';

export type OpenActionable = Pick<Chargeback, 'id' | 'reply' | 'total' | 'currency' | 'reasonCode'> & {
  replyInvalid: string | null;
};

export function createRecords(d: Database) {
  const db = d.db;
  // Read once per reminder and per new ledger entry during a sync: prepared once.
  const chargebackJson = db.prepare('SELECT json FROM chargebacks WHERE profile_id = ? AND id = ?');

  function getChargeback(profileId: string, id: string): Chargeback | undefined {
    const row = chargebackJson.get(profileId, id) as { json: string } | undefined;
    return row ? (JSON.parse(row.json) as Chargeback) : undefined;
  }

  function detail(profileId: string, id: string): DisputeRecords | undefined {
    const chargeback = getChargeback(profileId, id);
    if (!chargeback) return undefined;
    const all = (sql: string) =>
      (db.prepare(sql).all(profileId, id) as Array<{ json: string }>).map((r) => JSON.parse(r.json) as unknown);
    const txnRow = chargeback.txn
      ? (db.prepare('SELECT json FROM transactions WHERE profile_id = ? AND id = ?').get(profileId, chargeback.txn) as
          { json: string } | undefined)
      : undefined;
    return {
      chargeback,
      txn: txnRow ? (JSON.parse(txnRow.json) as Txn) : null,
      statuses: all(
        'SELECT json FROM status_records WHERE profile_id = ? AND chargeback_id = ? ORDER BY created, id',
      ) as ChargebackStatusRecord[],
      messages: all(
        'SELECT json FROM messages WHERE profile_id = ? AND chargeback_id = ? ORDER BY id',
      ) as ChargebackMessage[],
      documents: all(
        'SELECT json FROM documents WHERE profile_id = ? AND chargeback_id = ? ORDER BY id',
      ) as ChargebackDocument[],
      entries: all(
        'SELECT json FROM entries WHERE profile_id = ? AND chargeback_id = ? ORDER BY created_at, id',
      ) as StoredEntry[],
    };
  }

  function chargebackIds(profileId: string): string[] {
    return (db.prepare('SELECT id FROM chargebacks WHERE profile_id = ?').all(profileId) as Array<{ id: string }>).map(
      (r) => r.id,
    );
  }

  /** The open chargebacks the merchant can answer, with what a deadline reminder says of each
   * (its columns, written from the record: no record is parsed for them). */
  function openActionable(profileId: string): OpenActionable[] {
    return (
      db
        .prepare(
          `SELECT id, reply, reply_invalid, total, currency, reason_code FROM chargebacks
          WHERE profile_id = ? AND open_actionable = 1`,
        )
        .all(profileId) as Array<{
        id: string;
        reply: number | null;
        reply_invalid: string | null;
        total: number;
        currency: string;
        reason_code: string;
      }>
    ).map((r) => ({
      id: r.id,
      reply: r.reply,
      replyInvalid: r.reply_invalid,
      total: r.total,
      currency: r.currency,
      reasonCode: r.reason_code,
    }));
  }

  return { getChargeback, detail, chargebackIds, openActionable };
}
