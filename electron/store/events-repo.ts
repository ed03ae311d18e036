// Events the merchant cares about, raised once each (a unique key per profile). Raising stores
// an event; announcing (a notification) is a separate step that claims the stored events not yet
// announced, so an event stored in the same transaction as the data it comes from is announced
// later even when the process dies in between.
import type { Database } from './database.ts';

export interface AppEvent {
  id: number;
  kind: string;
  chargebackId: string | null;
  title: string;
  body: string;
  createdAt: number;
  read: boolean;
}

export interface NewEvent {
  key: string;
  kind: string;
  chargebackId?: string | undefined;
  title: string;
  body: string;
}

type EventRow = {
  id: number;
  kind: string;
  chargeback_id: string | null;
  title: string;
  body: string;
  created_at: number;
  read_at: number | null;
};

const toEvent = (r: EventRow): AppEvent => ({
  id: r.id,
  kind: r.kind,
  chargebackId: r.chargeback_id,
  title: r.title,
  body: r.body,
  createdAt: r.created_at,
  read: r.read_at !== null,
});

export function createEventsRepo(d: Database) {
  const insert = d.db.prepare(
    'INSERT INTO events (profile_id, key, kind, chargeback_id, title, body, ' +
      'created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (profile_id, key) DO NOTHING',
  );
  const unannounced = d.db.prepare(
    'SELECT id, kind, chargeback_id, title, body, created_at, read_at ' +
      'FROM events WHERE profile_id = ? AND announced_at IS NULL ORDER BY id',
  );
  const markAnnounced = d.db.prepare(
    'UPDATE events SET announced_at = ? WHERE profile_id = ? AND announced_at IS NULL AND id <= ?',
  );
  return {
    /** Stores the event unless its key is known; true when it is new (it will be announced). */
    raise(profileId: string, e: NewEvent, now = Date.now()): boolean {
      return insert.run(profileId, e.key, e.kind, e.chargebackId ?? null, e.title, e.body, now).changes > 0;
    },
    /** The stored events not announced yet, marked announced in the same transaction: each is
     * handed out once, also when two processes (app and CLI) share the database. */
    claimUnannounced(profileId: string, now = Date.now()): AppEvent[] {
      return d.transaction(() => {
        const rows = (unannounced.all(profileId) as EventRow[]).map(toEvent);
        if (rows.length > 0) markAnnounced.run(now, profileId, rows[rows.length - 1]!.id);
        return rows;
      });
    },
    recent(profileId: string, limit = 50): AppEvent[] {
      return (
        d.db
          .prepare(
            'SELECT id, kind, chargeback_id, title, body, created_at, read_at FROM ' +
              'events WHERE profile_id = ? ORDER BY created_at DESC, id DESC LIMIT ?',
          )
          .all(profileId, limit) as EventRow[]
      ).map(toEvent);
    },
    /** Marks read what the merchant saw: every event up to `upToId` (all when not given), so one
     * that arrived while the list was open stays new. */
    markRead(profileId: string, now = Date.now(), upToId = Number.MAX_SAFE_INTEGER): void {
      d.db
        .prepare('UPDATE events SET read_at = ? WHERE profile_id = ? AND read_at IS NULL AND id <= ?')
        .run(now, profileId, upToId);
    },
  };
}
export type EventsRepo = ReturnType<typeof createEventsRepo>;
