// Packing encoded pages into files in the merchant's order, and the byte overheads the estimate
// counts for a page, a file and a cover letter page.
import type { CardMask } from '../../../shared/evidence/card-numbers.ts';
import type { ArrangedPage, EvidenceItem } from '../../../shared/evidence/items.ts';
import type { RenderedPage } from '../render-page.ts';
import type { DrawnBecause } from './page-policy.ts';

export const PAGE_OVERHEAD = 900;
export const FILE_OVERHEAD = 3000;
/** A cover letter page is text in a standard (not embedded) font: well under this. */
export const COVER_PAGE_BYTES = 25_000;

/** The bytes of pages a file of `maxFileBytes` holds, with room for its own structure. */
export const fileBudget = (maxFileBytes: number): number => maxFileBytes * 0.97 - FILE_OVERHEAD;

/** A page as the solver priced it: drawn as an image, or a PDF page kept as it is. */
export type Encoded =
  | {
      kind: 'image';
      page: ArrangedPage;
      item: EvidenceItem;
      rendered: RenderedPage;
      bytes: number;
      drawn?: DrawnBecause;
      /** The card numbers covered on this page (card-mask/). */
      masks?: CardMask[];
    }
  | { kind: 'pdf'; page: ArrangedPage; item: EvidenceItem; bytes: number; masks?: undefined };

export interface Packing {
  /** Each file's pages, as indices into the encoded pages. */
  files: number[][];
  /** Pages too large for any file. */
  oversize: number[];
}

/** Greedy packing in the merchant's order: a page that does not fit starts the next file. */
export function pack(pages: readonly Encoded[], firstFileFixedBytes: number, maxFileBytes: number): Packing {
  const budget = fileBudget(maxFileBytes);
  const files: number[][] = [[]];
  const oversize: number[] = [];
  let used = firstFileFixedBytes;
  pages.forEach((p, i) => {
    const cost = p.bytes + PAGE_OVERHEAD;
    if (cost > budget) oversize.push(i);
    if (used + cost > budget && files[files.length - 1]!.length > 0) {
      files.push([]);
      used = 0;
    }
    files[files.length - 1]!.push(i);
    used += cost;
  });
  return { files, oversize };
}

/** What the pages and their files are estimated to weigh. */
export const estimatedBytes = (pages: readonly Encoded[], packing: Packing, coverPages: number): number =>
  pages.reduce((sum, p) => sum + p.bytes + PAGE_OVERHEAD, 0) +
  packing.files.length * FILE_OVERHEAD +
  COVER_PAGE_BYTES * coverPages;
