// Whether a PDF page is kept as it is (sharp text, small) or drawn as an image, and why: the
// rule the solver asks for every PDF page at every step.
import type { ArrangedPage, BuildSettings } from '../../../shared/evidence/items.ts';
import type { ColourMode } from '../../../shared/evidence/limits.ts';
import { fitToPrintable } from '../render-page.ts';
import type { PdfPageFacts } from '../pdf-raster.ts';

/** A kept PDF page under this is text and lines: drawing it as an image never makes it smaller,
 * so the solver does not spend the time trying. */
const RASTER_WORTH_TRYING = 48 * 1024;
/** Producers round: a picture this little finer than the dpi limit is not over it. */
const DPI_TOLERANCE = 1.02;

/** Why a PDF page was drawn as an image rather than kept: the merchant's choice, an image file
 * as output, the profile's colour or dpi limit, a picture whose metadata could not be removed
 * for sure, content that could not be checked, or size. */
export type DrawnBecause = 'chosen' | 'file' | 'colour' | 'metadata' | 'dpi' | 'unknown' | 'size' | 'masked';

/** A size turned by a rotation in degrees: sideways swaps its sides. */
export function turned(size: { w: number; h: number }, rotation: number): { w: number; h: number } {
  return rotation % 180 ? { w: size.h, h: size.w } : size;
}

/** How much a page is scaled to fill the printable area, kept or drawn alike. */
export function fitScale(sizePt: { w: number; h: number }, rotation: number, settings: BuildSettings): number {
  return fitToPrintable(turned(sizePt, rotation), settings.pageSize);
}

/** Why the page must be drawn whatever its size; undefined when keeping it meets the limits. */
export function mustDraw(
  f: PdfPageFacts,
  page: ArrangedPage,
  settings: BuildSettings,
  colour: ColourMode,
): DrawnBecause | undefined {
  if (settings.output === 'image') return 'file';
  if (settings.pdfPages === 'image') return 'chosen';
  // Whether a page has colour cannot be told without drawing it: a grayscale or black-and-white
  // limit is met for sure only by drawing it so. Black and white chosen in the preset is for the
  // tightest processors too, so it applies to PDF pages as well; grayscale in the document
  // preset is about photos' bytes and leaves sharp PDF text alone.
  if (settings.limits.colour !== 'colour' || colour === 'bw') return 'colour';
  if (!f.clean) return 'metadata';
  if (!f.content) return 'unknown';
  if (
    f.content.images > 0 &&
    f.content.maxImageDpi / fitScale(f.sizePt, page.rotation, settings) > settings.limits.maxDpi * DPI_TOLERANCE
  )
    return 'dpi';
  return undefined;
}

/** Whether a page that may be kept is drawn anyway, to see if that is smaller: when it is too
 * large for a file as it is, or once the packet has to shrink and it is heavy. The smaller of
 * the two is then used. */
export const worthDrawing = (keptBytes: number, pageBytesBudget: number, stepIndex: number): boolean =>
  keptBytes > pageBytesBudget || (stepIndex > 0 && keptBytes > RASTER_WORTH_TRYING);
