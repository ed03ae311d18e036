// Where each profile's sync stands: the cursor of an unfinished pass (committed with each page,
// so a crash resumes there) and the high-water marks of incremental syncs.
import { z } from 'zod';
import type { Database } from './database.ts';

export const syncStateSchema = z.object({
  /** An unfinished pass: the phase and the next page to fetch. */
  pass: z.object({ mode: z.enum(['full', 'incremental']), phase: z.enum(['chargebacks', 'statuses', 'entries']), nextPage: z.number().int().min(1), startedAt: z.number(), since: z.string().optional() }).nullable(),
  lastFullSyncAt: z.number().nullable(),
  lastSuccessAt: z.number().nullable(),
  /** When the last successful pass started: records created after it are new to us. */
  lastPassStartedAt: z.number().nullable().default(null),
  /** Latest `modified` seen on a chargeback (service time text), for the next incremental pass. */
  chargebacksModifiedMark: z.string().nullable(),
  entriesCreatedMark: z.number().nullable(),
  lastError: z.string().nullable(),
});
export type SyncState = z.infer<typeof syncStateSchema>;

const empty: SyncState = { pass: null, lastFullSyncAt: null, lastSuccessAt: null, lastPassStartedAt: null, chargebacksModifiedMark: null, entriesCreatedMark: null, lastError: null };

export function createSyncStateRepo(d: Database) {
  const get = d.db.prepare('SELECT json FROM sync_state WHERE profile_id = ?');
  const put = d.db.prepare('INSERT INTO sync_state (profile_id, json) VALUES (?, ?) ON CONFLICT (profile_id) DO UPDATE SET json = excluded.json');
  return {
    get(profileId: string): SyncState {
      const row = get.get(profileId) as { json: string } | undefined;
      return row ? syncStateSchema.parse(JSON.parse(row.json)) : { ...empty };
    },
    update(profileId: string, patch: Partial<SyncState>): SyncState {
      const next = { ...this.get(profileId), ...patch };
      put.run(profileId, JSON.stringify(next));
      return next;
    },
  };
}
export type SyncStateRepo = ReturnType<typeof createSyncStateRepo>;
