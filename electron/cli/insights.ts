// `dispute-desk insights`: how the disputes went, the same view as the Insights screen
// (shared/views/insights-view.ts): win rate and money per currency, by reason, network and month.
import { CliError, stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { readInsights } from '../views/read-insights.ts';
import {
  describeWinRate,
  insightsPeriodLabel,
  insightsPeriods,
  insightsPeriodSchema,
  type InsightRow,
} from '../../shared/views/insights-view.ts';

/** One row: its name, its win rate in words, and per currency what was disputed, recovered and paid. */
function line(r: InsightRow): string {
  const money = r.money
    .map((m) => {
      const amount = (n: number) => formatAmount(n, m.currency);
      return `${amount(m.disputed)} disputed, ${amount(m.recovered)} recovered, fees ${amount(m.fees)}`;
    })
    .join('; ');
  return `  ${r.label.padEnd(34)} ${String(r.disputes).padStart(5)}  ${describeWinRate(r).padEnd(28)} ${money}`;
}

export const insightsCommand: CliCommand = {
  name: 'insights',
  summary: 'How the disputes went: win rate and money recovered by reason, network and month.',
  usage: `dispute-desk insights [--period ${insightsPeriods.join('|')}] [--profile NAME] [--json]`,
  options: { period: { type: 'string' }, profile: { type: 'string' } },
  async run(ctx) {
    const asked = stringOption(ctx, 'period') ?? 'all';
    const period = insightsPeriodSchema.safeParse(asked);
    if (!period.success) throw new CliError(`--period must be one of ${insightsPeriods.join(', ')} (got "${asked}").`);
    return withHeadless(ctx, async (h) => {
      const profile = h.resolveProfile(stringOption(ctx, 'profile'));
      const view = readInsights(h.store, profile.id, period.data);
      const section = (title: string, rows: readonly InsightRow[]) =>
        rows.length ? [title, ...rows.map(line), ''] : [];
      const notes = [
        view.undated ? `${view.undated} chargebacks without an issue date count only in all history.` : '',
        view.unattributedEntries
          ? `${view.unattributedEntries} ledger entries of no stored chargeback are left out.`
          : '',
      ].filter(Boolean);
      const text = [
        `${insightsPeriodLabel[view.period]}${view.since ? ` (since ${view.since})` : ''}`,
        line({ ...view.overall, label: 'All disputes' }),
        '',
        ...section('By reason', view.byReason),
        ...section('By network', view.byNetwork),
        ...section('By month', view.byMonth),
        ...notes,
      ].join('\n');
      return { data: view, text: text.trimEnd() };
    });
  },
};
