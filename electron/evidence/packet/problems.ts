// What the merchant is told about a packet: a page that cannot fit, a packet over its limits,
// pages compressed past the preset or drawn as images, each in words that say what to do.
import type { BuildSettings, EvidenceItem, PageProblem } from '../../../shared/evidence/items.ts';
import type { EvidenceLimits } from '../../../shared/evidence/limits.ts';
import type { Encoded } from './pack.ts';
import type { DrawnBecause } from './page-policy.ts';

export const pageLabel = (item: EvidenceItem, page: number): string =>
  `${item.name}${item.pages > 1 ? ` page ${page + 1}` : ''}`;

const kb = (n: number): number => Math.round(n / 1024);

/** "pages 1–3, 5" */
export function describePages(nums: number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < nums.length; i++) {
    let j = i;
    while (j + 1 < nums.length && nums[j + 1] === nums[j]! + 1) j++;
    ranges.push(i === j ? `${nums[i]}` : `${nums[i]}–${nums[j]}`);
    i = j;
  }
  return `${nums.length === 1 ? 'page' : 'pages'} ${ranges.join(', ')}`;
}

export const missingItem = (itemId: string): PageProblem => ({
  itemId,
  message: 'A page refers to evidence that is no longer in the evidence store; add the file again.',
});

export const missingPage = (item: EvidenceItem, page: number): PageProblem => ({
  itemId: item.id,
  page,
  name: item.name,
  message: `${item.name} has no page ${page + 1}.`,
});

/** An image file holds one page and no letter: what is wrong with the arrangement, if anything. */
export function imageFileShape(pageCount: number, hasCover: boolean): PageProblem[] {
  const shape: PageProblem[] = [];
  if (hasCover)
    shape.push({
      message: 'An image file holds a single page without a cover letter: leave the cover letter out, or choose a PDF.',
    });
  if (pageCount !== 1)
    shape.push({
      message:
        'An image file holds a single page; this packet has ' + `${pageCount} pages. Choose a PDF, or keep one page.`,
    });
  return shape;
}

export const imageFileTooLarge = (p: Encoded, limit: number): PageProblem => ({
  itemId: p.item.id,
  page: p.page.page,
  name: p.item.name,
  message:
    `${pageLabel(p.item, p.page.page)} is ${kb(p.bytes)} KB as an image file even at the smallest ` +
    `legible size; the limit is ${kb(limit)} KB. Crop it, or choose a PDF with the strict preset.`,
});

export function pageTooLarge(p: Encoded, limits: EvidenceLimits): PageProblem {
  const advice =
    p.item.kind === 'pdf'
      ? ' Even drawn as an image it does not fit: ask for a lighter ' +
        'copy of this PDF, or print only the part that matters.'
      : ' Crop it or photograph it again in better light.';
  return {
    itemId: p.item.id,
    page: p.page.page,
    name: p.item.name,
    message:
      `${pageLabel(p.item, p.page.page)} is ${kb(p.bytes)} KB even at the smallest ` +
      `legible size; the limit is ${kb(limits.maxFileBytes)} KB per file.${advice}`,
  };
}

export function packetTooLarge(pages: readonly Encoded[], estimatedBytes: number, limits: EvidenceLimits): PageProblem {
  const biggest = [...pages]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 3)
    .map((p) => `${pageLabel(p.item, p.page.page)} (${kb(p.bytes)} KB)`);
  return {
    message:
      `The packet needs about ${(estimatedBytes / 1048576).toFixed(1)} MB; the limit ` +
      `is ${(limits.maxTotalBytes / 1048576).toFixed(1)} MB per chargeback. The ` +
      `largest pages: ${biggest.join(', ')}. Remove pages or choose the strict preset.`,
  };
}

export const tooManyPages = (totalPages: number, coverPages: number, limits: EvidenceLimits): PageProblem => ({
  message:
    `The packet has ${totalPages} pages${coverPages ? ' with the cover letter' : ''}; ` +
    `the limit is ${limits.maxPages}. Remove ${totalPages - limits.maxPages} ` +
    `${totalPages - limits.maxPages === 1 ? 'page' : 'pages'}.`,
});

/** What the merchant should check: pages compressed past the preset, PDF pages drawn as images. */
export function warningsOf(
  plan: { step: number; pages: readonly Encoded[] },
  settings: BuildSettings,
  lastStep: number,
): string[] {
  const warnings: string[] = [];
  if (plan.step > 0)
    warnings.push(
      `Compressed harder than the ${settings.preset} preset to fit the limits (step ${plan.step} ` +
        `of ${lastStep}); check that every page is still legible.`,
    );
  const why: Record<Exclude<DrawnBecause, 'chosen' | 'file'>, string> = {
    colour:
      settings.limits.colour === 'bw'
        ? 'the limits allow only black and white'
        : settings.limits.colour === 'grayscale'
          ? 'the limits allow only grayscale'
          : 'the preset is black and white',
    dpi: `they hold pictures finer than the ${settings.limits.maxDpi} dpi limit`,
    metadata: 'the metadata of a picture on them could not be removed for sure',
    unknown: 'their content could not be checked against the limits',
    size: 'they were too large as they were',
    masked: 'they show a card number, now covered',
  };
  for (const reason of Object.keys(why) as Array<keyof typeof why>) {
    const byItem = new Map<string, { item: EvidenceItem; pages: number[] }>();
    for (const p of plan.pages) {
      if (p.kind !== 'image' || p.drawn !== reason) continue;
      const e = byItem.get(p.item.id) ?? { item: p.item, pages: [] };
      e.pages.push(p.page.page + 1);
      byItem.set(p.item.id, e);
    }
    if (byItem.size === 0) continue;
    const list = [...byItem.values()]
      .map((e) => `${e.item.name} ${describePages([...new Set(e.pages)].sort((a, b) => a - b))}`)
      .join(', ');
    warnings.push(`PDF pages turned into images because ${why[reason]}: ${list}. Check that they are legible.`);
  }
  return warnings;
}
