// A page of an evidence item as the OCR engine reads it: drawn by the evidence pipeline itself
// (EXIF orientation, PDF pages as drawPdfPage draws them, at least at their own size), in
// grayscale at 200 dpi (or what the caller asks). 6 pt print reads as well at 150 dpi (see the legibility
// bench); the margin is for photos, and more would only slow the engine. An image's page is
// drawn through the store's page cache: the packet's grey page of the same size is encoded from
// the same pixels.
import type { EvidenceStore } from '../evidence/evidence-store.ts';
import {
  drawGrayImage,
  drawGrayPdf,
  encodeGrayPage,
  readingOptions,
  type GrayPixels,
} from '../evidence/render-page.ts';
import { drawPdfPage, measurePdfPage } from '../evidence/pdf-raster.ts';
import type { EvidenceItem } from '../../shared/evidence/items.ts';

const OCR_DPI = 200;

/** The page's grey pixels at `dpi`. */
export async function grayPageForOcr(
  store: EvidenceStore,
  item: EvidenceItem,
  page: number,
  dpi = OCR_DPI,
): Promise<GrayPixels> {
  const o = readingOptions(dpi);
  if (item.kind !== 'pdf')
    return drawGrayImage(
      await store.bytes(item.id),
      item.kind,
      page,
      0,
      o,
      store.pathOf(item.id),
      store.pages.grayOf(item.id),
    );
  // Its size is read in the PDF thread, as everything inside a PDF is.
  const bytes = () => store.bytes(item.id);
  const { sizePt } = await measurePdfPage(item.id, bytes, page);
  return drawGrayPdf((pxPerPt) => drawPdfPage(item.id, bytes, page, 0, pxPerPt), sizePt, o);
}

/** Grey pixels as the engine takes a picture: encoded as a packet's grey page, at quality 85. */
export const ocrImage = async (g: GrayPixels): Promise<Buffer> =>
  (await encodeGrayPage(g, readingOptions(OCR_DPI))).data;

/** The page as the engine reads it, encoded. */
export async function pageForOcr(
  store: EvidenceStore,
  item: EvidenceItem,
  page: number,
  dpi = OCR_DPI,
): Promise<Buffer> {
  return ocrImage(await grayPageForOcr(store, item, page, dpi));
}
