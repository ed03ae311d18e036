// The writes of one step: a message, or a document (one request on the micro-service; on the core
// API a record, then its file). A write the service says it already has (an earlier attempt got
// through) is read back instead of being made again.
import type { ApiClient } from '../api/index.ts';
import type { OutboxStep } from '../../shared/outbox.ts';
import { isAppError } from '../../shared/errors.ts';
import type { OutboxRepo, StepFile, StoredJob } from '../store/outbox-repo.ts';
import type { Reconciler } from './reconcile.ts';

/** Bytes sent are saved at most this often: often enough to resume the bar, not a write per chunk. */
const PROGRESS_SAVE_MS = 1_000;

export type StepProgress = (p: { jobId: string; position: number; sentBytes: number; totalBytes: number }) => void;

export function createStepSender(deps: {
  repo: OutboxRepo;
  now: () => number;
  reconcile: Reconciler['reconcile'];
  onProgress?: StepProgress | undefined;
}) {
  const { repo, now, reconcile } = deps;

  /** An upload's signal and progress: shown as it goes, saved now and then. */
  function uploadOptions(job: StoredJob, step: OutboxStep, signal: AbortSignal) {
    let savedAt = now();
    return {
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
  }

  /** Sends what is left of a step; returns the record it made, where the service names one. Core
   * documents go in two writes: the record (its ID is committed at once, so a crash before the
   * file never makes a second record), then the file. */
  return async function sendStep(
    job: StoredJob,
    step: OutboxStep,
    file: StepFile,
    client: ApiClient,
    signal: AbortSignal,
  ): Promise<string | undefined> {
    if (step.kind === 'message') {
      const message = {
        chargeback: job.chargebackId,
        type: job.messageType,
        ...(job.note ? { note: job.note } : {}),
        ...(job.amount !== undefined ? { amount: job.amount } : {}),
        ...(job.currency ? { currency: job.currency } : {}),
      };
      try {
        return (await client.sendMessage(message, { requestToken: file.requestToken, signal })).id;
      } catch (e) {
        if (!isAppError(e, 'duplicate')) throw e;
        return (await reconcile(job, step, client, signal)).remoteId;
      }
    }
    const document = { path: file.path, name: step.name, documentType: step.documentType! };
    const upload = uploadOptions(job, step, signal);
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
        recordId = (
          await client.createDocumentRecord(job.chargebackId, document, { requestToken: file.requestToken, signal })
        ).id;
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
      if (!isAppError(e, 'duplicate') || !(await reconcile(job, { ...step, remoteId: recordId }, client, signal)).done)
        throw e;
    }
    return recordId;
  };
}
