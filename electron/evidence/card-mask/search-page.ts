// The page the card-number search reads: grey, at READ_DPI, drawn as OCR reads a page
// (readingOptions). When a search follows an import (a build, the window's evidence builder), the
// import draws it first (evidence-store.ts): that drawing is the import's proof that the picture
// decodes, and the store's page cache keeps it for the search while the cache is at most half
// full, so the file is decoded once instead of twice (a probe, then this).
import type { ImportKind } from '../../../shared/evidence/importable-kinds.ts';
import { drawGrayImage, readingOptions, type GrayCache, type GrayPixels } from '../render-page.ts';

/** The resolution pages are read at. A 13-19 digit number in 6 pt print is found as surely at 150
 * dpi as at 200 (every number of the card-mask tests and of the evidence bench's receipts), and
 * the read costs a fifth less; a 300 dpi scan is also decoded at half size (shrink-on-load).
 * Below 150, 6 pt numbers are missed. */
export const READ_DPI = 150;

/** The first page of a stored picture as the search reads it, through the store's page cache
 * (`cache`, keyed by the file); `path` is the stored file (a JPEG is decoded already shrunk). */
export function drawSearchPage(
  bytes: Buffer,
  kind: Exclude<ImportKind, 'pdf'>,
  path: string,
  cache: GrayCache,
): Promise<GrayPixels> {
  return drawGrayImage(bytes, kind, 0, 0, readingOptions(READ_DPI), path, cache);
}
