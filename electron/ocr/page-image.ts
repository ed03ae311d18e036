// A page of an evidence item as the OCR engine reads it: drawn by the evidence pipeline itself
// (EXIF orientation, PDF pages drawn by pdf.js, the page's physical size), in grayscale at
// 200 dpi (or what the caller asks) and JPEG quality 85. 6 pt print reads as well at 150 dpi
// (see the legibility bench); the margin is for photos, and more would only slow the engine.
import type { EvidenceStore } from '../evidence/evidence-store.ts';
import { renderImagePage, renderPdfPage, type RenderOptions } from '../evidence/render-page.ts';
import { drawPdfPage, measurePdfPage } from '../evidence/pdf-raster.ts';
import type { EvidenceItem } from '../../shared/evidence/items.ts';

const OCR_OPTIONS: RenderOptions = {
  dpi: 200,
  colour: 'grayscale',
  quality: 85,
  denoise: false,
  pageSize: 'letter',
  container: 'pdf',
};

export async function pageForOcr(
  store: EvidenceStore,
  item: EvidenceItem,
  page: number,
  dpi = OCR_OPTIONS.dpi,
): Promise<Buffer> {
  const o = { ...OCR_OPTIONS, dpi };
  if (item.kind !== 'pdf')
    return (await renderImagePage(await store.bytes(item.id), item.kind, page, 0, o, store.pathOf(item.id))).data;
  // Its size is read in the PDF thread, as everything inside a PDF is.
  const bytes = () => store.bytes(item.id);
  const { sizePt } = await measurePdfPage(item.id, bytes, page);
  return (await renderPdfPage((pxPerPt) => drawPdfPage(item.id, bytes, page, 0, pxPerPt), sizePt, o)).data;
}
