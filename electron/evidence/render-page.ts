// One page, normalised and compressed: EXIF orientation applied, metadata stripped (phones put
// GPS positions in photos), the merchant's rotation, a resolution computed from the page's
// physical size (never upscaled), grayscale or black and white as the preset says, a median
// denoise where the merchant asks for one, then mozjpeg, or 1-bit Flate for black and white.
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { openImage, openJpegShrunk } from './decode.ts';
import type { ImportKind } from './sniff.ts';
import type { ColourMode, PageSize } from '../../shared/evidence/limits.ts';
import type { PageRect } from '../../shared/evidence/card-numbers.ts';
import { paintMasks, paintRects } from './card-mask/paint-masks.ts';

/** Page sizes in inches, and the margin left around an image. */
export const pageInches: Record<PageSize, { w: number; h: number }> = {
  letter: { w: 8.5, h: 11 },
  a4: { w: 8.27, h: 11.69 },
};
export const MARGIN_IN = 0.35;
/** The largest paper a full-page scan keeps as its own page: Legal, within Visa's 8.64 × 14 in. */
export const MAX_PAPER_IN = { w: 8.64, h: 14 };

export interface RenderOptions {
  dpi: number;
  colour: ColourMode;
  quality: number;
  denoise: boolean;
  pageSize: PageSize;
  /** A full-page scan keeps its own paper size (A4 stays A4 on a Letter packet) unless this is
   * false: then it is shrunk into the printable area of `pageSize`. */
  keepScanPaper?: boolean | undefined;
  /** Placed on a PDF page (black and white as 1-bit Flate), or written as a file of its own
   * (JPEG, or a 1-bit PNG for black and white). */
  container?: 'pdf' | 'file' | undefined;
  /** Card-number masks, in fractions of the page as drawn: painted black before encoding. */
  masks?: readonly PageRect[] | undefined;
  /** A PDF page is drawn at least at its own size (its points are inches), not shrunk into the
   * printable area of `pageSize`, unless it is larger than any paper: how pages are read, so
   * that small print keeps the resolution asked for. */
  ownSize?: boolean | undefined;
}

/** A page drawn to be read by OCR at `dpi`: grey, on its own paper (a scan keeps its size, a
 * photo fits a Letter page, a PDF page keeps its own), not denoised; quality 85 where it is
 * encoded for the engine. */
export const readingOptions = (dpi: number): RenderOptions => ({
  dpi,
  colour: 'grayscale',
  quality: 85,
  denoise: false,
  pageSize: 'letter',
  container: 'pdf',
  ownSize: true,
});

type Size = { widthPx: number; heightPx: number; widthIn: number; heightIn: number };
export type RenderedPage =
  | ({ format: 'jpeg'; data: Buffer } & Size)
  | ({ format: 'bilevel'; data: Buffer } & Size)
  | ({ format: 'png'; data: Buffer } & Size);

/** The printable area of a page: what an image or an embedded PDF page is fitted into. */
export function printableInches(pageSize: PageSize): { w: number; h: number } {
  return { w: pageInches[pageSize].w - 2 * MARGIN_IN, h: pageInches[pageSize].h - 2 * MARGIN_IN };
}

/** How much a page of `sizePt` points (as shown) is scaled to fill the printable area. */
export function fitToPrintable(sizePt: { w: number; h: number }, pageSize: PageSize): number {
  const box = printableInches(pageSize);
  return Math.min((box.w * 72) / sizePt.w, (box.h * 72) / sizePt.h);
}

/** Whether a size in inches is paper a page can have (portrait or landscape). */
export const isPaperSize = (w: number, h: number): boolean =>
  Math.min(w, h) <= MAX_PAPER_IN.w + 0.01 && Math.max(w, h) <= MAX_PAPER_IN.h + 0.01;

/** The size a page has on paper: from its own resolution when a scanner recorded one, else
 * fitted to the printable area of the chosen page. */
export function physicalSize(
  widthPx: number,
  heightPx: number,
  density: number | undefined,
  pageSize: PageSize,
  keepScanPaper = true,
): { w: number; h: number } {
  const box = printableInches(pageSize);
  const fit = Math.min(box.w / widthPx, box.h / heightPx);
  if (density && density >= 72) {
    const w = widthPx / density;
    const h = heightPx / density;
    // A small receipt keeps its real size; a full-page scan keeps its paper (it already has its
    // margins, and shrinking an A4 scan onto Letter makes small print 12% smaller); only a scan
    // larger than any page, or one the merchant wants on the chosen page, is shrunk to fit.
    // 72 and 96 dpi are what programs write when they know nothing: not a scanner's reading.
    const scanned = density >= 100;
    if ((w <= box.w && h <= box.h) || (keepScanPaper && scanned && isPaperSize(w, h))) return { w, h };
    return { w: widthPx * fit, h: heightPx * fit };
  }
  return { w: widthPx * fit, h: heightPx * fit };
}

