// Exactly-once submission. Every step's state is committed before the network is touched; a
// step whose outcome was not seen (timeout, dropped connection, crash while "sending") is first
// reconciled against what the service holds, and only then resent with the same request-token.
// Permanent failures stop the job with the reason in words and keep everything for a resend.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../store/database.ts';
import type { ApiClient } from '../api/index.ts';
import type { Profile } from '../../shared/profiles.ts';
import { createOutboxRepo, type StepFile } from './outbox-repo.ts';
import { newSubmissionSchema, type NewSubmission, type OutboxJob, type OutboxStep } from '../../shared/outbox.ts';
import { AppError, isAppError, userMessage } from '../../shared/errors.ts';
import { messageTypeRules } from '../../shared/domain/message-type-rules.ts';
import { daysLeft, parseServiceTimestamp } from '../../shared/domain/dates.ts';
import { safeBaseName } from '../evidence/safe-names.ts';
import { backoffDelay, type RetryPolicy } from '../api/retry.ts';

export interface OutboxDeps {
  database: Database;
  home: string;
  profileOf(profileId: string): Profile | undefined;
  clientFor(profile: Profile): Promise<ApiClient>;
  now?: () => number;
  random?: () => number;
  retry?: RetryPolicy;
  /** A job finished: the app refreshes that chargeback. */
  onJobDone?(job: OutboxJob): void;
  onChange?(job: OutboxJob): void;
  onProgress?(p: { jobId: string; position: number; sentBytes: number; totalBytes: number }): void;
}

const permanentKinds = new Set(['validation', 'key-rejected', 'not-open', 'not-actionable', 'deadline-passed', 'not-found', 'bad-input']);

