// Batch upload of scanned receipts: plan (folder picked in main), review and assign, queue.
import { z } from 'zod';
import { channel } from '../define.ts';
import { itemIdSchema } from '../../evidence/items.ts';

const match = z.union([
  z.object({ status: z.literal('matched'), chargebackId: z.string(), rule: z.string(), reason: z.string() }),
  z.object({ status: z.literal('ambiguous'), candidates: z.array(z.string()), reason: z.string() }),
  z.object({ status: z.literal('unmatched'), reason: z.string() }),
  z.object({ status: z.literal('refused'), reason: z.string() }),
]);
export const batchPlanSchema = z.object({ profileId: z.string(), files: z.array(z.object({ name: z.string(), itemId: z.string().optional(), pages: z.number().optional(), match, assigned: z.string().optional() })) });

export const batchChannels = {
  planBatch: channel('Opens the folder picker in main, imports and matches every file. Nothing is sent.', z.strictObject({ profileId: z.string().min(1) }), batchPlanSchema.nullable()),
  planBatchDropped: channel('Matches files the merchant dropped (imported one by one through importDropped). Nothing is sent.', z.strictObject({
    profileId: z.string().min(1),
    files: z.array(z.union([z.strictObject({ itemId: itemIdSchema, name: z.string().min(1).max(255) }), z.strictObject({ name: z.string().min(1).max(255), reason: z.string().max(1000) })])).min(1).max(5000),
  }), batchPlanSchema),
  assignBatchFile: channel('The merchant assigns (or unassigns) a file to a chargeback.', z.strictObject({ plan: batchPlanSchema, fileName: z.string(), chargebackId: z.string().optional() }), batchPlanSchema),
  queueBatch: channel('One packet per chargeback into the outbox; returns the report.', z.strictObject({ plan: batchPlanSchema }), z.object({
    chargebacks: z.array(z.object({ chargebackId: z.string(), outcome: z.enum(['queued', 'failed', 'skipped']), files: z.array(z.string()), jobId: z.string().optional(), reason: z.string().optional() })),
    files: z.array(z.object({ name: z.string(), outcome: z.enum(['unmatched', 'ambiguous', 'refused']), reason: z.string() })),
  })),
} as const;
