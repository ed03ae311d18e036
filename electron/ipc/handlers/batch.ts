import type { Handlers } from '../../../shared/ipc/define.ts';
import type { batchChannels } from '../../../shared/ipc/channels/batch.ts';
import type { AppServices } from '../../app-services.ts';
import { AppError } from '../../../shared/errors.ts';
import { importDropped } from '../../evidence/import-dropped.ts';
import type { PlanOptions } from '../../app/batch/batch-service.ts';

export function batchHandlers(
  s: Pick<AppServices, 'batch' | 'events' | 'evidence' | 'keepOpen' | 'outbox' | 'platform' | 'store'>,
): Handlers<typeof batchChannels> {
  const profileOf = (id: string) => {
    const p = s.store.profiles.get(id);
    if (!p) throw new AppError('not-found', 'That profile no longer exists.');
    return p;
  };
  // The plan being made reads its scans under this; stopBatchReading aborts it.
  let reading: AbortController | undefined;
  async function planning<T>(only: readonly string[] | undefined, make: (o: PlanOptions) => Promise<T>): Promise<T> {
    reading?.abort();
    const mine = new AbortController();
    reading = mine;
    try {
      return await make({
        readSignal: mine.signal,
        ...(only ? { only } : {}),
        onProgress: (phase, done, total) => s.events.emit('batchProgress', { phase, done, total }),
      });
    } finally {
      if (reading === mine) reading = undefined;
    }
  }
  return {
    planBatch: async ({ profileId, only }) => {
      const profile = profileOf(profileId);
      const folder = await s.platform.dialogs.openFolder({ title: 'Choose the folder of scanned receipts' });
      return folder ? planning(only, (o) => s.batch.plan(profile, [folder], o)) : null;
    },
    receiptBelongsElsewhere: async ({ profileId, chargebackId, itemId }) => {
      const profile = profileOf(profileId);
      if (!s.store.portfolio.getChargeback(profileId, chargebackId))
        throw new AppError('not-found', 'This chargeback is not in the local store; sync and try again.');
      return { warning: (await s.batch.belongsElsewhere(profile, chargebackId, itemId)) ?? null };
    },
    stopBatchReading: async () => {
      const was = !!reading;
      reading?.abort();
      return was;
    },
    planBatchDropped: async ({ profileId, dropped, only }) => {
      const profile = profileOf(profileId);
      // The same walk and import as a picked folder; only the paths came from the drop.
      return planning(only, async (o) =>
        s.batch.planImported(
          profile,
          await importDropped(s.evidence, dropped, {
            onProgress: (done, total) => o.onProgress?.('importing', done, total),
          }),
          o,
        ),
      );
    },
    listBatchChargebacks: async ({ profileId, only }) => (profileOf(profileId), s.batch.chargebacks(profileId, only)),
    assignBatchFile: async ({ plan, fileName, chargebackId, leaveOut }) =>
      s.batch.assign(plan, fileName, chargebackId, leaveOut === true),
    reviewBatch: async ({ plan }) => s.batch.review(profileOf(plan.profileId), plan),
    queueBatch: async ({ plan }) =>
      s.keepOpen(async () => {
        const report = await s.batch.queue(profileOf(plan.profileId), plan, {
          onProgress: (done, total) => s.events.emit('batchProgress', { phase: 'building', done, total }),
        });
        s.outbox.runOnce().catch(() => undefined);
        return report;
      }),
  };
}
