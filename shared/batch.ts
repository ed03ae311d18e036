// Batch upload as both processes see it: how each file of a folder of receipts was matched to a
// chargeback, the plan the merchant reviews, and the report of what happened.
import { z } from 'zod';
import { rotationSchema } from './evidence/items.ts';
import { messageTypeSchema, type MessageType } from './domain/enums.ts';
import { messageTypesForCycle, ruleFor, suggestedAnswers } from './domain/message-type-rules.ts';
import { explainReasonCode } from './domain/reason-codes.ts';
import type { DialectName } from './domain/dialects.ts';

/** By the file name (the first four), or by what OCR read on the scan (content). */
export const matchRules = ['chargeback-id', 'transaction-id', 'reference', 'amount-and-date', 'content'] as const;

/** For a match read from the scan: the facts that agree with the best candidate's transaction
 * ("Order ORD-40449", "CA$144.42") and those against it ("the receipt is from BOB'S DINER"). */
const reasons = { agreed: z.array(z.string()).optional(), against: z.array(z.string()).optional() };

/** What the file name says, or failing that, what is printed on the scan. */
export const fileMatchSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('matched'),
    chargebackId: z.string(),
    rule: z.enum(matchRules),
    reason: z.string(),
    /** 0-1, for a match read from the scan: how many facts agreed and how telling they are. */
    confidence: z.number().min(0).max(1).optional(),
    ...reasons,
  }),
  /** One candidate or more that the scan fits, not surely enough: the merchant chooses. */
  z.object({ status: z.literal('ambiguous'), candidates: z.array(z.string()), reason: z.string(), ...reasons }),
  z.object({ status: z.literal('unmatched'), reason: z.string(), ...reasons }),
]);
export type FileMatch = z.infer<typeof fileMatchSchema>;

/** A file's place in the plan: its match, or why it cannot be used (refused) or was passed over
 * on purpose (skipped: hidden and system files, pipes, devices). */
export const plannedMatchSchema = z.union([
  fileMatchSchema,
  z.object({ status: z.literal('refused'), reason: z.string() }),
  z.object({ status: z.literal('skipped'), reason: z.string() }),
]);

/** How a scan was read: whether any of its text could be (a page read only as noise every way up
 * is not; absent for a scan its name matched, whose text was not needed), and the turn (degrees
 * clockwise) that put each page tested the right way up, in page order; pages not tested take the
 * last one's. The packet is turned so. */
export const scanReadSchema = z.object({ read: z.boolean().optional(), turns: z.array(rotationSchema).max(10) });
export type ScanRead = z.infer<typeof scanReadSchema>;

/** The turn a page of a file goes in its packet: what reading it found, 0 when it was not read. */
export const turnOf = (scan: ScanRead | undefined, page: number): z.infer<typeof rotationSchema> =>
  scan?.turns[Math.min(page, scan.turns.length - 1)] ?? 0;

export const plannedFileSchema = z.object({
  name: z.string(),
  itemId: z.string().optional(),
  pages: z.number().optional(),
  match: plannedMatchSchema,
  scan: scanReadSchema.optional(),
  /** The merchant's choice overrides the matcher. */
  assigned: z.string().optional(),
  /** The merchant left this file out of the batch. */
  leftOut: z.boolean().optional(),
  /** Something to check before queueing, e.g. another file read from its scan fits the same
   * chargeback. */
  warning: z.string().optional(),
});
export type PlannedFile = z.infer<typeof plannedFileSchema>;

export const batchPlanSchema = z.object({
  profileId: z.string(),
  files: z.array(plannedFileSchema),
  /** Chargebacks the merchant includes although the review held them back (overdue, unusual
   * at their stage, already answered). */
  insist: z.array(z.string()).optional(),
  /** What held each insisted chargeback back when the merchant included it: the yes covers those
   * holds alone (holdsSinceInsist), so one that appears later (the reply date passed, an answer
   * queued from elsewhere) is asked about again instead of being consented to unseen. */
  insistedHolds: z.record(z.string(), z.array(z.string())).optional(),
  /** The answer the merchant chose for a packet, by chargeback ID, where it is not the one its
   * stage takes (packetAnswers). */
  answers: z.record(z.string(), messageTypeSchema).optional(),
});
export type BatchPlan = z.infer<typeof batchPlanSchema>;

/** The merchant chooses the answer a packet goes with; undefined gives it back to its stage. */
export function withAnswer(plan: BatchPlan, chargebackId: string, messageType: MessageType | undefined): BatchPlan {
  const { [chargebackId]: _old, ...rest } = plan.answers ?? {};
  return { ...plan, answers: messageType ? { ...rest, [chargebackId]: messageType } : rest };
}

