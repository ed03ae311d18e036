// Exactly-once submission, put together from its parts: the guards and submit (submit.ts) that
// queue a job, the runner (runner.ts) that claims and sends jobs, reconciliation (reconcile.ts)
// that reads back where a write whose outcome was not seen got to, and the merchant's controls
// of a job (job-controls.ts). Every step's state is committed before the network is touched.
import type { Database } from '../store/database.ts';
import type { ApiClient } from '../api/index.ts';
import type { Profile } from '../../shared/profiles.ts';
import type { OutboxJob } from '../../shared/outbox.ts';
import type { RetryPolicy } from '../api/retry.ts';
import { createOutboxRepo, publicJob } from '../store/outbox-repo.ts';
import { createSubmissionGuards } from './submission-guards.ts';
import { createSubmit } from './submit.ts';
import { createReconciler } from './reconcile.ts';
import { createRunner } from './runner.ts';
import { createJobControls } from './job-controls.ts';
import { withStagingFolder } from './folders.ts';
import type { StepProgress } from './send-step.ts';

export interface OutboxDeps {
  database: Database;
  home: string;
  profileOf(profileId: string): Profile | undefined;
  clientFor(profile: Profile): Promise<ApiClient>;
  now?: () => number;
  random?: () => number;
  retry?: RetryPolicy;
  /** How long stop() lets a request in flight finish before aborting it (default 3 s). */
  stopGraceMs?: number;
  /** A job finished: the app refreshes that chargeback. */
  onJobDone?(job: OutboxJob): void;
  onChange?(job: OutboxJob): void;
  onProgress?: StepProgress;
}

export function createOutbox(deps: OutboxDeps) {
  const repo = createOutboxRepo(deps.database);
  const now = deps.now ?? Date.now;
  const guards = createSubmissionGuards(deps.database, deps.profileOf, now);
  const changed = (id: string): void => {
    const job = repo.get(id);
    if (job) deps.onChange?.(publicJob(job));
  };
  const runner = createRunner({
    repo,
    home: deps.home,
    now,
    changed,
    reconciler: createReconciler({ repo, now }),
    profileOf: deps.profileOf,
    clientFor: deps.clientFor,
    random: deps.random,
    retry: deps.retry,
    stopGraceMs: deps.stopGraceMs,
    onJobDone: deps.onJobDone?.bind(deps),
    onChange: deps.onChange?.bind(deps),
    onProgress: deps.onProgress,
  });

  const { queue, submit } = createSubmit({
    repo,
    home: deps.home,
    guards,
    profileOf: deps.profileOf,
    now,
    onChange: deps.onChange?.bind(deps),
  });

  return {
    /** Queues an answer, or says why not as a value (submit.ts). */
    queue,
    /** Queues an answer; a refusal is thrown. */
    submit,
    /** The first reason an answer may not be queued (the guards submit applies), asked before
     * anything is built for it. */
    refusal: guards.refusal,
    /** Runs `build` with a folder to build an answer's files in, so that submit moves them into
     * the job rather than writing them again; the folder goes however `build` ends. */
    stage: <T>(build: (dir: string) => Promise<T>): Promise<T> => withStagingFolder(deps.home, build),
    runOnce: runner.runOnce,
    start: runner.start,
    stop: runner.stop,
    list: (o: { profileId?: string } = {}): OutboxJob[] => repo.list(o).map(publicJob),
    get: (id: string): OutboxJob | undefined => {
      const j = repo.get(id);
      return j ? publicJob(j) : undefined;
    },
    ...createJobControls({ repo, home: deps.home, now, changed }),
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
