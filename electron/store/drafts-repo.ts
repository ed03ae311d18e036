// Evidence drafts: what the merchant arranged for a chargeback, saved as they work, so a draft
// survives a restart. The files themselves are in the evidence store (by content hash).
import type { Database } from './database.ts';
import { evidenceDraftSchema, type EvidenceDraft } from '../../shared/evidence/draft.ts';

export function createDraftsRepo(d: Database) {
  return {
    get(profileId: string, chargebackId: string): EvidenceDraft | undefined {
      const row = d.db
        .prepare('SELECT json FROM evidence_packets WHERE profile_id = ? AND chargeback_id = ?')
        .get(profileId, chargebackId) as { json: string } | undefined;
      if (!row) return undefined;
      const parsed = evidenceDraftSchema.safeParse(JSON.parse(row.json));
      return parsed.success ? parsed.data : undefined;
    },
    save(profileId: string, chargebackId: string, draft: EvidenceDraft, now = Date.now()): void {
      d.db
        .prepare(
          'INSERT INTO evidence_packets (profile_id, chargeback_id, json, ' +
            'updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (profile_id, chargeback_id) ' +
            'DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at',
        )
        .run(profileId, chargebackId, JSON.stringify(evidenceDraftSchema.parse(draft)), now);
    },
    /** The draft an answer was queued with moves to that answer (job): the next answer starts
     * clean, and what was sent stays readable, with the pages of the packet as built
     * (`packetPages`). One transaction; nothing when there is no draft. */
    archive(
      profileId: string,
      chargebackId: string,
      jobId: string,
      o: { packetPages?: number | undefined; now?: number } = {},
    ): void {
      const now = o.now ?? Date.now();
      d.transaction(() => {
        const row = d.db
          .prepare('SELECT json FROM evidence_packets WHERE profile_id = ? AND chargeback_id = ?')
          .get(profileId, chargebackId) as { json: string } | undefined;
        if (!row) return;
        const json =
          o.packetPages === undefined
            ? row.json
            : JSON.stringify({ ...(JSON.parse(row.json) as object), packetPages: o.packetPages });
        d.db
          .prepare(
            'INSERT INTO sent_drafts (job_id, profile_id, chargeback_id, json, ' +
              'sent_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (job_id) DO NOTHING',
          )
          .run(jobId, profileId, chargebackId, json, now);
        d.db
          .prepare('DELETE FROM evidence_packets WHERE profile_id = ? AND chargeback_id = ?')
          .run(profileId, chargebackId);
      });
    },
    /** Drafts archived with the answers they went with, oldest first. */
    sent(
      profileId: string,
      chargebackId: string,
    ): Array<{ jobId: string; sentAt: number; draft: EvidenceDraft | undefined }> {
      const rows = d.db
        .prepare(
          'SELECT job_id, json, sent_at FROM sent_drafts WHERE ' +
            'profile_id = ? AND chargeback_id = ? ORDER BY sent_at, job_id',
        )
        .all(profileId, chargebackId) as Array<{ job_id: string; json: string; sent_at: number }>;
      return rows.map((r) => {
        const parsed = evidenceDraftSchema.safeParse(JSON.parse(r.json));
        return { jobId: r.job_id, sentAt: r.sent_at, draft: parsed.success ? parsed.data : undefined };
      });
    },
    remove(profileId: string, chargebackId: string): void {
      d.db
        .prepare('DELETE FROM evidence_packets WHERE profile_id = ? AND chargeback_id = ?')
        .run(profileId, chargebackId);
    },
  };
}
