// Checks every answer must pass before it is written to the outbox, whoever queues it (the
// window, the CLI, batch): called first thing in the outbox's submit, so no path skips them.
import type { Database } from '../store/database.ts';
import { createPortfolioRepo } from '../store/portfolio-repo.ts';
import { AppError } from '../../shared/errors.ts';
import { answerAmountProblem } from '../../shared/domain/concession.ts';
import { messageTypeRules } from '../../shared/domain/message-type-rules.ts';
import type { NewSubmission } from '../../shared/outbox.ts';
import { isAnswer, secondAnswerWarning } from '../../shared/domain/answer-lifecycle.ts';
import { createAnswerBook } from './answers.ts';

export function createSubmissionGuards(database: Database) {
  const portfolio = createPortfolioRepo(database);
  const answers = createAnswerBook(database);

  /** Money: an amount is checked against the chargeback as the store holds it; an answer that
   * concedes money to a chargeback the store does not hold is refused (nothing to check it by). */
  function money(s: NewSubmission): void {
    if (s.amount === undefined && !messageTypeRules[s.messageType].needsAmount) return;
    const cb = portfolio.getChargeback(s.profileId, s.chargebackId);
    if (!cb) throw new AppError('not-found', `Chargeback ${s.chargebackId} is not in the local store, so the amount cannot be checked against it: sync first.`);
    const problem = answerAmountProblem(s, { total: cb.total, currency: cb.currency });
    if (problem) throw problem;
  }

  /** A second answer to the same stage goes only when the merchant says they mean it; notes and
   * assignments are not answers and always go. */
  function secondAnswer(s: NewSubmission): void {
    if (s.anotherAnswer === true || !isAnswer(s.messageType)) return;
    const warning = secondAnswerWarning(answers.stateOf(s.profileId, s.chargebackId));
    if (warning) throw new AppError('conflict', `${warning} Nothing was queued.`);
  }

  return {
    /** Throws the first reason this submission may not be queued. */
    check(s: NewSubmission): void {
      money(s);
      secondAnswer(s);
    },
  };
}
