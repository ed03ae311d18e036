// Working one claimed job as far as it can go now: a baseline of what the chargeback holds, then
// its steps in the dialect's order, each one committed as "sending" before its request, a step
// whose outcome was not seen reconciled before anything is resent, and the chargeback checked
// (open, actionable, in time) before the round's first send.
import type { ApiClient } from '../api/index.ts';
import type { Profile } from '../../shared/profiles.ts';
import type { AppError } from '../../shared/errors.ts';
import { dialectOf } from '../../shared/domain/dialects.ts';
import { dialects } from '../api/dialect.ts';
import type { OutboxRepo, StoredJob } from '../store/outbox-repo.ts';
import { sendOrder, type Reconciler } from './reconcile.ts';
import { createStepSender, type StepProgress } from './send-step.ts';
import type { Outcome } from './failures.ts';
import { preflight } from './preflight.ts';

/** The signal of one request: its round's, and its own time limit. */
export interface RequestSignal {
  signal: AbortSignal;
  timeout: AbortSignal | undefined;
}

/** What the round working a job decides: its requests' signals, how their failures read, and
 * whether it is to stop before the next step. */
export interface RoundContext {
  request(): RequestSignal;
  failure(e: unknown, req: RequestSignal | undefined): AppError;
  stopped(): boolean;
}

export interface JobWorkerDeps {
  repo: OutboxRepo;
  now: () => number;
  /** The sender this process's outbox is: the lease a job must be held under. */
  owner: string;
  reconciler: Reconciler;
  settle(jobId: string, position: number, error: AppError, attempted: boolean): Outcome;
  profileOf(profileId: string): Profile | undefined;
  clientFor(profile: Profile): Promise<ApiClient>;
  changed(jobId: string): void;
  onProgress?: StepProgress | undefined;
}

export function createJobWorker(deps: JobWorkerDeps) {
  const { repo, now, settle, changed } = deps;
  const { takeBaseline, reconcile } = deps.reconciler;
  const sendStep = createStepSender({ repo, now, reconcile, onProgress: deps.onProgress });
  const holds = (job: StoredJob): boolean =>
    (job.state === 'sending' || job.state === 'queued') && job.control.lease?.owner === deps.owner;

  /** Each step as far as it goes; the job's outcome, undefined where it was taken away (paused,
   * cancelled, or claimed by another sender). */
  async function sendSteps(jobId: string, client: ApiClient, round: RoundContext): Promise<Outcome> {
    let preflighted = false;
    for (const position of sendOrder(repo.get(jobId)!.steps, client.dialect).map((s) => s.position)) {
      const job = repo.get(jobId)!;
      const step = job.steps.find((s) => s.position === position)!;
      if (step.state === 'done') continue;
      if (!holds(job)) return undefined;
      if (round.stopped()) return { state: 'queued' };
      if (step.nextAttemptAt !== undefined && step.nextAttemptAt > now()) return { state: 'queued' };
      let attempted = false;
      let req: RequestSignal | undefined;
      try {
        if (step.state === 'unknown' || step.state === 'sending') {
          req = round.request();
          const found = await reconcile(job, step, client, req.signal);
          if (found.done) {
            repo.setStep(jobId, position, {
              state: 'done',
              remoteId: found.remoteId,
              sentBytes: step.bytes ?? 0,
              lastError: undefined,
              nextAttemptAt: undefined,
            });
            changed(jobId);
            continue;
          }
          // Seen not to have arrived (or, for a core document, its record without its file):
          // from here on it is a step never sent, or one whose file is still to send.
          repo.setStep(jobId, position, { state: 'pending', remoteId: found.remoteId });
        }
        if (!preflighted) {
          req = round.request();
          await preflight(deps, job, client, req.signal);
          preflighted = true;
        }
        if (round.stopped()) return { state: 'queued' };
        // Committed before the request: a crash from here on is an unknown outcome.
        const begun = repo.beginStep(
          jobId,
          deps.owner,
          position,
          { state: 'sending', attempts: step.attempts + 1, sentBytes: 0, attemptedAt: now() },
          now(),
        );
        if (!begun) return undefined;
        attempted = true;
        changed(jobId);
        req = round.request();
        const sending = repo.get(jobId)!;
        const remoteId = await sendStep(
          sending,
          sending.steps.find((s) => s.position === position)!,
          job.files.get(position)!,
          client,
          req.signal,
        );
        repo.setStep(jobId, position, {
          state: 'done',
          sentBytes: step.bytes ?? 0,
          remoteId,
          lastError: undefined,
          nextAttemptAt: undefined,
        });
        changed(jobId);
      } catch (e) {
        return settle(jobId, position, round.failure(e, req), attempted);
      }
    }
    return { state: 'done' };
  }

  /** Works one claimed job as far as it can go now. */
  return async function workClaimed(jobId: string, round: RoundContext): Promise<Outcome> {
    const job = repo.get(jobId)!;
    const profile = deps.profileOf(job.profileId);
    if (!profile) return { state: 'failed', error: 'The profile of this job no longer exists.' };
    const dialect = dialects[dialectOf(profile.deployment)];
    const firstOpen = (): number =>
      sendOrder(repo.get(jobId)!.steps, dialect).find((s) => s.state !== 'done')?.position ?? 0;
    if (job.steps.every((s) => s.state === 'done')) return { state: 'done' };
    let client: ApiClient;
    try {
      client = await deps.clientFor(profile);
    } catch (e) {
      // A missing key fails this job with the reason; a locked keychain may open: it waits.
      return settle(jobId, firstOpen(), round.failure(e, undefined), false);
    }
    if (!job.steps.some((s) => s.state === 'unknown' || s.state === 'sending')) {
      const req = round.request();
      try {
        await takeBaseline(job, client, req.signal);
      } catch (e) {
        return settle(jobId, firstOpen(), round.failure(e, req), false);
      }
    }
    return sendSteps(jobId, client, round);
  };
}
