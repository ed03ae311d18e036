// What a step that did not get through means for its job. A permanent refusal stops the job
// with the reason in words (kept for a resend); a stop leaves the step to reconcile at once; any
// other failure is tried again after a backoff. A request whose answer was not seen leaves its
// step's outcome unknown, to be read back before anything is resent.
import { AppError, isAppError, userMessage, type ErrorKind } from '../../shared/errors.ts';
import { backoffDelay, type RetryPolicy } from '../api/retry.ts';
import type { OutboxRepo } from '../store/outbox-repo.ts';

export type Outcome = { state: 'queued' | 'failed' | 'done'; error?: string } | undefined;

const permanentKinds: ReadonlySet<ErrorKind> = new Set([
  'validation',
  'key-rejected',
  'not-open',
  'not-actionable',
  'deadline-passed',
  'not-found',
  'bad-input',
]);
/** After these the request may have been processed: the step's outcome is unknown. Any other
 * error is the service (or the client, before sending) refusing it: nothing was written. */
const unseenKinds: ReadonlySet<ErrorKind> = new Set(['server', 'network', 'timeout', 'cancelled', 'internal']);

/** A failure in the merchant's words. `ended`: the round or the outbox was stopped; `timedOut`:
 * the round's own request limit ran out first. */
export function asAppError(
  e: unknown,
  why: { ended: boolean; timedOut: boolean; timeoutMs?: number | undefined },
): AppError {
  if (!why.ended && why.timedOut)
    return new AppError(
      'timeout',
      `The chargeback service did not answer within ${Math.round((why.timeoutMs ?? 0) / 1000)} seconds. ` +
        'Dispute Desk checks what it received before trying again.',
    );
  if (why.ended && !isAppError(e, 'cancelled'))
    return new AppError(
      'cancelled',
      'Stopped before the service answered; Dispute Desk checks what it received before trying again.',
    );
  if (isAppError(e)) return e;
  return new AppError('internal', userMessage(e));
}

export function createSettle(deps: {
  repo: OutboxRepo;
  now: () => number;
  retry: RetryPolicy;
  random?: (() => number) | undefined;
}) {
  const { repo, now } = deps;
  /** Records why a step did not get through and what happens next; returns the job's outcome.
   * `attempted`: its request was sent (or may have been). */
  return function settle(jobId: string, position: number, error: AppError, attempted: boolean): Outcome {
    const step = repo.get(jobId)!.steps.find((s) => s.position === position)!;
    let state = step.state;
    if (attempted) state = unseenKinds.has(error.kind) ? 'unknown' : 'pending';
    else if (state === 'sending') state = 'unknown';
    if (error.kind === 'cancelled') {
      // Stopped, not failed: the next round reconciles at once.
      repo.setStep(jobId, position, { state, lastError: error.message, nextAttemptAt: undefined });
      return { state: 'queued' };
    }
    if (permanentKinds.has(error.kind)) {
      repo.setStep(jobId, position, { state, lastError: error.message, nextAttemptAt: undefined });
      return { state: 'failed', error: error.message };
    }
    const wait =
      error.kind === 'rate-limited'
        ? (error.retryAfterSeconds ?? 10) * 1000
        : backoffDelay(Math.min(step.attempts, 12), deps.retry, deps.random);
    repo.setStep(jobId, position, { state, lastError: error.message, nextAttemptAt: now() + wait });
    return { state: 'queued' };
  };
}
