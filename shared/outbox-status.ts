// How an outbox job is shown: one steady word while it waits to retry (no flipping between
// "sending" and "queued" on every attempt), its last error and when it tries again.
import type { OutboxJob } from './outbox.ts';

/** A job still to be sent whose last attempt failed: the error and the next try (null: at once). */
export function jobRetry(
  j: Pick<OutboxJob, 'state' | 'steps'>,
): { error: string; nextAttemptAt: number | null } | undefined {
  if (j.state !== 'queued' && j.state !== 'sending') return undefined;
  const step = j.steps.find((s) => s.state !== 'done' && s.lastError);
  if (!step?.lastError) return undefined;
  return { error: step.lastError, nextAttemptAt: step.nextAttemptAt ?? null };
}

/** The word on the job's card: "retrying" covers both the wait and the attempt after an error. */
export function jobStateLabel(j: Pick<OutboxJob, 'state' | 'steps'>): string {
  if (jobRetry(j)) return 'retrying';
  // Claimed but not yet sending anything (checking the chargeback first): still waiting, as far
  // as the merchant is concerned, until a step is on its way or one is already through.
  if (j.state === 'sending' && !j.steps.some((s) => s.state !== 'pending')) return 'queued';
  return j.state;
}
