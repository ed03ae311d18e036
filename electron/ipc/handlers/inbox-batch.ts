import type { Handlers } from '../../../shared/ipc/define.ts';
import type { inboxBatchChannels } from '../../../shared/ipc/channels/inbox-batch.ts';
import type { AppServices } from '../../app-services.ts';
import { AppError } from '../../../shared/errors.ts';
import { worklistOf } from '../../views/worklist-query.ts';

export function inboxBatchHandlers(
  s: Pick<AppServices, 'answers' | 'keepOpen' | 'liability' | 'outbox' | 'store'>,
): Handlers<typeof inboxBatchChannels> {
  const profile = (id: string): string => {
    if (!s.store.profiles.get(id)) throw new AppError('not-found', 'That profile no longer exists.');
    return id;
  };
  return {
    listInboxKeys: async (q) => {
      const { query, waiting } = worklistOf(s, q);
      // An answer waiting in the outbox keeps its row in "answer now", but it is not made again.
      return s.store.portfolio
        .worklistAll(query)
        .map((r) => ({
          id: r.id,
          section: r.section,
          total: r.total,
          currency: r.currency,
          answerable: r.section === 'answer-now' && r.actionable && !waiting.has(r.id),
        }));
    },
    reviewLiability: async ({ profileId, chargebackIds }) => s.liability.review(profile(profileId), chargebackIds),
    // Kept open: closing the app waits for the answers being queued, not lost half-way.
    acceptLiability: async ({ profileId, confirmed }) =>
      s.keepOpen(async () => {
        const results = await s.liability.queue(profile(profileId), confirmed);
        if (results.some((r) => r.outcome === 'queued')) s.outbox.runOnce().catch(() => undefined);
        return results;
      }),
  };
}
