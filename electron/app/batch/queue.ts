// Queueing a reviewed batch: one packet per chargeback into the outbox through the same answer
// as the window's Send, a packet the review holds back skipped with its reason unless the plan
// insists on it, and a report of what happened to every chargeback and every file.
import type { Store } from '../../store/index.ts';
import type { EvidenceStore } from '../../evidence/evidence-store.ts';
import type { Outbox } from '../../outbox/outbox-service.ts';
import type { Profile } from '../../../shared/profiles.ts';
import { createResponder, windowWording } from '../answer/answer.ts';
import type { Packets } from '../answer/packets.ts';
import {
  holdIsFinal,
  holdsSinceInsist,
  packetGoes,
  targetOf,
  unusable,
  type BatchPlan,
  type BatchReport,
} from '../../../shared/batch.ts';
import { userMessage } from '../../../shared/errors.ts';
import { consentsOf } from './holds.ts';
import { groupsOf, type PacketReviewer } from './packet-review.ts';

/** What a merchant can still do with a file the batch did not send: the report comes after the
 * review, where nothing can be assigned any more. */
const stillToDo = "To use it, add it from its chargeback's own page, or run a batch again with it.";

/** A file's reason as the review gave it, its advice for the review ("Assign it by hand.", "choose
 * one.") said instead as what can still be done. */
export function afterTheBatch(reason: string): string {
  const fact = reason.replace(/\s*(?:Assign it by hand(?: if it is yours)?\.|;\s*choose one\.)\s*$/, '');
  return `${fact}${/[.!?]$/.test(fact) ? '' : '.'} ${stillToDo}`;
}

export function createBatchQueue(
  deps: { store: Store; evidence: EvidenceStore; outbox: Outbox; packets?: Packets },
  reviewer: PacketReviewer,
) {
  // Batch checks what was last synced, as its review did: no refresh per chargeback.
  const respond = createResponder({
    store: deps.store,
    evidence: deps.evidence,
    outbox: deps.outbox,
    ...(deps.packets ? { packets: deps.packets } : {}),
  });

  /** One packet per chargeback into the outbox; nothing is sent before this is called. A
   * packet the review holds back is skipped with its reason unless the plan insists on it. */
  return async function queue(
    profile: Profile,
    plan: BatchPlan,
    o: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
  ): Promise<BatchReport> {
    const report: BatchReport = { chargebacks: [], files: [] };
    for (const f of plan.files) {
      if (targetOf(f)) continue;
      if (f.leftOut)
        report.files.push({ name: f.name, outcome: 'left out', reason: `You left it out of this batch. ${stillToDo}` });
      else
        report.files.push({
          name: f.name,
          outcome: f.match.status === 'matched' ? 'unmatched' : f.match.status,
          // A refused or skipped file is no receipt to use: its reason stands as given.
          reason: unusable(f) ? f.match.reason : afterTheBatch(f.match.reason),
        });
    }
    const groups = groupsOf(plan);
    let done = 0;
    for (const [chargebackId, files] of groups) {
      o.signal?.throwIfAborted();
      const names = files.map((f) => f.name);
      try {
        const reviewed = await reviewer.reviewPacket(profile, chargebackId, files, plan);
        if (!packetGoes(reviewed, plan.insist)) {
          const why = reviewed.blanks.length
            ? `The cover letter has blanks: ${reviewed.blanks.join(', ')}.`
            : reviewed.holds.map((h) => h.text).join(' ');
          const final = reviewed.holds.some(holdIsFinal) || reviewed.blanks.length > 0;
          const reason = final ? why : `${why} Left out: include it in the review to send it anyway.`;
          report.chargebacks.push({ chargebackId, outcome: 'skipped', files: names, reason });
          continue;
        }
        const unseen = reviewed.holds.length ? holdsSinceInsist(reviewed, plan.insistedHolds) : [];
        if (unseen.length) {
          const why = unseen.map((h) => h.text).join(' ');
          const reason = `Since you included it: ${why} Review it again to send it anyway.`;
          report.chargebacks.push({ chargebackId, outcome: 'skipped', files: names, reason });
          continue;
        }
        // Queuing the batch is the merchant's confirmation; a packet the review held back (found
        // answered, unusual at its stage, past its reply date) goes only because the plan insists
        // on it, and carries that yes to the outbox's guards. A stop while it is built ends the batch here.
        const answer = {
          profileId: profile.id,
          chargebackId,
          messageType: reviewed.messageType,
          confirmed: true,
          evidence: { arrangement: { pages: await reviewer.pagesOf(files) } },
          ...consentsOf(reviewed.holds),
        };
        const answered = await respond.answer(answer, windowWording, o.signal ? { signal: o.signal } : {});
        report.chargebacks.push(
          answered.ok
            ? { chargebackId, outcome: 'queued', files: names, jobId: answered.value.job.id }
            : { chargebackId, outcome: 'failed', files: names, reason: answered.error.message },
        );
      } catch (e) {
        if (o.signal?.aborted) throw e;
        report.chargebacks.push({ chargebackId, outcome: 'failed', files: names, reason: userMessage(e) });
      } finally {
        o.onProgress?.(++done, groups.size);
      }
    }
    return report;
  };
}
