// `dispute-desk entries`: ledger entries in a date window, with totals per currency.
import { CliError, stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { readLedgerLines } from '../views/read-ledger.ts';
import { ledgerCurrencyOrder } from '../../shared/views/ledger-view.ts';
import { ledgerWindow } from '../app/ledger-window.ts';
import { summariseEntries } from '../../shared/domain/entry-kinds.ts';
import { inCurrencyOrder } from '../../shared/domain/currency-order.ts';

/** The window's refusals in this command's flags. */
const flagWords: Record<string, string> = {
  'not a date from': '--from must be a date like 2026-01-31.',
  'not a date to': '--to must be a date like 2026-03-31.',
  'before the start to': '--to must be on or after --from.',
};

export const entriesCommand: CliCommand = {
  name: 'entries',
  summary: 'Ledger entries of chargebacks in a date window, with totals.',
  usage: 'dispute-desk entries --from YYYY-MM-DD --to YYYY-MM-DD [--profile NAME] [--json]',
  options: { from: { type: 'string' }, to: { type: 'string' }, profile: { type: 'string' } },
  async run(ctx) {
    // The window includes the whole --to day.
    const window = ledgerWindow(stringOption(ctx, 'from') ?? '', stringOption(ctx, 'to') ?? '');
    if (!window.ok) {
      const f = window.error.fields?.[0];
      throw new CliError(flagWords[`${f?.message} ${f?.field}`] ?? window.error.message);
    }
    const { from, to } = window.value;
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
