// `dispute-desk outbox run|list`: send what is queued; show every job and step.
import { CliError, numberOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import type { OutboxJob } from '../../shared/outbox.ts';
import { jobStatus, jobStatusWords, stepStateWords, stepTitle } from '../../shared/domain/outbox-job-state.ts';
import { isAnswer, labelOf, utcMoment } from '../../shared/domain/answer-lifecycle.ts';

/** A job in the same words as the window's Outbox (shared/domain/outbox-job-state.ts); times in UTC,
 * said so, since a terminal's reader may be anywhere. */
function describe(j: OutboxJob): string {
  const steps = j.steps.map(
    (s) =>
      `    ${s.kind === 'message' ? 'message ' : 'document'} ${stepTitle(s).padEnd(40)} ` +
      stepStateWords[s.state] +
      (s.attempts > 1 ? ` (${s.attempts} attempts)` : '') +
      (s.lastError && s.state !== 'done' ? ` – ${s.lastError}` : ''),
  );
  return [
    `${j.id}  ${j.chargebackId}  ${labelOf(j.messageType)}  ${jobStatusWords(jobStatus(j), utcMoment, false, isAnswer(j.messageType))}`,
    ...j.warnings.map((w) => `    ! ${w}`),
    ...steps,
  ].join('\n');
}

export const outboxRun: CliCommand = {
  name: 'outbox run',
  summary: 'Send what is queued; exit when nothing is left to try now.',
  usage: 'dispute-desk outbox run [--concurrency N] [--timeout SECONDS] [--json]',
  options: { concurrency: { type: 'string' }, timeout: { type: 'string' } },
  async run(ctx) {
    const concurrency = numberOption(ctx, 'concurrency') ?? 4;
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new CliError('--concurrency must be a whole number of at least 1.');
    const timeout = numberOption(ctx, 'timeout');
    if (timeout !== undefined && !(timeout > 0))
      throw new CliError('--timeout is the seconds to wait for an answer, more than 0.');
    return withHeadless(ctx, async (h) => {
      const result = await h.outbox.runOnce({
        signal: ctx.signal,
        concurrency,
        ...(timeout !== undefined ? { requestTimeoutMs: Math.round(timeout * 1000) } : {}),
      });
      const jobs = h.outbox.list();
      return {
        data: { ...result, jobs },
        text: `${result.done} done, ${result.failed} failed, ${result.waiting} waiting to be tried again.${
          result.failed
            ? `\n${jobs
                .filter((j) => j.state === 'failed')
                .map(describe)
                .join('\n')}`
            : ''
        }`,
        exitCode: result.failed > 0 ? 1 : 0,
      };
    });
  },
};

export const outboxList: CliCommand = {
  name: 'outbox list',
  summary: 'Show every outbox job and its steps.',
  usage: 'dispute-desk outbox list [--json]',
  async run(ctx) {
    return withHeadless(ctx, async (h) => {
      const jobs = h.outbox.list();
      return { data: jobs, text: jobs.length ? jobs.map(describe).join('\n') : 'The outbox is empty.' };
    });
  },
};
