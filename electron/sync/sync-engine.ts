// Keeps the store current with the service: a full first pass, then incremental ones (by
// `modified` for chargebacks, `created` for entries). Each page is saved in one transaction with
// the pass's cursor, so a crash resumes at that page; going offline stops cleanly and the next
// run continues. Changes become events, stored with the page they come from (so a crash keeps
// both or neither), raised once and shown as notifications after the pass; deadline reminders
// follow every pass, also one that failed.
import type { Store, SyncState } from '../store/index.ts';
import { serviceTimestampMs } from '../store/service-time.ts';
import type { Profile } from '../../shared/profiles.ts';
import type { ApiClient, Page } from '../api/index.ts';
import type { Chargeback, SearchClause, AlertEvent } from '../../shared/api/index.ts';
import type { Notifier } from '../platform/notifier.ts';
import { AppError, isAppError, userMessage } from '../../shared/errors.ts';
import { formatServiceTimestamp, parseServiceTimestamp } from '../../shared/domain/dates.ts';
import { eventsFromChargebacks, eventsFromEntries, type DerivedEvent } from './derive-events.ts';
import { dueReminders } from './reminders.ts';

export type SyncPhase = 'chargebacks' | 'statuses' | 'entries';

export interface SyncProgress {
  profileId: string;
  mode: 'full' | 'incremental';
  phase: SyncPhase;
  done: number;
  expected: number;
}

export interface SyncReport {
  profileId: string;
  mode: 'full' | 'incremental';
  chargebacks: number;
  statuses: number;
  entries: number;
  events: number;
  invalidRecords: number;
  durationMs: number;
}

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

const EARLIEST = new Date('2000-01-01T00:00:00Z');

