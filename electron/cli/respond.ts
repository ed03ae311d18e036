// `dispute-desk respond`: queues an answer (its message and the evidence built with the
// profile's preset, in the order the profile's dialect sends them) in the outbox. Sending is `dispute-desk outbox run`.
import { resolve, join } from 'node:path';
import { withTempFolder } from '../fs/temp-folder.ts';
import { CliError, stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import { isAppError } from '../../shared/errors.ts';
import { refreshForAnswer } from '../outbox/answers.ts';
import { messageTypeSchema } from '../../shared/domain/enums.ts';
import { evidenceRefusal, messageTypeRules, messageTypesForCycle } from '../../shared/domain/message-type-rules.ts';
import { dialectOf, sendsDocumentsFirst } from '../../shared/domain/dialects.ts';
import { answerAmountProblem, concessionMeaning, parseConcession, typedAmount } from '../../shared/domain/concession.ts';

export const respondCommand: CliCommand = {
  name: 'respond',
  summary: 'Queue a response to a chargeback (message and evidence) in the outbox.',
  usage: 'dispute-desk respond <chargebackId> --type <messageType> [--note TEXT] [--amount N] [--evidence FILES...] [--yes] [--another-answer] [--profile NAME] [--json]',
  positionals: true,
  options: { type: { type: 'string' }, note: { type: 'string' }, amount: { type: 'string' }, evidence: { type: 'string', multiple: true }, yes: { type: 'boolean', default: false }, 'another-answer': { type: 'boolean', default: false }, profile: { type: 'string' } },
  async run(ctx) {
    const chargebackId = ctx.positionals[0];
    if (!chargebackId) throw new CliError(`Name the chargeback. Usage: ${this.usage}`);
    const type = messageTypeSchema.safeParse(stringOption(ctx, 'type'));
    if (!type.success) throw new CliError(`--type must be one of: ${messageTypeSchema.options.join(', ')}.`);
    const evidencePaths = [...((ctx.values.evidence as string[] | undefined) ?? []), ...ctx.positionals.slice(1)];
    return withHeadless(ctx, async (h) => {
      const profile = h.resolveProfile(stringOption(ctx, 'profile'));
      const cb = h.store.portfolio.getChargeback(profile.id, chargebackId);
      if (!cb) throw new CliError(`Chargeback ${chargebackId} is not in the local store: run \`dispute-desk sync\` first, or check the ID.`);
      const rule = messageTypeRules[type.data];
      let amount: number | undefined;
      const amountText = stringOption(ctx, 'amount');
      if (rule.needsAmount && amountText === undefined) throw new CliError(`${rule.label} needs --amount (the amount conceded, in ${cb.currency}; at most ${typedAmount(cb.total, cb.currency)}).`);
      if (amountText !== undefined) {
        const parsed = parseConcession(amountText, cb);
        if ('error' in parsed) throw new CliError(`--amount: ${parsed.error.message}`);
        amount = parsed.amount;
        const problem = answerAmountProblem({ messageType: type.data, amount, currency: cb.currency }, cb);
        if (problem) throw new CliError(`--amount: ${problem.message}`);
      }
      // Before any evidence is built: whether this answer can carry documents on this service.
      const refusal = evidencePaths.length > 0 ? evidenceRefusal(type.data, dialectOf(profile.deployment)) : undefined;
      if (refusal) throw new CliError(refusal);
      const meaning = amount !== undefined ? concessionMeaning(amount, cb) : undefined;
      if (rule.needsConfirmation && ctx.values.yes !== true) throw new CliError(`${rule.label} cannot be undone: add --yes to confirm.${meaning ? ` ${meaning}` : ''}`);
      // --yes confirms an irreversible type; a second answer to the same stage needs its own word.
      // What the service holds now (answers sent from elsewhere) is brought into the store first.
      const anotherAnswer = ctx.values['another-answer'] === true;
      const refreshWarning = await refreshForAnswer(h.sync, profile.id, cb.id);
      try {
        h.guards.check({ profileId: profile.id, chargebackId: cb.id, messageType: type.data, ...(amount !== undefined ? { amount, currency: cb.currency } : {}), withDocuments: false, anotherAnswer });
      } catch (e) {
        if (!isAppError(e, 'conflict')) throw e;
        throw new CliError(`${e.message} To send it anyway, add --another-answer.`);
      }
      const warnings: string[] = refreshWarning ? [refreshWarning] : [];
      if (!messageTypesForCycle(cb.cycle).includes(type.data)) warnings.push(`"${type.data}" is unusual in the ${cb.cycle} cycle; it is sent as asked.`);
      // The packet is built in a work folder removed on every way out (done, refused, a signal).
      return withTempFolder('dd-respond-', async (work) => {
        let documents: Array<{ path: string; name: string; documentType: 'pdf' | 'jpg' | 'png' }> = [];
        if (evidencePaths.length > 0) {
          const { buildPacket } = await import('../evidence/index.ts');
          const { withDrawingSignal } = await import('../evidence/pdf-raster.ts');
          const imported = await h.evidence.importPaths(evidencePaths.map((p) => resolve(p)), { signal: ctx.signal });
          for (const o of imported) if (!o.ok) warnings.push(o.reason);
          const items = imported.flatMap((o) => (o.ok ? [o.item] : []));
          const seen = new Set<string>();
          const pages = items.filter((i) => !seen.has(i.id) && seen.add(i.id)).flatMap((i) => Array.from({ length: i.pages }, (_, page) => ({ itemId: i.id, page, rotation: 0 as const })));
          if (pages.length === 0) throw new CliError('None of the evidence files could be used; nothing was queued.');
          const { coverLetterFor, exhibitNames, letterProblem } = await import('../evidence/cover-letter-facts.ts');
          const letter = coverLetterFor(cb, { merchantName: profile.merchant ?? profile.name, ...(stringOption(ctx, 'note') ? { rebuttal: stringOption(ctx, 'note')! } : {}), txn: h.store.portfolio.detail(profile.id, cb.id)?.txn, exhibits: await exhibitNames(h.evidence, { pages }) });
          const blanks = letterProblem(letter);
          if (blanks) throw new CliError(blanks.message);
          // SIGTERM or Ctrl-C stops the build between pages and a PDF page being drawn at once.
          const built = await withDrawingSignal(ctx.signal, () => buildPacket(h.evidence, { pages }, { preset: profile.preset, limits: profile.limits, pageSize: profile.pageSize, output: 'pdf', baseName: `evidence ${cb.id}` }, { outDir: work, coverLetter: letter, signal: ctx.signal }));
          if (!built.ok) throw new CliError(`The evidence does not fit ${profile.name}'s limits: ${built.problems.map((p) => p.message).join(' ')}`);
          warnings.push(...built.warnings);
          documents = built.files.map((f) => ({ path: join(work, f.name), name: f.name, documentType: f.documentType as 'pdf' }));
        }
        // A signal that came during the build means the merchant no longer wants this queued.
        ctx.signal.throwIfAborted();
        const job = await h.outbox.submit({ profileId: profile.id, chargebackId: cb.id, messageType: type.data, ...(stringOption(ctx, 'note') ? { note: stringOption(ctx, 'note')! } : {}), ...(amount !== undefined ? { amount, currency: cb.currency } : {}), documents, anotherAnswer });
        const parts = documents.length ? `${documents.length} document${documents.length > 1 ? 's' : ''}` : '';
        const order = !parts ? '1 message' : sendsDocumentsFirst(dialectOf(profile.deployment)) ? `${parts}, then 1 message` : `1 message and ${parts}`;
        const lines = [`Queued ${rule.label.toLowerCase()} for ${cb.id}: ${order} (job ${job.id}). Send it with \`dispute-desk outbox run\`.`, ...(meaning ? [meaning] : []), ...warnings.map((w) => `! ${w}`)];
        return { data: { job, warnings }, text: lines.join('\n') };
      });
    });
  },
};
