// A batch's plan: files imported (a folder, or files dropped on the window) and each matched to a
// chargeback, by its name first and, where the name says nothing, by what its scan says; scans a
// name matched are only tested for which way up they lie.
import type { Store } from '../../store/index.ts';
import type { EvidenceStore } from '../../evidence/evidence-store.ts';
import type { Profile } from '../../../shared/profiles.ts';
import { turnOf, type BatchPlan, type PlannedFile } from '../../../shared/batch.ts';
import { isAppError } from '../../../shared/errors.ts';
import type { ImportOutcome } from '../../../shared/evidence/items.ts';
import { matchFile } from './match-files.ts';
import { matchTargets, shopOf } from './match-targets.ts';
import type { ScanReader } from './read-scan.ts';

export interface PlanOptions {
  signal?: AbortSignal;
  onProgress?: (phase: 'importing' | 'reading', done: number, total: number) => void;
  /** Stops reading scans: files not yet read keep their name's verdict, nothing else is lost. */
  readSignal?: AbortSignal;
  /** Match files only to these chargebacks (the ones the merchant selected in the inbox). */
  only?: readonly string[];
}

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

/** What stops reading scans: the whole plan's cancel, or the merchant's "stop reading". */
const readSignalOf = (o: PlanOptions): AbortSignal | undefined =>
  o.signal && o.readSignal ? AbortSignal.any([o.signal, o.readSignal]) : (o.readSignal ?? o.signal);

export function createPlanner(deps: { store: Store; evidence: EvidenceStore; reader?: ScanReader }) {
  /** Matches files already imported (dropped on the window, one by one): by name first (the
   * merchant's own naming wins), then, for names that say nothing, by what the scan says. */
  async function planImported(
    profile: Profile,
    outcomes: readonly ImportOutcome[],
    o: PlanOptions = {},
  ): Promise<BatchPlan> {
    const all = matchTargets(deps.store, profile.id, o.only);
    const files: PlannedFile[] = outcomes.map((out) =>
      out.ok
        ? { name: out.item.name, itemId: out.item.id, pages: out.item.pages, match: matchFile(out.item.name, all) }
        : { name: out.name, match: { status: out.skipped ? 'skipped' : 'refused', reason: out.reason } },
    );
    const toRead = deps.reader
      ? outcomes.flatMap((out, i) => (out.ok && files[i]!.match.status === 'unmatched' ? [{ i, item: out.item }] : []))
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
      return planImported(profile, outcomes, o);
    },
    planImported,
  };
}
