// Where an outbox job stands, in the merchant's words: the one place the Outbox (and the status bar,
// through jobRetry) reads a job's state from. A job waiting to retry keeps one steady state, failed
// with its reason and the time of the next try, rather than flipping between sending and waiting
// on every attempt; a job claimed but with nothing on its way yet is still waiting.
import type { OutboxJob, OutboxStep } from '../outbox.ts';
import type { JobShownState, JobStatus } from './job-status.ts';

type JobFacts = Pick<OutboxJob, 'state' | 'steps'> & { error?: string | undefined };

/** A job still to be sent whose last attempt failed: the error and the next try (null: at once). */
export function jobRetry(
  j: Pick<OutboxJob, 'state' | 'steps'>,
): { error: string; nextAttemptAt: number | null } | undefined {
  if (j.state !== 'queued' && j.state !== 'sending') return undefined;
  const step = j.steps.find((s) => s.state !== 'done' && s.lastError);
  if (!step?.lastError) return undefined;
  return { error: step.lastError, nextAttemptAt: step.nextAttemptAt ?? null };
}

/** The state a job is shown in: "retrying" covers both the wait and the attempt after an error. */
export function jobShownState(j: Pick<OutboxJob, 'state' | 'steps'>): JobShownState {
  if (jobRetry(j)) return 'retrying';
  // Claimed but not yet sending anything (checking the chargeback first): still waiting, as far
  // as the merchant is concerned, until a step is on its way or one is already through.
  if (j.state === 'sending' && !j.steps.some((s) => s.state !== 'pending')) return 'queued';
  return j.state;
}

export function jobStatus(j: JobFacts): JobStatus {
  const retry = jobRetry(j);
  const state = jobShownState(j);
  const stopped = state === 'failed' || state === 'dismissed';
  return {
    state,
    reason: retry?.error ?? (stopped ? (j.error ?? j.steps.find((s) => s.lastError)?.lastError ?? null) : null),
    nextAttemptAt: retry?.nextAttemptAt ?? null,
    partlySent: j.steps.some((s) => s.state !== 'pending'),
  };
}

/** The state in words. `time` writes a moment's time for the merchant (the window passes its
 * locale's); `decided`: a finished job's chargeback is no longer with the issuer; `answers`: the
 * job answers the dispute (a note or an assignment goes to the processor and answers nothing, so
 * nothing awaits the issuer once it is sent). */
export function jobStatusWords(s: JobStatus, time: (ms: number) => string, decided = false, answers = true): string {
  const reason = s.reason ? `: ${s.reason}` : '';
  switch (s.state) {
    case 'queued':
      return 'Waiting to send';
    case 'sending':
      return 'Sending…';
    case 'retrying':
      return s.nextAttemptAt === null
        ? `Failed — trying again now${reason}`
        : `Failed — will retry at ${time(s.nextAttemptAt)}${reason}`;
    case 'paused':
      return s.partlySent
        ? 'Held: paused part-way — resume to send the rest'
        : 'Held: paused — nothing sent until you resume';
    case 'done':
      if (!answers) return 'Sent to the processor — it answers nothing';
      return decided ? 'Sent — the issuer has decided' : 'Sent — awaiting the issuer';
    case 'failed':
      return s.partlySent ? `Failed — partly sent${reason}` : `Failed — not sent${reason}`;
    case 'cancelled':
      return 'Cancelled — nothing was sent';
    case 'dismissed':
      return 'Dismissed — never sent again';
  }
}

/** A step's state in words, beside its progress bar. */
/** A packet Dispute Desk built: `evidence <chargeback>.pdf`, or one part of a split one
 * (electron/evidence/packet/build.ts names them). */
const packetName = /^evidence(?: \S*chb_\S*?)?(?:-part-(\d+)-of-(\d+))?\.pdf$/i;

/** A step as the merchant knows it: "Evidence packet (3 pages)", "Evidence packet, part 1 of 2
 * (12 pages)"; a file of the merchant's own by its name, with its pages when known; a message by
 * the answer it gives. Words only: the file name sent to the service stays the step's `name`. */
export function stepTitle(step: Pick<OutboxStep, 'kind' | 'name' | 'pages'>): string {
  if (step.kind === 'message') return step.name;
  const pages = step.pages ? ` (${step.pages} ${step.pages === 1 ? 'page' : 'pages'})` : '';
  const packet = packetName.exec(step.name);
  if (!packet) return `${step.name}${pages}`;
  const part = packet[1] && packet[2] ? `, part ${packet[1]} of ${packet[2]}` : '';
  return `Evidence packet${part}${pages}`;
}

export const stepStateWords: Record<OutboxJob['steps'][number]['state'], string> = {
  pending: 'Waiting',
  sending: 'Sending…',
  unknown: 'Checking',
  done: 'Sent',
};
