// Checks every answer must pass before it is written to the outbox, whoever queues it (the
// window, the CLI, batch): the outbox's submit applies them as it writes the job, so no path skips
// them, and the answering use case (electron/app/answer/) asks the same gate before it builds anything.
// Readiness (something to send, an open chargeback, the merchant's yes to an unusual or late
// answer) is the one rule of shared/domain/answer-readiness.ts, read against the store.
import type { Database } from '../store/database.ts';
import { createPortfolioRepo } from '../store/portfolio/index.ts';
import { AppError } from '../../shared/errors.ts';
import { answerAmountProblem } from '../../shared/domain/concession.ts';
import { evidenceRefusal, messageTypeRules } from '../../shared/domain/message-type-rules.ts';
import { dialectOf } from '../../shared/domain/dialects.ts';
import type { NewSubmission } from '../../shared/outbox.ts';
import type { Chargeback } from '../../shared/api/index.ts';
import type { Profile } from '../../shared/profiles.ts';
import { isAnswer, secondAnswerWarning } from '../../shared/domain/answer-lifecycle.ts';
import { createAnswerBook } from './answers.ts';
import { answerReadiness, contentRefusal, readinessError } from '../../shared/domain/answer-readiness.ts';

/** A submission as the guards read it: whether it carries documents, not which (the use case
 * asks before its packet is built, and counts typed evidence facts as documents: they are built
 * into the packet). */
export type GuardedSubmission = Omit<NewSubmission, 'documents'> & { withDocuments: boolean };

export function createSubmissionGuards(
  database: Database,
  profileOf: (profileId: string) => Profile | undefined,
  now: () => number = Date.now,
) {
  const portfolio = createPortfolioRepo(database);
  const answers = createAnswerBook(database);

  /** Money: an amount is checked against the chargeback as the store holds it; an answer that
   * concedes money to a chargeback the store does not hold is refused (nothing to check it by). */
  function money(s: GuardedSubmission, cb: Chargeback | undefined): AppError | undefined {
    if (s.amount === undefined && !messageTypeRules[s.messageType].needsAmount) return undefined;
    if (!cb)
      return new AppError(
        'not-found',
        `Chargeback ${s.chargebackId} is not in the local store, ` +
          'so the amount cannot be checked against it: sync first.',
      );
    return answerAmountProblem(s, { total: cb.total, currency: cb.currency });
  }

  /** Documents: only with a message that the profile's service takes them with. */
  function documents(s: GuardedSubmission, profile: Profile): AppError | undefined {
    const refusal = s.withDocuments ? evidenceRefusal(s.messageType, dialectOf(profile.deployment)) : undefined;
    return refusal
      ? new AppError('validation', refusal, {
          fields: [{ field: 'documents', message: 'not allowed with this message type' }],
        })
      : undefined;
  }

  /** A second answer to the same stage goes only when the merchant says they mean it; notes and
   * assignments are not answers and always go. */
  function secondAnswer(s: GuardedSubmission, cb: Chargeback | undefined): AppError | undefined {
    if (s.anotherAnswer === true || !isAnswer(s.messageType)) return undefined;
    const warning = secondAnswerWarning(answers.stateOf(s.profileId, s.chargebackId, { cb }));
    return warning ? new AppError('conflict', `${warning} Nothing was queued.`) : undefined;
  }

  /** Readiness: something to send, and (when the store holds the chargeback) an open stage that
   * takes it in time, or the merchant's yes. A chargeback not synced yet is not refused for what
   * is not known of it; the outbox's preflight reads it from the service before sending. */
  function readiness(s: GuardedSubmission, cb: Chargeback | undefined): AppError | undefined {
    const answer = { messageType: s.messageType, note: s.note, files: s.withDocuments ? 1 : 0 };
    const problem = cb ? answerReadiness({ ...answer, chargeback: cb }, s, new Date(now())) : contentRefusal(answer);
    return problem ? readinessError(problem) : undefined;
  }

  /** The first reason this submission may not be queued, as the store holds things now: the
   * chargeback is read once (or given: the reading the caller just judged it by), and every rule
   * judges that one reading. */
  function refusal(s: GuardedSubmission, known?: { cb: Chargeback | undefined }): AppError | undefined {
    const profile = profileOf(s.profileId);
    if (!profile) return new AppError('not-found', 'The profile of this answer no longer exists; nothing was queued.');
    const cb = known ? known.cb : portfolio.getChargeback(s.profileId, s.chargebackId);
    return readiness(s, cb) ?? money(s, cb) ?? documents(s, profile) ?? secondAnswer(s, cb);
  }

  return {
    refusal,
    /** The chargeback as the store holds it now: judged by `refusal` and its stage kept with the job. */
    chargebackOf: (profileId: string, chargebackId: string): Chargeback | undefined =>
      portfolio.getChargeback(profileId, chargebackId),
    /** Throws the first reason this submission may not be queued. */
    check(s: GuardedSubmission): void {
      const problem = refusal(s);
      if (problem) throw problem;
    },
  };
}
export type SubmissionGuards = ReturnType<typeof createSubmissionGuards>;
