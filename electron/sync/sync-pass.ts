// One pass over a profile, full or incremental: started (or resumed from its saved cursor), its
// phases run in order (pass-phases.ts), the pages read saved in batches, each batch in one
// transaction with the cursor and the events it gives rise to, and finished by clearing the
// cursor; then, whether it worked or not, the stored events are announced and the deadlines
// checked (notices.ts).
import type { Store, SyncState } from '../store/index.ts';
import type { Profile } from '../../shared/profiles.ts';
import type { ApiClient, Page } from '../api/index.ts';
import { AppError, isAppError, userMessage } from '../../shared/errors.ts';
import { formatServiceTimestamp, parseServiceTimestamp } from '../../shared/domain/dates.ts';
import type { DerivedEvent } from './derive-events.ts';
import type { SyncNotices } from './notices.ts';
import { phaseRunners } from './pass-phases.ts';
import type { Pass, PassContext } from './pass-context.ts';
import { createStoreBudget } from './store-budget.ts';
import type { PassOptions, SyncPhase, SyncProgress, SyncReport } from './sync-progress.ts';
import { sendByBusinessDaysOf } from '../../shared/domain/send-by.ts';

/** At most this many pages (100 records each) are saved in one transaction, and none waits
 * longer than BATCH_MS for the pages after it: the merchant's window sees progress, and a pass
 * stopped by a crash reads at most this much again. Each commit writes again the index pages its
 * records touched: 25 pages a batch instead of 10 cut a full sync's writes to the file by a
 * quarter. */
const PAGES_PER_TRANSACTION = 25;
const BATCH_MS = 500;

export function profileOrThrow(store: Store, id: string): Profile {
  const p = store.profiles.get(id);
  if (!p) throw new AppError('not-found', 'That profile does not exist.');
  return p;
}

export interface PassDeps {
  store: Store;
  clientFor(profile: Profile): Promise<ApiClient>;
  now: () => Date;
  overlap: number;
  notices: SyncNotices;
  /** Everyone following progress (the window), besides the pass's own caller. */
  listeners: ReadonlySet<(p: SyncProgress) => void>;
}

/** The pass under way, or a new one: changed since the newest change we hold or the previous
 * pass's start, whichever is earlier; full when asked for or when the profile never synced. */
