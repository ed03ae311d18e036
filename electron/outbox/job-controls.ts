// What the merchant can do to a queued job: pause, resume, cancel, dismiss, retry. Each is one
// transaction that checks the job's state first, so a sender committing a step at the same moment
// either sees the change or has already sent.
import type { OutboxJob } from '../../shared/outbox.ts';
import { AppError } from '../../shared/errors.ts';
import { publicJob, type OutboxRepo, type StoredJob } from '../store/outbox-repo.ts';
import { clearEndedJob } from './folders.ts';

export function createJobControls(deps: {
  repo: OutboxRepo;
  home: string;
  now: () => number;
  changed(jobId: string): void;
}) {
  const { repo, now } = deps;

  function found(id: string): StoredJob {
    const j = repo.get(id);
    if (!j) throw new AppError('not-found', 'That outbox job no longer exists.');
    return j;
  }

  /** Applies `change` in one transaction, then tells onChange and answers the job as it is now. */
  function changeJob(id: string, change: (j: StoredJob) => void): OutboxJob {
    repo.transaction(() => change(found(id)));
    deps.changed(id);
    return publicJob(repo.get(id)!);
  }

  /** A job that is over goes with its files: they are never sent (its manifest stays, saying so). */
  async function endJob(id: string, change: (j: StoredJob) => void): Promise<OutboxJob> {
    repo.transaction(() => change(found(id)));
    await clearEndedJob(deps.home, id);
    deps.changed(id);
    return publicJob(repo.get(id)!);
  }

  const over = (j: StoredJob): boolean => j.state === 'done' || j.state === 'cancelled' || j.state === 'dismissed';

  return {
    /** After the step in flight: its sender stops before the next one. */
    pause: (id: string): OutboxJob =>
      changeJob(id, (j) => {
        if (j.state !== 'queued' && j.state !== 'sending')
          throw new AppError('conflict', `This job is ${j.state}; only waiting or sending jobs can be paused.`);
        repo.setJob(id, { state: 'paused' }, now());
      }),

    resume: (id: string): OutboxJob =>
      changeJob(id, (j) => {
        if (j.state !== 'paused') throw new AppError('conflict', 'Only a paused job can be resumed.');
        repo.setJob(id, { state: 'queued' }, now());
      }),

    /** Tries a failed or waiting job again now. */
    retry: (id: string): OutboxJob =>
      changeJob(id, (j) => {
        if (over(j)) throw new AppError('conflict', `This job is ${j.state}.`);
        for (const s of j.steps) if (s.state !== 'done') repo.setStep(id, s.position, { nextAttemptAt: undefined });
        repo.setJob(id, { state: j.state === 'sending' ? 'sending' : 'queued', error: undefined }, now());
      }),

    /** Only before anything was sent: once the processor has part of an answer, it cannot be unsent. */
    cancel: (id: string): Promise<OutboxJob> =>
      endJob(id, (j) => {
        if (over(j)) throw new AppError('conflict', `This job is ${j.state}.`);
        if (j.steps.some((s) => s.state !== 'pending'))
          throw new AppError(
            'conflict',
            'Part of this answer has already reached the processor (or is on its way), ' +
              'so the job cannot be cancelled. Pause it instead, or let it finish.',
          );
        repo.setJob(id, { state: 'cancelled' }, now());
      }),

    /** Closes a failed job for good, whatever part of it was sent: the record stays, marked
     * dismissed, and it is never sent again. */
    dismiss: (id: string): Promise<OutboxJob> =>
      endJob(id, (j) => {
        if (j.state !== 'failed')
          throw new AppError('conflict', `This job is ${j.state}; only a failed job can be dismissed.`);
        repo.setJob(id, { state: 'dismissed' }, now());
      }),
  };
}
