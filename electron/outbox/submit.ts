// Queuing an answer: the submission guards first, then the job and all its steps in one
// transaction that asks the guards again (two submissions racing for one chargeback: one goes).
// Its files are in the job's own folder before the job exists, so the job survives the merchant
// moving or deleting theirs: a file built in a staging folder is moved there (the build was its
// one write), any other file is copied. Works offline.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxRepo, StepFile } from '../store/outbox-repo.ts';
import type { SubmissionGuards } from './submission-guards.ts';
import { isStaged } from './folders.ts';
import { jobFolder } from '../store/outbox-manifest.ts';
import type { NewSubmission, OutboxJob, OutboxStep } from '../../shared/outbox.ts';
import type { Profile } from '../../shared/profiles.ts';
import { AppError, type Result } from '../../shared/errors.ts';
import { messageTypeRules } from '../../shared/domain/message-type-rules.ts';
import { dialectOf } from '../../shared/domain/dialects.ts';
import { dialects } from '../api/dialect.ts';
import { safeBaseName } from '../evidence/safe-names.ts';

export interface SubmitDeps {
  repo: OutboxRepo;
  home: string;
  guards: SubmissionGuards;
  profileOf(profileId: string): Profile | undefined;
  now: () => number;
  onChange?(job: OutboxJob): void;
}

export function createSubmit(deps: SubmitDeps) {
  /** Puts a document's file in the job's folder: a staged file is moved (a viewer holding it, on
   * Windows, makes that a copy), the merchant's own file is copied. */
  async function place(from: string, to: string): Promise<void> {
    if (
      isStaged(deps.home, from) &&
      (await rename(from, to).then(
        () => true,
        () => false,
      ))
    )
      return;
    await copyFile(from, to);
  }

  /** `o.inTransaction`: what the caller writes with the job, in the transaction that inserts it
   * (the draft the answer was built from, archived): it is written only with the job, and when it
   * throws nothing is queued. `o.asked`: the caller asked the guards (`refusal`) before it built
   * the files, so they are asked again only where it counts, in the job's transaction. A refusal
   * (the guards', a profile removed meanwhile, a file that cannot be placed) is the answer, as a
   * value; nothing is queued and the job's folder is gone. */
  async function queue(
    input: NewSubmission,
    o: { inTransaction?(job: OutboxJob): void; asked?: true } = {},
  ): Promise<Result<OutboxJob, AppError>> {
    // Typed by the use case that built it (its request was parsed where it came in, at the IPC
    // or CLI door): not parsed again here; the guards judge its rules.
    const s = input;
    const guarded = { ...s, withDocuments: s.documents.length > 0 };
    const before = o.asked ? undefined : deps.guards.refusal(guarded);
    if (before) return refused(before);
    const profile = deps.profileOf(s.profileId);
    // Removed since the guards were asked: refused as they would refuse it.
    if (!profile)
      return refused(new AppError('not-found', 'The profile of this answer no longer exists; nothing was queued.'));
    const rule = messageTypeRules[s.messageType];
    const id = `job_${randomUUID()}`;
    const dir = jobFolder(deps.home, id);
    const files = new Map<number, StepFile>();
    // Positions follow the order the profile's dialect sends the parts in, so every list of the
    // job shows them as they will go: documents first on the core API.
    const first = dialects[dialectOf(profile.deployment)].documentsFirst;
    const messageAt = first ? s.documents.length : 0;
    const steps: OutboxStep[] = [
      { position: messageAt, kind: 'message', state: 'pending', name: rule.label, sentBytes: 0, attempts: 0 },
    ];
    files.set(messageAt, { path: '', requestToken: `dd-${id}-m` });
    const drop = async (): Promise<void> => rm(dir, { recursive: true, force: true });
    try {
      await mkdir(dir, { recursive: true });
      for (const [i, d] of s.documents.entries()) {
        const position = first ? i : i + 1;
        const name = `${safeBaseName(d.name)}.${d.documentType}`;
        const path = join(dir, `${position}-${name}`);
        const failed = await place(d.path, path).then(
          () => undefined,
          (e: unknown) => (e as NodeJS.ErrnoException).code ?? 'error',
        );
        if (failed) {
          await drop();
          return refused(
            new AppError('bad-input', `${d.name} could not be copied into the outbox (${failed}); nothing was queued.`),
          );
        }
        const bytes = (await stat(path)).size;
        steps.push({
          position,
          kind: 'document',
          state: 'pending',
          name,
          documentType: d.documentType,
          bytes,
          ...(d.pages ? { pages: d.pages } : {}),
          sentBytes: 0,
          attempts: 0,
        });
        files.set(position, { path, requestToken: `dd-${id}-d${position}` });
      }
      steps.sort((a, b) => a.position - b.position);
      const t = deps.now();
      const job: OutboxJob = {
        id,
        profileId: s.profileId,
        chargebackId: s.chargebackId,
        state: 'queued',
        messageType: s.messageType,
        ...(s.note ? { note: s.note } : {}),
        ...(s.amount !== undefined ? { amount: s.amount } : {}),
        ...(s.currency ? { currency: s.currency } : {}),
        createdAt: t,
        updatedAt: t,
        warnings: [],
        ...(s.sendLate === true ? { sendLate: true } : {}),
        steps,
      };
      // Asked again in the transaction that writes the job: while the files were placed, another
      // submission for this chargeback (a second click, the CLI) may have been queued.
      const late = deps.repo.transaction(() => {
        // One reading of the chargeback: the guards judge it, and the job keeps the stage it answers.
        const cb = deps.guards.chargebackOf(s.profileId, s.chargebackId);
        const refusal = deps.guards.refusal(guarded, { cb });
        if (refusal) return refusal;
        if (cb?.cycle) job.cycle = cb.cycle;
        deps.repo.insert(job, files);
        o.inTransaction?.(job);
        return undefined;
      });
      if (late) {
        await drop();
        return refused(late);
      }
      deps.onChange?.(job);
      return { ok: true, value: job };
    } catch (e) {
      await drop();
      throw e;
    }
  }

  return {
    queue,
    /** As `queue`, for callers whose refusals are thrown (an AppError). */
    async submit(
      input: NewSubmission,
      o: { inTransaction?(job: OutboxJob): void; asked?: true } = {},
    ): Promise<OutboxJob> {
      const queued = await queue(input, o);
      if (!queued.ok) throw queued.error;
      return queued.value;
    },
  };
}

const refused = (error: AppError): Result<never, AppError> => ({ ok: false, error });
