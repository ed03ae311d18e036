// An outbox job as the Outbox screen lists it: the job and its steps, and where its chargeback's
// answer stands now (a finished job says whether the issuer still has to decide).
import type { z } from 'zod';
import { outboxJobSchema } from '../outbox.ts';
import { answerStateSchema } from '../domain/answer-lifecycle.ts';

export const outboxJobViewSchema = outboxJobSchema.extend({ answer: answerStateSchema });
export type OutboxJobView = z.infer<typeof outboxJobViewSchema>;
