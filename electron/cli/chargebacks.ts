// `dispute-desk chargebacks`: the inbox from the local store, in the window's order (the one
// worklist query, store/portfolio/worklist.ts: answer now, awaiting the issuer, decided, past the
// deadline; each by deadline, no section folded). Each row says what the window's row says
// (shared/domain/deadline-words.ts): the outcome once decided, where an answer waiting in the
// outbox stands, else the deadline counted to the send-by date.
import { numberOption, stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { formatYmd } from '../../shared/domain/dates.ts';
import { rowStateWords } from '../../shared/domain/deadline-words.ts';
import { utcMoment } from '../../shared/domain/answer-lifecycle.ts';
import { sendByBusinessDaysOf } from '../../shared/domain/send-by.ts';
import { withAnswers, worklistQueryOf } from '../views/worklist-query.ts';
import { networkName } from '../../shared/domain/card-networks.ts';

/** What the list's dates are: the service's days, as the window writes them (merchant-format.ts
 * formatReplyDay), and what "send by" means for this profile. */
function datesMeaning(businessDays: number): string {
  const days = businessDays === 1 ? '1 business day' : `${businessDays} business days`;
  const sendBy =
    businessDays > 0 ? `; send by: ${days} before it, as the processor's guidance asks` : '; send by: the reply date';
  return `Dates are the service's days (US Eastern): reply by = end of that day, US Eastern${sendBy}.`;
}

export const chargebacksCommand: CliCommand = {
  name: 'chargebacks',
  summary: 'List chargebacks from the local store in the window’s order, those to answer now first.',
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
      const listed = h.store.portfolio.listWorklist(
        worklistQueryOf(h, {
          profileId: profile.id,
          status: stringOption(ctx, 'status'),
          dueWithinDays: numberOption(ctx, 'due-within'),
          search: stringOption(ctx, 'search'),
          limit: numberOption(ctx, 'limit') ?? 10_000,
        }),
      );
      const rows = withAnswers(h, profile.id, listed.rows).map((row) => ({
        ...row,
        state: rowStateWords(row, utcMoment).full,
        networkName: networkName(row.network),
      }));
      const fresh = h.sync.freshness(profile.id);
      // How old the list is, and, as the window's status bar says it, that the last sync failed.
      const age =
        (fresh.lastSuccessAt
          ? `data from ${utcMoment(fresh.lastSuccessAt)}`
          : 'never synced: run `dispute-desk sync`') +
        (fresh.lastError ? `; the last sync failed: ${fresh.lastError.replace(/\.$/, '')}` : '');
      const date = (v: number | null): string => (v ? formatYmd(v) : '-');
      const text = [
        ...rows.map(
          (r) =>
            `${r.id}  ${r.status.padEnd(6)} ${r.actionable ? ' ' : '!'} ` +
            `send by ${date(r.sendBy).padEnd(10)}  ` +
            `reply by ${(r.reply ? formatYmd(r.reply) : r.replyInvalid ? `"${r.replyInvalid}"` : '-').padEnd(10)}  ` +
            `${r.state.padEnd(18)} ` +
            `${formatAmount(r.total, r.currency).padStart(14)}  ${r.networkName.padEnd(16)} ` +
            `${r.reasonCode.padEnd(5)} ${r.reason}`,
        ),
        `${rows.length} of ${listed.total} chargebacks (${age}).`,
        datesMeaning(sendByBusinessDaysOf(profile)),
      ].join('\n');
      return {
        data: { rows, total: listed.total, lastSyncAt: fresh.lastSuccessAt, lastSyncError: fresh.lastError },
        text,
      };
    });
  },
};
