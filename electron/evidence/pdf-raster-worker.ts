// The worker thread that reads and draws PDFs, so that a file that is slow or hostile never
// blocks the process that runs IPC, sync and the outbox: here a PDF is probed at import, each
// page measured (its size, pictures and what it weighs kept as it is), made into the clean
// one-page PDF the packet keeps, and drawn by pdf.js. Everything pdf-lib unpacks here is within
// an inflate budget (pdf-inflate-budget.ts) per stream and page (and per document while it
// loads; its pages' sum is kept by the main side, across threads); before pdf.js sees a
// page it is read with the operator and nesting budget (pdf-content.ts). The main side
// (pdf-raster.ts) bounds each request in time and memory and ends this thread when a build is
// cancelled.
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type * as CanvasModule from '@napi-rs/canvas';
import { DecodeError } from './decode-error.ts';
import { readPageContent, soleJpeg, type PageContent, type SoleJpeg } from './pdf-content.ts';
import { loadPdf, probePdf, visibleBox, ownTurn } from './pdf-facts.ts';
import { stripPdfMetadata } from './pdf-clean.ts';
import { InflateBudget, InflateRefusal, withInflateBudget } from './pdf-inflate-budget.ts';

/** What the packet needs to know of a page before keeping or drawing it. */
export interface PdfPageFacts {
  /** Bytes the page adds when kept as it is (metadata removed, as in the packet). */
  keptBytes: number;
  /** The shown part (crop box), turned by the page's own /Rotate, in points. */
  sizePt: { w: number; h: number };
  /** The page's own /Rotate as a clockwise quarter turn. */
  ownTurn: number;
  /** Undefined when its content could not be read, or is not all read here (drawnOnly): then it
   * cannot be shown to meet the limits, and is drawn, and searched as drawn. */
  content: PageContent | undefined;
  /** False when a picture's metadata could not be removed for sure: the page is drawn instead. */
  clean: boolean;
  /** Bytes that reading its content unpacked: what the page costs its document's budget. */
  unpacked: number;
}

type Draw = {
  type: 'draw';
  req: number;
  id: string;
  index: number;
  rotation: number;
  pxPerPt: number;
  maxPixels: number;
  /** A page that is one JPEG picture may be handed back undrawn (false: pdf.js draws it). */
  picture: boolean;
};
/** A run of the page's own text, where it is on the page as drawn (its crop box, its own
 * /Rotate), in pixels at 1 px a point: its baseline from start to end, and its height. */
export interface PdfTextRun {
  str: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  h: number;
  /** The last run of its line. */
  eol: boolean;
}
export type PdfPageText = { width: number; height: number; runs: PdfTextRun[] };

export type ToWorker =
  | Draw
  | { type: 'text'; req: number; id: string; index: number; maxPixels: number }
  | { type: 'measure'; req: number; id: string; index: number }
  | { type: 'keep'; req: number; id: string; index: number }
  | { type: 'probe'; req: number; bytes: Uint8Array }
  | { type: 'bytes'; req: number; id: string; bytes: Uint8Array };
/** A page drawn by pdf.js (RGBA), or a page that is one JPEG picture, handed back undrawn for the
 * image library to draw (pdf-picture-page.ts): `box` is the page's shown part, `turn` its own
 * /Rotate and the merchant's rotation, clockwise. */
export type Drawn =
  | { data: Uint8Array; width: number; height: number }
  | { picture: SoleJpeg; box: { x: number; y: number; w: number; h: number }; turn: number };
export type FromWorker =
  | { type: 'need'; req: number }
  | { type: 'done'; req: number; value: Drawn | PdfPageFacts | Uint8Array | { pages: number } | PdfPageText }
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
  bytes: Uint8Array;
  checked: PDFDocument;
  measured: Map<number, PdfPageFacts>;
  drawn?: Promise<PDFDocumentProxy>;
}

// The two most recent PDFs stay open: a build reads a document's pages one after another.
const KEEP = 2;
const held = new Map<string, Promise<Held>>();
const pending = new Map<number, (bytes: Uint8Array) => void>();

