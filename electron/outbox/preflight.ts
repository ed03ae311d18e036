// Before anything is sent in a round: the chargeback is still open, still actionable, and its
// deadline has not passed. Once the message is in, a passed deadline no longer stops the rest of
// the answer (a half answer helps no one): it is said as a warning on the job. An answer the
// merchant queued after the reply date, saying yes to sending it late, is tried once all the same.
import type { ApiClient } from '../api/index.ts';
import { AppError } from '../../shared/errors.ts';
import { daysLeft } from '../../shared/domain/dates.ts';
import type { OutboxRepo, StoredJob } from './outbox-repo.ts';

export async function preflight(
  deps: { repo: OutboxRepo; now: () => number },
  job: StoredJob,
  client: ApiClient,
  signal: AbortSignal,
): Promise<void> {
  const cb = await client.getChargeback(job.chargebackId, signal);
  if (cb.status !== 'open')
    throw new AppError('not-open', `Chargeback ${cb.id} is ${cb.status} now and no longer accepts responses.`);
  if (cb.actionable !== 1)
    throw new AppError(
      'not-actionable',
      `Chargeback ${cb.id} cannot be answered through the API any more; contact your processor.`,
    );
  const days = daysLeft(cb.reply, new Date(deps.now()));
  let warning: string | undefined;
  if (days !== undefined && days < 0) {
    const begun = job.steps.some((s) => s.state === 'done' || s.remoteId !== undefined);
    if (!begun && job.sendLate !== true)
      throw new AppError(
        'deadline-passed',
        `The reply date of chargeback ${cb.id} has passed; the processor will not accept the response. ` +
          'Contact your processor if you have an extension.',
      );
    warning = begun
      ? 'Deadline passed while this answer was being sent: the rest of it was sent anyway; check with your processor.'
      : 'Sent after the reply date, as you asked: the processor will likely refuse it.';
  } else if (days !== undefined && days <= 1)
    warning = `Deadline ${days === 0 ? 'is today' : 'is tomorrow'}: sent as soon as possible.`;
  if (warning) {
    const current = deps.repo.get(job.id)!.warnings;
    deps.repo.setJob(job.id, { warnings: [...current.filter((w) => !w.startsWith('Deadline')), warning] }, deps.now());
  }
}
