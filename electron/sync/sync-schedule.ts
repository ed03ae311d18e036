// Each profile's own timer: a pass every saved interval, the first at once for a profile not
// scheduled yet. Kept apart from the passes: it only decides when one starts.
import type { Store } from '../store/index.ts';
import type { SyncReport } from './sync-progress.ts';

export function createSyncSchedule(store: Store, syncProfile: (profileId: string) => Promise<SyncReport>) {
  const timers = new Map<string, NodeJS.Timeout>();
  /** When each profile's timer fires next: the status bar says when a failed sync is tried again. */
  const nextAt = new Map<string, number>();
  let scheduleError: ((profileId: string, e: unknown) => void) | undefined;

  function unschedule(profileId: string): void {
    clearInterval(timers.get(profileId));
    timers.delete(profileId);
    nextAt.delete(profileId);
  }

  /** (Re)starts one profile's timer from its saved interval: a new profile syncs at once, a
   * changed interval applies from now without an extra sync. */
  function schedule(profileId: string): void {
    const profile = store.profiles.get(profileId);
    const known = timers.has(profileId);
    unschedule(profileId);
    if (!profile) return;
    const every = profile.syncIntervalMinutes * 60_000;
    const tick = (): void => {
      nextAt.set(profileId, Date.now() + every);
      syncProfile(profileId).catch((e: unknown) => scheduleError?.(profileId, e));
    };
    const t = setInterval(tick, every);
    t.unref();
    timers.set(profileId, t);
    nextAt.set(profileId, Date.now() + every);
    if (!known) tick();
  }

  return {
    /** Syncs every profile on its own interval; failures are kept in its sync state. */
    startSchedule(onError?: (profileId: string, e: unknown) => void): void {
      scheduleError = onError;
      for (const profile of store.profiles.list()) if (!timers.has(profile.id)) schedule(profile.id);
    },
    schedule,
    unschedule,
    stopSchedule(): void {
      for (const t of timers.values()) clearInterval(t);
      timers.clear();
      nextAt.clear();
    },
    /** When the profile's next pass starts by itself; null when it does not sync on its own. */
    nextSyncAt(profileId: string): number | null {
      return nextAt.get(profileId) ?? null;
    },
    /** The profiles that sync on their own (for tests and diagnostics). */
    scheduled(): string[] {
      return [...timers.keys()];
    },
  };
}
