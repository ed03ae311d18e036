// The merchant's ticks on a chargeback's evidence checklist.
import type { Database } from '../database.ts';

export function createChecklist(d: Database) {
  const db = d.db;
  function checklist(profileId: string, chargebackId: string): Set<string> {
    return new Set(
      (
        db
          .prepare('SELECT item_id FROM checklist_ticks WHERE profile_id = ? AND chargeback_id = ?')
          .all(profileId, chargebackId) as Array<{ item_id: string }>
      ).map((r) => r.item_id),
    );
  }

  function setChecklist(
    profileId: string,
    chargebackId: string,
    itemId: string,
    checked: boolean,
    now = Date.now(),
  ): void {
    if (checked)
      db.prepare(
        `INSERT INTO checklist_ticks (profile_id, chargeback_id, item_id, ticked_at) VALUES (?, ?, ?, ?)
          ON CONFLICT DO NOTHING`,
      ).run(profileId, chargebackId, itemId, now);
    else
      db.prepare('DELETE FROM checklist_ticks WHERE profile_id = ? AND chargeback_id = ? AND item_id = ?').run(
        profileId,
        chargebackId,
        itemId,
      );
  }

  return { checklist, setChecklist };
}
