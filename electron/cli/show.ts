// `dispute-desk show`: one dispute from the local store, as the dispute screen explains it: the
// reason in plain words, the evidence that wins it, and its status history with what was sent.
import { CliError, stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import { explainReasonCode } from '../../shared/domain/reason-codes.ts';
import { evidenceGuidance } from '../../shared/domain/evidence-guidance.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { describeDeadline, daysLeft, formatYmd } from '../../shared/domain/dates.ts';

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
      const d = h.store.portfolio.detail(profile.id, id);
      if (!d) throw new CliError(`Chargeback ${id} is not in the local store: run \`dispute-desk sync\` first, or check the ID.`);
      const cb = d.chargeback;
      const explanation = explainReasonCode(cb.reasonCode);
      const guidance = evidenceGuidance(explanation.category);
      const sent = new Map(d.messages.map((m) => [m.id, m.type]));
      const history = d.statuses.map((s) => ({ status: s.status, at: s.created ?? null, message: s.message, messageType: s.message ? (sent.get(s.message) ?? null) : null }));
      const text = [
        `${cb.id}  ${formatAmount(cb.total, cb.currency)}  ${cb.status}, ${cb.cycle}  reply by ${cb.reply ? formatYmd(cb.reply) : '-'} (${describeDeadline(daysLeft(cb.reply, new Date()))})`,
        `Reason ${explanation.title}`,
        explanation.plainWords,
        `What wins it: ${guidance.summary}`,
        ...guidance.checklist.map((i) => `  - ${i.label}`),
        'Status history:',
        ...(history.length ? history.map((s) => `  ${s.at ?? '?'}  ${s.status}${s.messageType ? ` (after ${s.messageType})` : ''}`) : ['  none received yet']),
        `Messages: ${d.messages.map((m) => `${m.type} ${m.status}`).join(', ') || 'none'}`,
        `Documents: ${d.documents.map((x) => `${x.name ?? x.id} ${x.status ?? ''}`.trim()).join(', ') || 'none'}`,
      ].join('\n');
      return { data: { chargeback: cb, explanation, guidance, history, messages: d.messages, documents: d.documents }, text };
    });
  },
};