async function open(bytes: Uint8Array): Promise<Held> {
  // Loading unpacks object and cross-reference streams: within a document's budget. Its pages are
  // counted in the main process (packet/encode.ts), whichever thread reads them.
  const checked = await withInflateBudget(new InflateBudget('document'), () => loadPdf(bytes));
  return { bytes, checked, measured: new Map() };
}

async function docFor(msg: { req: number; id: string }): Promise<Held> {
  let h = held.get(msg.id);
  if (!h) {
    const bytes = await new Promise<Uint8Array>((resolve) => {
      pending.set(msg.req, resolve);
      post({ type: 'need', req: msg.req });
    });
    h = open(bytes);
    const mine = h;
    h.catch(() => held.get(msg.id) === mine && held.delete(msg.id));
    held.set(msg.id, h);
    for (const [id, old] of held) {
      if (held.size <= KEEP) break;
      held.delete(id);
      void old.then(
        (d) => d.drawn?.then((p) => p.loadingTask.destroy()),
        () => undefined,
      );
    }
  }
  return h;
}

function pageOf(doc: Held, index: number) {
  if (!Number.isInteger(index) || index < 0 || index >= doc.checked.getPageCount())
    throw new DecodeError(`it has no page ${index + 1}`);
  return doc.checked.getPage(index);
}

/** The page alone in a PDF of its own, exactly its visible part, metadata and active content
 * removed: what the packet embeds when it keeps the page, and what that weighs. */
async function keptPage(doc: Held, index: number): Promise<{ bytes: Uint8Array; clean: boolean }> {
  const page = pageOf(doc, index);
  const box = visibleBox(page);
  const out = await PDFDocument.create({ updateMetadata: false });
  const embedded = await out.embedPage(page, {
    left: box.x,
    bottom: box.y,
    right: box.x + box.width,
    top: box.y + box.height,
  });
  out.addPage([box.width, box.height]).drawPage(embedded, { x: 0, y: 0, width: box.width, height: box.height });
  const { clean } = await stripPdfMetadata(out);
  return { bytes: await out.save({ useObjectStreams: false }), clean };
}

async function measure(doc: Held, index: number): Promise<PdfPageFacts> {
  const known = doc.measured.get(index);
  if (known) return known;
  const page = pageOf(doc, index);
  const box = visibleBox(page);
  const turn = ownTurn(page);
  // What reading its content unpacks is reported, for its document's budget; the kept copy
  // unpacks the same content again, so it is bounded per page only.
  const reading = new InflateBudget('page');
  const content = withInflateBudget(reading, () => {
    try {
      return readPageContent(page);
    } catch (e) {
      if (e instanceof InflateRefusal) throw e;
      return undefined;
    }
  });
  // A page the PDF library cannot copy (a stream behind a filter it does not know, abbreviations
  // aside: loadPdf writes those in full) is not kept: it is drawn, as one not read here is.
  let kept: { bytes: Uint8Array; clean: boolean } | undefined;
  try {
    kept = await withInflateBudget(new InflateBudget('page'), () => keptPage(doc, index));
  } catch (e) {
    if (e instanceof InflateRefusal || e instanceof DecodeError) throw e;
  }
  const facts: PdfPageFacts = {
    keptBytes: kept?.bytes.length ?? 0,
    sizePt: turn % 180 ? { w: box.height, h: box.width } : { w: box.width, h: box.height },
    ownTurn: turn,
    // A page whose drawing is not all read here is drawn, and searched as drawn (drawnOnly).
    content: content?.drawnOnly || !kept ? undefined : content,
    clean: (kept?.clean ?? true) && !content?.inlineJpeg,
    unpacked: reading.used,
  };
  doc.measured.set(index, facts);
  return facts;
}

