// The size-budget solver: encodes the pages at each step (solver-steps.ts), packs them into
// files, settles the cover letter, and stops at the first step where every file and the whole
// packet fit, or at the last step with the problems that remain. No page is dropped silently.
import type { EvidenceStore } from '../evidence-store.ts';
import type { Exhibit } from '../cover-letter.ts';
import type {
  Arrangement,
  BuildSettings,
  CoverLetterInput,
  EvidenceItem,
  PageProblem,
} from '../../../shared/evidence/items.ts';
import { encodeAll } from './encode.ts';
import { COVER_PAGE_BYTES, estimatedBytes, pack, type Encoded, type Packing } from './pack.ts';
import { settleCover } from './letter.ts';
import {
  imageFileShape,
  imageFileTooLarge,
  missingItem,
  missingPage,
  packetTooLarge,
  pageTooLarge,
  tooManyPages,
} from './problems.ts';
import { solverSteps } from './solver-steps.ts';

export interface Plan {
  step: number;
  pages: Encoded[];
  packing: Packing;
  coverPages: number;
  exhibits: Exhibit[];
  problems: PageProblem[];
  estimatedBytes: number;
}

const emptyPlan = (problems: PageProblem[]): Plan => ({
  step: 0,
  pages: [],
  packing: { files: [], oversize: [] },
  coverPages: 0,
  exhibits: [],
  problems,
  estimatedBytes: 0,
});

/** The arrangement's items, each read once, and the pages that refer to nothing. */
async function itemsOf(
  store: EvidenceStore,
  arrangement: Arrangement,
): Promise<{ items: Map<string, EvidenceItem>; problems: PageProblem[] }> {
  const items = new Map<string, EvidenceItem>();
  const problems: PageProblem[] = [];
  for (const p of arrangement.pages) {
    if (!items.has(p.itemId)) {
      const item = await store.get(p.itemId);
      if (!item) {
        problems.push(missingItem(p.itemId));
        continue;
      }
      items.set(p.itemId, item);
    }
    const item = items.get(p.itemId)!;
    if (p.page >= item.pages) problems.push(missingPage(item, p.page));
  }
  return { items, problems };
}

export async function solve(
  store: EvidenceStore,
  arrangement: Arrangement,
  settings: BuildSettings,
  cover: CoverLetterInput | undefined,
  o: {
    signal?: AbortSignal | undefined;
    onProgress?: ((done: number, total: number) => void) | undefined;
    estimate?: boolean | undefined;
  },
): Promise<Plan> {
  const { items, problems: refProblems } = await itemsOf(store, arrangement);
  if (refProblems.length) return emptyPlan(refProblems);
  const limits = settings.limits;
  if (settings.output === 'image') {
    const shape = imageFileShape(arrangement.pages.length, !!cover);
    if (shape.length) return emptyPlan(shape);
  }
  const { colour, denoise, steps } = solverSteps(settings);
  let plan: Plan | undefined;
  for (let s = 0; s < steps.length; s++) {
    const { pages, problems: broken } = await encodeAll(
      store,
      items,
      arrangement,
      settings,
      colour,
      denoise,
      steps[s]!,
      s,
      o,
    );
    if (broken.length) return { ...emptyPlan(broken), step: s };
    const problems: PageProblem[] = [];
    if (settings.output === 'image') {
      const p = pages[0]!;
      const limit = Math.min(limits.maxFileBytes, limits.maxTotalBytes);
      if (p.bytes > limit) problems.push(imageFileTooLarge(p, limit));
      plan = {
        step: s,
        pages,
        packing: { files: [[0]], oversize: [] },
        coverPages: 0,
        exhibits: [],
        problems,
        estimatedBytes: p.bytes,
      };
      if (problems.length === 0) break;
      continue;
    }
    let packing = pack(pages, cover ? COVER_PAGE_BYTES : 0, limits.maxFileBytes);
    let settled = await settleCover(pages, packing, cover, settings);
    packing = pack(pages, COVER_PAGE_BYTES * settled.coverPages, limits.maxFileBytes);
    settled = await settleCover(pages, packing, cover, settings);
    const { coverPages, exhibits } = settled;
    const bytes = estimatedBytes(pages, packing, coverPages);
    for (const i of packing.oversize) problems.push(pageTooLarge(pages[i]!, limits));
    if (bytes > limits.maxTotalBytes) problems.push(packetTooLarge(pages, bytes, limits));
    const totalPages = pages.length + coverPages;
    if (totalPages > limits.maxPages) problems.push(tooManyPages(totalPages, coverPages, limits));
    plan = { step: s, pages, packing, coverPages, exhibits, problems, estimatedBytes: bytes };
    // Fewer pages cannot be reached by compressing harder: stop stepping for that alone.
    const onlyPageCount =
      problems.length === 1 &&
      totalPages > limits.maxPages &&
      bytes <= limits.maxTotalBytes &&
      packing.oversize.length === 0;
    if (problems.length === 0 || onlyPageCount) break;
  }
  return plan!;
}
