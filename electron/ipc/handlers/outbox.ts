import { join } from 'node:path';
import type { Handlers } from '../../../shared/ipc/define.ts';
import type { outboxChannels } from '../../../shared/ipc/channels/outbox.ts';
import type { AppServices } from '../../app-services.ts';
import { AppError } from '../../../shared/errors.ts';
import { evidenceRefusal, messageTypeRules } from '../../../shared/domain/message-type-rules.ts';
import { dialectOf } from '../../../shared/domain/dialects.ts';
import { answerAmountProblem } from '../../../shared/domain/concession.ts';
import { refreshForAnswer } from '../../outbox/answers.ts';
import { buildPacket } from '../../evidence/index.ts';
import { withTempFolder } from '../../fs/temp-folder.ts';
import { coverLetterFor, exhibitNames, letterProblem } from '../../evidence/cover-letter-facts.ts';

export function outboxHandlers(s: AppServices): Handlers<typeof outboxChannels> {
  return {
    // Kept open: closing the app waits for an answer being built to be queued, not lost.
    submitResponse: async (r) => s.keepOpen(async () => {
      const profile = s.store.profiles.get(r.profileId);
      const cb = s.store.portfolio.getChargeback(r.profileId, r.chargebackId);
      if (!profile || !cb) throw new AppError('not-found', 'This chargeback is not in the local store; sync and try again.');
      const rule = messageTypeRules[r.messageType];
      if (rule.needsConfirmation && !r.confirmed) throw new AppError('validation', `${rule.label} cannot be undone: confirm it first.`);
      // Before anything is built: the same money rule the outbox applies again on submit.
      const amountProblem = answerAmountProblem({ ...r, currency: cb.currency }, cb);
      if (amountProblem) throw amountProblem;
      // Before the packet is built: whether this answer can carry it on this profile's service.
      const refusal = r.evidence?.arrangement.pages.length ? evidenceRefusal(r.messageType, dialectOf(profile.deployment)) : undefined;
      if (refusal) throw new AppError('validation', refusal, { fields: [{ field: 'documents', message: 'not allowed with this message type' }] });
      const submission = { profileId: r.profileId, chargebackId: r.chargebackId, messageType: r.messageType, ...(r.note ? { note: r.note } : {}), ...(r.amount !== undefined ? { amount: r.amount, currency: cb.currency } : {}), ...(r.anotherAnswer ? { anotherAnswer: true } : {}) };
      // A second answer is refused before the packet is built, not after, and against what the
      // service holds now (offline: what was last synced).
      await refreshForAnswer(s.sync, r.profileId, r.chargebackId);
      s.guards.check({ ...submission, withDocuments: false });
      // Built in a work folder removed on every way out (fs/temp-folder.ts), queued from there.
      return withTempFolder('dd-submit-', async (work) => {
        let documents: Array<{ path: string; name: string; documentType: 'pdf' | 'jpg' | 'png' | 'jpeg' | 'gif' | 'tif' | 'tiff' }> = [];
        if (r.evidence && r.evidence.arrangement.pages.length > 0) {
          const letter = coverLetterFor(cb, { merchantName: profile.merchant ?? profile.name, rebuttal: r.evidence.rebuttal, txn: s.store.portfolio.detail(r.profileId, cb.id)?.txn, exhibits: await exhibitNames(s.evidence, r.evidence.arrangement) });
          const blanks = r.evidence.settings.coverLetter === false ? undefined : letterProblem(letter);
          if (blanks) throw blanks;
          // Against the profile's own limits, whatever limits the window sent: an over-limit packet is
          // refused here with the solver's problems, never queued.
          const settings = { ...r.evidence.settings, limits: profile.limits, baseName: `evidence ${cb.id}` };
          const built = await buildPacket(s.evidence, r.evidence.arrangement, settings, { outDir: work, coverLetter: letter });
          if (!built.ok) throw new AppError('bad-input', built.problems.map((p) => p.message).join(' '));
          documents = built.files.map((f) => ({ path: join(work, f.name), name: f.name, documentType: f.documentType }));
        }
        const job = await s.outbox.submit({ ...submission, documents });
        // The draft goes with the answer it built: the next answer starts from a clean one.
        if (documents.length > 0) s.store.drafts.archive(r.profileId, r.chargebackId, job.id);
        s.outbox.runOnce().catch(() => undefined);
        return job;
      });
    }),
    listOutbox: async () => s.outbox.list().map((j) => ({ ...j, answer: s.answers.stateOf(j.profileId, j.chargebackId) })),
    pauseJob: async ({ jobId }) => s.outbox.pause(jobId),
    resumeJob: async ({ jobId }) => s.outbox.resume(jobId),
    cancelJob: async ({ jobId }) => s.outbox.cancel(jobId),
    dismissJob: async ({ jobId }) => s.outbox.dismiss(jobId),
    retryJob: async ({ jobId }) => {
      const job = s.outbox.retry(jobId);
      s.outbox.runOnce().catch(() => undefined);
      return job;
    },
  };
}
