// "Accept liability" for the chargebacks selected in the inbox: the review says which can take it
// (the holds batch upload uses: closed, decided, not answerable, past the reply date, not offered
// at the stage, already answered) and what each concedes, the full disputed amount; queueing
// sends each through the one answering use case (app/answer/answer.ts), so the outbox's
// money guard and second-answer guard apply as to a single answer. Queueing takes what the
// merchant confirmed: an amount that changed since is refused, never conceded unseen.
import type { Chargeback } from '../../shared/api/index.ts';
import { windowWording } from './answer/answer.ts';
import type { HoldsOf } from './batch/holds.ts';
import type { Answering } from './answer/send-draft.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { userMessage } from '../../shared/errors.ts';
import type { LiabilityItem, LiabilityResult, LiabilityReview } from '../../shared/liability-batch.ts';
import { totalsByCurrency } from '../../shared/liability-totals.ts';

export interface LiabilityDeps {
  /** The chargeback as the store last synced it. */
  chargeback(profileId: string, chargebackId: string): Chargeback | undefined;
  /** What holds a chargeback back from an answer given to many at once (batch/holds.ts). */
  holdsOf: HoldsOf;
  /** The one answering use case; as batch upload's, it checks against what was last synced (the
   * review the merchant confirmed), without asking the service first. */
  answering: Pick<Answering, 'answer'>;
}

export function createLiabilityBatch(deps: LiabilityDeps) {
  const { holdsOf } = deps;

  /** Why this chargeback cannot be conceded now, or what conceding it takes. */
  function check(profileId: string, chargebackId: string): { reason: string } | { item: LiabilityItem } {
    const cb = deps.chargeback(profileId, chargebackId);
    const holds = holdsOf(profileId, cb, chargebackId, 'acceptLiability');
    if (holds.length > 0 || !cb) return { reason: holds.map((h) => h.text).join(' ') };
    if (!(cb.total > 0)) return { reason: 'It disputes no amount, so there is nothing to concede.' };
    return { item: { chargebackId, amount: cb.total, currency: cb.currency } };
  }

  return {
    /** What accepting liability for these would concede, and what is skipped with its reason. Nothing is queued. */
    review(profileId: string, chargebackIds: readonly string[]): LiabilityReview {
      const take: LiabilityItem[] = [];
      const skipped: LiabilityReview['skipped'] = [];
      for (const id of new Set(chargebackIds)) {
        const c = check(profileId, id);
        if ('item' in c) take.push(c.item);
        else skipped.push({ chargebackId: id, reason: c.reason });
      }
      return { take, skipped, totals: totalsByCurrency(take) };
    },

    /** Queues "Accept liability" for each confirmed chargeback, one at a time; each result says
     * queued or why not. The merchant's confirmation is the list: nothing else is conceded. */
    async queue(profileId: string, confirmed: readonly LiabilityItem[]): Promise<LiabilityResult[]> {
      const results: LiabilityResult[] = [];
      const seen = new Set<string>();
      for (const item of confirmed) {
        if (seen.has(item.chargebackId)) continue;
        seen.add(item.chargebackId);
        const refuse = (reason: string): void => void results.push({ ...idOf(item), outcome: 'refused', reason });
        const c = check(profileId, item.chargebackId);
        if ('reason' in c) {
          refuse(`${c.reason} Nothing was queued for it.`);
          continue;
        }
        if (c.item.amount !== item.amount || c.item.currency !== item.currency) {
          refuse(
            `Its disputed amount is now ${formatAmount(c.item.amount, c.item.currency)}, not the ` +
              `${formatAmount(item.amount, item.currency)} you confirmed. Nothing was queued for it: review it again.`,
          );
          continue;
        }
        try {
          const answered = await deps.answering.answer(
            {
              profileId,
              chargebackId: item.chargebackId,
              messageType: 'acceptLiability',
              amount: item.amount,
              confirmed: true,
            },
            windowWording,
            {},
          );
          if (answered.ok) results.push({ ...idOf(item), outcome: 'queued', jobId: answered.value.job.id });
          else refuse(answered.error.message);
        } catch (e) {
          refuse(userMessage(e));
        }
      }
      return results;
    },
  };
}
export type LiabilityBatch = ReturnType<typeof createLiabilityBatch>;

const idOf = (i: LiabilityItem): { chargebackId: string } => ({ chargebackId: i.chargebackId });
