// The window's Send: the answer the merchant built from their draft, through the one answering
// use case (answer.ts, beside this file) that the CLI's `respond` and batch use too. What only this door
// adds lives here: the draft goes with the answer it built, archived in the transaction that
// queues the job (an answer is never queued with its draft left behind to be sent again, nor a
// draft archived for an answer that was not queued), and the outbox is woken to send it.
import type { OutboxJob } from '../../../shared/outbox.ts';
import type { Answered, AnswerRequest, Wording } from './answer.ts';
import { done, type Outcome } from '../outcome.ts';

/** The answering use case, as this door asks it. */
export interface Answering {
  answer(
    r: AnswerRequest,
    wording: Wording,
    o: { signal?: AbortSignal; withJob?(job: OutboxJob, packetPages: number | undefined): void },
  ): Promise<Outcome<Answered>>;
}

/** Where the merchant's drafts go once sent. */
export interface DraftArchive {
  archive(profileId: string, chargebackId: string, jobId: string, o: { packetPages?: number | undefined }): void;
}

/** The outbox, woken once an answer is queued. */
export interface OutboxWaker {
  runOnce(): Promise<unknown>;
}

export interface DraftAnswerDeps {
  answering: Answering;
  drafts: DraftArchive;
  outbox: OutboxWaker;
}

export async function sendDraftAnswer(
  deps: DraftAnswerDeps,
  r: AnswerRequest,
  wording: Wording,
  o: { signal?: AbortSignal } = {},
): Promise<Outcome<OutboxJob>> {
  const answered = await deps.answering.answer(r, wording, {
    ...o,
    withJob: (job, packetPages) => {
      // A message alone was not built from the draft: the draft stays for the next answer.
      if (job.steps.some((step) => step.kind === 'document'))
        deps.drafts.archive(r.profileId, r.chargebackId, job.id, { packetPages });
    },
  });
  if (!answered.ok) return answered;
  deps.outbox.runOnce().catch(() => undefined);
  return done(answered.value.job);
}
