import type { Handlers } from '../../../shared/ipc/define.ts';
import type { batchChannels } from '../../../shared/ipc/channels/batch.ts';
import type { AppServices } from '../../app-services.ts';
import type { BatchPlan } from '../../batch/batch-service.ts';
import { AppError } from '../../../shared/errors.ts';

export function batchHandlers(s: AppServices): Handlers<typeof batchChannels> {
  const profileOf = (id: string) => {
    const p = s.store.profiles.get(id);
    if (!p) throw new AppError('not-found', 'That profile no longer exists.');
    return p;
  };
  return {
    planBatch: async ({ profileId }) => {
      const folder = await s.platform.dialogs.openFolder({ title: 'Choose the folder of scanned receipts' });
      return folder ? s.batch.plan(profileOf(profileId), [folder]) : null;
    },
    assignBatchFile: async ({ plan, fileName, chargebackId }) => s.batch.assign(plan as BatchPlan, fileName, chargebackId),
    queueBatch: async ({ plan }) => {
      const report = await s.batch.queue(profileOf(plan.profileId), plan as BatchPlan);
      s.outbox.runOnce().catch(() => undefined);
      return report;
    },
  };
}
