// The worklist as the store reads it needs to know which open, answerable chargebacks already
// have their answer delivered (the outbox and messages decide that) and the profile's send-by
// buffer: the inbox's listing, its CSV and its selection's keys all ask through here, so they put
// every chargeback in the same section with the same deadline.
import type { Store } from '../store/index.ts';
import type { AnswerBook } from '../outbox/answers.ts';
import type { WorklistQuery } from '../store/portfolio/index.ts';
import { answerIsOut } from '../../shared/domain/inbox-sections.ts';
import { sendByBusinessDaysOf } from '../../shared/domain/send-by.ts';

type Services = { store: Store; answers: AnswerBook };

/** The query with what the store cannot know, and the chargebacks whose answer is still in the
 * outbox (queued or being sent): they stay in "answer now", but are not answered again by a batch. */
export function worklistOf<Q extends WorklistQuery>(s: Services, q: Q): { query: Q; waiting: ReadonlySet<string> } {
  const states = [...s.answers.statesOf(q.profileId, s.store.portfolio.answerCandidates(q.profileId))];
  const answered = states.filter(([, a]) => answerIsOut(a.stage)).map(([id]) => id);
  const waiting = new Set(states.filter(([, a]) => a.stage === 'queued' || a.stage === 'sending').map(([id]) => id));
  const profile = s.store.profiles.get(q.profileId);
  const query = { ...q, answered, ...(profile ? { sendByBusinessDays: sendByBusinessDaysOf(profile) } : {}) };
  return { query, waiting };
}

/** Listed rows with where each one's answer stands, and, while it is still in the outbox, how its
 * delivery goes (waiting, failing and when it is tried again): the inbox and `chargebacks` alike. */
export function withAnswers<R extends { id: string }>(s: Services, profileId: string, rows: readonly R[]) {
  const answers = s.answers.statesOf(
    profileId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const a = answers.get(r.id)!;
    const waiting = a.stage === 'queued' || a.stage === 'sending';
    return {
      ...r,
      answer: { stage: a.stage, label: a.label },
      delivery: (waiting && s.answers.deliveryOf(profileId, r.id)) || null,
    };
  });
}

export function worklistQueryOf<Q extends WorklistQuery>(s: Services, q: Q): Q {
  return worklistOf(s, q).query;
}
