// `dispute-desk chargebacks`: the inbox from the local store, open and actionable first.
import { numberOption, stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { describeDeadline, formatYmd } from '../../shared/domain/dates.ts';

export const chargebacksCommand: CliCommand = {
  name: 'chargebacks',
  summary: 'List chargebacks from the local store, open ones first by reply deadline.',
  usage:
    'dispute-desk chargebacks [--profile NAME] [--status open|closed|won|lost] ' +
    '[--due-within DAYS] [--search TEXT] [--limit N] [--json]',
  options: {
    profile: { type: 'string' },
    status: { type: 'string' },
    'due-within': { type: 'string' },
    search: { type: 'string' },
    limit: { type: 'string' },
  },
  async run(ctx) {
    return withHeadless(ctx, async (h) => {
      const profile = h.resolveProfile(stringOption(ctx, 'profile'));
      const { rows, total } = h.store.portfolio.listInbox({
        profileId: profile.id,
        status: stringOption(ctx, 'status'),
        dueWithinDays: numberOption(ctx, 'due-within'),
        search: stringOption(ctx, 'search'),
        limit: numberOption(ctx, 'limit') ?? 10_000,
      });
      const fresh = h.sync.freshness(profile.id);
      // How old the list is, and, as the window's status bar says it, that the last sync failed.
      const age =
        (fresh.lastSuccessAt
          ? `data from ${new Date(fresh.lastSuccessAt).toLocaleString()}`
          : 'never synced: run `dispute-desk sync`') +
        (fresh.lastError ? `; the last sync failed: ${fresh.lastError.replace(/\.$/, '')}` : '');
      const text = [
        ...rows.map(
          (r) =>
            `${r.id}  ${r.status.padEnd(6)} ${r.actionable ? ' ' : '!'} ` +
            `${(r.reply ? formatYmd(r.reply) : r.replyInvalid ? `"${r.replyInvalid}"` : '-').padEnd(10)}  ` +
            `${describeDeadline(r.daysLeft ?? undefined, r.replyInvalid).padEnd(16)} ` +
            `${formatAmount(r.total, r.currency).padStart(14)}  ${r.reasonCode.padEnd(5)} ${r.reason}`,
        ),
        `${rows.length} of ${total} chargebacks (${age}).`,
      ].join('\n');
      return { data: { rows, total, lastSyncAt: fresh.lastSuccessAt, lastSyncError: fresh.lastError }, text };
    });
  },
};
