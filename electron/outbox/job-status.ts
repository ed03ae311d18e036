// Read-only views of outbox jobs for the status bar: whether sending is failing now.
import type { OutboxJob } from '../../shared/outbox.ts';
import { jobRetry } from '../../shared/domain/outbox-job-state.ts';

/** The most recent failure of a job still waiting to be tried again, with when it will be. */
export function sendingTrouble(jobs: readonly OutboxJob[]): { error: string; nextAttemptAt: number | null } | null {
  let worst: { error: string; nextAttemptAt: number | null; at: number } | null = null;
  for (const j of jobs) {
    const r = jobRetry(j);
    if (r && (!worst || j.updatedAt > worst.at))
      worst = { error: r.error, nextAttemptAt: r.nextAttemptAt, at: j.updatedAt };
  }
  return worst ? { error: worst.error, nextAttemptAt: worst.nextAttemptAt } : null;
}
