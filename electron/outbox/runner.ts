// Who sends, and when. A job is claimed (a lease in the database) before anything is sent, so
// however many rounds run — the background loop, IPC handlers, the CLI on the same data folder —
// one sender works a job at a time. Answers to one chargeback go in the order they were made, so
// reconciliation can tell this job's writes from an earlier one's. Every step's state is committed
// before the network is touched; a step whose outcome was not seen is reconciled first, and only
// then resent with the same request-token. Permanent failures stop the job with the reason in
// words and keep everything for a resend.
import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../api/index.ts';
import type { OutboxJob } from '../../shared/outbox.ts';
import type { Profile } from '../../shared/profiles.ts';
import { AppError, userMessage } from '../../shared/errors.ts';
import type { RetryPolicy } from '../api/retry.ts';
import { leaseLive, publicJob, type OutboxRepo } from '../store/outbox-repo.ts';
import type { Reconciler } from './reconcile.ts';
import type { StepProgress } from './send-step.ts';
import { clearEndedJob, removeLeftFolders } from './folders.ts';
import { asAppError, createSettle, type Outcome } from './failures.ts';
import { createJobWorker, type RoundContext } from './work-job.ts';
import { mapLimited } from '../../shared/map-limited.ts';

export interface RunOptions {
  signal?: AbortSignal;
  concurrency?: number;
  /** Give up on a request after this long (the API client's own limit still applies): its
   * outcome is then unknown and reconciled before anything is resent. */
  requestTimeoutMs?: number;
}

export interface RunnerDeps {
  repo: OutboxRepo;
  home: string;
  reconciler: Reconciler;
  profileOf(profileId: string): Profile | undefined;
  clientFor(profile: Profile): Promise<ApiClient>;
  now: () => number;
  random?: (() => number) | undefined;
  retry?: RetryPolicy | undefined;
  /** How long stop() lets a request in flight finish before aborting it (default 3 s). */
  stopGraceMs?: number | undefined;
  onJobDone?: ((job: OutboxJob) => void) | undefined;
  onChange?: ((job: OutboxJob) => void) | undefined;
  onProgress?: StepProgress | undefined;
  /** Tells onChange about a job as it now stands. */
  changed(jobId: string): void;
}

const LEASE_MS = 30_000;

