// Keeps the store current with the service: a full first pass, then incremental ones (by
// `modified` for chargebacks, `created` for entries). Each page is saved in one transaction with
// the pass's cursor, so a crash resumes at that page; going offline stops cleanly and the next
// run continues. Changes become events, stored with the page they come from (so a crash keeps
// both or neither), raised once and shown as notifications after the pass; deadline reminders
// follow every pass, also one that failed.
//
// Put together from its parts: a pass (sync-pass.ts) and its phases (pass-phases.ts), one
// chargeback's refresh (refresh-chargeback.ts), what the merchant is told (notices.ts) and the
// timers (sync-schedule.ts). This file keeps what they share: which passes and refreshes are under
// way (so a second call joins one) and the lifetime that stop() ends.
import type { Store } from '../store/index.ts';
import type { Profile } from '../../shared/profiles.ts';
import type { ApiClient } from '../api/index.ts';
import type { AlertEvent } from '../../shared/api/index.ts';
import type { Notifier } from '../platform/notifier.ts';
import { AppError } from '../../shared/errors.ts';
import { createSyncNotices } from './notices.ts';
import { profileOrThrow, runThenFollowUp, type PassDeps } from './sync-pass.ts';
import { refreshChargeback } from './refresh-chargeback.ts';
import { createSyncSchedule } from './sync-schedule.ts';
import type { PassOptions, SyncProgress, SyncReport } from './sync-progress.ts';
import type { SyncFreshness } from '../../shared/domain/connection-facts.ts';

export type { SyncPhase, SyncProgress, SyncReport } from './sync-progress.ts';

export interface SyncEngineDeps {
  store: Store;
  clientFor(profile: Profile): Promise<ApiClient>;
  notifier: Notifier;
  now?: () => Date;
  /** Safety overlap for incremental passes: clocks and commit order are not perfectly aligned. */
  overlapMs?: number;
  /** How many individual notifications one sync may show before it summarises. */
  notifyLimit?: number;
}

/** A pass or refresh that ended: `error` (what it threw) only when it failed. */
export interface SyncFinished {
  profileId: string;
  ok: boolean;
  error?: unknown;
}

export function createSyncEngine(deps: SyncEngineDeps) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const running = new Map<string, Promise<SyncReport>>();
  const following = new Map<string, Promise<SyncReport>>();
  const rereads = new Map<string, Promise<void>>();
  const listeners = new Set<(p: SyncProgress) => void>();
  const finishers = new Set<(f: SyncFinished) => void>();
  /** Whatever the pass or refresh did, listeners hear it ended: the window reads again. */
  const finished = (profileId: string, ok: boolean, error?: unknown): void =>
    finishers.forEach((l) => l({ profileId, ok, ...(ok ? {} : { error }) }));
  // stop() aborts every pass and refresh through this, then waits for them: the store they
  // write to may close only after.
  let lifetime = new AbortController();
  const refreshes = new Set<Promise<unknown>>();
  const withLifetime = (signal: AbortSignal | undefined): AbortSignal =>
    signal ? AbortSignal.any([signal, lifetime.signal]) : lifetime.signal;
  const stoppedError = (): AppError =>
    new AppError('cancelled', 'Dispute Desk is closing: sync stopped; it resumes where it stopped at the next start.');
  const notices = createSyncNotices({ store, notifier: deps.notifier, now, notifyLimit: deps.notifyLimit });
  const passDeps: PassDeps = {
    store,
    clientFor: deps.clientFor,
    now,
    overlap: deps.overlapMs ?? 10 * 60_000,
    notices,
    listeners,
  };
  const timers = createSyncSchedule(store, (profileId) => engine.syncProfile(profileId));

  const engine = {
    /** Syncs one profile. A call made while a pass runs wants what the service holds now, and
     * that pass may have read before the change the caller knows of ("Sync now" after a decision):
     * one more pass follows it, shared by every call made meanwhile. */
    syncProfile(profileId: string, o: PassOptions = {}): Promise<SyncReport> {
      const current = running.get(profileId);
      if (current) {
        const queued = following.get(profileId);
        if (queued) return queued;
        const ended = (): void => undefined;
        const next = current.then(ended, ended).then(() => {
          following.delete(profileId);
          return engine.syncProfile(profileId, o);
        });
        following.set(profileId, next);
        return next;
      }
      if (lifetime.signal.aborted) return Promise.reject(stoppedError());
      const p = runThenFollowUp(passDeps, profileId, { ...o, signal: withLifetime(o.signal) }).finally(() =>
        running.delete(profileId),
      );
      // Heard once the pass is no longer running, so a status read then says it is not.
      void p.then(
        () => finished(profileId, true),
        (e: unknown) => finished(profileId, false, e),
      );
      running.set(profileId, p);
      return p;
    },

    /** Refreshes one chargeback at once (after an alert, or after sending). */
    async syncChargeback(profileId: string, chargebackId: string, given?: AbortSignal): Promise<void> {
      if (lifetime.signal.aborted) throw stoppedError();
      const signal = withLifetime(given);
      const done = refreshChargeback(
        { store, clientFor: deps.clientFor, now, notices },
        profileId,
        chargebackId,
        signal,
      );
      refreshes.add(done);
      try {
        await done;
        finished(profileId, true);
      } catch (e) {
        finished(profileId, false, e);
        throw e;
      } finally {
        refreshes.delete(done);
      }
    },

    /** An alert arrived. It is a hint, not the truth (the service signs nothing): it only marks the
     * chargeback it names for a prompt re-read, and only the API's record changes the store, so a
     * forged alert changes nothing the API does not confirm. Re-reads of one chargeback that are
     * already under way are joined, so a flood of alerts costs one read each. */
    applyAlert(profileId: string, _event: AlertEvent, chargebackId: string): Promise<void> {
      const key = `${profileId}\u0000${chargebackId}`;
      const current = rereads.get(key);
      if (current) return current;
      const p = this.syncChargeback(profileId, chargebackId).finally(() => rereads.delete(key));
      rereads.set(key, p);
      return p;
    },

    remind: (profileId: string) => notices.remind(profileOrThrow(store, profileId)),

    isRunning: (profileId: string) => running.has(profileId),

    onProgress(listener: (p: SyncProgress) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Told when a pass or one chargeback's refresh ends, ok or not (then why, for the log). */
    onFinished(listener: (f: SyncFinished) => void): () => void {
      finishers.add(listener);
      return () => finishers.delete(listener);
    },

    ...timers,

    /** Closing: no new pass starts, the ones running are aborted (each keeps the pages it saved,
     * and its cursor), and this resolves once none touches the store any more. */
    async stop(): Promise<void> {
      this.stopSchedule();
      lifetime.abort(stoppedError());
      await Promise.allSettled([...running.values(), ...refreshes]);
    },

    /** After stop(), for a store opened again in the same process (tests). */
    restart(): void {
      if (lifetime.signal.aborted) lifetime = new AbortController();
    },

    /** How old the data is and why the last pass failed, for the status bar. */
    freshness(profileId: string): Omit<SyncFreshness, 'keyMissing'> {
      const s = store.syncState.get(profileId);
      return {
        lastSuccessAt: s.lastSuccessAt,
        lastError: s.lastError,
        lastErrorKind: s.lastErrorKind,
        lastFailedAt: s.lastFailedAt,
        running: running.has(profileId),
        nextSyncAt: timers.nextSyncAt(profileId),
      };
    },
  };
  return engine;
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;