async function proxyOf(doc: Held, maxPixels: number): Promise<PDFDocumentProxy> {
  if (!doc.drawn) {
    pdfjs ??= import(PDFJS) as Promise<PdfJs>;
    const lib = await pdfjs;
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    doc.drawn = lib.getDocument({
      data: new Uint8Array(doc.bytes),
      ...assets(),
      verbosity: lib.VerbosityLevel.ERRORS,
      maxImageSize: maxPixels,
      stopAtErrors: false,
    }).promise;
  }
  try {
    return await doc.drawn;
  } catch {
    throw new DecodeError('it could not be drawn as an image. Open it, print it to a new PDF, and add that');
  }
}

async function draw(msg: Draw, doc: Held): Promise<Drawn> {
  // The budget first: what pdf.js would run, counted without running it.
  const checked = pageOf(doc, msg.index);
  withInflateBudget(new InflateBudget('page'), () => readPageContent(checked));
  const picture = msg.picture ? withInflateBudget(new InflateBudget('page'), () => soleJpeg(checked)) : undefined;
  if (picture) {
    const b = visibleBox(checked);
    const turn = (((ownTurn(checked) + msg.rotation) % 360) + 360) % 360;
    // Its own copy: a view into the file would send the whole file with it.
    return {
      picture: { ...picture, jpeg: picture.jpeg.slice() },
      box: { x: b.x, y: b.y, w: b.width, h: b.height },
      turn,
    };
  }
  const proxy = await proxyOf(doc, msg.maxPixels);
  canvas ??= import(CANVAS) as Promise<Canvas>;
  const { createCanvas } = await canvas;
  const page = await proxy.getPage(msg.index + 1);
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
    return { data: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height };
  } finally {
    page.cleanup();
  }
}

/** The page's own text and where it is (for the card-number search: electron/evidence/card-mask). */
async function text(msg: { index: number; maxPixels: number }, doc: Held): Promise<PdfPageText> {
  withInflateBudget(new InflateBudget('page'), () => readPageContent(pageOf(doc, msg.index)));
  const proxy = await proxyOf(doc, msg.maxPixels);
  const page = await proxy.getPage(msg.index + 1);
  try {
    const viewport = page.getViewport({ scale: 1, rotation: page.rotate });
    const content = await page.getTextContent();
    const runs: PdfTextRun[] = [];
    for (const item of content.items) {
      if (!('str' in item) || !item.str) continue;
      const [a, b, c, d, e, f] = item.transform as number[];
      const len = Math.hypot(a!, b!) || 1;
      // Along the baseline by the run's width, in the direction its text runs.
      const ex = e! + (a! / len) * item.width;
      const ey = f! + (b! / len) * item.width;
      const [x0, y0] = viewport.convertToViewportPoint(e!, f!) as [number, number];
      const [x1, y1] = viewport.convertToViewportPoint(ex, ey) as [number, number];
      runs.push({ str: item.str, x0, y0, x1, y1, h: item.height || Math.hypot(c!, d!), eol: item.hasEOL });
    }
    return { width: viewport.width, height: viewport.height, runs };
  } finally {
    page.cleanup();
  }
}

async function handle(
  msg: Exclude<ToWorker, { type: 'bytes' }>,
): Promise<Extract<FromWorker, { type: 'done' }>['value']> {
  if (msg.type === 'probe') return withInflateBudget(new InflateBudget('document'), () => probePdf(msg.bytes));
  let doc: Held;
  try {
    doc = await docFor(msg);
  } catch (e) {
    if (e instanceof DecodeError) throw e;
    throw new DecodeError('it could not be read as a PDF. Open it, print it to a new PDF, and add that');
  }
  if (msg.type === 'measure') return measure(doc, msg.index);
  if (msg.type === 'keep') {
    await measure(doc, msg.index);
    return withInflateBudget(new InflateBudget('page'), async () => (await keptPage(doc, msg.index)).bytes);
  }
  if (msg.type === 'text') return text(msg, doc);
  return draw(msg, doc);
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
  handle(msg).then(
    (value) => post({ type: 'done', req: msg.req, value }),
    (e: unknown) => {
      post(
        e instanceof DecodeError
          ? { type: 'refused', req: msg.req, reason: e.message }
          : { type: 'failed', req: msg.req, message: (e as Error)?.message ?? String(e) },
      );
    },
  );
});