export function createSyncEngine(deps: SyncEngineDeps) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const overlap = deps.overlapMs ?? 10 * 60_000;
  const running = new Map<string, Promise<SyncReport>>();
  const rereads = new Map<string, Promise<void>>();
  const timers = new Map<string, NodeJS.Timeout>();
  let scheduleError: ((profileId: string, e: unknown) => void) | undefined;
  const listeners = new Set<(p: SyncProgress) => void>();
  // stop() aborts every pass and refresh through this, then waits for them: the store they
  // write to may close only after.
  let lifetime = new AbortController();
  const refreshes = new Set<Promise<unknown>>();
  const withLifetime = (signal: AbortSignal | undefined): AbortSignal =>
    signal ? AbortSignal.any([signal, lifetime.signal]) : lifetime.signal;
  const stoppedError = (): AppError =>
    new AppError('cancelled', 'Dispute Desk is closing: sync stopped; it resumes where it stopped at the next start.');

  function profileOrThrow(id: string): Profile {
    const p = store.profiles.get(id);
    if (!p) throw new AppError('not-found', 'That profile does not exist.');
    return p;
  }

  /** Shows the stored events not shown yet: this pass's, and any a crash kept from being shown.
   * They are claimed before they are shown, so a crash in between loses a notification (the event
   * stays in the list) rather than showing one twice. */
  function announce(profile: Profile): number {
    const fresh = store.events.claimUnannounced(profile.id, now().getTime());
    const limit = deps.notifyLimit ?? 5;
    for (const e of fresh.slice(0, limit))
      deps.notifier.notify({ title: e.title, body: e.body, kind: e.kind, chargebackId: e.chargebackId ?? undefined });
    if (fresh.length > limit)
      deps.notifier.notify({
        title: `${fresh.length - limit} more updates`,
        body: `${profile.name}: open Dispute Desk to see every change.`,
        kind: 'summary',
      });
    return fresh.length;
  }

  /** Stores events; called inside the transaction that saves the data they come from, so a crash
   * keeps both or neither (their unique keys make a repeat harmless). */
  function raiseAll(profileId: string, events: readonly DerivedEvent[]): void {
    const at = now().getTime();
    for (const e of events) store.events.raise(profileId, e, at);
  }

  async function run(
    profileId: string,
    o: { signal?: AbortSignal; onProgress?: (p: SyncProgress) => void; forceFull?: boolean },
  ): Promise<SyncReport> {
    const profile = profileOrThrow(profileId);
    const client = await deps.clientFor(profile);
    const started = Date.now();
    let state = store.syncState.get(profileId);
    const firstEver = state.lastFullSyncAt === null;
    if (!state.pass) {
      const mode = o.forceFull || firstEver ? 'full' : 'incremental';
      // Changed since the newest change we hold or the previous pass's start, whichever is earlier.
      const mark = Math.min(
        parseServiceTimestamp(state.chargebacksModifiedMark)?.getTime() ?? Infinity,
        state.lastPassStartedAt ?? Infinity,
      );
      const since =
        mode === 'incremental' && Number.isFinite(mark) ? formatServiceTimestamp(new Date(mark - overlap)) : undefined;
      const next = {
        mode,
        phase: 'chargebacks',
        nextPage: 1,
        startedAt: now().getTime(),
        ...(since ? { since } : {}),
      } as const;
      state = store.transaction(() => {
        store.syncState.clearStatusQueue(profileId);
        return store.syncState.update(profileId, { pass: next });
      });
    }
    const pass = state.pass!;
    const report: SyncReport = {
      profileId,
      mode: pass.mode,
      chargebacks: 0,
      statuses: 0,
      entries: 0,
      events: 0,
      invalidRecords: 0,
      durationMs: 0,
    };
    const quiet = firstEver; // the first load is summarised, not announced item by item
    const progress = (phase: SyncPhase, done: number, expected: number): void => {
      const p: SyncProgress = { profileId, mode: pass.mode, phase, done, expected: Math.max(expected, done) };
      o.onProgress?.(p);
      for (const l of listeners) l(p);
    };

    /** Saves each page, the events it gives rise to and the cursor (with any marks the page
     * moved) in one transaction. */
    async function consume<T>(
      phase: SyncPhase,
      pages: AsyncIterable<Page<T>>,
      save: (records: T[]) => { events: DerivedEvent[]; marks?: Partial<SyncState> },
      firstPage: number,
    ): Promise<void> {
      let done = (firstPage - 1) * 100;
      for await (const page of pages) {
        store.transaction(() => {
          const { events, marks } = save(page.records);
          if (!quiet) raiseAll(profileId, events);
          store.syncState.update(profileId, { ...marks, pass: { ...pass, phase, nextPage: page.page.current + 1 } });
        });
        done += page.records.length + page.invalid.length;
        report.invalidRecords += page.invalid.length;
        progress(phase, done, page.page.last * 100);
      }
    }

    try {
      const signal = o.signal;
      const phases: SyncPhase[] = ['chargebacks', 'statuses', 'entries'];
      for (const phase of phases.slice(phases.indexOf(pass.phase))) {
        const firstPage = phase === pass.phase ? pass.nextPage : 1;
        if (phase !== pass.phase) store.syncState.update(profileId, { pass: { ...pass, phase, nextPage: 1 } });
        if (phase === 'chargebacks') {
          const search: SearchClause[] = pass.since ? [{ field: 'modified', op: 'greater', value: pass.since }] : [];
          let mark = store.syncState.get(profileId).chargebacksModifiedMark;
          await consume<Chargeback>(
            'chargebacks',
            client.chargebackPages({ search, pageLimit: 100, firstPage, ...(signal ? { signal } : {}) }),
            (records) => {
              const changes = store.portfolio.upsertChargebacks(profileId, records, now().getTime());
              report.chargebacks += records.length;
              for (const r of records) if (r.modified && (!mark || r.modified > mark)) mark = r.modified;
              // The status records of what changed are fetched in the next phase; the list is
              // kept with the page so a resumed pass still has it.
              if (pass.mode === 'incremental')
                store.syncState.queueStatuses(
                  profileId,
                  records.map((r) => r.id),
                );
              return {
                events: quiet ? [] : eventsFromChargebacks(changes, new Map(records.map((r) => [r.id, r]))),
                marks: { chargebacksModifiedMark: mark },
              };
            },
            firstPage,
          );
        } else if (phase === 'statuses') {
          if (pass.mode === 'full') {
            await consume(
              'statuses',
              client.statusPages({ pageLimit: 100, firstPage, ...(signal ? { signal } : {}) }),
              (records) => {
                store.portfolio.saveStatuses(profileId, records);
                report.statuses += records.length;
                return { events: [] };
              },
              firstPage,
            );
          } else {
            let done = 0;
            for (
              let batch = store.syncState.queuedStatuses(profileId, 50);
              batch.length > 0;
              batch = store.syncState.queuedStatuses(profileId, 50)
            ) {
              const statuses = await client.statusesOf(batch, signal);
              store.transaction(() => {
                store.portfolio.saveStatuses(profileId, statuses);
                store.syncState.unqueueStatuses(profileId, batch);
              });
              report.statuses += statuses.length;
              done += batch.length;
              progress('statuses', done, done + store.syncState.queuedStatusCount(profileId));
            }
            if (done === 0) progress('statuses', 0, 0);
          }
        } else {
          const st = store.syncState.get(profileId);
          // From the newest entry seen or the previous pass's start, whichever is earlier: an
          // entry dated before the newest one we hold can still be new to us.
          const since = Math.min(st.entriesCreatedMark ?? Infinity, st.lastPassStartedAt ?? Infinity);
          const from = pass.mode === 'incremental' && Number.isFinite(since) ? new Date(since - overlap) : EARLIEST;
          const to = new Date(now().getTime() + 2 * 86_400_000);
          let mark = st.entriesCreatedMark;
          await consume(
            'entries',
            client.entryPages({ from, to, pageLimit: 100, firstPage, ...(signal ? { signal } : {}) }),
            (records) => {
              const fresh = store.portfolio.saveEntries(profileId, records);
              report.entries += records.length;
              for (const e of records) {
                const t = serviceTimestampMs(e.created);
                if (t !== undefined && (mark === null || t > mark)) mark = t;
              }
              return {
                events: quiet
                  ? []
                  : eventsFromEntries(fresh, (id) => store.portfolio.getChargeback(profileId, id)?.currency),
                marks: { entriesCreatedMark: mark },
              };
            },
            firstPage,
          );
        }
      }
      const finishedAt = now().getTime();
      store.transaction(() => {
        store.syncState.update(profileId, {
          pass: null,
          lastSuccessAt: finishedAt,
          lastPassStartedAt: pass.startedAt,
          lastError: null,
          ...(pass.mode === 'full' ? { lastFullSyncAt: finishedAt } : {}),
        });
        if (quiet) {
          const counts = store.portfolio.inboxCounts(profileId, now());
          raiseAll(profileId, [
            {
              key: `first-sync:${pass.startedAt}`,
              kind: 'summary',
              title: `${profile.name}: ${counts.total} chargebacks loaded`,
              body: `${counts.open} open, ${counts.dueSoon} due within 3 days, ${counts.overdue} overdue.`,
            },
          ]);
        }
      });
      report.durationMs = Date.now() - started;
      return report;
    } catch (e) {
      // The cursor stays: the next run resumes this pass where it stopped.
      const error = isAppError(e) ? e : new AppError('internal', userMessage(e), { cause: e });
      if (error.kind !== 'cancelled') store.syncState.update(profileId, { lastError: error.message });
      throw error;
    }
  }

  /** A pass, then what follows it whether it worked or not: the stored events are announced and
   * the deadlines checked from the store, so reminders fire offline too. */
  async function runThenFollowUp(
    profileId: string,
    o: { signal?: AbortSignal; onProgress?: (p: SyncProgress) => void; forceFull?: boolean },
  ): Promise<SyncReport> {
    let report: SyncReport | undefined;
    let failure: { error: unknown } | undefined;
    try {
      report = await run(profileId, o);
    } catch (e) {
      failure = { error: e };
    }
    const profile = store.profiles.get(profileId);
    if (profile) {
      try {
        const announced = announce(profile);
        remind(profile);
        if (report) report.events = announced;
      } catch (e) {
        // The pass's own failure is the one to report; this one would hide it.
        if (!failure) throw e;
      }
    }
    if (failure) throw failure.error;
    return report!;
  }

  function remind(profile: Profile): number {
    const reminders = dueReminders(store.database, store.portfolio, profile.id, profile.reminderThresholdDays, now());
    const limit = deps.notifyLimit ?? 5;
    for (const r of reminders.slice(0, limit))
      deps.notifier.notify({ title: r.title, body: r.body, kind: 'reminder', chargebackId: r.chargebackId });
    if (reminders.length > limit)
      deps.notifier.notify({
        title: `${reminders.length - limit} more deadlines need you`,
        body: `${profile.name}: open the inbox to see every chargeback that is due soon or overdue.`,
        kind: 'reminder',
      });
    return reminders.length;
  }

  /** One chargeback as the service holds it now: record, statuses, messages, documents. */
  async function refreshChargeback(profileId: string, chargebackId: string, signal: AbortSignal): Promise<void> {
    const profile = profileOrThrow(profileId);
    const client = await deps.clientFor(profile);
    const cb = await client.getChargeback(chargebackId, signal);
    const statuses = await client.getStatuses(chargebackId, signal);
    const messages = await client.messagesOf(chargebackId, signal);
    const documents = await client.documentsOf(chargebackId, signal);
    store.transaction(() => {
      const changes = store.portfolio.upsertChargebacks(profileId, [cb], now().getTime());
      store.portfolio.saveStatuses(profileId, statuses);
      store.portfolio.saveMessages(profileId, messages);
      store.portfolio.saveDocuments(profileId, documents);
      raiseAll(profileId, eventsFromChargebacks(changes, new Map([[cb.id, cb]])));
    });
    announce(profile);
  }

  return {
    /** Syncs one profile; a second call while one runs joins it. */
    syncProfile(
      profileId: string,
      o: { signal?: AbortSignal; onProgress?: (p: SyncProgress) => void; forceFull?: boolean } = {},
    ): Promise<SyncReport> {
      const current = running.get(profileId);
      if (current) return current;
      if (lifetime.signal.aborted) return Promise.reject(stoppedError());
      const p = runThenFollowUp(profileId, { ...o, signal: withLifetime(o.signal) }).finally(() =>
        running.delete(profileId),
      );
      running.set(profileId, p);
      return p;
    },

    /** Refreshes one chargeback at once (after an alert, or after sending). */
    async syncChargeback(profileId: string, chargebackId: string, given?: AbortSignal): Promise<void> {
      if (lifetime.signal.aborted) throw stoppedError();
      const signal = withLifetime(given);
      const done = refreshChargeback(profileId, chargebackId, signal);
      refreshes.add(done);
      try {
        await done;
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

    remind: (profileId: string) => remind(profileOrThrow(profileId)),

    isRunning: (profileId: string) => running.has(profileId),

    onProgress(listener: (p: SyncProgress) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Syncs every profile on its own interval; failures are kept in its sync state. */
    startSchedule(onError?: (profileId: string, e: unknown) => void): void {
      scheduleError = onError;
      for (const profile of store.profiles.list()) if (!timers.has(profile.id)) this.schedule(profile.id);
    },

    /** (Re)starts one profile's timer from its saved interval: a new profile syncs at once, a
     * changed interval applies from now without an extra sync. */
    schedule(profileId: string): void {
      const profile = store.profiles.get(profileId);
      const known = timers.has(profileId);
      this.unschedule(profileId);
      if (!profile) return;
      const tick = (): void => {
        this.syncProfile(profileId).catch((e: unknown) => scheduleError?.(profileId, e));
      };
      const t = setInterval(tick, profile.syncIntervalMinutes * 60_000);
      t.unref();
      timers.set(profileId, t);
      if (!known) tick();
    },

    unschedule(profileId: string): void {
      clearInterval(timers.get(profileId));
      timers.delete(profileId);
    },

    stopSchedule(): void {
      for (const t of timers.values()) clearInterval(t);
      timers.clear();
    },

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

    /** The profiles that sync on their own (for tests and diagnostics). */
    scheduled(): string[] {
      return [...timers.keys()];
    },

    /** How old the data is, for "offline, data from …". */
    freshness(profileId: string): { lastSuccessAt: number | null; lastError: string | null; running: boolean } {
      const s = store.syncState.get(profileId);
      return { lastSuccessAt: s.lastSuccessAt, lastError: s.lastError, running: running.has(profileId) };
    },
  };
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;
