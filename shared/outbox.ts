// Outbox jobs as both processes see them: one job answers one chargeback (a message, then its
// documents in order), each step with its own state.
import { z } from 'zod';
import { messageTypeSchema, documentTypeSchema } from './domain/enums.ts';
import { readinessConsentsSchema } from './domain/answer-readiness.ts';
import { answerNoteSchema } from './domain/answer-note.ts';

// dismissed: a failed job the merchant closed for good (part of it may have been sent, so it
// cannot be cancelled); its record stays, it is never sent again.
export const jobStates = ['queued', 'sending', 'paused', 'done', 'failed', 'cancelled', 'dismissed'] as const;
export const stepStates = ['pending', 'sending', 'unknown', 'done'] as const;

export const outboxStepSchema = z.object({
  position: z.number().int(),
  kind: z.enum(['message', 'document']),
  state: z.enum(stepStates),
  name: z.string(),
  documentType: documentTypeSchema.optional(),
  bytes: z.number().int().optional(),
  /** The document's pages, when Dispute Desk built it (an evidence packet): said in its title. */
  pages: z.number().int().positive().optional(),
  sentBytes: z.number().int(),
  attempts: z.number().int(),
  /** When its last attempt began (ms); absent on steps never tried, and on jobs made before it was kept. */
  attemptedAt: z.number().optional(),
  remoteId: z.string().optional(),
  lastError: z.string().optional(),
  nextAttemptAt: z.number().optional(),
});
export type OutboxStep = z.infer<typeof outboxStepSchema>;

export const outboxJobSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  chargebackId: z.string(),
  state: z.enum(jobStates),
  messageType: messageTypeSchema,
  /** The chargeback's stage (`cycle`) when the answer was queued: the answer counts for that stage
   * whatever its type (a merchant may send an answer the stage does not usually take). Jobs queued
   * before it was kept have none, and are judged by their type. */
  cycle: z.string().optional(),
  note: z.string().optional(),
  amount: z.number().int().optional(),
  currency: z.string().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  error: z.string().optional(),
  warnings: z.array(z.string()),
  /** The merchant sent it after the reply date knowing the processor will likely refuse it: the
   * outbox tries it once all the same (electron/outbox/preflight.ts). */
  sendLate: z.boolean().optional(),
  steps: z.array(outboxStepSchema),
});
export type OutboxJob = z.infer<typeof outboxJobSchema>;

export const newSubmissionSchema = z.object({
  profileId: z.string(),
  chargebackId: z.string().min(1),
  messageType: messageTypeSchema,
  note: answerNoteSchema.optional(),
  amount: z.number().int().positive().optional(),
  currency: z.string().optional(),
  documents: z
    .array(
      z.object({
        path: z.string(),
        name: z.string(),
        documentType: documentTypeSchema,
        pages: z.number().int().positive().optional(),
      }),
    )
    .max(50),
  /** The merchant was told what this chargeback already has at its stage and answers again
   * anyway. Without it a second answer to the same stage is refused. */
  anotherAnswer: z.boolean().optional(),
  /** What the merchant said yes to: an answer unusual at its stage, one after the reply date
   * (shared/domain/answer-readiness.ts). */
  ...readinessConsentsSchema.shape,
});
export type NewSubmission = z.infer<typeof newSubmissionSchema>;
