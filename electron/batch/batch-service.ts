// Batch upload of scanned receipts: import a folder, match each file to a chargeback, let the
// merchant review and assign, then one evidence packet per chargeback into the outbox, and a
// report of what happened to every chargeback and every file.
import type { Store } from '../store/index.ts';
import type { EvidenceStore } from '../evidence/evidence-store.ts';
import type { Outbox } from '../outbox/outbox-service.ts';
import type { Profile } from '../../shared/profiles.ts';
import { createResponder, windowWording } from '../respond/answer.ts';
import { letterSource, packetLetter } from '../respond/letter.ts';
import type { Packets } from '../respond/packets.ts';
import { letterBlanks } from '../../shared/domain/cover-letter-templates.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { daysLeft, formatYmd, parseServiceTimestamp, toSearchDate } from '../../shared/domain/dates.ts';
import { describeChargeback, findChargebacks, type BatchChargeback } from '../../shared/batch-find.ts';
import { dialectOf } from '../../shared/domain/dialects.ts';
import { ruleFor } from '../../shared/domain/message-type-rules.ts';
import type { MessageType } from '../../shared/domain/enums.ts';
import { matchFile, candidateOf } from './match-files.ts';
import { consentsOf, createHolds } from './holds.ts';
import type { ScanReader } from './read-scan.ts';
import type { OurShop } from './match-content.ts';
import {
  holdIsFinal,
  packetAnswers,
  packetGoes,
  holdsSinceInsist,
  targetOf,
  turnOf,
  unusable,
  type BatchPlan,
  type BatchReport,
  type PacketReview,
  type PlannedFile,
} from '../../shared/batch.ts';
import { AppError, isAppError, userMessage } from '../../shared/errors.ts';
import type { ImportOutcome, ArrangedPage } from '../../shared/evidence/items.ts';

/** Files of a folder and its subfolders can share a name (jan/scan1.pdf, feb/scan1.pdf): each
 * row of the plan gets a name of its own, so assigning one never assigns another. Matching has
 * already read the original names. */
function uniquelyNamed(files: PlannedFile[]): PlannedFile[] {
  const taken = new Set<string>();
  return files.map((f) => {
    let name = f.name;
    const dot = f.name.lastIndexOf('.');
    for (let n = 2; taken.has(name); n++)
      name = dot > 0 ? `${f.name.slice(0, dot)} (copy ${n})${f.name.slice(dot)}` : `${f.name} (copy ${n})`;
    taken.add(name);
    return name === f.name ? f : { ...f, name };
  });
}

/** Two files read from their scans that fit one chargeback: both may be right (a receipt and
 * its invoice), or one belongs elsewhere. Each says which others it shares with. */
function flagShared(files: PlannedFile[]): PlannedFile[] {
  const by = new Map<string, PlannedFile[]>();
  for (const f of files) {
    if (f.match.status === 'matched') by.set(f.match.chargebackId, [...(by.get(f.match.chargebackId) ?? []), f]);
  }
  return files.map((f) => {
    if (f.match.status !== 'matched' || f.match.rule !== 'content') return f;
    const others = by
      .get(f.match.chargebackId)!
      .filter((x) => x !== f)
      .map((x) => x.name);
    return others.length
      ? {
          ...f,
          warning:
            `${others.join(', ')} ${others.length === 1 ? 'also fits' : 'also fit'} ` +
            'this chargeback: check that each belongs to it.',
        }
      : f;
  });
}

export interface PlanOptions {
  signal?: AbortSignal;
  onProgress?: (phase: 'importing' | 'reading', done: number, total: number) => void;
  /** Stops reading scans: files not yet read keep their name's verdict, nothing else is lost. */
  readSignal?: AbortSignal;
  /** Match files only to these chargebacks (the ones the merchant selected in the inbox). */
  only?: readonly string[];
}

