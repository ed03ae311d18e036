// Batch upload of scanned receipts as one service, put together from its steps: plan (import and
// match, plan.ts), assign by hand (assign.ts), review every packet (packet-review.ts), queue one
// packet per chargeback and report (queue.ts); and the evidence builder's "belongs elsewhere".
import type { Store } from '../../store/index.ts';
import type { EvidenceStore } from '../../evidence/evidence-store.ts';
import type { Outbox } from '../../outbox/outbox-service.ts';
import type { Profile } from '../../../shared/profiles.ts';
import type { Packets } from '../answer/packets.ts';
import type { BatchPlan } from '../../../shared/batch.ts';
import type { ScanReader } from './read-scan.ts';
import { createPlanner } from './plan.ts';
import { assignFile, batchChargebacks } from './assign.ts';
import { belongsElsewhere } from './belongs-elsewhere.ts';
import { createPacketReview } from './packet-review.ts';
import { createBatchQueue } from './queue.ts';

export type { PlanOptions } from './plan.ts';

export function createBatchService(deps: {
  store: Store;
  evidence: EvidenceStore;
  outbox: Outbox;
  reader?: ScanReader;
  now?: () => Date;
  /** The app's packets (with the card history's exhibits), so batch builds what respond builds. */
  packets?: Packets;
}) {
  const planner = createPlanner(deps);
  const packets = createPacketReview(deps);
  return {
    plan: planner.plan,
    planImported: planner.planImported,
    belongsElsewhere: (profile: Profile, chargebackId: string, itemId: string, o: { signal?: AbortSignal } = {}) =>
      belongsElsewhere(deps, profile, chargebackId, itemId, o),
    chargebacks: (profileId: string, only?: readonly string[]) => batchChargebacks(deps, profileId, only),
    assign: (plan: BatchPlan, fileName: string, named: string | undefined, leaveOut = false) =>
      assignFile(deps, plan, fileName, named, leaveOut),
    review: packets.review,
    queue: createBatchQueue(deps, packets),
  };
}
export type BatchService = ReturnType<typeof createBatchService>;
