// Batch upload of scanned receipts: plan (folder picked in main), review and assign, queue.
import { z } from 'zod';
import { channel } from '../define.ts';
import { itemIdSchema } from '../../evidence/items.ts';
import { batchPlanSchema, batchReportSchema, packetReviewSchema } from '../../batch.ts';

export const batchChannels = {
  planBatch: channel('Opens the folder picker in main, imports and matches every file. Nothing is sent.', z.strictObject({ profileId: z.string().min(1) }), batchPlanSchema.nullable()),
  planBatchDropped: channel('Matches files the merchant dropped (imported one by one through importDropped). Nothing is sent.', z.strictObject({
    profileId: z.string().min(1),
    files: z.array(z.union([z.strictObject({ itemId: itemIdSchema, name: z.string().min(1).max(255) }), z.strictObject({ name: z.string().min(1).max(255), reason: z.string().max(1000), skipped: z.literal(true).optional() })])).min(1).max(5000),
  }), batchPlanSchema),
  receiptBelongsElsewhere: channel('Reads a receipt added to a chargeback\'s evidence (its name, else its scan) and warns when it plainly belongs to another chargeback.', z.strictObject({ profileId: z.string().min(1), chargebackId: z.string().min(1), itemId: itemIdSchema }), z.object({ warning: z.string().nullable() })),
  stopBatchReading: channel('Stops reading scans for the plan being made: files not yet read wait for the merchant.', z.strictObject({}), z.boolean()),
  assignBatchFile: channel('The merchant assigns a file to a chargeback, gives it back to the matcher, or leaves it out.', z.strictObject({ plan: batchPlanSchema, fileName: z.string(), chargebackId: z.string().optional(), leaveOut: z.boolean().optional() }), batchPlanSchema),
  reviewBatch: channel('Every packet as it would go: its letter exactly as written, and what holds its chargeback back. Nothing is queued.', z.strictObject({ plan: batchPlanSchema }), z.array(packetReviewSchema)),
  queueBatch: channel('One packet per chargeback into the outbox; returns the report.', z.strictObject({ plan: batchPlanSchema }), batchReportSchema),
} as const;