/** The answers a packet of evidence can go with at a chargeback's stage, the one it takes first:
 * the dispute page's own suggestions for the stage and reason (suggestedAnswers), then the other
 * answers that fit the stage, keeping only those that carry documents on this service (ruleFor).
 * Respond at a first chargeback, respond to pre-arbitration at pre-arbitration, request
 * arbitration at arbitration. Empty when nothing at the stage carries evidence. */
export function packetAnswers(cycle: string, reasonCode: string, dialect: DialectName): MessageType[] {
  const suggested = suggestedAnswers(cycle, explainReasonCode(reasonCode).category);
  const order = [...suggested, ...messageTypesForCycle(cycle).filter((t) => !suggested.includes(t))];
  return order.filter((t) => ruleFor(t, dialect).withEvidence);
}

export const batchReportSchema = z.object({
  chargebacks: z.array(
    z.object({
      chargebackId: z.string(),
      outcome: z.enum(['queued', 'failed', 'skipped']),
      files: z.array(z.string()),
      jobId: z.string().optional(),
      reason: z.string().optional(),
    }),
  ),
  files: z.array(
    z.object({
      name: z.string(),
      outcome: z.enum(['unmatched', 'ambiguous', 'refused', 'skipped', 'left out']),
      reason: z.string(),
    }),
  ),
});
export type BatchReport = z.infer<typeof batchReportSchema>;

/** Where a file goes: the merchant's assignment, else a unique match. */
export function targetOf(f: PlannedFile): string | undefined {
  if (f.leftOut) return undefined;
  return f.assigned ?? (f.match.status === 'matched' ? f.match.chargebackId : undefined);
}

/** Files that cannot go anywhere whatever the merchant does. */
export const unusable = (f: PlannedFile): boolean => f.match.status === 'refused' || f.match.status === 'skipped';

/** Why a chargeback is held back from a batch. `closed`, `decided` and `not-actionable` cannot
 * take an answer at all; the others go only when the merchant insists. */
export const holdKinds = [
  'not-in-store',
  'closed',
  'decided',
  'not-actionable',
  'overdue',
  'unusual',
  'answered',
] as const;
export const batchHoldSchema = z.object({ kind: z.enum(holdKinds), text: z.string() });
export type BatchHold = z.infer<typeof batchHoldSchema>;
const finalHolds: ReadonlySet<BatchHold['kind']> = new Set(['not-in-store', 'closed', 'decided', 'not-actionable']);
/** A hold nothing can lift: the service would refuse the answer. */
export const holdIsFinal = (h: BatchHold): boolean => finalHolds.has(h.kind);

/** One packet as it would go: its files, the letter exactly as it would be written, and what
 * holds it back. Shown for review before anything is queued. */
export const packetReviewSchema = z.object({
  chargebackId: z.string(),
  files: z.array(z.string()),
  amountText: z.string(),
  letter: z.string(),
  /** Generated claims left out of the letter, each with why (composeLetter). */
  leftOut: z.array(z.object({ text: z.string(), why: z.string() })),
  blanks: z.array(z.string()),
  holds: z.array(batchHoldSchema),
  /** The answer it goes with: the merchant's choice, else the first its stage takes. */
  messageType: messageTypeSchema,
  /** The answers with evidence its stage takes, the merchant's to choose from. */
  choices: z.array(messageTypeSchema),
  /** Its stage and its reply date, as the review shows them beside the answer. */
  cycle: z.string(),
  reply: z.string().nullable(),
});
export type PacketReview = z.infer<typeof packetReviewSchema>;

/** The holds of an insisted packet that the merchant did not see when including it. */
export function holdsSinceInsist(p: PacketReview, seen: Readonly<Record<string, readonly string[]>> | undefined) {
  const kinds = seen?.[p.chargebackId] ?? [];
  return p.holds.filter((h) => !kinds.includes(h.kind));
}

/** The plan with `chargebackId` included or not; included, it records the holds the merchant saw. */
export function withInsist(plan: BatchPlan, p: PacketReview, included: boolean): BatchPlan {
  const insist = (plan.insist ?? []).filter((x) => x !== p.chargebackId);
  const others = Object.fromEntries(Object.entries(plan.insistedHolds ?? {}).filter(([id]) => id !== p.chargebackId));
  return included
    ? {
        ...plan,
        insist: [...insist, p.chargebackId],
        insistedHolds: { ...others, [p.chargebackId]: p.holds.map((h) => h.kind) },
      }
    : { ...plan, insist, insistedHolds: others };
}

/** Whether a reviewed packet is queued: no blank in its letter, no final hold, and any other
 * hold lifted by the merchant. */
export function packetGoes(p: PacketReview, insist: readonly string[] | undefined): boolean {
  if (p.blanks.length > 0 || p.holds.some(holdIsFinal)) return false;
  return p.holds.length === 0 || (insist ?? []).includes(p.chargebackId);
}