/** The JPEG decoder's own scaling (1/2, 1/4, 1/8 in the DCT) for a page shrunk by `scale`: a
 * 300 dpi scan for 150 dpi is decoded at half size, at a third of the cost of decoding it whole
 * and shrinking it. The library picks this itself only when the shrink is 3× or more. */
function jpegShrinkFactor(scale: number, w: number, h: number): number {
  // Never below a pixel on the short side (a picture 4 pixels wide and 20,000 long).
  for (const f of [8, 4, 2]) if (scale * f <= 1 && Math.min(w, h) >= f) return f;
  return 1;
}

/** A page's pixels in one channel of luma, as drawn for a resolution, before any mask, denoise or
 * encoding: what the card-number search reads and, when the packet is grey or black and white at
 * the same size, what the packet's page is encoded from. */
export interface Gray {
  data: Buffer;
  width: number;
  height: number;
}

/** Grey pixels and the page they make on paper, in inches (the same pixels make an A4 or a
 * Letter page, by the page size asked for). */
export type GrayPixels = Gray & { size: { w: number; h: number } };

/** Keeps a file's drawn grey pages (the evidence store's page cache), by what decides the
 * pixels: the page, its turn and the size it is drawn at. The card-number search draws a page at
 * 150 dpi and the document preset's build draws the same one again a moment later: decoding a
 * 300 dpi scan is most of a page's cost, and is paid once. */
export type GrayCache = (key: string, draw: () => Promise<Gray>) => Promise<Gray>;

/** An image's page drawn: decoded (a JPEG already shrunk by its decoder when `path` names a
 * file holding the same bytes), turned upright, turned by the merchant, resized for the options'
 * page and resolution; transparent parts on paper white. */
async function drawImage(
  bytes: Buffer,
  kind: Exclude<ImportKind, 'pdf'>,
  page: number,
  rotation: number,
  o: RenderOptions,
  path: string | undefined,
): Promise<{ pixels: () => Sharp; size: { w: number; h: number }; key: string }> {
  let img = await openImage(bytes, kind, page);
  // Read from the instance itself: a clone would copy its input, the whole file (a millisecond or
  // two of the main thread per page for a scan); metadata leaves a buffer-fed instance as it was.
  const meta = await img.metadata();
  let w = meta.autoOrient?.width ?? meta.width ?? 1;
  let h = meta.autoOrient?.height ?? meta.pageHeight ?? meta.height ?? 1;
  if (rotation === 90 || rotation === 270) [w, h] = [h, w];
  const size = physicalSize(w, h, meta.density, o.pageSize, o.keepScanPaper ?? true);
  const scale = Math.min(1, (size.w * o.dpi) / w, (size.h * o.dpi) / h);
  const tw = Math.max(1, Math.round(w * scale));
  const th = Math.max(1, Math.round(h * scale));
  const shrink = kind === 'jpeg' && path && !/[[\]]/.test(path) ? jpegShrinkFactor(scale, w, h) : 1;
  if (shrink > 1) img = await openJpegShrunk(path!, shrink);
  const pixels = (): Sharp => {
    let p = img;
    if (rotation) p = p.rotate(rotation);
    p = p.resize(tw, th, { fit: 'fill', kernel: 'lanczos3', fastShrinkOnLoad: true });
    return meta.hasAlpha ? p.flatten({ background: '#ffffff' }) : p;
  };
  return { pixels, size, key: `${page}:${rotation}:${tw}x${th}` };
}

/** An image's page in grey, drawn once per `cache` key when a cache is given. */
export async function drawGrayImage(
  bytes: Buffer,
  kind: Exclude<ImportKind, 'pdf'>,
  page: number,
  rotation: number,
  o: RenderOptions,
  path?: string,
  cache?: GrayCache,
): Promise<GrayPixels> {
  const drawn = await drawImage(bytes, kind, page, rotation, o, path);
  const draw = (): Promise<Gray> => toGray(drawn.pixels());
  return { ...(await (cache ? cache(drawn.key, draw) : draw())), size: drawn.size };
}

/** `path`, when given, is a file holding the same bytes: a JPEG is then decoded already shrunk. A
 * grey or black and white page is drawn through `cache` when one is given. */
