// A chargeback as the inbox lists it: the store's derived columns (electron/store/portfolio/worklist.ts
// reads them into this shape), and, across IPC, where its answer stands.
import { cardNetworkSchema } from '../domain/enums.ts';
import { z } from 'zod';
import { answerStateSchema } from '../domain/answer-state.ts';
import { jobStatusSchema } from '../domain/job-status.ts';
import { inboxSections, inboxSorts, sortDirections } from '../domain/inbox-sections.ts';

export const inboxRowSchema = z.object({
  id: z.string(),
  status: z.string(),
  cycle: z.string(),
  actionable: z.boolean(),
  /** The reply date as YYYYMMDD; null when there is none or it is no real date. */
  reply: z.number().int().nullable(),
  /** A reply date the service sent that is no real date, as sent (then `reply` is null). */
  replyInvalid: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  /** The send-by date (the profile's business days before the reply date) as YYYYMMDD. */
  sendBy: z.number().int().nullable(),
  /** Whole days to the send-by date (negative once passed); null without a real reply date. */
  sendByDaysLeft: z.number().int().nullable(),
  reasonCode: z.string(),
  reason: z.string(),
  category: z.string().nullable(),
  network: cardNetworkSchema.nullable(),
  /** Minor units of `currency`. */
  total: z.number().int(),
  currency: z.string(),
  txn: z.string().nullable(),
  modified: z.string().nullable(),
  /** The cardholder as the transaction names them (or the company); null when it does not. */
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  /** The merchant's order number from the transaction. */
  order: z.string().nullable(),
  /** Where it belongs on the worklist (shared/domain/inbox-sections.ts). */
  section: z.enum(inboxSections),
});
export type InboxRow = z.infer<typeof inboxRowSchema>;

export const inboxRowViewSchema = inboxRowSchema.extend({
  /** Where the answer stands. */
  answer: answerStateSchema.pick({ stage: true, label: true }),
  /** The answer waiting in the outbox, until it is delivered; null when none waits. */
  delivery: jobStatusSchema.nullable(),
});
export type InboxRowView = z.infer<typeof inboxRowViewSchema>;

/** A section's size and its money, one total per currency (amounts never add across currencies). */
export const inboxSectionSummarySchema = z.object({
  section: z.enum(inboxSections),
  count: z.number().int(),
  amounts: z.array(z.object({ currency: z.string(), total: z.number().int() })),
});
export type InboxSectionSummary = z.infer<typeof inboxSectionSummarySchema>;

/** How the worklist is read: which order within each section, and which sections are folded. */
export const inboxSortSchema = z.enum(inboxSorts);
export const sortDirectionSchema = z.enum(sortDirections);
export const inboxSectionSchema = z.enum(inboxSections);
