// One dispute's view, read from the store: its records, the merchant's ticks and sent drafts, where
// its answer stands and which dialect its profile's service speaks, projected by the one rule in
// shared/views/dispute-view.ts. The window's getDispute and `dispute-desk show` both read it here.
import type { Store } from '../store/index.ts';
import type { AnswerBook } from '../outbox/answers.ts';
import { dialectOf } from '../../shared/domain/dialects.ts';
import { disputeView, type DisputeView } from '../../shared/views/dispute-view.ts';
import { sendByBusinessDaysOf } from '../../shared/domain/send-by.ts';

/** Undefined when the store does not hold the chargeback. */
export function readDisputeView(
  s: { store: Store; answers: AnswerBook },
  profileId: string,
  chargebackId: string,
  now = new Date(),
): DisputeView | undefined {
  const records = s.store.portfolio.detail(profileId, chargebackId);
  if (!records) return undefined;
  const profile = s.store.profiles.get(profileId);
  return disputeView(records, {
    now,
    dialect: dialectOf(profile?.deployment ?? 'core'),
    ...(profile ? { sendByBusinessDays: sendByBusinessDaysOf(profile) } : {}),
    ticked: s.store.portfolio.checklist(profileId, chargebackId),
    answer: s.answers.stateOf(profileId, chargebackId),
    sentDrafts: s.store.drafts.sent(profileId, chargebackId),
  });
}
