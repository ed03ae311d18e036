// `dispute-desk show`: one dispute from the local store, as the dispute screen explains it (the
// same view, shared/views/dispute-view.ts): the reason in plain words, the evidence that wins it,
// the deadline, and its status history with what was sent.
import { CliError, stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { readDisputeView } from '../views/read-dispute.ts';
import { cardHistoryLines, checklistFromCardHistory } from '../../shared/views/card-history-view.ts';
import { cycleLabel } from '../../shared/domain/cycles.ts';
import { checklistFromRecord } from '../../shared/domain/payment-facts.ts';
import {
  chargebackStatusText,
  describeReplyBy,
  documentStatusText,
  formatMoment,
  messageText,
  statusStepText,
} from '../../shared/domain/merchant-format.ts';

export const showCommand: CliCommand = {
  name: 'show',
  summary: 'Explain one chargeback from the local store: reason, winning evidence, status history.',
  usage: 'dispute-desk show <chargebackId> [--profile NAME] [--json]',
  positionals: true,
  options: { profile: { type: 'string' } },
  async run(ctx) {
    const id = ctx.positionals[0];
    if (!id) throw new CliError(`Name the chargeback. Usage: ${this.usage}`);
    return withHeadless(ctx, async (h) => {
      const profile = h.resolveProfile(stringOption(ctx, 'profile'));
      const view = readDisputeView(h, profile.id, id);
      if (!view) {
        const hint = 'run `dispute-desk sync` first, or check the ID.';
        throw new CliError(`Chargeback ${id} is not in the local store: ${hint}`);
      }
      const { chargeback: cb, deadline, explanation, guidance } = view;
      // The card's earlier purchases are read from the service now (kept an hour); offline, the
      // lines say they could not be checked and nothing is claimed.
      const cardHistory = await h.cardHistory.view(profile, id, { signal: ctx.signal });
      // The checklist items the record itself supports, in its words (payment-facts.ts).
      const fromRecord = new Map([...checklistFromRecord(view.paymentFacts), ...checklistFromCardHistory(cardHistory)]);
      // In the same words as the dispute page, times in this computer's locale and zone (named).
      const replyBy = describeReplyBy(deadline.reply, new Date());
      const step = (s: (typeof view.history)[number]): string =>
        `  ${formatMoment(s.at) || 'time unknown'}  ${statusStepText(s.status, s.messageType)}`;
      const text = [
        `${cb.id}  ${formatAmount(cb.total, cb.currency)}  ${chargebackStatusText(cb.status)}, ${cycleLabel(cb.cycle)}`,
        replyBy
          ? `${replyBy.text}${replyBy.yourClock ? `, ${replyBy.yourClock} here` : ''} (${deadline.text})`
          : `No reply date (${deadline.text})`,
        `Reason ${explanation.title} (${cb.networkName})`,
        explanation.plainWords,
        `What wins it: ${guidance.summary}`,
        ...guidance.checklist.map(
          (i) => `  - ${i.label}${fromRecord.has(i.id) ? ` (the transaction record: ${fromRecord.get(i.id)})` : ''}`,
        ),
        ...(view.paymentFacts.length
          ? [
              'The payment as the transaction record states it:',
              ...view.paymentFacts.map((f) => `  ${f.label}: ${f.record}`),
            ]
          : []),
        ...(cardHistory ? cardHistoryLines(cardHistory) : []),
        'Status history:',
        ...(view.history.length ? view.history.map(step) : ['  none received yet']),
        `Messages: ${view.messages.map((m) => messageText(m.type, m.status)).join('; ') || 'none'}`,
        `Documents: ${
          view.documents.map((x) => [x.name, documentStatusText(x.status)].filter(Boolean).join(', ')).join('; ') ||
          'none'
        }`,
      ].join('\n');
      return { data: { ...view, cardHistory: cardHistory ?? null }, text };
    });
  },
};
