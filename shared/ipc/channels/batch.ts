// Batch upload of scanned receipts: plan (folder picked in main), review and assign, queue.
import { z } from 'zod';
import { query, mutation, droppedFilesMutation } from '../define.ts';
import { itemIdSchema } from '../../evidence/items.ts';
import { droppedEntriesSchema } from '../dropped.ts';
import { batchPlanSchema, batchReportSchema, packetReviewSchema } from '../../batch.ts';
import { batchChargebackSchema } from '../../batch-find.ts';

/** The chargebacks chosen in the inbox: files are matched to these only. */
const only = z.array(z.string().min(1).max(200)).min(1).max(10_000).optional();

export const batchChannels = {
  planBatch: mutation(
    'Opens the folder picker in main, imports and matches every file. Nothing is sent.',
    z.strictObject({ profileId: z.string().min(1), only }),
    batchPlanSchema.nullable(),
    { invalidates: [] },
  ),
  planBatchDropped: droppedFilesMutation(
    'Imports files and folders dropped on the window (by the paths the preload resolved) and matches every file. Nothing is sent.',
    z.strictObject({ profileId: z.string().min(1), dropped: droppedEntriesSchema, only }),
    batchPlanSchema,
    { invalidates: [] },
  ),
  receiptBelongsElsewhere: query(
    "Reads a receipt added to a chargeback's evidence (its name, else its scan) and warns when it plainly belongs to another chargeback.",
    z.strictObject({ profileId: z.string().min(1), chargebackId: z.string().min(1), itemId: itemIdSchema }),
    z.object({ warning: z.string().nullable() }),
    { tags: ['chargebacks'] },
  ),
  stopBatchReading: mutation(
    'Stops reading scans for the plan being made: files not yet read wait for the merchant.',
    z.strictObject({}),
    z.boolean(),
    { invalidates: [] },
  ),
  listBatchChargebacks: query(
    "The profile's chargebacks as the batch review shows them beside a scan: customer, email, order, amount, date, reply date.",
    z.strictObject({ profileId: z.string().min(1), only }),
    z.array(batchChargebackSchema),
    { tags: ['chargebacks'] },
  ),
  assignBatchFile: mutation(
    'The merchant assigns a file to a chargeback (by its ID, order number, customer, email or amount), ' +
      'gives it back to the matcher, or leaves it out.',
    z.strictObject({
      plan: batchPlanSchema,
      fileName: z.string(),
      chargebackId: z.string().max(200).optional(),
      leaveOut: z.boolean().optional(),
    }),
    batchPlanSchema,
    { invalidates: [] },
  ),
  reviewBatch: query(
    'Every packet as it would go: its letter exactly as written, and what holds its chargeback back. Nothing is queued.',
    z.strictObject({ plan: batchPlanSchema }),
    z.array(packetReviewSchema),
    { tags: ['profiles', 'chargebacks', 'outbox'] },
  ),
  queueBatch: mutation(
    'One packet per chargeback into the outbox; returns the report.',
    z.strictObject({ plan: batchPlanSchema }),
    batchReportSchema,
    { invalidates: ['outbox', 'chargebacks', 'sync'] },
  ),
} as const;
