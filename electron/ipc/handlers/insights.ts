import type { Handlers } from '../../../shared/ipc/define.ts';
import type { insightsChannels } from '../../../shared/ipc/channels/insights.ts';
import type { AppServices } from '../../app-services.ts';
import { readInsights } from '../../views/read-insights.ts';

export function insightsHandlers(s: Pick<AppServices, 'store'>): Handlers<typeof insightsChannels> {
  return { getInsights: async ({ profileId, period }) => readInsights(s.store, profileId, period) };
}
