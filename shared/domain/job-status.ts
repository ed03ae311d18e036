// Where an outbox job stands, as the window is told it (outbox-job-state.ts works it out and says it
// in words). Apart from the words so the window's start path builds no schema.
import { z } from 'zod';

/** The states a job is shown in (also its card's class: done, failed, retrying… as styled). */
export const jobShownStates = [
  'queued',
  'sending',
  'retrying',
  'paused',
  'done',
  'failed',
  'cancelled',
  'dismissed',
] as const;
export type JobShownState = (typeof jobShownStates)[number];

export const jobStatusSchema = z.object({
  state: z.enum(jobShownStates),
  /** Why the last attempt failed (retrying), or why the job stopped (failed, dismissed). */
  reason: z.string().nullable(),
  /** When a retrying job is tried again (ms); null: at once. */
  nextAttemptAt: z.number().nullable(),
  /** Part of the answer reached the processor (or may have): it cannot be cancelled. */
  partlySent: z.boolean(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;
