// Exactly-once submission. Every step's state is committed before the network is touched; a
// step whose outcome was not seen (timeout, dropped connection, crash while "sending") is first
// reconciled against what the service holds, and only then resent with the same request-token.
// Permanent failures stop the job with the reason in words and keep everything for a resend.
//
// Who sends: a job is claimed (a lease in the database) before anything is sent, so however
// many rounds run — the background loop, IPC handlers, the CLI on the same data folder — one
// sender works a job at a time. Answers to one chargeback go in the order they were made, so
// reconciliation can tell this job's writes from an earlier one's.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../store/database.ts';
import type { ApiClient } from '../api/index.ts';
import type { ChargebackDocument } from '../../shared/api/index.ts';
import type { Profile } from '../../shared/profiles.ts';
import { createOutboxRepo, leaseLive, type StepFile, type StoredJob } from './outbox-repo.ts';
import { newSubmissionSchema, type NewSubmission, type OutboxJob, type OutboxStep } from '../../shared/outbox.ts';
import { AppError, isAppError, userMessage, type ErrorKind } from '../../shared/errors.ts';
import { evidenceRefusal, messageTypeRules } from '../../shared/domain/message-type-rules.ts';
import { dialectOf } from '../../shared/domain/dialects.ts';
import { dialects, type Dialect } from '../api/dialect.ts';
import { daysLeft } from '../../shared/domain/dates.ts';
import { safeBaseName } from '../evidence/safe-names.ts';
import { backoffDelay, type RetryPolicy } from '../api/retry.ts';
import { createSubmissionGuards } from './submission-guards.ts';

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
  onProgress?(p: { jobId: string; position: number; sentBytes: number; totalBytes: number }): void;
}

export interface RunOptions {
  signal?: AbortSignal;
  concurrency?: number;
  /** Give up on a request after this long (the API client's own limit still applies): its
   * outcome is then unknown and reconciled before anything is resent. */
  requestTimeoutMs?: number;
}

type Outcome = { state: 'queued' | 'failed' | 'done'; error?: string } | undefined;

const permanentKinds: ReadonlySet<ErrorKind> = new Set(['validation', 'key-rejected', 'not-open', 'not-actionable', 'deadline-passed', 'not-found', 'bad-input']);
/** After these the request may have been processed: the step's outcome is unknown. Any other
 * error is the service (or the client, before sending) refusing it: nothing was written. */
const unseenKinds: ReadonlySet<ErrorKind> = new Set(['server', 'network', 'timeout', 'cancelled', 'internal']);

const LEASE_MS = 30_000;
/** Bytes sent are saved at most this often: often enough to resume the bar, not a write per chunk. */
const PROGRESS_SAVE_MS = 1_000;

/** The service has been seen to answer the misspelled type with its correct spelling. */
const sameType = (a: string, b: string): boolean => a.toLowerCase().replace('repsond', 'respond') === b.toLowerCase().replace('repsond', 'respond');

/** The steps in the order the dialect sends them: documents first on the core API (a closing
 * message must find its evidence there), the message first on the micro-service. A job's
 * positions are given in this order when it is made; sorting again keeps a job queued before
 * the dialects were told apart in the right order too. */
export function sendOrder<S extends { kind: 'message' | 'document'; position: number }>(steps: readonly S[], dialect: Dialect): S[] {
  const rank = (s: S): number => (s.kind === 'message') === dialect.documentsFirst ? 1 : 0;
  return [...steps].sort((a, b) => rank(a) - rank(b) || a.position - b.position);
}

/** A document record whose file has arrived: processed by the service, or at least given its
 * `ref` (the server sets it when the file is integrated). */
const hasFile = (d: { status: string | null; ref: string | null }): boolean => d.status === 'processed' || (d.status !== 'created' && d.status !== 'failed' && !!d.ref);

