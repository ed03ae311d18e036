// The Outbox's jobs read from the store: each job with its chargeback as the store holds it (brief,
// ledger entries for the money recovered) and where its answer stands, projected by the one rule in
// shared/views/outbox-job-view.ts. Each chargeback is read once per listing, however many jobs it has.
import type { Store } from '../store/index.ts';
import type { AnswerBook } from '../outbox/answers.ts';
import type { OutboxJob } from '../../shared/outbox.ts';
import { outboxJobView, type JobChargebackFacts, type OutboxJobView } from '../../shared/views/outbox-job-view.ts';

export function readOutbox(s: { store: Store; answers: AnswerBook }, jobs: readonly OutboxJob[]): OutboxJobView[] {
  const facts = new Map<string, JobChargebackFacts | undefined>();
  const factsOf = (profileId: string, chargebackId: string): JobChargebackFacts | undefined => {
    const key = `${profileId}\u0000${chargebackId}`;
    if (!facts.has(key)) {
      const brief = s.store.briefs.brief(profileId, chargebackId);
      facts.set(key, brief && { ...brief, entries: s.store.ledger.ofChargeback(profileId, chargebackId) });
    }
    return facts.get(key);
  };
  return jobs.map((j) =>
    outboxJobView(j, factsOf(j.profileId, j.chargebackId), s.answers.stateOf(j.profileId, j.chargebackId)),
  );
}