export async function renderImagePage(
  bytes: Buffer,
  kind: Exclude<ImportKind, 'pdf'>,
  page: number,
  rotation: number,
  o: RenderOptions,
  path?: string,
  cache?: GrayCache,
): Promise<RenderedPage> {
  if (o.colour !== 'colour') return encodeGrayPage(await drawGrayImage(bytes, kind, page, rotation, o, path, cache), o);
  const drawn = await drawImage(bytes, kind, page, rotation, o, path);
  return finish(drawn.pixels(), drawn.size, o);
}

export interface PdfPagePixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

/** Where a PDF page is drawn and at what scale: fitted to the printable area exactly as a page
 * kept as it is would be, so both choices look alike on paper. `ownDpi` caps the resolution of
 * a page that is only a scan: drawing it finer than the scan would add bytes, not detail. */
async function drawPdf(
  draw: (pxPerPt: number) => Promise<PdfPagePixels>,
  sizePt: { w: number; h: number },
  o: RenderOptions,
  ownDpi: number | undefined,
): Promise<{ pixels: Sharp; size: { w: number; h: number } }> {
  const printable = fitToPrintable(sizePt, o.pageSize);
  // An A4 page fitted into Letter's printable area is drawn at 88% of its size: read so, its 6 pt
  // card numbers were missed (read at 132 dpi instead of 150).
  const paper = Math.min(
    (MAX_PAPER_IN.w * 72) / Math.min(sizePt.w, sizePt.h),
    (MAX_PAPER_IN.h * 72) / Math.max(sizePt.w, sizePt.h),
  );
  const fit = o.ownSize ? Math.max(printable, Math.min(1, paper)) : printable;
  const dpi = ownDpi ? Math.min(o.dpi, ownDpi) : o.dpi;
  const px = await draw((fit * dpi) / 72);
  // Drawn on white: the alpha channel is opaque and simply dropped.
  const pixels = sharp(px.data, { raw: { width: px.width, height: px.height, channels: px.channels } }).removeAlpha();
  return { pixels, size: { w: (sizePt.w * fit) / 72, h: (sizePt.h * fit) / 72 } };
}

/** A PDF page (drawn by pdf.js, or from its one JPEG: drawPdfPage) in grey, as `drawGrayImage`
 * gives an image's. */
export async function drawGrayPdf(
  draw: (pxPerPt: number) => Promise<PdfPagePixels>,
  sizePt: { w: number; h: number },
  o: RenderOptions,
  ownDpi?: number,
): Promise<GrayPixels> {
  const drawn = await drawPdf(draw, sizePt, o, ownDpi);
  return { ...(await toGray(drawn.pixels)), size: drawn.size };
}

/** A PDF page drawn (drawPdfPage) at the resolution the options ask for, then compressed by the
 * same steps as a photo. `sizePt` is the page as it will be shown (its crop box, turned by its
 * own and the merchant's rotation). */
export async function renderPdfPage(
  draw: (pxPerPt: number) => Promise<PdfPagePixels>,
  sizePt: { w: number; h: number },
  o: RenderOptions,
  ownDpi?: number,
): Promise<RenderedPage> {
  if (o.colour !== 'colour') return encodeGrayPage(await drawGrayPdf(draw, sizePt, o, ownDpi), o);
  const drawn = await drawPdf(draw, sizePt, o, ownDpi);
  return finish(drawn.pixels, drawn.size, o);
}

/** A colour page: its masks, the denoise if asked, then the encoder for where the page goes. */
async function finish(p: Sharp, size: { w: number; h: number }, o: RenderOptions): Promise<RenderedPage> {
  if (o.masks?.length) p = await paintMasks(p, o.masks);
  if (o.denoise) p = p.median(3);
  return encodeJpeg(p, size, o);
}

/** A grey page: its masks painted on a copy (the drawn pixels may be kept for the next use), the
 * denoise if asked (the library's 3×3 median on the one channel; no preset asks), then black
 * and white or the encoder for where the page goes. */
