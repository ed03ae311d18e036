// Insights: win rate and money recovered by reason, network and month, from the stored history.
import { z } from 'zod';
import { query } from '../define.ts';
import { insightsPeriodSchema, insightsViewSchema } from '../../views/insights-view.ts';

export const insightsChannels = {
  getInsights: query(
    'How disputes went over a period: won, lost, win rate, disputed, recovered and fees per currency, by reason, network and month.',
    z.strictObject({ profileId: z.string().min(1).max(200), period: insightsPeriodSchema }),
    insightsViewSchema,
    { tags: ['chargebacks', 'ledger'] },
  ),
} as const;