export function createRunner(deps: RunnerDeps) {
  const { repo, now, changed } = deps;
  const settle = createSettle({
    repo,
    now,
    random: deps.random,
    retry: deps.retry ?? { attempts: 1_000, baseDelayMs: 2_000, maxDelayMs: 5 * 60_000 },
  });
  const owner = `outbox-${randomUUID()}`;
  const workClaimed = createJobWorker({ ...deps, owner, settle });
  /** Jobs this instance is working: a second round in this process leaves them alone. */
  const inFlight = new Set<string>();
  /** Every round in progress, whoever started it: stop() waits for them all. */
  const rounds = new Set<Promise<void>>();
  let stopController = new AbortController();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<unknown> | undefined;
  let swept: Promise<void> | undefined;

  /** Round `o` as the job worker sees it: each request under the round's signal, stop()'s and
   * the round's request time limit; a failure after either stopped reads as a stop. */
  function roundContext(o: RunOptions): RoundContext {
    const ended = (): boolean => stopController.signal.aborted || o.signal?.aborted === true;
    return {
      request() {
        const timeout = o.requestTimeoutMs ? AbortSignal.timeout(o.requestTimeoutMs) : undefined;
        const parts = [stopController.signal, ...(o.signal ? [o.signal] : []), ...(timeout ? [timeout] : [])];
        return { signal: AbortSignal.any(parts), timeout };
      },
      failure: (e, req) =>
        asAppError(e, { ended: ended(), timedOut: req?.timeout?.aborted === true, timeoutMs: o.requestTimeoutMs }),
      stopped: () => stopping || o.signal?.aborted === true,
    };
  }

  async function work(jobId: string, o: RunOptions): Promise<void> {
    if (inFlight.has(jobId)) return;
    inFlight.add(jobId);
    let heartbeat: NodeJS.Timeout | undefined;
    let outcome: Outcome = { state: 'queued' };
    try {
      if (!repo.claim(jobId, owner, now(), LEASE_MS)) return;
      heartbeat = setInterval(() => {
        try {
          repo.renew(jobId, owner, now() + LEASE_MS);
        } catch {
          // The store is closing under a round: the lease then simply runs out.
        }
      }, LEASE_MS / 3);
      heartbeat.unref();
      changed(jobId);
      try {
        outcome = await workClaimed(jobId, roundContext(o));
      } catch (e) {
        // Not a service failure but a bug: said on the step, tried again later.
        outcome = settle(
          jobId,
          repo.get(jobId)!.steps.find((s) => s.state !== 'done')?.position ?? 0,
          new AppError('internal', userMessage(e)),
          false,
        );
      }
      const state = repo.release(jobId, owner, outcome, now());
      const job = repo.get(jobId);
      if (!job) return;
      deps.onChange?.(publicJob(job));
      if (state === 'done') {
        deps.onJobDone?.(publicJob(job));
        await clearEndedJob(deps.home, jobId);
      }
    } finally {
      if (heartbeat) clearInterval(heartbeat);
      inFlight.delete(jobId);
    }
  }

  /** Jobs to try now, oldest first: one per chargeback — a later answer waits while an earlier
   * one is unfinished (waiting, sending, paused, or failed with an outcome still unknown). */
  function runnable(): string[] {
    const t = now();
    const busy = new Set<string>();
    const out: string[] = [];
    // Done, cancelled and dismissed jobs neither go nor hold a chargeback: not read at all.
    for (const j of repo.list({ states: ['queued', 'sending', 'paused', 'failed'] })) {
      const key = `${j.profileId}\n${j.chargebackId}`;
      const working = j.state === 'queued' || j.state === 'sending';
      const unfinished =
        working ||
        j.state === 'paused' ||
        (j.state === 'failed' && j.steps.some((s) => s.state === 'unknown' || s.state === 'sending'));
      const waiting = j.steps.some((s) => s.state !== 'done' && s.nextAttemptAt !== undefined && s.nextAttemptAt > t);
      const elsewhere =
        j.control.lease !== undefined && j.control.lease.owner !== owner && leaseLive(j.control.lease, t);
      if (working && !busy.has(key) && !waiting && !elsewhere && !inFlight.has(j.id)) out.push(j.id);
      if (unfinished) busy.add(key);
    }
    return out;
  }

  async function round(o: RunOptions): Promise<void> {
    const tried = new Set<string>();
    const concurrency = o.concurrency ?? 4;
    // Again after each pass: a job finished in it may let a later answer to the same chargeback go.
    for (;;) {
      if (stopping || o.signal?.aborted) return;
      const ids = runnable().filter((id) => !tried.has(id));
      if (ids.length === 0) return;
      // A stop ends the pass before another job is taken; what is in flight finishes.
      await mapLimited(
        ids,
        concurrency,
        async (id) => {
          tried.add(id);
          await work(id, o);
        },
        { stop: () => stopping || o.signal?.aborted === true },
      );
    }
  }

  function summary(): { done: number; failed: number; waiting: number } {
    const jobs = repo.list();
    return {
      done: jobs.filter((j) => j.state === 'done').length,
      failed: jobs.filter((j) => j.state === 'failed').length,
      waiting: jobs.filter((j) => j.state === 'queued' || j.state === 'sending').length,
    };
  }

  /** Sends everything that can be tried now; resolves when nothing is left to try now. Safe to
   * call while other rounds run: a job another round is sending is left to it. */
  async function runOnce(o: RunOptions = {}): Promise<{ done: number; failed: number; waiting: number }> {
    // Clearing is housekeeping: a folder that cannot go now never holds up sending.
    swept ??= removeLeftFolders(deps.home, (id) => repo.get(id)?.state, now()).catch(() => undefined);
    await swept;
    if (!stopping) {
      const r = round(o);
      rounds.add(r);
      try {
        await r;
      } finally {
        rounds.delete(r);
      }
    }
    return summary();
  }

  return {
    runOnce,

    /** Keeps sending in the background (the desktop app), checking again every few seconds. */
    start(intervalMs = 5000): void {
      stopping = false;
      if (stopController.signal.aborted) stopController = new AbortController();
      if (timer) clearInterval(timer);
      const tick = (): void => {
        if (loop || stopping) return;
        loop = runOnce()
          .catch(() => undefined)
          .finally(() => {
            loop = undefined;
          });
      };
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },

    /** Graceful: no new step starts; every round (the background loop's and those IPC started)
     * may finish its request in flight for `graceMs`, then that request is aborted and its step
     * left unknown, to be reconciled at the next start. */
    async stop(o: { graceMs?: number } = {}): Promise<void> {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      const all = Promise.allSettled([...rounds]);
      const abort = setTimeout(
        () =>
          stopController.abort(
            new AppError(
              'cancelled',
              'Dispute Desk stopped sending; the step in flight is checked with the service before anything is resent.',
            ),
          ),
        o.graceMs ?? deps.stopGraceMs ?? 3_000,
      );
      try {
        await all;
      } finally {
        clearTimeout(abort);
      }
    },
  };
}