export async function encodeGrayPage(g: GrayPixels, o: RenderOptions): Promise<RenderedPage> {
  const { width, height, size } = g;
  let data = g.data;
  if (o.masks?.length) {
    data = Buffer.from(data);
    paintRects(data, width, height, 1, o.masks);
  }
  const one = sharp(data, { raw: { width, height, channels: 1 } });
  const p = (o.denoise && width >= 3 && height >= 3 ? one.median(3) : one).toColourspace('b-w');
  // The encoder's deringing changes only blocks that reach pure white, and a scan's paper rarely
  // does: without any such pixel (a median makes none) the same bytes come out a third sooner.
  if (o.colour !== 'bw') return encodeJpeg(p, size, o, data.includes(255));
  const bw = await p.threshold(160).raw().toBuffer({ resolveWithObject: true });
  const dims = { widthPx: bw.info.width, heightPx: bw.info.height, widthIn: size.w, heightIn: size.h };
  const channels = bw.info.channels;
  if (o.container === 'file') {
    // Its own file: a two-colour PNG that says its resolution, so it prints at its real size.
    const png = await sharp(bw.data, { raw: { width: bw.info.width, height: bw.info.height, channels } })
      .toColourspace('b-w')
      .png({ palette: true, colours: 2, compressionLevel: 9 })
      .toBuffer();
    return { format: 'png', data: withPngDensity(png, bw.info.width / size.w), ...dims };
  }
  return { format: 'bilevel', data: packBits(bw.data, bw.info.width, bw.info.height, channels), ...dims };
}

async function encodeJpeg(
  p: Sharp,
  size: { w: number; h: number },
  o: RenderOptions,
  dering = true,
): Promise<RenderedPage> {
  const file = o.container === 'file';
  // The library is mozjpeg: its quantisation tables and deringing (of black print on pure white),
  // Huffman tables optimised.
  // Trellis quantisation and the progressive-scan search are left out: together they cost three
  // times the encoding for about a fifth of the size, and the budget solver already trades
  // quality for bytes where a limit demands it.
  const { data, info } = await p
    .jpeg({
      quality: o.quality,
      quantisationTable: 3,
      overshootDeringing: dering,
      optimiseCoding: true,
      chromaSubsampling: '4:2:0',
    })
    .toBuffer({ resolveWithObject: true });
  return {
    format: 'jpeg',
    data: file ? withJfifDensity(data, info.width / size.w) : data,
    widthPx: info.width,
    heightPx: info.height,
    widthIn: size.w,
    heightIn: size.h,
  };
}

// A file of its own says its resolution, so it prints at its real size. The library would write
// it as an EXIF block; these headers carry the resolution and nothing else.

/** A JFIF APP0 segment with the density in dots per inch, after the start-of-image marker. */
function withJfifDensity(jpeg: Buffer, dpi: number): Buffer {
  const d = Math.max(1, Math.min(65535, Math.round(dpi)));
  const app0 = Buffer.from([
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x01,
    d >> 8,
    d & 0xff,
    d >> 8,
    d & 0xff,
    0x00,
    0x00,
  ]);
  return jpeg[2] === 0xff && jpeg[3] === 0xe0 ? jpeg : Buffer.concat([jpeg.subarray(0, 2), app0, jpeg.subarray(2)]);
}

/** A pHYs chunk (pixels per metre) right after the PNG's header chunk. */
function withPngDensity(png: Buffer, dpi: number): Buffer {
  // The library may already have written one (from the pixels' own density): it is replaced.
  const at = png.indexOf('pHYs', 8, 'latin1');
  if (at > 0) png = Buffer.concat([png.subarray(0, at - 4), png.subarray(at + 4 + 9 + 4)]);
  const ppm = Math.round(dpi / 0.0254);
  const body = Buffer.alloc(13);
  body.write('pHYs', 0, 'latin1');
  body.writeUInt32BE(ppm, 4);
  body.writeUInt32BE(ppm, 8);
  body[12] = 1;
  const chunk = Buffer.alloc(21);
  chunk.writeUInt32BE(9, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), 17);
  const afterHeader = 8 + 8 + 13 + 4;
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

/** One channel of luma (Rec. 601 weights), computed after the resize: the library's own
 * conversion runs at full resolution through Lab and costs more than the rest of the page. */
async function toGray(p: Sharp): Promise<Gray> {
  const { data, info } = await p.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  if (info.channels === 1) return { data, width: info.width, height: info.height };
  const gray: Buffer = Buffer.allocUnsafe(n);
  for (let i = 0, j = 0; i < n; i++, j += info.channels)
    gray[i] = (data[j]! * 77 + data[j + 1]! * 150 + data[j + 2]! * 29) >> 8;
  return { data: gray, width: info.width, height: info.height };
}

/** 8-bit thresholded pixels → 1 bit per pixel, rows padded to bytes, 1 = white; deflated. */
function packBits(px: Buffer, width: number, height: number, channels: number): Buffer {
  const rowBytes = Math.ceil(width / 8);
  const out = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (px[(y * width + x) * channels]! >= 128) out[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return deflateSync(out, { level: 9 });
}
