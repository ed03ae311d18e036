// Answering a chargeback: the one use case behind the window's "Send", `dispute-desk respond` and
// batch's queue. The answer is checked first, at the outbox's own gate (its submission guards:
// readiness — something to send, an open chargeback, a yes to an unusual or late answer — the
// money rule, evidence only where the service takes it with this message, no unmeant second
// answer) and for the merchant's confirmation, before any evidence is imported or built. Its
// packet is then built once, straight into an outbox staging folder (or taken from the preview the
// merchant saw, when nothing changed), and queued from there. Refusals come back as values, in the
// merchant's words for where they answer from; only a stop (the signal) is thrown.
import { join } from 'node:path';
import type { Store } from '../../store/index.ts';
import type { EvidenceStore } from '../../evidence/evidence-store.ts';
import type { Outbox } from '../../outbox/outbox-service.ts';
import type { SyncEngine } from '../../sync/sync-engine.ts';
import { refreshForAnswer } from '../../outbox/answers.ts';
import { letterProblem } from '../../evidence/cover-letter-facts.ts';
import type { Chargeback } from '../../../shared/api/index.ts';
import type { NewSubmission, OutboxJob } from '../../../shared/outbox.ts';
import type { Profile } from '../../../shared/profiles.ts';
import type { Arrangement, BuildSettings } from '../../../shared/evidence/items.ts';
import type { Slots } from '../../../shared/evidence/slots.ts';
import { AppError } from '../../../shared/errors.ts';
import { messageTypeRules } from '../../../shared/domain/message-type-rules.ts';
import { concessionMeaning, parseConcession, typedAmount } from '../../../shared/domain/concession.ts';
import { hasTypedFacts, type ReadinessConsents } from '../../../shared/domain/answer-readiness.ts';
import { createPackets, wholeFiles, type Packets } from './packets.ts';
import { done, refused, type Outcome } from '../outcome.ts';

/** How the merchant does things where they answer from (the window, the CLI's flags): the
 * refusals say it in these words. */
export interface Wording {
  /** What to do about a chargeback the store does not hold. */
  notInStore: string;
  /** How an answer that cannot be undone is confirmed. */
  confirm: string;
  /** How the amount conceded is given, where it is typed (a flag): refusals of it name it. */
  amount?: string;
  /** How a second answer to the same stage is said to be meant, added to its refusal. */
  anotherAnswer?: string;
  /** How the merchant says yes to an answer the stage does not usually take. */
  unusual: string;
  /** How the merchant says yes to sending after the reply date. */
  sendLate: string;
}

/** The window's words; batch's too (it runs in the window, and confirms by queuing). */
export const windowWording: Wording = {
  notInStore: 'sync and try again',
  confirm: 'confirm it first',
  unusual: 'To send it anyway, choose it again and confirm that you mean it.',
  sendLate: 'To send it anyway, press Send again and confirm sending it late.',
};

/** The evidence of an answer: stored files as the merchant arranged them, or files on disk,
 * imported and sent whole. */
export type AnswerEvidence = {
  settings?: BuildSettings;
  rebuttal?: string;
  slots?: Slots;
  /** Add the customer's earlier orders as an exhibit; without it, as chosen on the dispute page. */
  customerHistory?: boolean;
} & ({ arrangement: Arrangement } | { paths: readonly string[] });

export interface AnswerRequest extends Pick<
  NewSubmission,
  'profileId' | 'chargebackId' | 'messageType' | 'note' | 'anotherAnswer' | keyof ReadinessConsents
> {
  /** Minor units, or the amount as the merchant typed it (read in the chargeback's currency). */
  amount?: number | string | undefined;
  /** The merchant confirmed an answer that cannot be undone. */
  confirmed: boolean;
  evidence?: AnswerEvidence | undefined;
}

/** An answer queued: its job, what the merchant should know of it, what a concession means in
 * words, and the pages of the packet as built (its cover letter's included). */
export interface Answered {
  job: OutboxJob;
  warnings: string[];
  meaning?: string;
  packetPages?: number;
}

