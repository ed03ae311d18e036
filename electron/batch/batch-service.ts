// Batch upload of scanned receipts: import a folder, match each file to a chargeback, let the
// merchant review and assign, then one evidence packet per chargeback into the outbox, and a
// report of what happened to every chargeback and every file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '../store/index.ts';
import type { EvidenceStore } from '../evidence/evidence-store.ts';
import type { Outbox } from '../outbox/outbox-service.ts';
import type { Profile } from '../../shared/profiles.ts';
import { buildPacket } from '../evidence/build-packet.ts';
import { coverLetterFor, exhibitNames, letterProblem } from '../evidence/cover-letter-facts.ts';
import { matchFile, candidateOf } from './match-files.ts';
import { targetOf, unusable, type BatchPlan, type BatchReport, type PlannedFile } from '../../shared/batch.ts';
import { AppError, userMessage } from '../../shared/errors.ts';
import type { ImportOutcome, ArrangedPage } from '../../shared/evidence/items.ts';

/** Files of a folder and its subfolders can share a name (jan/scan1.pdf, feb/scan1.pdf): each
 * row of the plan gets a name of its own, so assigning one never assigns another. Matching has
 * already read the original names. */
function uniquelyNamed(files: PlannedFile[]): PlannedFile[] {
  const taken = new Set<string>();
  return files.map((f) => {
    let name = f.name;
    const dot = f.name.lastIndexOf('.');
    for (let n = 2; taken.has(name); n++) name = dot > 0 ? `${f.name.slice(0, dot)} (copy ${n})${f.name.slice(dot)}` : `${f.name} (copy ${n})`;
    taken.add(name);
    return name === f.name ? f : { ...f, name };
  });
}

export function createBatchService(deps: { store: Store; evidence: EvidenceStore; outbox: Outbox }) {
  function candidates(profileId: string) {
    return deps.store.portfolio.chargebackIds(profileId).map((id) => {
      const d = deps.store.portfolio.detail(profileId, id)!;
      return candidateOf(d.chargeback, d.txn);
    });
  }

  return {
    /** Imports files and folders (recursive) and matches each file. */
    async plan(profile: Profile, paths: readonly string[], o: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {}): Promise<BatchPlan> {
      const outcomes = await deps.evidence.importPaths(paths, { ...(o.signal ? { signal: o.signal } : {}), ...(o.onProgress ? { onProgress: (done: number, total: number) => o.onProgress!(done, total) } : {}) });
      return this.planImported(profile, outcomes);
    },

    /** Matches files already imported (dropped on the window, one by one). */
    planImported(profile: Profile, outcomes: readonly ImportOutcome[]): BatchPlan {
      const all = candidates(profile.id);
      const files: PlannedFile[] = outcomes.map((out) => (out.ok ? { name: out.item.name, itemId: out.item.id, pages: out.item.pages, match: matchFile(out.item.name, all) } : { name: out.name, match: { status: out.skipped ? 'skipped' : 'refused', reason: out.reason } }));
      return { profileId: profile.id, files: uniquelyNamed(files) };
    },

    /** A file goes to `chargebackId`, back to what the matcher said (none given), or is left out. */
    assign(plan: BatchPlan, fileName: string, chargebackId: string | undefined, leaveOut = false): BatchPlan {
      if (chargebackId && !deps.store.portfolio.getChargeback(plan.profileId, chargebackId)) throw new AppError('not-found', `Chargeback ${chargebackId} is not in this profile.`);
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

    /** One packet per chargeback into the outbox; nothing is sent before this is called. */
    async queue(profile: Profile, plan: BatchPlan, o: { messageType?: 'respond' | 'respondToDispute'; signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {}): Promise<BatchReport> {
      const groups = new Map<string, PlannedFile[]>();
      const report: BatchReport = { chargebacks: [], files: [] };
      for (const f of plan.files) {
        const target = targetOf(f);
        if (target) groups.set(target, [...(groups.get(target) ?? []), f]);
        else if (f.leftOut) report.files.push({ name: f.name, outcome: 'left out', reason: 'You left it out of this batch.' });
        else report.files.push({ name: f.name, outcome: f.match.status === 'matched' ? 'unmatched' : f.match.status, reason: f.match.reason });
      }
      let done = 0;
      for (const [chargebackId, files] of groups) {
        o.signal?.throwIfAborted();
        const names = files.map((f) => f.name);
        const cb = deps.store.portfolio.getChargeback(profile.id, chargebackId);
        if (!cb) {
          report.chargebacks.push({ chargebackId, outcome: 'skipped', files: names, reason: 'This chargeback is not in the local store.' });
          continue;
        }
        if (cb.status !== 'open' || cb.actionable !== 1) {
          report.chargebacks.push({ chargebackId, outcome: 'skipped', files: names, reason: cb.status !== 'open' ? `It is ${cb.status} and no longer accepts responses.` : 'It cannot be answered through the API.' });
          continue;
        }
        const work = await mkdtemp(join(tmpdir(), 'dd-batch-'));
        try {
          // Page counts come from the evidence store, not from the plan the window sent back.
          const pages: ArrangedPage[] = [];
          for (const f of files) {
            const item = f.itemId ? await deps.evidence.get(f.itemId) : undefined;
            if (!item) throw new AppError('not-found', `${f.name} is no longer in the evidence store; add it again.`);
            for (let page = 0; page < item.pages; page++) pages.push({ itemId: item.id, page, rotation: 0 });
          }
          const letter = coverLetterFor(cb, { merchantName: profile.merchant ?? profile.name, txn: deps.store.portfolio.detail(profile.id, cb.id)?.txn, exhibits: await exhibitNames(deps.evidence, { pages }) });
          const blanks = letterProblem(letter);
          if (blanks) throw blanks;
          const built = await buildPacket(deps.evidence, { pages }, { preset: profile.preset, limits: profile.limits, pageSize: profile.pageSize, output: 'pdf', baseName: `evidence ${cb.id}` }, { outDir: work, coverLetter: letter });
          if (!built.ok) {
            report.chargebacks.push({ chargebackId, outcome: 'failed', files: names, reason: built.problems.map((p) => p.message).join(' ') });
            continue;
          }
          const job = await deps.outbox.submit({ profileId: profile.id, chargebackId, messageType: o.messageType ?? 'respond', documents: built.files.map((f) => ({ path: join(work, f.name), name: f.name, documentType: f.documentType })) });
          report.chargebacks.push({ chargebackId, outcome: 'queued', files: names, jobId: job.id });
        } catch (e) {
          report.chargebacks.push({ chargebackId, outcome: 'failed', files: names, reason: userMessage(e) });
        } finally {
          await rm(work, { recursive: true, force: true });
          o.onProgress?.(++done, groups.size);
        }
      }
      return report;
    },
  };
}
export type BatchService = ReturnType<typeof createBatchService>;
