// Before anything is sent in a round: the chargeback is still open, still actionable, and its
// deadline has not passed. Once the message is in, a passed deadline no longer stops the rest of
// the answer (a half answer helps no one): it is said as a warning on the job. The deadline is
// judged on the service's clock (its answers' `Date`): this computer's clock may be days or a
// year out, and a job failed for good on it would never be sent. When the service has not said
// its time, a deadline that looks passed only by this computer's clock holds the job back and is
// checked again later; it never fails it for good. An answer the merchant queued after the reply
// date, saying yes to sending it late, is tried once all the same.
import type { ApiClient } from '../api/index.ts';
import { AppError } from '../../shared/errors.ts';
import { daysLeft } from '../../shared/domain/dates.ts';
import type { OutboxRepo, StoredJob } from '../store/outbox-repo.ts';

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
  const serviceNow = client.serviceNow();
  const days = daysLeft(cb.reply, new Date(serviceNow ?? deps.now()));
  let warning: string | undefined;
  if (days !== undefined && days < 0) {
    const nothingSent = !job.steps.some((s) => s.state === 'done' || s.remoteId !== undefined);
    const late = job.sendLate === true;
    if (nothingSent && !late && serviceNow === undefined)
      throw new AppError(
        'conflict',
        `By this computer's clock the reply date of chargeback ${cb.id} has passed, but the service ` +
          "did not say its own date to check it against; Dispute Desk checks again later. If this computer's " +
          'date is wrong, correct it.',
      );
    if (nothingSent && !late)
      throw new AppError(
        'deadline-passed',
        `The reply date of chargeback ${cb.id} has passed; the processor will not accept the response. ` +
          'Contact your processor if you have an extension.',
      );
    warning = !nothingSent
      ? 'Deadline passed while this answer was being sent: the rest of it was sent anyway; check with your processor.'
      : 'Sent after the reply date, as you asked: the processor will likely refuse it.';
  } else if (days !== undefined && days <= 1)
    warning = `Deadline ${days === 0 ? 'is today' : 'is tomorrow'}: sent as soon as possible.`;
  if (warning) {
    const current = deps.repo.get(job.id)!.warnings;
    deps.repo.setJob(job.id, { warnings: [...current.filter((w) => !w.startsWith('Deadline')), warning] }, deps.now());
  }
}
