// Events the merchant cares about, raised once each (a unique key per profile).
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

export function createEventsRepo(d: Database) {
  const insert = d.db.prepare('INSERT INTO events (profile_id, key, kind, chargeback_id, title, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (profile_id, key) DO NOTHING');
  return {
    /** True when the event is new (and so should be shown). */
    raise(profileId: string, e: { key: string; kind: string; chargebackId?: string | undefined; title: string; body: string }, now = Date.now()): boolean {
      return insert.run(profileId, e.key, e.kind, e.chargebackId ?? null, e.title, e.body, now).changes > 0;
    },
    recent(profileId: string, limit = 50): AppEvent[] {
      return (d.db.prepare('SELECT id, kind, chargeback_id, title, body, created_at, read_at FROM events WHERE profile_id = ? ORDER BY created_at DESC, id DESC LIMIT ?').all(profileId, limit) as Array<{ id: number; kind: string; chargeback_id: string | null; title: string; body: string; created_at: number; read_at: number | null }>)
        .map((r) => ({ id: r.id, kind: r.kind, chargebackId: r.chargeback_id, title: r.title, body: r.body, createdAt: r.created_at, read: r.read_at !== null }));
    },
    markRead(profileId: string, now = Date.now()): void {
      d.db.prepare('UPDATE events SET read_at = ? WHERE profile_id = ? AND read_at IS NULL').run(now, profileId);
    },
  };
}
export type EventsRepo = ReturnType<typeof createEventsRepo>;