/** The shop's own name as the merchant gave it in the profile (its trading name, the letter's
 * signature) and its address. The profile's own name is a label ("Main account"), not what a
 * receipt prints. */
const shopOf = (profile: Profile): OurShop => ({
  names: profile.merchant ? [profile.merchant] : [],
  address: profile.merchantAddress,
});

/** What stops reading scans: the whole plan's cancel, or the merchant's "stop reading". */
const readSignalOf = (o: PlanOptions): AbortSignal | undefined =>
  o.signal && o.readSignal ? AbortSignal.any([o.signal, o.readSignal]) : (o.readSignal ?? o.signal);

/** The chargebacks a plan sends packets to, each with its files, in the plan's order. */
function groupsOf(plan: BatchPlan): Map<string, PlannedFile[]> {
  const groups = new Map<string, PlannedFile[]>();
  for (const f of plan.files) {
    const target = targetOf(f);
    if (target) groups.set(target, [...(groups.get(target) ?? []), f]);
  }
  return groups;
}

export function createBatchService(deps: {
  store: Store;
  evidence: EvidenceStore;
  outbox: Outbox;
  reader?: ScanReader;
  now?: () => Date;
  /** The app's packets (with the card history's exhibits), so batch builds what respond builds. */
  packets?: Packets;
}) {
  const holdsOf = createHolds(deps);
  // Batch checks what was last synced, as its review did: no refresh per chargeback.
  const respond = createResponder({
    store: deps.store,
    evidence: deps.evidence,
    outbox: deps.outbox,
    ...(deps.packets ? { packets: deps.packets } : {}),
  });

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
      : { arrangement: arranged, slots: undefined, compellingEvidence: undefined };
    const letter = await packetLetter(
      deps.evidence,
      source,
      full.arrangement,
      undefined,
      full.slots,
      full.compellingEvidence,
    );
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

  function candidates(profileId: string, only?: readonly string[]) {
    const ids = deps.store.portfolio.chargebackIds(profileId);
    const chosen = only && new Set(only);
    const kept = chosen ? ids.filter((id) => chosen.has(id)) : ids;
    return kept.map((id) => {
      const d = deps.store.portfolio.detail(profileId, id)!;
      return candidateOf(d.chargeback, d.txn);
    });
  }

  return {
    /** Imports files and folders (recursive) and matches each file. */
    async plan(profile: Profile, paths: readonly string[], o: PlanOptions = {}): Promise<BatchPlan> {
      const outcomes = await deps.evidence.importPaths(paths, {
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.onProgress
          ? { onProgress: (done: number, total: number) => o.onProgress!('importing', done, total) }
          : {}),
      });
      return this.planImported(profile, outcomes, o);
    },

    /** Matches files already imported (dropped on the window, one by one): by name first (the
     * merchant's own naming wins), then, for names that say nothing, by what the scan says. */
    async planImported(profile: Profile, outcomes: readonly ImportOutcome[], o: PlanOptions = {}): Promise<BatchPlan> {
      const all = candidates(profile.id, o.only);
      const files: PlannedFile[] = outcomes.map((out) =>
        out.ok
          ? { name: out.item.name, itemId: out.item.id, pages: out.item.pages, match: matchFile(out.item.name, all) }
          : { name: out.name, match: { status: out.skipped ? 'skipped' : 'refused', reason: out.reason } },
      );
      const toRead = deps.reader
        ? outcomes.flatMap((out, i) =>
            out.ok && files[i]!.match.status === 'unmatched' ? [{ i, item: out.item }] : [],
          )
        : [];
      // A scan its name matched is not read, but it may lie sideways: which way up is tested
      // (cheaply, its first page) so that its packet page goes upright.
      const toTurn = deps.reader
        ? outcomes.flatMap((out, i) =>
            out.ok && ['matched', 'ambiguous'].includes(files[i]!.match.status) ? [{ i, item: out.item }] : [],
          )
        : [];
      const steps = toRead.length + toTurn.length;
      let stopped = false;
      for (const [n, { i, item }] of toRead.entries()) {
        o.signal?.throwIfAborted();
        if (o.readSignal?.aborted) stopped = true;
        if (stopped) {
          files[i] = {
            ...files[i]!,
            match: {
              status: 'unmatched',
              reason: 'Its name says nothing, and reading the scans was stopped before this one. Assign it by hand.',
            },
          };
          continue;
        }
        o.onProgress?.('reading', n, steps);
        try {
          const read = await deps.reader!.read(item, all, {
            signal: readSignalOf(o),
            shop: shopOf(profile),
            onProgress: (f) => o.onProgress?.('reading', n + f, steps),
          });
          files[i] = { ...files[i]!, match: read.match, ...(read.scan ? { scan: read.scan } : {}) };
        } catch (e) {
          if (!isAppError(e, 'cancelled') || o.signal?.aborted) throw e;
          stopped = true;
          files[i] = {
            ...files[i]!,
            match: {
              status: 'unmatched',
              reason: 'Its name says nothing, and reading the scans was stopped before this one. Assign it by hand.',
            },
          };
        }
      }
      for (const [n, { i, item }] of toTurn.entries()) {
        o.signal?.throwIfAborted();
        if (stopped || o.readSignal?.aborted) break;
        o.onProgress?.('reading', toRead.length + n, steps);
        try {
          const scan = await deps.reader!.orientation(item, { signal: readSignalOf(o) });
          if (scan && turnOf(scan, 0) !== 0) files[i] = { ...files[i]!, scan };
        } catch (e) {
          // Stopped: the scans not yet tested go as they lie.
          if (!isAppError(e, 'cancelled') || o.signal?.aborted) throw e;
          break;
        }
      }
      if (steps) o.onProgress?.('reading', steps, steps);
      return { profileId: profile.id, files: uniquelyNamed(flagShared(files)) };
    },

    /** A receipt added to `chargebackId`'s evidence that plainly belongs to another chargeback
     * (its name names another, or its scan matches another's transaction and not this one's):
     * the warning to show before it is sent to the wrong dispute; undefined when it fits or
     * nothing can be told. */
    async belongsElsewhere(
      profile: Profile,
      chargebackId: string,
      itemId: string,
      o: { signal?: AbortSignal } = {},
    ): Promise<string | undefined> {
      const item = await deps.evidence.get(itemId);
      if (!item) throw new AppError('not-found', 'That file is no longer in the evidence store; add it again.');
      const all = candidates(profile.id);
      let m = matchFile(item.name, all);
      if (m.status === 'unmatched' && deps.reader)
        m = await deps.reader.match(item, all, { ...o, shop: shopOf(profile) });
      if (m.status !== 'matched' || m.chargebackId === chargebackId) return undefined;
      const how = m.rule === 'content' ? 'What is printed on it' : 'Its name';
      return (
        `${item.name} looks like evidence for chargeback ${m.chargebackId}, not this ` +
        `one. ${how}: ${m.reason} Remove it unless you are sure it belongs here.`
      );
    },

    /** The profile's chargebacks as the review shows them beside a scan (customer, order, amount,
     * date, reply date), to suggest from as the merchant types. */
    chargebacks(profileId: string, only?: readonly string[]): BatchChargeback[] {
      const now = deps.now?.() ?? new Date();
      const chosen = only && new Set(only);
      return deps.store.portfolio.chargebackIds(profileId).flatMap((id) => {
        if (chosen && !chosen.has(id)) return [];
        const d = deps.store.portfolio.detail(profileId, id);
        if (!d) return [];
        const cb = d.chargeback;
        const t = d.txn;
        const person = [t?.first, t?.last].filter(Boolean).join(' ') || t?.company || null;
        const created = parseServiceTimestamp(t?.created ?? null);
        const day = created ? Number(toSearchDate(created)) : cb.issued;
        return [
          {
            id,
            customer: person,
            email: t?.email ?? null,
            order: t?.order ?? null,
            total: cb.total,
            currency: cb.currency,
            date: day ? formatYmd(day) : null,
            reply: cb.reply ? formatYmd(cb.reply) : null,
            daysLeft: daysLeft(cb.reply, now) ?? null,
            cycle: cb.cycle,
            answerable: cb.status === 'open' && cb.actionable === 1,
          },
        ];
      });
    },

    /** A file goes to a chargeback (named by its ID, order number, customer, email or amount),
     * back to what the matcher said (none given), or is left out. */
    assign(plan: BatchPlan, fileName: string, named: string | undefined, leaveOut = false): BatchPlan {
      let chargebackId = named?.trim() || undefined;
      if (chargebackId && !deps.store.portfolio.getChargeback(plan.profileId, chargebackId)) {
        const fits = findChargebacks(this.chargebacks(plan.profileId), chargebackId);
        if (fits.length === 0)
          throw new AppError(
            'not-found',
            `No chargeback in this profile has the ID, order number, customer, email or amount “${chargebackId}”.`,
          );
        if (fits.length > 1)
          throw new AppError(
            'bad-input',
            `“${chargebackId}” fits ${fits.length} chargebacks: ` +
              `${fits
                .slice(0, 5)
                .map((c) => `${c.id} (${describeChargeback(c)})`)
                .join('; ')}. Choose one.`,
          );
        chargebackId = fits[0]!.id;
      }
      let found = false;
      const files = plan.files.map((f) => {
        if (f.name !== fileName || unusable(f)) return f;
        found = true;
        const { assigned: _old, leftOut: _out, ...rest } = f;
        return leaveOut ? { ...rest, leftOut: true } : chargebackId ? { ...rest, assigned: chargebackId } : rest;
      });
      if (!found) throw new AppError('not-found', `${fileName} is not an assignable file of this batch.`);
      return { ...plan, files };
    },

    /** Every packet as it would go, before anything is queued: the letter exactly as it would be
     * written, and what holds the chargeback back (closed, decided, overdue, unusual at its stage,
     * already answered). Queue applies the same review. */
    async review(profile: Profile, plan: BatchPlan): Promise<PacketReview[]> {
      const out: PacketReview[] = [];
      for (const [chargebackId, files] of groupsOf(plan))
        out.push(await reviewPacket(profile, chargebackId, files, plan));
      return out;
    },

    /** One packet per chargeback into the outbox; nothing is sent before this is called. A
     * packet the review holds back is skipped with its reason unless the plan insists on it. */
    async queue(
      profile: Profile,
      plan: BatchPlan,
      o: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
    ): Promise<BatchReport> {
      const report: BatchReport = { chargebacks: [], files: [] };
      for (const f of plan.files) {
        if (targetOf(f)) continue;
        if (f.leftOut)
          report.files.push({ name: f.name, outcome: 'left out', reason: 'You left it out of this batch.' });
        else
          report.files.push({
            name: f.name,
            outcome: f.match.status === 'matched' ? 'unmatched' : f.match.status,
            reason: f.match.reason,
          });
      }
      const groups = groupsOf(plan);
      let done = 0;
      for (const [chargebackId, files] of groups) {
        o.signal?.throwIfAborted();
        const names = files.map((f) => f.name);
        try {
          const reviewed = await reviewPacket(profile, chargebackId, files, plan);
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
            evidence: { arrangement: { pages: await pagesOf(files) } },
            ...consentsOf(reviewed.holds),
          };
          const answered = await respond.answer(answer, windowWording, o.signal ? { signal: o.signal } : {});
          report.chargebacks.push(
            answered.ok
              ? { chargebackId, outcome: 'queued', files: names, jobId: answered.job.id }
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
    },
  };
}
export type BatchService = ReturnType<typeof createBatchService>;
