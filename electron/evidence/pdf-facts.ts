// What a PDF is made of, before anything else touches it: page count, and a clear refusal for
// encrypted or broken files and for pages that hold a decompression bomb.
import { PDFDocument, EncryptedPDFError, type PDFPage } from 'pdf-lib';
import { DecodeError, MAX_PIXELS } from './decode.ts';
import { largestPicture } from './pdf-content.ts';

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (e) {
    if (e instanceof EncryptedPDFError || /encrypt/i.test((e as Error)?.message ?? '')) {
      throw new DecodeError('it is password-protected (encrypted). Open it, print it to a new PDF without a password, and add that');
    }
    throw new DecodeError('it is damaged and cannot be read as a PDF. Save or export it again, then add the new file');
  }
}

export async function probePdf(bytes: Uint8Array): Promise<{ pages: number }> {
  const doc = await loadPdf(bytes);
  let pages: number;
  let bomb: number | undefined;
  try {
    // A damaged page tree shows here, not at load: touch every page once.
    pages = doc.getPageCount();
    doc.getPages().forEach((page, i) => {
      page.getSize();
      if (bomb === undefined && largestPicture(page) > MAX_PIXELS) bomb = i;
    });
  } catch {
    throw new DecodeError('it is damaged and cannot be read as a PDF. Save or export it again, then add the new file');
  }
  if (pages === 0) throw new DecodeError('it has no pages');
  if (bomb !== undefined) throw new DecodeError(`page ${bomb + 1} holds a picture of over 120 megapixels, too large to be a scan or photo. Export the PDF again at a lower resolution and add that`);
  return { pages };
}

/** The part of a page that is shown: its crop box, clipped to its media box (PDF 32000 14.11.2).
 * A crop box that misses the page altogether counts as absent. */
export function visibleBox(page: PDFPage): { x: number; y: number; width: number; height: number } {
  const norm = (b: { x: number; y: number; width: number; height: number }) => ({ x: Math.min(b.x, b.x + b.width), y: Math.min(b.y, b.y + b.height), w: Math.abs(b.width), h: Math.abs(b.height) });
  const m = norm(page.getMediaBox());
  const c = norm(page.getCropBox());
  const x1 = Math.max(m.x, c.x);
  const y1 = Math.max(m.y, c.y);
  const x2 = Math.min(m.x + m.w, c.x + c.w);
  const y2 = Math.min(m.y + m.h, c.y + c.h);
  if (x2 - x1 < 1 || y2 - y1 < 1) return { x: m.x, y: m.y, width: m.w, height: m.h };
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/** The page's own /Rotate as a clockwise quarter turn in 0..270: negative and over-full turns
 * (-90, 450) are valid PDF and mean the same as their remainder. */
export function ownTurn(page: PDFPage): number {
  const angle = Math.round(page.getRotation().angle / 90) * 90;
  return ((angle % 360) + 360) % 360;
}
