// The worklist as the store reads it needs to know which open, answerable chargebacks already
// have their answer delivered (the outbox and messages decide that) and the profile's send-by
// buffer: the inbox's listing, its CSV and its selection's keys all ask through here, so they put
// every chargeback in the same section with the same deadline.
import type { Store } from '../store/index.ts';
import type { AnswerBook } from '../outbox/answers.ts';
import type { WorklistQuery } from '../store/portfolio-repo.ts';
import { answerIsOut } from '../../shared/domain/inbox-sections.ts';
import { sendByBusinessDaysOf } from '../../shared/domain/send-by.ts';

export function worklistQueryOf<Q extends WorklistQuery>(s: { store: Store; answers: AnswerBook }, q: Q): Q {
  const states = s.answers.statesOf(q.profileId, s.store.portfolio.answerCandidates(q.profileId));
  const answered = [...states].filter(([, a]) => answerIsOut(a.stage)).map(([id]) => id);
  const profile = s.store.profiles.get(q.profileId);
  return { ...q, answered, ...(profile ? { sendByBusinessDays: sendByBusinessDaysOf(profile) } : {}) };
}