export function createOutbox(deps: OutboxDeps) {
  const repo = createOutboxRepo(deps.database);
  const now = deps.now ?? Date.now;
  const retry = deps.retry ?? { attempts: 1_000, baseDelayMs: 2_000, maxDelayMs: 5 * 60_000 };
  const changed = (id: string): void => {
    const job = repo.get(id);
    if (job) deps.onChange?.(strip(job));
  };
  const strip = (j: OutboxJob & { files?: unknown }): OutboxJob => {
    const { files: _files, ...rest } = j;
    return rest;
  };

  /** One transaction: the job and all its steps. Files are copied first, so the job survives
   * the merchant moving or deleting them. Works offline. */
  async function submit(input: NewSubmission): Promise<OutboxJob> {
    const s = newSubmissionSchema.parse(input);
    const rule = messageTypeRules[s.messageType];
    if (rule.needsAmount && s.amount === undefined) throw new AppError('validation', `${rule.label} needs the amount conceded.`, { fields: [{ field: 'amount', message: 'required' }] });
    const id = `job_${randomUUID()}`;
    const dir = join(deps.home, 'outbox', id);
    const files = new Map<number, StepFile>();
    const steps: OutboxStep[] = [{ position: 0, kind: 'message', state: 'pending', name: rule.label, sentBytes: 0, attempts: 0 }];
    files.set(0, { path: '', requestToken: `dd-${id}-m` });
    try {
      await mkdir(dir, { recursive: true });
      for (const [i, d] of s.documents.entries()) {
        const position = i + 1;
        const name = `${safeBaseName(d.name)}.${d.documentType}`;
        const path = join(dir, `${position}-${name}`);
        await copyFile(d.path, path).catch((e: unknown) => {
          throw new AppError('bad-input', `${d.name} could not be copied into the outbox (${(e as NodeJS.ErrnoException).code ?? 'error'}); nothing was queued.`);
        });
        const bytes = (await stat(path)).size;
        steps.push({ position, kind: 'document', state: 'pending', name, documentType: d.documentType, bytes, sentBytes: 0, attempts: 0 });
        files.set(position, { path, requestToken: `dd-${id}-d${position}` });
      }
      const t = now();
      const job: OutboxJob = { id, profileId: s.profileId, chargebackId: s.chargebackId, state: 'queued', messageType: s.messageType, ...(s.note ? { note: s.note } : {}), ...(s.amount !== undefined ? { amount: s.amount } : {}), ...(s.currency ? { currency: s.currency } : {}), createdAt: t, updatedAt: t, warnings: [], steps };
      repo.insert(job, files);
      deps.onChange?.(job);
      return job;
    } catch (e) {
      await rm(dir, { recursive: true, force: true });
      throw e;
    }
  }

  /** Before the message goes: still open, still actionable, deadline not passed. */
  async function preflight(job: OutboxJob, client: ApiClient): Promise<void> {
    const cb = await client.getChargeback(job.chargebackId);
    if (cb.status !== 'open') throw new AppError('not-open', `Chargeback ${cb.id} is ${cb.status} now and no longer accepts responses.`);
    if (cb.actionable !== 1) throw new AppError('not-actionable', `Chargeback ${cb.id} cannot be answered through the API any more; contact your processor.`);
    const days = daysLeft(cb.reply, new Date(now()));
    if (days !== undefined && days < 0) throw new AppError('deadline-passed', `The reply date of chargeback ${cb.id} has passed; the processor will not accept the response. Contact your processor if you have an extension.`);
    if (days !== undefined && days <= 1) repo.setJob(job.id, { warnings: [...job.warnings.filter((w) => !w.startsWith('Deadline')), `Deadline ${days === 0 ? 'is today' : 'is tomorrow'}: sent as soon as possible.`] }, now());
  }

  /** What the service holds for an unseen outcome: the remote ID when the write happened. */
  async function reconcile(job: OutboxJob, step: OutboxStep, client: ApiClient): Promise<string | undefined> {
    const search = [{ field: 'chargeback', op: 'equals' as const, value: job.chargebackId }];
    if (step.kind === 'message') {
      for await (const m of client.listMessages({ search })) {
        const created = parseServiceTimestamp(m.created ?? null)?.getTime() ?? 0;
        if (m.type === job.messageType && (m.note ?? undefined) === job.note && (m.amount ?? undefined) === job.amount && created >= job.createdAt - 10 * 60_000) return m.id;
      }
      return undefined;
    }
    for await (const d of client.listDocuments({ search })) {
      if (d.name === step.name && (d.sizeInBytes === undefined || d.sizeInBytes === null || d.sizeInBytes === step.bytes)) return d.id;
    }
    return undefined;
  }

  async function sendStep(job: OutboxJob, step: OutboxStep, file: StepFile, client: ApiClient): Promise<string | undefined> {
    if (step.kind === 'message') {
      const m = await client.sendMessage({ Chargeback: job.chargebackId, type: job.messageType, status: 'requested', imported: '0', inactive: '0', frozen: '0', ...(job.note ? { note: job.note } : {}), ...(job.amount !== undefined ? { amount: job.amount } : {}), ...(job.currency ? { currency: job.currency } : {}) }, { requestToken: file.requestToken });
      return m.id;
    }
    await client.uploadDocument(job.chargebackId, { path: file.path, name: step.name, documentType: step.documentType! }, {
      requestToken: file.requestToken,
      onProgress: (sent, total) => {
        deps.onProgress?.({ jobId: job.id, position: step.position, sentBytes: sent, totalBytes: total });
      },
    });
    return undefined;
  }

  /** Works one job as far as it can go now. Returns when it is done, failed, or waiting. */
  async function work(jobId: string, signal?: AbortSignal): Promise<void> {
    let job = repo.get(jobId)!;
    const profile = deps.profileOf(job.profileId);
    if (!profile) {
      repo.setJob(jobId, { state: 'failed', error: 'The profile of this job no longer exists.' }, now());
      return changed(jobId);
    }
    const client = await deps.clientFor(profile);
    repo.setJob(jobId, { state: 'sending' }, now());
    changed(jobId);
    for (const step of job.steps) {
      if (step.state === 'done') continue;
      signal?.throwIfAborted();
      job = repo.get(jobId)!;
      if (job.state === 'paused' || job.state === 'cancelled') return;
      if (step.nextAttemptAt && step.nextAttemptAt > now()) return;
      const file = job.files.get(step.position)!;
      try {
        if (step.position === 0 && step.state === 'pending') await preflight(job, client);
        if (step.state === 'unknown' || step.state === 'sending') {
          const remote = await reconcile(job, step, client);
          if (remote) {
            repo.setStep(jobId, step.position, { state: 'done', remoteId: remote, lastError: undefined, nextAttemptAt: undefined });
            changed(jobId);
            continue;
          }
        }
        // Committed before the request: a crash from here on is an unknown outcome.
        repo.setStep(jobId, step.position, { state: 'sending', attempts: step.attempts + 1 });
        let remoteId: string | undefined;
        try {
          remoteId = await sendStep(job, step, file, client);
        } catch (e) {
          if (!isAppError(e, 'duplicate')) throw e;
          // The service already has this write (an earlier attempt got through): find its ID.
          remoteId = (await reconcile(job, step, client)) ?? /\bt1_\w+|p1_\w+/.exec(e.message)?.[0] ?? 'already-received';
        }
        repo.setStep(jobId, step.position, { state: 'done', sentBytes: step.bytes ?? 0, ...(remoteId ? { remoteId } : {}), lastError: undefined, nextAttemptAt: undefined });
        changed(jobId);
      } catch (e) {
        const error = isAppError(e) ? e : new AppError('internal', userMessage(e));
        if (error.kind === 'cancelled') throw error;
        if (permanentKinds.has(error.kind)) {
          // Back to pending: a resend after the merchant edits starts clean, with the same token.
          repo.setStep(jobId, step.position, { state: step.state === 'sending' ? 'unknown' : step.state === 'unknown' ? 'unknown' : 'pending', lastError: error.message });
          repo.setJob(jobId, { state: 'failed', error: error.message }, now());
          return changed(jobId);
        }
        const attempts = (repo.get(jobId)!.steps.find((s) => s.position === step.position)?.attempts ?? 0);
        const wait = error.kind === 'rate-limited' ? (error.retryAfterSeconds ?? 10) * 1000 : backoffDelay(Math.min(attempts, 12), retry, deps.random);
        // A write that got no answer may have happened: it is reconciled before any resend.
        repo.setStep(jobId, step.position, { state: error.kind === 'rate-limited' ? 'pending' : 'unknown', lastError: error.message, nextAttemptAt: now() + wait });
        repo.setJob(jobId, { state: 'queued' }, now());
        return changed(jobId);
      }
    }
    repo.setJob(jobId, { state: 'done', error: undefined }, now());
    const done = repo.get(jobId)!;
    deps.onChange?.(strip(done));
    deps.onJobDone?.(strip(done));
    await rm(join(deps.home, 'outbox', jobId), { recursive: true, force: true });
  }

  function runnable(): string[] {
    return repo.list({ states: ['queued', 'sending'] })
      .filter((j) => j.steps.some((s) => s.state !== 'done') && !j.steps.some((s) => s.state !== 'done' && s.nextAttemptAt !== undefined && s.nextAttemptAt > now()))
      .map((j) => j.id);
  }

  let loop: Promise<void> | undefined;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;

  return {
    submit,

    /** Sends everything that can be tried now; resolves when nothing is left to try now. */
    async runOnce(o: { signal?: AbortSignal; concurrency?: number } = {}): Promise<{ done: number; failed: number; waiting: number }> {
      const ids = runnable();
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < ids.length && !stopping) {
          const id = ids[next++]!;
          await work(id, o.signal);
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 4) }, worker));
      const jobs = repo.list();
      return {
        done: jobs.filter((j) => j.state === 'done').length,
        failed: jobs.filter((j) => j.state === 'failed').length,
        waiting: jobs.filter((j) => j.state === 'queued' || j.state === 'sending').length,
      };
    },

    /** Keeps sending in the background (the desktop app), checking again every few seconds. */
    start(intervalMs = 5000): void {
      stopping = false;
      const tick = (): void => {
        if (loop || stopping) return;
        loop = this.runOnce().then(() => undefined, () => undefined).finally(() => { loop = undefined; });
      };
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },

    /** Graceful: the request in flight finishes (or is left "sending" and reconciled later). */
    async stop(): Promise<void> {
      stopping = true;
      if (timer) clearInterval(timer);
      await loop;
    },

    list: (o: { profileId?: string } = {}): OutboxJob[] => repo.list(o).map(strip),
    get: (id: string): OutboxJob | undefined => {
      const j = repo.get(id);
      return j ? strip(j) : undefined;
    },

    pause(id: string): OutboxJob {
      const j = repo.get(id);
      if (!j) throw new AppError('not-found', 'That outbox job no longer exists.');
      if (j.state !== 'queued' && j.state !== 'sending') throw new AppError('conflict', `This job is ${j.state}; only waiting or sending jobs can be paused.`);
      repo.setJob(id, { state: 'paused' }, now());
      changed(id);
      return strip(repo.get(id)!);
    },

    resume(id: string): OutboxJob {
      const j = repo.get(id);
      if (!j || j.state !== 'paused') throw new AppError('conflict', 'Only a paused job can be resumed.');
      repo.setJob(id, { state: 'queued' }, now());
      changed(id);
      return strip(repo.get(id)!);
    },

    /** Only before anything was sent: once the processor has part of an answer, it cannot be unsent. */
    async cancel(id: string): Promise<OutboxJob> {
      const j = repo.get(id);
      if (!j) throw new AppError('not-found', 'That outbox job no longer exists.');
      if (j.steps.some((s) => s.state !== 'pending') || j.state === 'done') throw new AppError('conflict', 'Part of this answer has already reached the processor, so the job cannot be cancelled. Pause it instead, or let it finish.');
      repo.setJob(id, { state: 'cancelled' }, now());
      await rm(join(deps.home, 'outbox', id), { recursive: true, force: true });
      changed(id);
      return strip(repo.get(id)!);
    },

    /** Tries a failed or waiting job again now. */
    retry(id: string): OutboxJob {
      const j = repo.get(id);
      if (!j) throw new AppError('not-found', 'That outbox job no longer exists.');
      if (j.state === 'done' || j.state === 'cancelled') throw new AppError('conflict', `This job is ${j.state}.`);
      for (const s of j.steps) if (s.state !== 'done') repo.setStep(id, s.position, { nextAttemptAt: undefined });
      repo.setJob(id, { state: 'queued', error: undefined }, now());
      changed(id);
      return strip(repo.get(id)!);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
