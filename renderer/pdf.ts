// PDF pages drawn in the window with pdf.js: thumbnails of imported PDFs and the preview of the
// packet as it will be sent. One document is opened per imported PDF and shared by all of its
// page thumbnails; it is closed a little after the last of them goes away, so a 600-page PDF is
// one copy in memory, not 600.
// pdf.js is as large as the rest of the window put together and only the evidence builder needs
// it: it is a chunk of its own (build/renderer-bundle.ts), fetched the first time a PDF is opened,
// so the inbox starts without reading it.
import type * as PdfJs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';

let pdfjs: Promise<typeof PdfJs> | undefined;
function loadPdfJs(): Promise<typeof PdfJs> {
  pdfjs ??= import('pdfjs-dist').then(
    (m) => {
      m.GlobalWorkerOptions.workerSrc = new URL('./pdf.worker.js', location.href).href;
      return m;
    },
    (e: unknown) => {
      // A chunk that failed to load (the app was updated underneath the window) is asked again next time.
      pdfjs = undefined;
      throw e;
    },
  );
  return pdfjs;
}

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument } = await loadPdfJs();
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  return getDocument({ data: bytes.slice(), useSystemFonts: true }).promise;
}

/** Frees a document and its worker-side copy. */
export async function closePdf(doc: PDFDocumentProxy | Promise<PDFDocumentProxy>): Promise<void> {
  await Promise.resolve(doc).then(
    (d) => d.loadingTask.destroy(),
    () => undefined,
  );
}

interface Shared {
  doc: Promise<PDFDocumentProxy>;
  users: number;
  closing?: ReturnType<typeof setTimeout>;
}

const shared = new Map<string, Shared>();
/** Reordering or re-rendering the grid unmounts and mounts thumbnails at once: a short grace
 * period keeps the document instead of reopening it. */
const CLOSE_AFTER_MS = 4000;

/** The shared document of one imported PDF; `load` is called only when none is open. Call
 * `release` when done with it. */
export function acquirePdf(
  key: string,
  load: () => Promise<Uint8Array>,
): { doc: Promise<PDFDocumentProxy>; release(): void } {
  let s = shared.get(key);
  if (!s) {
    s = { doc: load().then(openPdf), users: 0 };
    const mine = s;
    s.doc.catch(() => shared.get(key) === mine && shared.delete(key));
    shared.set(key, s);
  }
  if (s.closing) clearTimeout(s.closing);
  delete s.closing;
  s.users++;
  const entry = s;
  let released = false;
  return {
    doc: entry.doc,
    release() {
      if (released) return;
      released = true;
      if (--entry.users > 0) return;
      entry.closing = setTimeout(() => {
        if (entry.users > 0 || shared.get(key) !== entry) return;
        shared.delete(key);
        void closePdf(entry.doc);
      }, CLOSE_AFTER_MS);
    },
  };
}

export async function drawPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  width: number,
  rotation = 0,
): Promise<void> {
  const page = await doc.getPage(pageNumber);
  const base = page.getViewport({ scale: 1, rotation: (page.rotate + rotation) % 360 });
  const viewport = page.getViewport({ scale: width / base.width, rotation: (page.rotate + rotation) % 360 });
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
  // The page's parsed resources are not needed once drawn: the document stays, its pages go.
  page.cleanup();
}
