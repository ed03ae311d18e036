// Where an answer stands at the service when the outbox did not see the outcome of a write
// (timeout, dropped connection, crash while "sending"): read back, never guessed, before anything
// is resent. A baseline of what the chargeback held before the job's writes lets a record that
// fits a step be told from an earlier answer's.
import type { ApiClient } from '../api/index.ts';
import type { Dialect } from '../api/dialect.ts';
import type { ChargebackDocument } from '../../shared/api/index.ts';
import type { OutboxStep } from '../../shared/outbox.ts';
import { isAppError } from '../../shared/errors.ts';
import type { OutboxRepo, StoredJob } from '../store/outbox-repo.ts';

/** The steps in the order the dialect sends them: documents first on the core API (a closing
 * message must find its evidence there), the message first on the micro-service. A job's
 * positions are given in this order when it is made; sorting again keeps a job queued before
 * the dialects were told apart in the right order too. */
export function sendOrder<S extends { kind: 'message' | 'document'; position: number }>(
  steps: readonly S[],
  dialect: Dialect,
): S[] {
  const rank = (s: S): number => ((s.kind === 'message') === dialect.documentsFirst ? 1 : 0);
  return [...steps].sort((a, b) => rank(a) - rank(b) || a.position - b.position);
}

/** A document record whose file has arrived: processed by the service, or at least given its
 * `ref` (the server sets it when the file is integrated). */
const hasFile = (d: { status: string | null; ref: string | null }): boolean =>
  d.status === 'processed' || (d.status !== 'created' && d.status !== 'failed' && !!d.ref);

/** The service has been seen to answer the misspelled type with its correct spelling. */
const sameType = (a: string, b: string): boolean =>
  a.toLowerCase().replace('repsond', 'respond') === b.toLowerCase().replace('repsond', 'respond');

/** `remoteId`: the record a write made (a message, a document, or a core document record still
 * waiting for its file); `done`: the step needs nothing more. */
export interface Found {
  remoteId?: string;
  done: boolean;
}

export function createReconciler(deps: { repo: OutboxRepo; now: () => number }) {
  /** What the service holds now, read while this job knows exactly where it stands (no step
   * with an unseen outcome): anything new later that fits a step is that step's write. */
  async function takeBaseline(job: StoredJob, client: ApiClient, signal: AbortSignal): Promise<void> {
    const open = sendOrder(job.steps, client.dialect).filter((s) => s.state !== 'done');
    if (open.length === 0) return;
    const messages = open.some((s) => s.kind === 'message')
      ? (await client.messagesOf(job.chargebackId, signal)).map((m) => m.id)
      : undefined;
    const documents = open.some((s) => s.kind === 'document')
      ? (await client.documentsOf(job.chargebackId, signal)).map((d) => d.id)
      : [];
    deps.repo.setBaseline(
      job.id,
      { ...(messages ? { messages } : {}), documents, from: open[0]!.position },
      deps.now(),
    );
  }

  /** Where an attempt whose answer was not seen got to. Only records that were not there at the
   * baseline count, and none another step of this job already took; among documents of the same
   * name (and size, where the service says it), this job's earlier steps since the baseline that
   * never learned their record's ID take the first ones. */
  async function reconcile(job: StoredJob, step: OutboxStep, client: ApiClient, signal: AbortSignal): Promise<Found> {
    const baseline = job.control.baseline;
    if (step.kind === 'message') {
      const known = new Set(baseline?.messages ?? []);
      const m = (await client.messagesOf(job.chargebackId, signal)).find(
        (x) => !known.has(x.id) && sameType(x.type, job.messageType),
      );
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
    const fresh = (await client.documentsOf(job.chargebackId, signal)).filter(
      (d) => !known.has(d.id) && !claimed.has(d.id) && sameFile(d),
    );
    const order = sendOrder(job.steps, client.dialect);
    const since = order.slice(
      order.findIndex((s) => s.position === (baseline?.from ?? order[0]!.position)),
      order.findIndex((s) => s.position === step.position),
    );
    const earlier = since.filter(
      (s) => s.kind === 'document' && s.remoteId === undefined && s.name === step.name && s.bytes === step.bytes,
    ).length;
    const found = fresh[earlier];
    if (!found) return { done: false };
    return client.dialect.documents === 'record-then-file'
      ? { remoteId: found.id, done: hasFile(found) }
      : { done: true };
  }

  return { takeBaseline, reconcile };
}
export type Reconciler = ReturnType<typeof createReconciler>;