/** Evidence to build: files, or typed facts (they are written into the packet without a file). */
const hasEvidence = (e: AnswerEvidence | undefined): e is AnswerEvidence =>
  e !== undefined && ('paths' in e ? e.paths.length > 0 : e.arrangement.pages.length > 0 || hasTypedFacts(e.slots));

/** The amount in minor units, read from what the merchant typed where they typed it. */
function amountOf(r: AnswerRequest, cb: Chargeback, wording: Wording): { amount?: number } | { error: AppError } {
  const rule = messageTypeRules[r.messageType];
  if (r.amount === undefined && rule.needsAmount && wording.amount) {
    const most = cb.total ? `; at most ${typedAmount(cb.total, cb.currency)}` : '';
    return {
      error: new AppError(
        'validation',
        `${rule.label} needs ${wording.amount} (the amount conceded, in ${cb.currency}${most}).`,
        { fields: [{ field: 'amount', message: 'required' }] },
      ),
    };
  }
  if (typeof r.amount !== 'string') return r.amount === undefined ? {} : { amount: r.amount };
  return parseConcession(r.amount, cb);
}

/** A refusal as said where the merchant answers from. */
function worded(e: AppError, wording: Wording): AppError {
  const consent = e.fields?.find((f) => f.field === 'unusual' || f.field === 'sendLate')?.field;
  if (consent === 'unusual' || consent === 'sendLate')
    return new AppError(e.kind, `${e.message} ${wording[consent]}`, { cause: e, fields: e.fields });
  if (e.kind === 'conflict' && wording.anotherAnswer)
    return new AppError('conflict', `${e.message} ${wording.anotherAnswer}`, { cause: e });
  if (wording.amount && e.fields?.some((f) => f.field === 'amount'))
    return new AppError(e.kind, `${wording.amount}: ${e.message}`, { cause: e, fields: e.fields });
  return e;
}

