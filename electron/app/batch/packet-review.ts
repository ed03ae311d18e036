// Every packet of a batch as it would go, before anything is queued: the chargebacks a plan sends
// packets to, each packet's pages, its answer, its letter exactly as it would be written, and
// what holds the chargeback back. Queueing applies this same review.
import type { Store } from '../../store/index.ts';
import type { EvidenceStore } from '../../evidence/evidence-store.ts';
import type { Profile } from '../../../shared/profiles.ts';
import { letterSource, packetLetter } from '../answer/letter.ts';
import type { Packets } from '../answer/packets.ts';
import { letterBlanks } from '../../../shared/domain/cover-letter-templates.ts';
import { formatAmount } from '../../../shared/domain/money.ts';
import { formatYmd } from '../../../shared/domain/dates.ts';
import { dialectOf } from '../../../shared/domain/dialects.ts';
import { ruleFor } from '../../../shared/domain/message-type-rules.ts';
import type { MessageType } from '../../../shared/domain/enums.ts';
import {
  packetAnswers,
  targetOf,
  turnOf,
  type BatchPlan,
  type PacketReview,
  type PlannedFile,
} from '../../../shared/batch.ts';
import { AppError } from '../../../shared/errors.ts';
import type { ArrangedPage } from '../../../shared/evidence/items.ts';
import { createHolds } from './holds.ts';

/** The chargebacks a plan sends packets to, each with its files, in the plan's order. */
export function groupsOf(plan: BatchPlan): Map<string, PlannedFile[]> {
  const groups = new Map<string, PlannedFile[]>();
  for (const f of plan.files) {
    const target = targetOf(f);
    if (target) groups.set(target, [...(groups.get(target) ?? []), f]);
  }
  return groups;
}

/** The answer a packet goes with (the merchant's choice in the plan, else the first its stage
 * takes) and the answers with evidence its stage takes. */
function answerOf(
  profile: Profile,
  cb: { cycle: string; reasonCode: string } | undefined,
  chargebackId: string,
  plan: BatchPlan,
): { messageType: MessageType; choices: MessageType[] } {
  const dialect = dialectOf(profile.deployment);
  const choices = cb ? packetAnswers(cb.cycle, cb.reasonCode, dialect) : [];
  const messageType = plan.answers?.[chargebackId] ?? choices[0] ?? 'respond';
  // The window offers only answers that carry evidence; a plan that says otherwise is refused.
  if (!ruleFor(messageType, dialect).withEvidence)
    throw new AppError(
      'bad-input',
      `"${ruleFor(messageType, dialect).label}" cannot carry this packet's files on ${profile.name}'s service; ` +
        'choose an answer that goes with evidence.',
    );
  return { messageType, choices };
}

export function createPacketReview(deps: {
  store: Store;
  evidence: EvidenceStore;
  now?: () => Date;
  packets?: Packets;
}) {
  const holdsOf = createHolds(deps);

  /** Page counts come from the evidence store, not from the plan the window sent back. */
  async function pagesOf(files: readonly PlannedFile[]): Promise<ArrangedPage[]> {
    const pages: ArrangedPage[] = [];
    for (const f of files) {
      const item = f.itemId ? await deps.evidence.get(f.itemId) : undefined;
      if (!item) throw new AppError('not-found', `${f.name} is no longer in the evidence store; add it again.`);
      // A page that was read sideways goes the way it was read: upright.
      for (let page = 0; page < item.pages; page++)
        pages.push({ itemId: item.id, page, rotation: turnOf(f.scan, page) });
    }
    return pages;
  }

  async function reviewPacket(
    profile: Profile,
    chargebackId: string,
    files: readonly PlannedFile[],
    plan: BatchPlan,
  ): Promise<PacketReview> {
    const cb = deps.store.portfolio.getChargeback(profile.id, chargebackId);
    const names = files.map((f) => f.name);
    const { messageType, choices } = answerOf(profile, cb, chargebackId, plan);
    const holds = holdsOf(profile.id, cb, chargebackId, messageType);
    const answer = { messageType, choices, cycle: cb?.cycle ?? '', reply: cb?.reply ? formatYmd(cb.reply) : null };
    if (!cb)
      return { chargebackId, files: names, amountText: '', letter: '', leftOut: [], blanks: [], holds, ...answer };
    const source = letterSource(deps.store, profile, cb);
    // The letter as the packet will hold it: with the card history's exhibits (CE 3.0) when the app's
    // packets are given.
    const arranged = { pages: await pagesOf(files) };
    const full = deps.packets
      ? await deps.packets.withHistory(profile, cb, { arrangement: arranged, slots: undefined })
      : { arrangement: arranged, slots: undefined, history: undefined };
    const letter = await packetLetter(deps.evidence, source, full.arrangement, undefined, full.slots, full.history);
    return {
      chargebackId,
      files: names,
      amountText: formatAmount(cb.total, cb.currency),
      letter: letter.rebuttal,
      leftOut: letter.leftOut,
      blanks: letterBlanks(letter.rebuttal),
      holds,
      ...answer,
    };
  }

  return {
    pagesOf,
    reviewPacket,
    /** Every packet as it would go, before anything is queued: the letter exactly as it would be
     * written, and what holds the chargeback back (closed, decided, overdue, unusual at its stage,
     * already answered). Queue applies the same review. */
    async review(profile: Profile, plan: BatchPlan): Promise<PacketReview[]> {
      const out: PacketReview[] = [];
      for (const [chargebackId, files] of groupsOf(plan))
        out.push(await reviewPacket(profile, chargebackId, files, plan));
      return out;
    },
  };
}
export type PacketReviewer = ReturnType<typeof createPacketReview>;