function startOrResume(deps: PassDeps, profileId: string, o: PassOptions): { state: SyncState; firstEver: boolean } {
  const { store, now } = deps;
  let state = store.syncState.get(profileId);
  const firstEver = state.lastFullSyncAt === null;
  if (!state.pass) {
    const mode = o.forceFull || firstEver ? 'full' : 'incremental';
    const mark = Math.min(
      parseServiceTimestamp(state.chargebacksModifiedMark)?.getTime() ?? Infinity,
      state.lastPassStartedAt ?? Infinity,
    );
    const since =
      mode === 'incremental' && Number.isFinite(mark)
        ? formatServiceTimestamp(new Date(mark - deps.overlap))
        : undefined;
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
  return { state, firstEver };
}

/** The pass is done: its cursor cleared and its marks kept; the first load is summarised in one
 * event rather than announced item by item. */
function finish(deps: PassDeps, profile: Profile, pass: Pass, quiet: boolean): void {
  const { store, now } = deps;
  const profileId = profile.id;
  const finishedAt = now().getTime();
  store.transaction(() => {
    store.syncState.update(profileId, {
      pass: null,
      lastSuccessAt: finishedAt,
      lastPassStartedAt: pass.startedAt,
      lastError: null,
      lastErrorKind: null,
      lastFailedAt: null,
      ...(pass.mode === 'full' ? { lastFullSyncAt: finishedAt } : {}),
    });
    if (quiet) {
      const counts = store.portfolio.inboxCounts(profileId, {
        now: now(),
        sendByBusinessDays: sendByBusinessDaysOf(profile),
      });
      deps.notices.raiseAll(profileId, [
        {
          key: `first-sync:${pass.startedAt}`,
          kind: 'summary',
          title: `${profile.name}: ${counts.total} chargebacks loaded`,
          body: `${counts.open} open, ${counts.dueSoon} to send in 3 days, ${counts.overdue} overdue.`,
        },
      ]);
    }
  });
}

export async function runPass(deps: PassDeps, profileId: string, o: PassOptions): Promise<SyncReport> {
  const { store } = deps;
  const profile = profileOrThrow(store, profileId);
  let client: ApiClient;
  try {
    client = await deps.clientFor(profile);
  } catch (e) {
    // No key (a session-only one is gone after a restart) or no keychain: the pass failed as
    // much as one the service refused, and the status bar must say so.
    throw failed(deps, profileId, e);
  }
  const started = Date.now();
  const { state, firstEver } = startOrResume(deps, profileId, o);
  const pass = state.pass!;
  const report: SyncReport = {
    profileId,
    mode: pass.mode,
    chargebacks: 0,
    statuses: 0,
    messages: 0,
    entries: 0,
    events: 0,
    invalidRecords: 0,
    durationMs: 0,
  };
  const quiet = firstEver; // the first load is summarised, not announced item by item
  const progress = (phase: SyncPhase, done: number, expected: number): void => {
    const p: SyncProgress = { profileId, mode: pass.mode, phase, done, expected: Math.max(expected, done) };
    o.onProgress?.(p);
    for (const l of deps.listeners) l(p);
  };

  const budget = createStoreBudget();
  /** Saves pages in batches: each batch's records, the events they give rise to and the cursor
   * (with any marks they moved) in one transaction; none past the sync's budget for the store
   * (store-budget.ts). A transaction per page cost a full sync more than its records did (a
   * commit writes the index pages it touched again); a batch holds the pages that arrived while
   * the last was saved, up to PAGES_PER_TRANSACTION or BATCH_MS, and is saved before the pass
   * stops for any reason, so what was read is kept. */
  async function consume<T>(
    phase: SyncPhase,
    pages: AsyncIterable<Page<T>>,
    save: (records: T[]) => { events: DerivedEvent[]; marks?: Partial<SyncState> },
    firstPage: number,
  ): Promise<void> {
    let done = (firstPage - 1) * 100;
    let batch: Array<Page<T>> = [];
    let since = 0;
    const flush = (): void => {
      const saving = batch;
      batch = [];
      const last = saving.at(-1);
      if (!last) return;
      store.transaction(() => {
        const events: DerivedEvent[] = [];
        let marks: Partial<SyncState> = {};
        for (const page of saving) {
          const saved = save(page.records);
          events.push(...saved.events);
          marks = { ...marks, ...saved.marks };
        }
        if (!quiet) deps.notices.raiseAll(profileId, events);
        store.syncState.update(profileId, { ...marks, pass: { ...pass, phase, nextPage: last.page.current + 1 } });
      });
    };
    try {
      for await (const page of pages) {
        budget.spend(page.bytes);
        // Progress counts the pages read, as they come: the window's bar moves page by page.
        done += page.records.length + page.invalid.length;
        report.invalidRecords += page.invalid.length;
        progress(phase, done, page.page.last * 100);
        if (batch.length === 0) since = Date.now();
        batch.push(page);
        if (batch.length >= PAGES_PER_TRANSACTION || Date.now() - since >= BATCH_MS) flush();
      }
    } catch (e) {
      flush();
      throw e;
    }
    flush();
  }

  try {
    const ctx: PassContext = {
      store,
      client,
      profileId,
      pass,
      report,
      quiet,
      signal: o.signal,
      now: deps.now,
      overlap: deps.overlap,
      consume,
      progress,
    };
    const phases: SyncPhase[] = ['chargebacks', 'statuses', 'messages', 'entries'];
    for (const phase of phases.slice(phases.indexOf(pass.phase))) {
      const firstPage = phase === pass.phase ? pass.nextPage : 1;
      if (phase !== pass.phase) store.syncState.update(profileId, { pass: { ...pass, phase, nextPage: 1 } });
      await phaseRunners[phase](ctx, firstPage);
    }
    finish(deps, profile, pass, quiet);
    report.durationMs = Date.now() - started;
    return report;
  } catch (e) {
    // The cursor stays: the next run resumes this pass where it stopped.
    throw failed(deps, profileId, e);
  }
}

/** Records why a pass failed, its kind and when (a cancelled pass did not fail), and gives the
 * error to throw. */
function failed(deps: PassDeps, profileId: string, e: unknown): AppError {
  const error = isAppError(e) ? e : new AppError('internal', userMessage(e), { cause: e });
  if (error.kind !== 'cancelled')
    deps.store.syncState.update(profileId, {
      lastError: error.message,
      lastErrorKind: error.kind,
      lastFailedAt: deps.now().getTime(),
    });
  return error;
}

/** A pass, then what follows it whether it worked or not: the stored events are announced and
 * the deadlines checked from the store, so reminders fire offline too. */
export async function runThenFollowUp(deps: PassDeps, profileId: string, o: PassOptions): Promise<SyncReport> {
  let report: SyncReport | undefined;
  let failure: { error: unknown } | undefined;
  try {
    report = await runPass(deps, profileId, o);
  } catch (e) {
    failure = { error: e };
  }
  const profile = deps.store.profiles.get(profileId);
  if (profile) {
    try {
      const announced = deps.notices.announce(profile);
      deps.notices.remind(profile);
      if (report) report.events = announced;
    } catch (e) {
      // The pass's own failure is the one to report; this one would hide it.
      if (!failure) throw e;
    }
  }
  if (failure) throw failure.error;
  return report!;
}
