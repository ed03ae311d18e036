// The review's data: the packets the plan would make (asked again whenever the plan changes),
// what goes and what is held back, and the merchant's changes to the plan.
import { useEffect } from 'react';
import { useApp } from '../../state/app-store.ts';
import { mutate, useQuery } from '../../data/data.ts';
import {
  packetGoes,
  targetOf,
  unusable,
  withAnswer,
  withInsist,
  type BatchPlan as Plan,
  type PacketReview,
  type PlannedFile,
} from '../../../shared/batch.ts';
import type { MessageType } from '../../../shared/domain/enums.ts';
import type { Choice } from './assign.tsx';

export function useBatchReview(plan: Plan, onPlan: (p: Plan) => void) {
  const say = useApp((s) => s.say);
  // The review follows the plan: every assignment can change a packet, its letter and its holds;
  // a review of an earlier plan is cancelled and never shown.
  const review = useQuery('reviewBatch', {
    plan: { profileId: plan.profileId, files: plan.files, ...(plan.answers ? { answers: plan.answers } : {}) },
  });
  const packets: PacketReview[] | undefined = review.fetching ? undefined : review.data;
  useEffect(() => {
    if (review.error) say('error', review.error.message);
  }, [review.error, say]);
  const insist = plan.insist ?? [];
  const all = packets ?? [];
  return {
    packets,
    insist,
    /** The chargebacks whose packets are held back, and those whose packets go. */
    held: new Set(all.filter((p) => !packetGoes(p, insist)).map((p) => p.chargebackId)),
    targets: new Set(all.filter((p) => packetGoes(p, insist)).map((p) => p.chargebackId)),
    going: plan.files.filter((f) => targetOf(f)),
    waiting: plan.files.filter((f) => !targetOf(f) && !unusable(f) && !f.leftOut),
    refused: plan.files.filter((f) => f.match.status === 'refused'),
    skipped: plan.files.filter((f) => f.match.status === 'skipped'),
    /** Main checks what the merchant typed against the profile's chargebacks and answers the new plan. */
    async assign(file: PlannedFile, choice: Choice): Promise<void> {
      const r = await mutate('assignBatchFile', { plan, fileName: file.name, ...choice });
      if (!r.ok) return say('error', r.error.message);
      onPlan(r.value);
    },
    setInsist: (p: PacketReview, v: boolean): void => onPlan(withInsist(plan, p, v)),
    setAnswer: (p: PacketReview, type: MessageType): void => onPlan(withAnswer(plan, p.chargebackId, type)),
  };
}
