// Evidence drafts: what the merchant arranged for a chargeback, saved as they work, so a draft
// survives a restart. The files themselves are in the evidence store (by content hash).
import type { Database } from './database.ts';
import { evidenceDraftSchema, type EvidenceDraft } from '../../shared/evidence/draft.ts';

export function createDraftsRepo(d: Database) {
  return {
    get(profileId: string, chargebackId: string): EvidenceDraft | undefined {
      const row = d.db.prepare('SELECT json FROM evidence_packets WHERE profile_id = ? AND chargeback_id = ?').get(profileId, chargebackId) as { json: string } | undefined;
      if (!row) return undefined;
      const parsed = evidenceDraftSchema.safeParse(JSON.parse(row.json));
      return parsed.success ? parsed.data : undefined;
    },
    save(profileId: string, chargebackId: string, draft: EvidenceDraft, now = Date.now()): void {
      d.db.prepare('INSERT INTO evidence_packets (profile_id, chargeback_id, json, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (profile_id, chargeback_id) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at')
        .run(profileId, chargebackId, JSON.stringify(evidenceDraftSchema.parse(draft)), now);
    },
    remove(profileId: string, chargebackId: string): void {
      d.db.prepare('DELETE FROM evidence_packets WHERE profile_id = ? AND chargeback_id = ?').run(profileId, chargebackId);
    },
  };
}
