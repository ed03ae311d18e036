// Where an answer to a chargeback stands, as the window is told it (answer-lifecycle.ts works it
// out). Apart from the rules so the window's start path, which needs only the rules' words,
// builds no schema.
import { z } from 'zod';

export const answerStages = ['not-answered', 'queued', 'sending', 'sent', 'decided'] as const;
export type AnswerStage = (typeof answerStages)[number];

export const earlierAnswerSchema = z.object({
  messageType: z.string(),
  label: z.string(),
  /** Where it stands: still in the outbox, or with the processor. */
  where: z.enum(['queued', 'sending', 'sent']),
  /** When it was made (outbox) or recorded (service), ms since the epoch; null when unknown. */
  at: z.number().nullable(),
  source: z.enum(['outbox', 'service']),
  jobId: z.string().optional(),
  documents: z.number().int(),
  note: z.string().optional(),
  amountText: z.string().optional(),
});
export type EarlierAnswer = z.infer<typeof earlierAnswerSchema>;

export const answerStateSchema = z.object({
  stage: z.enum(answerStages),
  /** One line for a list row or a badge: "Sent, awaiting the issuer". */
  label: z.string(),
  outcome: z.enum(['won', 'lost', 'closed']).optional(),
  /** Answers that count for the chargeback's current stage, oldest first. */
  earlier: z.array(earlierAnswerSchema),
  /** The last attempt that failed before anything reached the processor, in words. */
  lastFailure: z.string().optional(),
});
export type AnswerState = z.infer<typeof answerStateSchema>;
