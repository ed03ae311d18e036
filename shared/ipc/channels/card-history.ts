// The card's and the customer's earlier purchases for one chargeback: the Compelling Evidence 3.0
// verdict (Visa 10.4) and the customer's earlier orders, read from the service when asked.
import { z } from 'zod';
import { mutation, query } from '../define.ts';
import { cardHistoryViewSchema } from '../../views/card-history-view.ts';

export const cardHistoryChannels = {
  getCardHistory: query(
    'Whether a Visa 10.4 chargeback qualifies for Compelling Evidence 3.0 (the earlier purchases and what ' +
      'matches, or why not), and the customer’s earlier undisputed orders where they support the answer.',
    z.strictObject({ profileId: z.string().min(1).max(200), chargebackId: z.string().min(1).max(200) }),
    cardHistoryViewSchema,
    { tags: ['chargebacks', 'drafts'] },
  ),
  setCustomerHistoryExhibit: mutation(
    'Adds the customer’s earlier undisputed orders to the chargeback’s packet as an exhibit, or takes them out.',
    z.strictObject({
      profileId: z.string().min(1).max(200),
      chargebackId: z.string().min(1).max(200),
      include: z.boolean(),
    }),
    z.object({ ok: z.literal(true) }),
    { invalidates: ['drafts'] },
  ),
} as const;