export function createResponder(deps: {
  store: Store;
  evidence: EvidenceStore;
  outbox: Outbox;
  packets?: Packets;
  /** Brings the chargeback's answers from the service before checking (the window and the CLI
   * do; batch checks what was last synced, as its review did). */
  sync?: Pick<SyncEngine, 'syncChargeback'>;
}) {
  const packets = deps.packets ?? createPackets({ store: deps.store, evidence: deps.evidence });

  /** Imports files given by path (each one that cannot be used is said in a warning), or takes
   * the arrangement as it is. */
  async function arrangementOf(
    e: AnswerEvidence,
    warnings: string[],
    signal?: AbortSignal,
  ): Promise<Arrangement | AppError> {
    if (!('paths' in e)) return e.arrangement;
    // No file named: the card history's exhibits alone make the packet.
    if (e.paths.length === 0) return { pages: [] };
    // The packet is built from them at once, and searched for card numbers first.
    const imported = await deps.evidence.importPaths(e.paths, { searchFollows: true, ...(signal ? { signal } : {}) });
    for (const o of imported) if (!o.ok) warnings.push(o.reason);
    const arrangement = wholeFiles(imported.flatMap((o) => (o.ok ? [o.item] : [])));
    return arrangement.pages.length
      ? arrangement
      : new AppError('bad-input', 'None of the evidence files could be used; nothing was queued.');
  }

  /** The evidence built into `staging`: the documents to queue, or why it cannot go. */
  async function documentsIn(
    staging: string,
    profile: Profile,
    cb: Chargeback,
    e: AnswerEvidence,
    warnings: string[],
    signal?: AbortSignal,
  ): Promise<{ documents: NewSubmission['documents']; pages: number } | AppError> {
    const arrangement = await arrangementOf(e, warnings, signal);
    if (arrangement instanceof AppError) return arrangement;
    const packet = await packets.plan(profile, cb, {
      arrangement,
      settings: e.settings,
      rebuttal: e.rebuttal,
      slots: e.slots,
      customerHistory: e.customerHistory,
    });
    const blanks = packet.cover && letterProblem(packet.cover);
    if (blanks) return blanks;
    const built = await packets.buildInto(packet, staging, { signal });
    if (!built.ok)
      return new AppError(
        'bad-input',
        `The evidence does not fit ${profile.name}'s limits: ${built.problems.map((p) => p.message).join(' ')}`,
      );
    warnings.push(...built.warnings);
    return {
      documents: built.files.map((f) => ({
        path: join(staging, f.name),
        name: f.name,
        documentType: f.documentType,
        pages: f.pages,
      })),
      pages: built.totalPages,
    };
  }

  /** Checks, builds and queues one answer. `o.withJob` is written in the job's own transaction,
   * with the pages of the packet as built: if it fails, nothing is queued. */
  async function answer(
    r: AnswerRequest,
    wording: Wording,
    o: { signal?: AbortSignal; withJob?(job: OutboxJob, packetPages: number | undefined): void } = {},
  ): Promise<Outcome<Answered>> {
    const profile = deps.store.profiles.get(r.profileId);
    const warnings: string[] = [];
    // Against what the service holds now (an answer sent from elsewhere counts); offline, against
    // what was last synced, and a warning says so. The chargeback is then read once, and the
    // amount, the gate and the packet all judge that one reading.
    const stale = profile && deps.sync && (await refreshForAnswer(deps.sync, profile.id, r.chargebackId));
    const cb = profile && deps.store.portfolio.getChargeback(profile.id, r.chargebackId);
    if (!profile || !cb)
      return refused(
        new AppError('not-found', `Chargeback ${r.chargebackId} is not in the local store: ${wording.notInStore}.`),
      );
    if (stale) warnings.push(stale);
    const typed = amountOf(r, cb, wording);
    if ('error' in typed) return refused(worded(typed.error, wording));
    const submission = {
      profileId: profile.id,
      chargebackId: cb.id,
      messageType: r.messageType,
      ...(r.note ? { note: r.note } : {}),
      ...(typed.amount !== undefined ? { amount: typed.amount, currency: cb.currency } : {}),
      ...(r.anotherAnswer ? { anotherAnswer: true } : {}),
      ...(r.unusual ? { unusual: true } : {}),
      ...(r.sendLate ? { sendLate: true } : {}),
    };
    // The card history's exhibits (CE 3.0, the customer's orders) are evidence of their own: with
    // them alone the answer has a packet to send.
    const evidence = r.evidence;
    const fromHistory =
      evidence !== undefined && (await packets.historyTitles(profile, cb, evidence.customerHistory)).length > 0;
    const withDocuments = hasEvidence(evidence) || fromHistory;
    const gate = deps.outbox.refusal({ ...submission, withDocuments }, { cb });
    if (gate) return refused(worded(gate, wording));
    const rule = messageTypeRules[r.messageType];
    const meaning = typed.amount !== undefined ? concessionMeaning(typed.amount, cb) : undefined;
    if (rule.needsConfirmation && !r.confirmed) {
      return refused(
        new AppError(
          'validation',
          `${rule.label} cannot be undone: ${wording.confirm}.${meaning ? ` ${meaning}` : ''}`,
          { fields: [{ field: 'confirmed', message: 'required' }] },
        ),
      );
    }
    const queue = async (documents: NewSubmission['documents'], packetPages?: number): Promise<Outcome<Answered>> => {
      const withJob = o.withJob;
      // The gate was asked above, before anything was built; queueing asks it again in the job's
      // transaction, where a change since is caught (another answer queued meanwhile).
      const queued = await deps.outbox.queue(
        { ...submission, documents },
        { asked: true, ...(withJob ? { inTransaction: (job: OutboxJob) => withJob(job, packetPages) } : {}) },
      );
      if (!queued.ok) return refused(worded(queued.error, wording));
      // The packet is queued: a preview of the chargeback's evidence is of no more use.
      if (documents.length > 0) await packets.sent(cb.id);
      return done({
        job: queued.value,
        warnings,
        ...(meaning ? { meaning } : {}),
        ...(packetPages !== undefined ? { packetPages } : {}),
      });
    };
    if (!evidence || !withDocuments) return queue([]);
    return deps.outbox.stage(async (staging) => {
      const packet = await documentsIn(staging, profile, cb, evidence, warnings, o.signal);
      if (packet instanceof AppError) return refused(packet);
      // A stop that came during the build means the merchant no longer wants this queued.
      o.signal?.throwIfAborted();
      return queue(packet.documents, packet.pages);
    });
  }

  return { answer };
}
export type Responder = ReturnType<typeof createResponder>;
