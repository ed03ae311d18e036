// Insights read from the store and projected by the one rule in shared/views/insights-view.ts; the
// window's getInsights and `dispute-desk insights` both read them here. Periods end with the
// current month in the service's time zone, the zone its dates are written in.
import type { Store } from '../store/index.ts';
import { easternToday } from '../../shared/domain/dates.ts';
import { insightsView, type InsightsPeriod, type InsightsView } from '../../shared/views/insights-view.ts';

export function readInsights(store: Store, profileId: string, period: InsightsPeriod, now = new Date()): InsightsView {
  return insightsView(store.insights.history(profileId), { period, today: easternToday(now) });
}
