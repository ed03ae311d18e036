// PDF pages drawn in the main process by pdf.js on its Node canvas (@napi-rs/canvas), so a page
// that is too large as it is, holds pictures finer than the profile's dpi, or is in colour where
// the profile wants grayscale or black and white goes through the same compression as a photo.
// pdf-lib, which assembles the packet, cannot draw pages.
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type * as CanvasModule from '@napi-rs/canvas';
import { DecodeError, MAX_PIXELS } from './decode.ts';
import type { PdfPagePixels } from './render-page.ts';

type PdfJs = typeof PdfJsModule;
type Canvas = typeof CanvasModule;

let pdfjs: Promise<PdfJs> | undefined;
let canvas: Promise<Canvas> | undefined;

// Loaded at run time from node_modules, as sharp is: the canvas is a native module that cannot be
// bundled. Named through variables so the desktop bundle leaves both imports as they are.
const PDFJS = 'pdfjs-dist/legacy/build/pdf.mjs';
const CANVAS = '@napi-rs/canvas';

/** pdf.js's own data (standard fonts, character maps, colour profiles, its WebAssembly decoders
 * for JPEG 2000 and JBIG2 scans), found next to the package wherever it is installed. */
function assets(): { standardFontDataUrl?: string; cMapUrl?: string; wasmUrl?: string; iccUrl?: string } {
  try {
    // Plain Node runs this file as ESM; the desktop bundle runs it as CommonJS.
    const from = typeof __filename === 'string' ? __filename : import.meta.url;
    const root = dirname(createRequire(from).resolve('pdfjs-dist/package.json'));
    const dir = (name: string): string => join(root, name) + sep;
    return { standardFontDataUrl: dir('standard_fonts'), cMapUrl: dir('cmaps'), wasmUrl: dir('wasm'), iccUrl: dir('iccs') };
  } catch {
    // Without them pdf.js still draws, with system fonts in place of the standard fourteen.
    return {};
  }
}

interface Held {
  doc: Promise<PDFDocumentProxy>;
  users: number;
}

// A PDF stays open while its pages are drawn and for the next estimate; at most two idle ones
// are kept, and one in use is never closed under a page being drawn.
const KEEP = 2;
const held = new Map<string, Held>();

function trim(): void {
  for (const [id, h] of held) {
    if (held.size <= KEEP) break;
    if (h.users > 0) continue;
    held.delete(id);
    void h.doc.then((d) => d.loadingTask.destroy(), () => undefined);
  }
}

async function open(bytes: () => Promise<Uint8Array>): Promise<PDFDocumentProxy> {
  pdfjs ??= import(PDFJS) as Promise<PdfJs>;
  const lib = await pdfjs;
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const data = new Uint8Array(await bytes());
  try {
    return await lib.getDocument({
      data,
      ...assets(),
      verbosity: lib.VerbosityLevel.ERRORS,
      // A picture over the import limit is never decoded (import refuses such files anyway).
      maxImageSize: MAX_PIXELS,
      stopAtErrors: false,
    }).promise;
  } catch {
    throw new DecodeError('it could not be drawn as an image. Open it, print it to a new PDF, and add that');
  }
}

/** Draws page `index` (0-based) of a stored PDF, turned by its own /Rotate and the merchant's
 * rotation, at `pxPerPt` pixels per PDF point, on white. */
export async function drawPdfPage(id: string, bytes: () => Promise<Uint8Array>, index: number, rotation: number, pxPerPt: number): Promise<PdfPagePixels> {
  let h = held.get(id);
  if (!h) {
    h = { doc: open(bytes), users: 0 };
    const mine = h;
    h.doc.catch(() => held.get(id) === mine && held.delete(id));
    held.set(id, h);
  } else {
    // Most recently used last: trim() closes the oldest idle ones first.
    held.delete(id);
    held.set(id, h);
  }
  h.users++;
  try {
    const doc = await h.doc;
    canvas ??= import(CANVAS) as Promise<Canvas>;
    const { createCanvas } = await canvas;
    const page = await doc.getPage(index + 1);
    try {
      const turn = (((page.rotate + rotation) % 360) + 360) % 360;
      const viewport = page.getViewport({ scale: pxPerPt, rotation: turn });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      if (width * height > MAX_PIXELS) throw new DecodeError('its page is too large to draw');
      const c = createCanvas(width, height);
      const ctx = c.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      // pdf.js's types name the DOM canvas; the Node canvas is what it uses under Node.
      await page.render({ canvas: c, canvasContext: ctx, viewport, background: '#ffffff' } as unknown as Parameters<typeof page.render>[0]).promise;
      const pixels = ctx.getImageData(0, 0, width, height).data;
      return { data: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height, channels: 4 };
    } finally {
      page.cleanup();
    }
  } finally {
    h.users--;
    trim();
  }
}

/** Closes every open PDF (tests, and the app when the evidence store goes away). */
export async function closePdfRenderers(): Promise<void> {
  const all = [...held.values()];
  held.clear();
  await Promise.all(all.map((h) => h.doc.then((d) => d.loadingTask.destroy(), () => undefined)));
}
