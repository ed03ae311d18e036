// `dispute-desk entries`: ledger entries in a date window, with totals per currency.
import { CliError, stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { readLedgerLines } from '../views/read-ledger.ts';
import { ledgerCurrencyOrder } from '../../shared/views/ledger-view.ts';
import { parseYmd, addDays, parseServiceTimestamp } from '../../shared/domain/dates.ts';
import { summariseEntries } from '../../shared/domain/entry-kinds.ts';
import { inCurrencyOrder } from '../../shared/domain/currency-order.ts';

function easternMidnight(text: string | undefined, flag: string): Date {
  const d = parseYmd(text ?? '');
  if (!d) throw new CliError(`--${flag} must be a date like 2026-01-31.`);
  return parseServiceTimestamp(`${d.y}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')} 00:00:00`)!;
}

export const entriesCommand: CliCommand = {
  name: 'entries',
  summary: 'Ledger entries of chargebacks in a date window, with totals.',
  usage: 'dispute-desk entries --from YYYY-MM-DD --to YYYY-MM-DD [--profile NAME] [--json]',
  options: { from: { type: 'string' }, to: { type: 'string' }, profile: { type: 'string' } },
  async run(ctx) {
    const from = easternMidnight(stringOption(ctx, 'from'), 'from');
    const toDay = parseYmd(stringOption(ctx, 'to') ?? '');
    if (!toDay) throw new CliError('--to must be a date like 2026-03-31.');
    // The window includes the whole --to day.
    const next = addDays(toDay, 1);
    const to = parseServiceTimestamp(
      `${next.y}-${String(next.m).padStart(2, '0')}-${String(next.d).padStart(2, '0')} 00:00:00`,
    )!;
    if (to <= from) throw new CliError('--to must be on or after --from.');
    return withHeadless(ctx, async (h) => {
      const profile = h.resolveProfile(stringOption(ctx, 'profile'));
      // Each entry as the service describes it (a fee says it is one), the same words as the ledger
      // screen, oldest first; `chargeback` keeps the name this command's JSON has always used. The
      // totals come in the one currency order (the currency of most chargebacks first).
      const lines = readLedgerLines(h.store, profile.id, from, to, 'by-time');
      const entries = lines.map(({ chargebackId, ...line }) => ({ ...line, chargeback: chargebackId }));
      const order = ledgerCurrencyOrder(lines);
      const summed = summariseEntries(lines);
      const totals = {
        byCurrency: inCurrencyOrder(summed.byCurrency, order, (t) => t.currency),
        // Month by month; within a month, currencies in the one order (the sort keeps it).
        byMonth: inCurrencyOrder(summed.byMonth, order, (t) => t.currency).sort((a, b) =>
          a.month < b.month ? -1 : a.month > b.month ? 1 : 0,
        ),
      };
      const row = (e: (typeof entries)[number]) =>
        `${(e.created ?? '').slice(0, 19)}  ${formatAmount(e.amount, e.currency).padStart(14)}  ` +
        `${e.label.padEnd(28)} ${e.chargeback ?? ''}`;
      const total = (t: (typeof totals.byCurrency)[number]) =>
        `${t.currency}: charged back ${formatAmount(t.chargedBack, t.currency)}, fees ${formatAmount(t.fees, t.currency)}, ` +
        `reversed ${formatAmount(t.reversed, t.currency)}, net ${formatAmount(t.net, t.currency)} (${t.count} entries)`;
      const text = [...entries.map(row), '', ...totals.byCurrency.map(total), `${entries.length} entries.`].join('\n');
      return { data: { entries, totals }, text };
    });
  },
};
