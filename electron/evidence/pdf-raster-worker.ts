// The worker thread that draws PDF pages (pdf.js on the Node canvas), so a page that is slow or
// hostile never blocks the process that runs IPC, sync and the outbox. Before pdf.js sees a page
// it is read with the operator and nesting budget (pdf-content.ts): a form bomb is refused by
// reason instead of drawn. The main side (pdf-raster.ts) bounds each drawing in time and memory
// and ends this thread when a build is cancelled.
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type * as CanvasModule from '@napi-rs/canvas';
import { DecodeError } from './decode-error.ts';
import { readPageContent } from './pdf-content.ts';

export type ToWorker =
  | { type: 'draw'; req: number; id: string; index: number; rotation: number; pxPerPt: number; maxPixels: number }
  | { type: 'bytes'; req: number; id: string; bytes: Uint8Array };
export type FromWorker =
  | { type: 'need'; req: number }
  | { type: 'done'; req: number; data: Uint8Array; width: number; height: number }
  | { type: 'refused'; req: number; reason: string }
  | { type: 'failed'; req: number; message: string };

type PdfJs = typeof PdfJsModule;
type Canvas = typeof CanvasModule;

// Named through variables so the desktop bundle leaves both imports as they are (native canvas).
const PDFJS = 'pdfjs-dist/legacy/build/pdf.mjs';
const CANVAS = '@napi-rs/canvas';
let pdfjs: Promise<PdfJs> | undefined;
let canvas: Promise<Canvas> | undefined;

/** pdf.js's own data (standard fonts, character maps, colour profiles, its WebAssembly decoders
 * for JPEG 2000 and JBIG2 scans), found next to the package wherever it is installed. */
function assets(): { standardFontDataUrl?: string; cMapUrl?: string; wasmUrl?: string; iccUrl?: string } {
  try {
    // Plain Node runs this file as ESM; the desktop bundle runs it as CommonJS.
    const from = typeof __filename === 'string' ? __filename : import.meta.url;
    const root = dirname(createRequire(from).resolve('pdfjs-dist/package.json'));
    const dir = (name: string): string => join(root, name) + sep;
    return {
      standardFontDataUrl: dir('standard_fonts'),
      cMapUrl: dir('cmaps'),
      wasmUrl: dir('wasm'),
      iccUrl: dir('iccs'),
    };
  } catch {
    // Without them pdf.js still draws, with system fonts in place of the standard fourteen.
    return {};
  }
}

interface Held {
  checked: PDFDocument;
  drawn: PDFDocumentProxy;
}

// The two most recent PDFs stay open: a build draws a document's pages one after another.
const KEEP = 2;
const held = new Map<string, Promise<Held>>();
const pending = new Map<number, (bytes: Uint8Array) => void>();

async function open(bytes: Uint8Array, maxPixels: number): Promise<Held> {
  const checked = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  pdfjs ??= import(PDFJS) as Promise<PdfJs>;
  const lib = await pdfjs;
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const drawn = await lib.getDocument({
    data: new Uint8Array(bytes),
    ...assets(),
    verbosity: lib.VerbosityLevel.ERRORS,
    maxImageSize: maxPixels,
    stopAtErrors: false,
  }).promise;
  return { checked, drawn };
}

async function docFor(msg: Extract<ToWorker, { type: 'draw' }>): Promise<Held> {
  let h = held.get(msg.id);
  if (!h) {
    const bytes = await new Promise<Uint8Array>((resolve) => {
      pending.set(msg.req, resolve);
      post({ type: 'need', req: msg.req });
    });
    h = open(bytes, msg.maxPixels);
    const mine = h;
    h.catch(() => held.get(msg.id) === mine && held.delete(msg.id));
    held.set(msg.id, h);
    for (const [id, old] of held) {
      if (held.size <= KEEP) break;
      held.delete(id);
      void old.then(
        (d) => d.drawn.loadingTask.destroy(),
        () => undefined,
      );
    }
  }
  return h;
}

async function draw(msg: Extract<ToWorker, { type: 'draw' }>): Promise<FromWorker> {
  let doc: Held;
  try {
    doc = await docFor(msg);
  } catch {
    return {
      type: 'refused',
      req: msg.req,
      reason: 'it could not be drawn as an image. Open it, print it to a new PDF, and add that',
    };
  }
  // The budget first: what pdf.js would run, counted without running it.
  readPageContent(doc.checked.getPage(msg.index));
  canvas ??= import(CANVAS) as Promise<Canvas>;
  const { createCanvas } = await canvas;
  const page = await doc.drawn.getPage(msg.index + 1);
  try {
    const turn = (((page.rotate + msg.rotation) % 360) + 360) % 360;
    const viewport = page.getViewport({ scale: msg.pxPerPt, rotation: turn });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    if (!Number.isFinite(width * height) || width * height > msg.maxPixels)
      throw new DecodeError('its page is too large to draw');
    const c = createCanvas(width, height);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    // pdf.js's types name the DOM canvas; the Node canvas is what it uses under Node.
    await page.render({ canvas: c, canvasContext: ctx, viewport, background: '#ffffff' } as unknown as Parameters<
      typeof page.render
    >[0]).promise;
    const pixels = ctx.getImageData(0, 0, width, height).data;
    return {
      type: 'done',
      req: msg.req,
      data: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
      width,
      height,
    };
  } finally {
    page.cleanup();
  }
}

function post(m: FromWorker): void {
  // Copied, not transferred: the canvas's pixel memory may belong to the native module.
  parentPort!.postMessage(m);
}

parentPort?.on('message', (msg: ToWorker) => {
  if (msg.type === 'bytes') {
    pending.get(msg.req)?.(msg.bytes);
    pending.delete(msg.req);
    return;
  }
  draw(msg).then(post, (e: unknown) => {
    post(
      e instanceof DecodeError
        ? { type: 'refused', req: msg.req, reason: e.message }
        : { type: 'failed', req: msg.req, message: (e as Error)?.message ?? String(e) },
    );
  });
});
