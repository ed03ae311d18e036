// `dispute-desk sync`: brings the local store up to date, with a progress line.
import { stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import { sendByBusinessDaysOf } from '../../shared/domain/send-by.ts';

export const syncCommand: CliCommand = {
  name: 'sync',
  summary: 'Sync chargebacks, statuses, answers (messages) and ledger entries into the local store.',
  usage: 'dispute-desk sync [--profile NAME] [--full] [--json]',
  options: { profile: { type: 'string' }, full: { type: 'boolean', default: false } },
  async run(ctx) {
    return withHeadless(ctx, async (h) => {
      const profile = h.resolveProfile(stringOption(ctx, 'profile'));
      let last = '';
      const report = await h.sync.syncProfile(profile.id, {
        signal: ctx.signal,
        forceFull: ctx.values.full === true,
        onProgress: (p) => {
          const line = `${p.mode} sync: ${p.phase} ${p.done}/${p.expected}`;
          if (line !== last) ctx.progress(line);
          last = line;
        },
      });
      const counts = h.store.portfolio.inboxCounts(profile.id, { sendByBusinessDays: sendByBusinessDaysOf(profile) });
      return {
        data: { ...report, inbox: counts },
        text:
          `${report.mode === 'full' ? 'Full' : 'Incremental'} sync of "${profile.name}" done in ` +
          `${(report.durationMs / 1000).toFixed(1)} s: ${report.chargebacks} chargebacks, ${report.statuses} ` +
          `status records, ${report.messages} messages, ${report.entries} entries read; ${report.events} new events.` +
          (report.invalidRecords ? ` ${report.invalidRecords} records could not be read and were skipped.` : '') +
          `\nOpen: ${counts.open}, to send in 3 days: ${counts.dueSoon}, overdue: ${counts.overdue}.`,
      };
    });
  },
};
