// PDF pages drawn in the window with pdf.js (the main process has no PDF renderer): thumbnails
// of imported PDFs and the preview of the packet as it will be sent.
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';

GlobalWorkerOptions.workerSrc = new URL('./pdf.worker.js', location.href).href;

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  return getDocument({ data: bytes.slice(), useSystemFonts: true }).promise;
}

export async function drawPage(doc: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement, width: number, rotation = 0): Promise<void> {
  const page = await doc.getPage(pageNumber);
  const base = page.getViewport({ scale: 1, rotation: (page.rotate + rotation) % 360 });
  const viewport = page.getViewport({ scale: width / base.width, rotation: (page.rotate + rotation) % 360 });
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
}
