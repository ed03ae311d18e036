// `dispute-desk respond`: queues an answer (its message and the evidence built with the
// profile's preset, in the order the profile's dialect sends them) in the outbox, through the
// one answering use case (app/answer/answer.ts). Sending is `dispute-desk outbox run`.
import { resolve } from 'node:path';
import { CliError, stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import { messageTypeSchema } from '../../shared/domain/enums.ts';
import { messageTypeRules } from '../../shared/domain/message-type-rules.ts';
import { dialectOf, sendsDocumentsFirst } from '../../shared/domain/dialects.ts';
import type { Wording } from '../app/answer/answer.ts';

/** The answer's refusals, said in this command's flags. */
const flags: Wording = {
  notInStore: 'run `dispute-desk sync` first, or check the ID',
  confirm: 'add --yes to confirm',
  amount: '--amount',
  anotherAnswer: 'To send it anyway, add --another-answer.',
  unusual: 'To send it anyway, add --unusual.',
  sendLate: 'To send it anyway, add --send-late.',
};

export const respondCommand: CliCommand = {
  name: 'respond',
  summary: 'Queue a response to a chargeback (message and evidence) in the outbox.',
  usage:
    'dispute-desk respond <chargebackId> --type <messageType> [--note TEXT] [--amount ' +
    'N] [--evidence FILES...] [--customer-history] [--yes] [--another-answer] [--unusual] [--send-late] ' +
    '[--profile NAME] [--json]',
  positionals: true,
  options: {
    type: { type: 'string' },
    note: { type: 'string' },
    amount: { type: 'string' },
    evidence: { type: 'string', multiple: true },
    /** Add the customer's earlier undisputed orders to the packet as an exhibit. */
    'customer-history': { type: 'boolean', default: false },
    yes: { type: 'boolean', default: false },
    'another-answer': { type: 'boolean', default: false },
    /** Yes to a message the chargeback's stage does not usually take. */
    unusual: { type: 'boolean', default: false },
    /** Yes to sending after the reply date, when the processor will likely refuse it. */
    'send-late': { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
  async run(ctx) {
    const chargebackId = ctx.positionals[0];
    if (!chargebackId) throw new CliError(`Name the chargeback. Usage: ${this.usage}`);
    const type = messageTypeSchema.safeParse(stringOption(ctx, 'type'));
    if (!type.success) throw new CliError(`--type must be one of: ${messageTypeSchema.options.join(', ')}.`);
    const evidencePaths = [...((ctx.values.evidence as string[] | undefined) ?? []), ...ctx.positionals.slice(1)];
    const note = stringOption(ctx, 'note');
    return withHeadless(ctx, async (h) => {
      const profile = h.resolveProfile(stringOption(ctx, 'profile'));
      // The note is the cover letter's text too.
      const answered = await h.respond.answer(
        {
          profileId: profile.id,
          chargebackId,
          messageType: type.data,
          note,
          amount: stringOption(ctx, 'amount'),
          confirmed: ctx.values.yes === true,
          anotherAnswer: ctx.values['another-answer'] === true,
          unusual: ctx.values.unusual === true,
          sendLate: ctx.values['send-late'] === true,
          ...(evidencePaths.length > 0
            ? {
                evidence: {
                  paths: evidencePaths.map((p) => resolve(p)),
                  ...(note ? { rebuttal: note } : {}),
                  ...(ctx.values['customer-history'] === true ? { customerHistory: true } : {}),
                },
              }
            : {}),
        },
        flags,
        { signal: ctx.signal },
      );
      if (!answered.ok) throw new CliError(answered.error.message);
      const { job, warnings, meaning } = answered.value;
      const documents = job.steps.filter((s) => s.kind === 'document').length;
      const parts = documents ? `${documents} document${documents > 1 ? 's' : ''}` : '';
      const order = !parts
        ? '1 message'
        : sendsDocumentsFirst(dialectOf(profile.deployment))
          ? `${parts}, then 1 message`
          : `1 message and ${parts}`;
      const label = messageTypeRules[type.data].label.toLowerCase();
      const queued =
        `Queued ${label} for ${job.chargebackId}: ${order} (job ${job.id}). ` +
        'Send it with `dispute-desk outbox run`.';
      return {
        data: { job, warnings },
        text: [queued, ...(meaning ? [meaning] : []), ...warnings.map((w) => `! ${w}`)].join('\n'),
      };
    });
  },
};
