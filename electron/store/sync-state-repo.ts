// Where each profile's sync stands: the cursor of an unfinished pass (committed with each page,
// so a crash resumes there), the chargebacks whose status records that pass still has to fetch,
// and the high-water marks of incremental syncs.
import { z } from 'zod';
import { errorKindSchema } from '../../shared/errors.ts';
import type { Database } from './database.ts';

export const syncStateSchema = z.object({
  /** An unfinished pass: the phase and the next page to fetch. */
  pass: z
    .object({
      mode: z.enum(['full', 'incremental']),
      phase: z.enum(['chargebacks', 'statuses', 'messages', 'entries']),
      nextPage: z.number().int().min(1),
      startedAt: z.number(),
      since: z.string().optional(),
    })
    .nullable(),
  lastFullSyncAt: z.number().nullable(),
  lastSuccessAt: z.number().nullable(),
  /** When the last successful pass started: records created after it are new to us. */
  lastPassStartedAt: z.number().nullable().default(null),
  /** Latest `modified` seen on a chargeback (service time text), for the next incremental pass. */
  chargebacksModifiedMark: z.string().nullable(),
  entriesCreatedMark: z.number().nullable(),
  lastError: z.string().nullable(),
  /** What kind of failure the last error was (so the status bar can say what to do) and when it
   * happened; states saved before these were kept read as unknown. */
  lastErrorKind: errorKindSchema.nullable().default(null),
  lastFailedAt: z.number().nullable().default(null),
});
export type SyncState = z.infer<typeof syncStateSchema>;

const empty: SyncState = {
  pass: null,
  lastFullSyncAt: null,
  lastSuccessAt: null,
  lastPassStartedAt: null,
  chargebacksModifiedMark: null,
  entriesCreatedMark: null,
  lastError: null,
  lastErrorKind: null,
  lastFailedAt: null,
};

export function createSyncStateRepo(d: Database) {
  const get = d.db.prepare('SELECT json FROM sync_state WHERE profile_id = ?');
  const put = d.db.prepare(
    'INSERT INTO sync_state (profile_id, json) VALUES (?, ?) ON ' +
      'CONFLICT (profile_id) DO UPDATE SET json = excluded.json',
  );
  const enqueue = d.db.prepare(
    'INSERT INTO sync_status_queue (profile_id, chargeback_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  const dequeue = d.db.prepare('DELETE FROM sync_status_queue WHERE profile_id = ? AND chargeback_id = ?');
  const peek = d.db.prepare(
    'SELECT chargeback_id FROM sync_status_queue WHERE profile_id = ? ORDER BY chargeback_id LIMIT ?',
  );
  const count = d.db.prepare('SELECT COUNT(*) AS n FROM sync_status_queue WHERE profile_id = ?');
  const clear = d.db.prepare('DELETE FROM sync_status_queue WHERE profile_id = ?');
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

    /** Chargebacks whose status records the current pass must fetch (saved with their page). */
    queueStatuses(profileId: string, chargebackIds: Iterable<string>): void {
      for (const id of chargebackIds) enqueue.run(profileId, id);
    },
    queuedStatuses(profileId: string, limit: number): string[] {
      return (peek.all(profileId, limit) as Array<{ chargeback_id: string }>).map((r) => r.chargeback_id);
    },
    queuedStatusCount(profileId: string): number {
      return (count.get(profileId) as { n: number }).n;
    },
    /** Done with these (saved with their status records). */
    unqueueStatuses(profileId: string, chargebackIds: Iterable<string>): void {
      for (const id of chargebackIds) dequeue.run(profileId, id);
    },
    clearStatusQueue(profileId: string): void {
      clear.run(profileId);
    },
  };
}
export type SyncStateRepo = ReturnType<typeof createSyncStateRepo>;
