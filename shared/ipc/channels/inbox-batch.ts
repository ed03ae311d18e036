// The inbox's selection and what it does to many chargebacks at once: the keys of every row in the
// view (to select a section or the whole view, and to drop from the selection what left the view),
// and accepting liability for the selection (reviewed first, then queued as confirmed).
import { z } from 'zod';
import { query, mutation } from '../define.ts';
import { inboxView } from './portfolio.ts';
import { inboxSectionSchema } from '../../views/inbox-row.ts';
import { liabilityItemSchema, liabilityResultSchema, liabilityReviewSchema } from '../../liability-batch.ts';

const profileId = z.string().min(1).max(200);
const chargebackIds = z.array(z.string().min(1).max(200)).min(1).max(10_000);

export const inboxBatchChannels = {
  listInboxKeys: query(
    'Every chargeback the inbox lists for this view (folded sections left out): its ID, section and amount.',
    z.strictObject(inboxView),
    z.array(
      z.object({
        id: z.string(),
        section: inboxSectionSchema,
        total: z.number().int(),
        currency: z.string(),
        /** Open, answerable and inside its reply date, with no answer out: what a packet can go to. */
        answerable: z.boolean(),
      }),
    ),
    { tags: ['chargebacks', 'outbox'] },
  ),
  reviewLiability: query(
    'Which selected chargebacks can take "Accept liability" and what each concedes (the full disputed ' +
      'amount), and which are skipped and why. Nothing is queued.',
    z.strictObject({ profileId, chargebackIds }),
    liabilityReviewSchema,
    { tags: ['chargebacks', 'outbox'] },
  ),
  acceptLiability: mutation(
    'Queues "Accept liability" for each chargeback as the merchant confirmed it (amount and currency), ' +
      'through the same guards as a single answer; says for each whether it was queued or why not.',
    z.strictObject({ profileId, confirmed: z.array(liabilityItemSchema).min(1).max(10_000) }),
    z.array(liabilityResultSchema),
    { invalidates: ['outbox', 'chargebacks', 'sync'] },
  ),
} as const;
