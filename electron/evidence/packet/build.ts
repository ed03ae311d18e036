// Turns the merchant's arrangement into files the processor accepts: the estimate the window
// shows as the merchant arranges, and the build that writes the files (split where the per-file
// limit demands; a failed build leaves nothing behind). The solver (solve.ts) decides what each
// page becomes; this writes it, and packs tighter if a file comes out over its limit.
import { maskedPlaces, maskedWarning, unsearchedWarning } from '../card-mask/page-masks.ts';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomic } from '../../fs/write-atomic.ts';
import type { EvidenceStore } from '../evidence-store.ts';
import { safeBaseName } from '../safe-names.ts';
import type {
  Arrangement,
  BuildResult,
  BuildSettings,
  CoverLetterInput,
  Estimate,
  OutputFile,
} from '../../../shared/evidence/items.ts';
import { AppError } from '../../../shared/errors.ts';
import { assembleFile } from './assemble.ts';
import { settleCover } from './letter.ts';
import { COVER_PAGE_BYTES, pack } from './pack.ts';
import { warningsOf } from './problems.ts';
import { solve } from './solve.ts';
import { solverSteps } from './solver-steps.ts';

const lastStep = (settings: BuildSettings): number => solverSteps(settings).steps.length - 1;

export async function estimatePacket(
  store: EvidenceStore,
  arrangement: Arrangement,
  settings: BuildSettings,
  cover?: CoverLetterInput,
): Promise<Estimate> {
  const plan = await solve(store, arrangement, settings, settings.coverLetter === false ? undefined : cover, {
    estimate: true,
  });
  return {
    bytes: Math.round(plan.estimatedBytes),
    pages: plan.pages.length + plan.coverPages,
    files: plan.packing.files.length,
    fits: plan.problems.length === 0,
    problems: plan.problems.map((p) => p.message),
    warnings: warningsOf(plan, settings, lastStep(settings)),
  };
}

export async function buildPacket(
  store: EvidenceStore,
  arrangement: Arrangement,
  settings: BuildSettings,
  o: {
    outDir: string;
    coverLetter?: CoverLetterInput;
    signal?: AbortSignal;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<BuildResult> {
  const cover = settings.coverLetter === false ? undefined : o.coverLetter;
  if (arrangement.pages.length === 0 && !cover)
    throw new AppError('bad-input', 'There are no pages to build: add evidence first.');
  const plan = await solve(store, arrangement, settings, cover, o);
  if (plan.problems.length > 0)
    return {
      ok: false,
      files: [],
      totalBytes: 0,
      totalPages: plan.pages.length + plan.coverPages,
      problems: plan.problems,
      warnings: [],
      step: plan.step,
    };
  const base = safeBaseName(settings.baseName);
  const masked = maskedPlaces(plan.pages);
  const warnings = [
    ...warningsOf(plan, settings, lastStep(settings)),
    ...[maskedWarning(masked) ?? [], unsearchedWarning(store, plan.pages) ?? []].flat(),
  ];
  const report = masked.length ? { masked } : {};

  // A folder made here is removed again if the build fails: a failure leaves nothing behind.
  const createdDir = await mkdir(o.outDir, { recursive: true });
  const written: string[] = [];
  try {
    if (settings.output === 'image') {
      const only = plan.pages[0]!;
      if (only.kind !== 'image' || only.rendered.format === 'bilevel')
        throw new AppError('internal', 'The page was not drawn as an image file.');
      const ext = only.rendered.format === 'png' ? 'png' : 'jpg';
      const name = `${base}.${ext}`;
      await writeAtomic(join(o.outDir, name), only.rendered.data);
      written.push(name);
      const file: OutputFile = { name, documentType: ext, bytes: only.rendered.data.length, pages: 1 };
      return {
        ok: true,
        files: [file],
        totalBytes: file.bytes,
        totalPages: 1,
        problems: [],
        warnings,
        step: plan.step,
        ...report,
      };
    }
    let packing = plan.packing;
    let settled = { coverPages: plan.coverPages, exhibits: plan.exhibits };
    for (let attempt = 0; attempt < 3; attempt++) {
      const built = [];
      for (const [f, indices] of packing.files.entries()) {
        o.signal?.throwIfAborted();
        built.push(
          await assembleFile(
            store,
            plan.pages,
            indices,
            settings,
            f === 0 && cover ? { input: cover, exhibits: settled.exhibits } : undefined,
          ),
        );
      }
      const over = built.map((b) => b.bytes.length - settings.limits.maxFileBytes);
      if (over.every((x) => x <= 0)) {
        const files: OutputFile[] = [];
        for (const [f, b] of built.entries()) {
          const name = built.length === 1 ? `${base}.pdf` : `${base}-part-${f + 1}-of-${built.length}.pdf`;
          await writeAtomic(join(o.outDir, name), b.bytes);
          written.push(name);
          files.push({ name, documentType: 'pdf', bytes: b.bytes.length, pages: b.pages });
        }
        const totalBytes = files.reduce((s, x) => s + x.bytes, 0);
        if (totalBytes > settings.limits.maxTotalBytes)
          throw new AppError('internal', 'The built packet came out larger than estimated; try the strict preset.');
        return {
          ok: true,
          files,
          totalBytes,
          totalPages: files.reduce((s, x) => s + x.pages, 0),
          problems: [],
          warnings,
          step: plan.step,
          ...report,
        };
      }
      // The estimate was short (shared resources, fonts): pack tighter by the overshoot, and
      // settle the letter again, since its exhibit page numbers follow the new split.
      packing = pack(
        plan.pages,
        COVER_PAGE_BYTES * settled.coverPages,
        settings.limits.maxFileBytes - Math.max(...over) - 4096,
      );
      settled = await settleCover(plan.pages, packing, cover, settings);
    }
    throw new AppError(
      'internal',
      'The packet could not be split within the per-file limit; lower the preset or remove pages.',
    );
  } catch (e) {
    for (const name of written) await rm(join(o.outDir, name), { force: true });
    if (createdDir) await rm(createdDir, { recursive: true, force: true });
    throw e;
  }
}
