// Answers: one submission is one outbox job; progress and state changes arrive as events.
import { z } from 'zod';
import { query, mutation } from '../define.ts';
import { outboxJobSchema } from '../../outbox.ts';
import { messageTypeSchema } from '../../domain/enums.ts';
import { answerNoteSchema } from '../../domain/answer-note.ts';
import { arrangementSchema, buildSettingsSchema } from '../../evidence/items.ts';
import { slotsSchema } from '../../evidence/slots.ts';
import { outboxJobViewSchema } from '../../views/outbox-job-view.ts';

const jobId = z.strictObject({ jobId: z.string().min(1).max(100) });
// A job's state is also where its chargeback's answer stands.
const jobChange = { invalidates: ['outbox', 'chargebacks'] } as const;

export const outboxChannels = {
  submitResponse: mutation(
    'Builds the evidence and queues the answer (message, then documents).',
    z.strictObject({
      profileId: z.string().min(1),
      chargebackId: z.string().min(1),
      messageType: messageTypeSchema,
      note: answerNoteSchema.optional(),
      amount: z.number().int().positive().optional(),
      confirmed: z.boolean(),
      /** The merchant saw what this stage already has and answers again anyway. */
      anotherAnswer: z.boolean().optional(),
      /** The merchant said yes to an answer the stage does not usually take. */
      unusual: z.boolean().optional(),
      /** The merchant said yes to sending after the reply date (the processor will likely refuse it). */
      sendLate: z.boolean().optional(),
      evidence: z
        .strictObject({
          arrangement: arrangementSchema,
          settings: buildSettingsSchema,
          rebuttal: z.string().max(20_000),
          /** The draft's slots: the letter is written from them and the exhibits titled by them. */
          slots: slotsSchema.optional(),
        })
        .optional(),
    }),
    outboxJobSchema,
    { invalidates: ['outbox', 'chargebacks', 'drafts', 'sync'] },
  ),
  listOutbox: query(
    "Every job and step, with where its chargeback's answer stands.",
    z.strictObject({}),
    z.array(outboxJobViewSchema),
    { tags: ['outbox'] },
  ),
  pauseJob: mutation('Pauses a job after its current step.', jobId, outboxJobSchema, jobChange),
  resumeJob: mutation('Resumes a paused job.', jobId, outboxJobSchema, jobChange),
  cancelJob: mutation('Cancels a job that has sent nothing yet.', jobId, outboxJobSchema, jobChange),
  retryJob: mutation('Tries a failed or waiting job again now.', jobId, outboxJobSchema, jobChange),
  dismissJob: mutation(
    'Closes a failed job for good (part of it may have been sent): its record stays, marked dismissed; ' +
      'it is never sent again.',
    jobId,
    outboxJobSchema,
    jobChange,
  ),
} as const;