export function createOutbox(deps: OutboxDeps) {
  const repo = createOutboxRepo(deps.database);
  const now = deps.now ?? Date.now;
  const retry = deps.retry ?? { attempts: 1_000, baseDelayMs: 2_000, maxDelayMs: 5 * 60_000 };
  const owner = `outbox-${randomUUID()}`;
  /** Jobs this instance is working: a second round in this process leaves them alone. */
  const inFlight = new Set<string>();
  /** Every round in progress, whoever started it: stop() waits for them all. */
  const rounds = new Set<Promise<void>>();
  let stopController = new AbortController();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<unknown> | undefined;
  const guards = createSubmissionGuards(deps.database);

  const strip = (j: OutboxJob & { files?: unknown; control?: unknown }): OutboxJob => {
    const { files: _files, control: _control, ...rest } = j;
    return rest;
  };
  const changed = (id: string): void => {
    const job = repo.get(id);
    if (job) deps.onChange?.(strip(job));
  };

  /** One transaction: the job and all its steps. Files are copied first, so the job survives
   * the merchant moving or deleting them. Works offline. */
  async function submit(input: NewSubmission): Promise<OutboxJob> {
    const s = newSubmissionSchema.parse(input);
    guards.check(s);
    const rule = messageTypeRules[s.messageType];
    const profile = deps.profileOf(s.profileId);
    if (!profile) throw new AppError('not-found', 'The profile of this answer no longer exists; nothing was queued.');
    if (rule.needsAmount && s.amount === undefined) throw new AppError('validation', `${rule.label} needs the amount conceded.`, { fields: [{ field: 'amount', message: 'required' }] });
    const refusal = s.documents.length > 0 ? evidenceRefusal(s.messageType, dialectOf(profile.deployment)) : undefined;
    if (refusal) throw new AppError('validation', refusal, { fields: [{ field: 'documents', message: 'not allowed with this message type' }] });
    const id = `job_${randomUUID()}`;
    const dir = join(deps.home, 'outbox', id);
    const files = new Map<number, StepFile>();
    // Positions follow the order the profile's dialect sends the parts in, so every list of the
    // job shows them as they will go: documents first on the core API.
    const first = dialects[dialectOf(profile.deployment)].documentsFirst;
    const messageAt = first ? s.documents.length : 0;
    const steps: OutboxStep[] = [{ position: messageAt, kind: 'message', state: 'pending', name: rule.label, sentBytes: 0, attempts: 0 }];
    files.set(messageAt, { path: '', requestToken: `dd-${id}-m` });
    try {
      await mkdir(dir, { recursive: true });
      for (const [i, d] of s.documents.entries()) {
        const position = first ? i : i + 1;
        const name = `${safeBaseName(d.name)}.${d.documentType}`;
        const path = join(dir, `${position}-${name}`);
        await copyFile(d.path, path).catch((e: unknown) => {
          throw new AppError('bad-input', `${d.name} could not be copied into the outbox (${(e as NodeJS.ErrnoException).code ?? 'error'}); nothing was queued.`);
        });
        const bytes = (await stat(path)).size;
        steps.push({ position, kind: 'document', state: 'pending', name, documentType: d.documentType, bytes, sentBytes: 0, attempts: 0 });
        files.set(position, { path, requestToken: `dd-${id}-d${position}` });
      }
      steps.sort((a, b) => a.position - b.position);
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

  /** A signal for one request: the round's, stop()'s, and the round's request timeout. */
  function requestSignal(o: RunOptions): { signal: AbortSignal; timeout: AbortSignal | undefined } {
    const timeout = o.requestTimeoutMs ? AbortSignal.timeout(o.requestTimeoutMs) : undefined;
    const parts = [stopController.signal, ...(o.signal ? [o.signal] : []), ...(timeout ? [timeout] : [])];
    return { signal: AbortSignal.any(parts), timeout };
  }

  function asAppError(e: unknown, req: { timeout: AbortSignal | undefined } | undefined, o: RunOptions): AppError {
    const ended = stopController.signal.aborted || o.signal?.aborted === true;
    if (!ended && req?.timeout?.aborted) return new AppError('timeout', `The chargeback service did not answer within ${Math.round((o.requestTimeoutMs ?? 0) / 1000)} seconds. Dispute Desk checks what it received before trying again.`);
    if (ended && !isAppError(e, 'cancelled')) return new AppError('cancelled', 'Stopped before the service answered; Dispute Desk checks what it received before trying again.');
    if (isAppError(e)) return e;
    return new AppError('internal', userMessage(e));
  }

  /** Before anything is sent in a round: still open, still actionable, deadline not passed.
   * Once the message is in, a passed deadline no longer stops the rest of the answer (a half
   * answer helps no one): it is said as a warning. */
  async function preflight(job: StoredJob, client: ApiClient, signal: AbortSignal): Promise<void> {
    const cb = await client.getChargeback(job.chargebackId, signal);
    if (cb.status !== 'open') throw new AppError('not-open', `Chargeback ${cb.id} is ${cb.status} now and no longer accepts responses.`);
    if (cb.actionable !== 1) throw new AppError('not-actionable', `Chargeback ${cb.id} cannot be answered through the API any more; contact your processor.`);
    const days = daysLeft(cb.reply, new Date(now()));
    let warning: string | undefined;
    if (days !== undefined && days < 0) {
      if (!job.steps.some((s) => s.state === 'done' || s.remoteId !== undefined)) throw new AppError('deadline-passed', `The reply date of chargeback ${cb.id} has passed; the processor will not accept the response. Contact your processor if you have an extension.`);
      warning = 'Deadline passed while this answer was being sent: the rest of it was sent anyway; check with your processor.';
    } else if (days !== undefined && days <= 1) warning = `Deadline ${days === 0 ? 'is today' : 'is tomorrow'}: sent as soon as possible.`;
    if (warning) {
      const current = repo.get(job.id)!.warnings;
      repo.setJob(job.id, { warnings: [...current.filter((w) => !w.startsWith('Deadline')), warning] }, now());
    }
  }

  /** What the service holds now, read while this job knows exactly where it stands (no step
   * with an unseen outcome): anything new later that fits a step is that step's write. */
  async function takeBaseline(job: StoredJob, client: ApiClient, signal: AbortSignal): Promise<void> {
    const open = sendOrder(job.steps, client.dialect).filter((s) => s.state !== 'done');
    if (open.length === 0) return;
    const messages = open.some((s) => s.kind === 'message') ? (await client.messagesOf(job.chargebackId, signal)).map((m) => m.id) : undefined;
    const documents = open.some((s) => s.kind === 'document') ? (await client.documentsOf(job.chargebackId, signal)).map((d) => d.id) : [];
    repo.setBaseline(job.id, { ...(messages ? { messages } : {}), documents, from: open[0]!.position }, now());
  }

  /** Where an attempt whose answer was not seen got to. `remoteId`: the record it made (a
   * message, a document, or a core document record still waiting for its file); `done`: the
   * step needs nothing more. Only records that were not there at the baseline count, and none
   * another step of this job already took; among documents of the same name (and size, where the
   * service says it), this job's earlier steps since the baseline that never learned their
   * record's ID take the first ones. */
  async function reconcile(job: StoredJob, step: OutboxStep, client: ApiClient, signal: AbortSignal): Promise<{ remoteId?: string; done: boolean }> {
    const baseline = job.control.baseline;
    if (step.kind === 'message') {
      const known = new Set(baseline?.messages ?? []);
      const m = (await client.messagesOf(job.chargebackId, signal)).find((x) => !known.has(x.id) && sameType(x.type, job.messageType));
      return m ? { remoteId: m.id, done: true } : { done: false };
    }
    if (step.remoteId !== undefined) {
      // A core document record this step made: its file is there, or still to send.
      const record = await client.getDocument(step.remoteId, signal).catch((e: unknown) => {
        if (isAppError(e, 'not-found')) return undefined;
        throw e;
      });
      if (!record || record.status === 'failed') return { done: false };
      return { remoteId: record.id, done: hasFile(record) };
    }
    const known = new Set(baseline?.documents ?? []);
    const claimed = new Set(job.steps.flatMap((s) => (s.position !== step.position && s.remoteId ? [s.remoteId] : [])));
    const sameFile = (d: ChargebackDocument): boolean =>
      d.name === step.name && (d.sizeInBytes === undefined || d.sizeInBytes === null || d.sizeInBytes === step.bytes);
    const fresh = (await client.documentsOf(job.chargebackId, signal)).filter((d) => !known.has(d.id) && !claimed.has(d.id) && sameFile(d));
    const order = sendOrder(job.steps, client.dialect);
    const since = order.slice(order.findIndex((s) => s.position === (baseline?.from ?? order[0]!.position)), order.findIndex((s) => s.position === step.position));
    const earlier = since.filter((s) => s.kind === 'document' && s.remoteId === undefined && s.name === step.name && s.bytes === step.bytes).length;
    const found = fresh[earlier];
    if (!found) return { done: false };
    return client.dialect.documents === 'record-then-file' ? { remoteId: found.id, done: hasFile(found) } : { done: true };
  }

  /** Sends what is left of a step. Core documents go in two writes: the record (its ID is
   * committed at once, so a crash before the file never makes a second record), then the file. */
  async function sendStep(job: StoredJob, step: OutboxStep, file: StepFile, client: ApiClient, signal: AbortSignal): Promise<string | undefined> {
    if (step.kind === 'message') {
      const message = {
        chargeback: job.chargebackId, type: job.messageType,
        ...(job.note ? { note: job.note } : {}), ...(job.amount !== undefined ? { amount: job.amount } : {}), ...(job.currency ? { currency: job.currency } : {}),
      };
      try {
        return (await client.sendMessage(message, { requestToken: file.requestToken, signal })).id;
      } catch (e) {
        if (!isAppError(e, 'duplicate')) throw e;
        // The service already has this write (an earlier attempt got through): find its ID.
        return (await reconcile(job, step, client, signal)).remoteId;
      }
    }
    const document = { path: file.path, name: step.name, documentType: step.documentType! };
    let savedAt = now();
    const upload = {
      signal,
      onProgress: (sent: number, total: number): void => {
        // The body counts the multipart framing too: shown and saved as a share of the file.
        const fileBytes = step.bytes ?? total;
        const sentBytes = Math.min(fileBytes, Math.round((fileBytes * sent) / total));
        const t = now();
        if (t - savedAt >= PROGRESS_SAVE_MS) {
          repo.setStep(job.id, step.position, { sentBytes });
          savedAt = t;
        }
        deps.onProgress?.({ jobId: job.id, position: step.position, sentBytes, totalBytes: fileBytes });
      },
    };
    if (client.dialect.documents === 'one-request') {
      try {
        await client.uploadDocument(job.chargebackId, document, { ...upload, requestToken: file.requestToken });
      } catch (e) {
        if (!isAppError(e, 'duplicate') || !(await reconcile(job, step, client, signal)).done) throw e;
      }
      return undefined;
    }
    let recordId = step.remoteId;
    if (recordId === undefined) {
      try {
        recordId = (await client.createDocumentRecord(job.chargebackId, document, { requestToken: file.requestToken, signal })).id;
      } catch (e) {
        if (!isAppError(e, 'duplicate')) throw e;
        const found = await reconcile(job, step, client, signal);
        if (found.remoteId === undefined) throw e;
        if (found.done) return found.remoteId;
        recordId = found.remoteId;
      }
      repo.setStep(job.id, step.position, { remoteId: recordId });
    }
    try {
      await client.uploadDocumentFile(recordId, document, { ...upload, requestToken: `${file.requestToken}-file` });
    } catch (e) {
      if (!isAppError(e, 'duplicate') || !(await reconcile(job, { ...step, remoteId: recordId }, client, signal)).done) throw e;
    }
    return recordId;
  }

  /** Records why a step did not get through and what happens next; returns the job's outcome. */
  function settle(jobId: string, position: number, error: AppError, attempted: boolean): Outcome {
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
    const wait = error.kind === 'rate-limited' ? (error.retryAfterSeconds ?? 10) * 1000 : backoffDelay(Math.min(step.attempts, 12), retry, deps.random);
    repo.setStep(jobId, position, { state, lastError: error.message, nextAttemptAt: now() + wait });
    return { state: 'queued' };
  }

  const holds = (job: StoredJob): boolean => (job.state === 'sending' || job.state === 'queued') && job.control.lease?.owner === owner;

  /** Works one claimed job as far as it can go now. */
  async function workClaimed(jobId: string, o: RunOptions): Promise<Outcome> {
    let job = repo.get(jobId)!;
    const profile = deps.profileOf(job.profileId);
    if (!profile) return { state: 'failed', error: 'The profile of this job no longer exists.' };
    const dialect = dialects[dialectOf(profile.deployment)];
    const firstOpen = (): number => sendOrder(repo.get(jobId)!.steps, dialect).find((s) => s.state !== 'done')?.position ?? 0;
    if (job.steps.every((s) => s.state === 'done')) return { state: 'done' };
    let client: ApiClient;
    try {
      client = await deps.clientFor(profile);
    } catch (e) {
      // A missing key fails this job with the reason; a locked keychain may open: it waits.
      return settle(jobId, firstOpen(), asAppError(e, undefined, o), false);
    }
    if (!job.steps.some((s) => s.state === 'unknown' || s.state === 'sending')) {
      const req = requestSignal(o);
      try {
        await takeBaseline(job, client, req.signal);
      } catch (e) {
        return settle(jobId, firstOpen(), asAppError(e, req, o), false);
      }
    }
    let preflighted = false;
    for (const position of sendOrder(job.steps, client.dialect).map((s) => s.position)) {
      job = repo.get(jobId)!;
      const step = job.steps.find((s) => s.position === position)!;
      if (step.state === 'done') continue;
      if (!holds(job)) return undefined;
      if (stopping || o.signal?.aborted) return { state: 'queued' };
      if (step.nextAttemptAt !== undefined && step.nextAttemptAt > now()) return { state: 'queued' };
      let attempted = false;
      let req: ReturnType<typeof requestSignal> | undefined;
      try {
        if (step.state === 'unknown' || step.state === 'sending') {
          req = requestSignal(o);
          const found = await reconcile(job, step, client, req.signal);
          if (found.done) {
            repo.setStep(jobId, position, { state: 'done', remoteId: found.remoteId, sentBytes: step.bytes ?? 0, lastError: undefined, nextAttemptAt: undefined });
            changed(jobId);
            continue;
          }
          // Seen not to have arrived (or, for a core document, its record without its file):
          // from here on it is a step never sent, or one whose file is still to send.
          repo.setStep(jobId, position, { state: 'pending', remoteId: found.remoteId });
        }
        if (!preflighted) {
          req = requestSignal(o);
          await preflight(job, client, req.signal);
          preflighted = true;
        }
        if (stopping || o.signal?.aborted) return { state: 'queued' };
        // Committed before the request: a crash from here on is an unknown outcome.
        if (!repo.beginStep(jobId, owner, position, { state: 'sending', attempts: step.attempts + 1, sentBytes: 0 }, now())) return undefined;
        attempted = true;
        changed(jobId);
        req = requestSignal(o);
        const remoteId = await sendStep(repo.get(jobId)!, repo.get(jobId)!.steps.find((s) => s.position === position)!, job.files.get(position)!, client, req.signal);
        repo.setStep(jobId, position, { state: 'done', sentBytes: step.bytes ?? 0, remoteId, lastError: undefined, nextAttemptAt: undefined });
        changed(jobId);
      } catch (e) {
        return settle(jobId, position, asAppError(e, req, o), attempted);
      }
    }
    return { state: 'done' };
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
        outcome = await workClaimed(jobId, o);
      } catch (e) {
        // Not a service failure but a bug: said on the step, tried again later.
        outcome = settle(jobId, repo.get(jobId)!.steps.find((s) => s.state !== 'done')?.position ?? 0, new AppError('internal', userMessage(e)), false);
      }
      const state = repo.release(jobId, owner, outcome, now());
      const job = repo.get(jobId);
      if (!job) return;
      deps.onChange?.(strip(job));
      if (state === 'done') {
        deps.onJobDone?.(strip(job));
        await rm(join(deps.home, 'outbox', jobId), { recursive: true, force: true });
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
      const unfinished = working || j.state === 'paused' || (j.state === 'failed' && j.steps.some((s) => s.state === 'unknown' || s.state === 'sending'));
      const waiting = j.steps.some((s) => s.state !== 'done' && s.nextAttemptAt !== undefined && s.nextAttemptAt > t);
      const elsewhere = j.control.lease !== undefined && j.control.lease.owner !== owner && leaseLive(j.control.lease, t);
      if (working && !busy.has(key) && !waiting && !elsewhere && !inFlight.has(j.id)) out.push(j.id);
      if (unfinished) busy.add(key);
    }
    return out;
  }

  async function round(o: RunOptions): Promise<void> {
    const tried = new Set<string>();
    const concurrency = Math.max(1, o.concurrency ?? 4);
    // Again after each pass: a job finished in it may let a later answer to the same chargeback go.
    for (;;) {
      if (stopping || o.signal?.aborted) return;
      const ids = runnable().filter((id) => !tried.has(id));
      if (ids.length === 0) return;
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < ids.length && !stopping && !o.signal?.aborted) {
          const id = ids[next++]!;
          tried.add(id);
          await work(id, o);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
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

  /** A job's files go when it ends (done, cancelled, dismissed); a process killed between the
   * two leaves the folder. Each sender, when it starts, removes those: only of jobs that are over,
   * never a job still to send, nor a folder with no job (the damaged-database salvage reads it). */
  async function removeFoldersOfEndedJobs(): Promise<void> {
    const root = join(deps.home, 'outbox');
    const folders = await readdir(root).catch(() => [] as string[]);
    for (const id of folders) {
      const state = repo.get(id)?.state;
      if (state === 'done' || state === 'cancelled' || state === 'dismissed') await rm(join(root, id), { recursive: true, force: true });
    }
  }
  let swept: Promise<void> | undefined;

  /** Sends everything that can be tried now; resolves when nothing is left to try now. Safe to
   * call while other rounds run: a job another round is sending is left to it. */
  async function runOnce(o: RunOptions = {}): Promise<{ done: number; failed: number; waiting: number }> {
    // Clearing is housekeeping: a folder that cannot go now never holds up sending.
    swept ??= removeFoldersOfEndedJobs().catch(() => undefined);
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

  function found(id: string): StoredJob {
    const j = repo.get(id);
    if (!j) throw new AppError('not-found', 'That outbox job no longer exists.');
    return j;
  }

  return {
    submit,
    runOnce,

    /** Keeps sending in the background (the desktop app), checking again every few seconds. */
    start(intervalMs = 5000): void {
      stopping = false;
      if (stopController.signal.aborted) stopController = new AbortController();
      if (timer) clearInterval(timer);
      const tick = (): void => {
        if (loop || stopping) return;
        loop = runOnce().catch(() => undefined).finally(() => {
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
      const abort = setTimeout(() => stopController.abort(new AppError('cancelled', 'Dispute Desk stopped sending; the step in flight is checked with the service before anything is resent.')), o.graceMs ?? deps.stopGraceMs ?? 3_000);
      try {
        await all;
      } finally {
        clearTimeout(abort);
      }
    },

    list: (o: { profileId?: string } = {}): OutboxJob[] => repo.list(o).map(strip),
    get: (id: string): OutboxJob | undefined => {
      const j = repo.get(id);
      return j ? strip(j) : undefined;
    },

    /** After the step in flight: its sender stops before the next one. */
    pause(id: string): OutboxJob {
      repo.transaction(() => {
        const j = found(id);
        if (j.state !== 'queued' && j.state !== 'sending') throw new AppError('conflict', `This job is ${j.state}; only waiting or sending jobs can be paused.`);
        repo.setJob(id, { state: 'paused' }, now());
      });
      changed(id);
      return strip(repo.get(id)!);
    },

    resume(id: string): OutboxJob {
      repo.transaction(() => {
        if (found(id).state !== 'paused') throw new AppError('conflict', 'Only a paused job can be resumed.');
        repo.setJob(id, { state: 'queued' }, now());
      });
      changed(id);
      return strip(repo.get(id)!);
    },

    /** Only before anything was sent: once the processor has part of an answer, it cannot be unsent. */
    async cancel(id: string): Promise<OutboxJob> {
      repo.transaction(() => {
        const j = found(id);
        if (j.state === 'done' || j.state === 'cancelled' || j.state === 'dismissed') throw new AppError('conflict', `This job is ${j.state}.`);
        if (j.steps.some((s) => s.state !== 'pending')) throw new AppError('conflict', 'Part of this answer has already reached the processor (or is on its way), so the job cannot be cancelled. Pause it instead, or let it finish.');
        repo.setJob(id, { state: 'cancelled' }, now());
      });
      await rm(join(deps.home, 'outbox', id), { recursive: true, force: true });
      changed(id);
      return strip(repo.get(id)!);
    },

    /** Closes a failed job for good, whatever part of it was sent: the record stays, marked
     * dismissed, and it is never sent again. */
    async dismiss(id: string): Promise<OutboxJob> {
      repo.transaction(() => {
        const j = found(id);
        if (j.state !== 'failed') throw new AppError('conflict', `This job is ${j.state}; only a failed job can be dismissed.`);
        repo.setJob(id, { state: 'dismissed' }, now());
      });
      await rm(join(deps.home, 'outbox', id), { recursive: true, force: true });
      changed(id);
      return strip(repo.get(id)!);
    },

    /** Tries a failed or waiting job again now. */
    retry(id: string): OutboxJob {
      repo.transaction(() => {
        const j = found(id);
        if (j.state === 'done' || j.state === 'cancelled' || j.state === 'dismissed') throw new AppError('conflict', `This job is ${j.state}.`);
        for (const s of j.steps) if (s.state !== 'done') repo.setStep(id, s.position, { nextAttemptAt: undefined });
        repo.setJob(id, { state: j.state === 'sending' ? 'sending' : 'queued', error: undefined }, now());
      });
      changed(id);
      return strip(repo.get(id)!);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
