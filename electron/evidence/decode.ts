// Opens any accepted image as a sharp pipeline: what sharp reads itself, HEIC through a
// maintained HEVC decoder (libheif compiled to WebAssembly, in a thread of its own), BMP through
// ours. Every pipeline is bounded: decompression bombs are refused from the size the file
// declares, before any pixels are allocated.
import sharp, { type Sharp } from 'sharp';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { decodeBmp } from './bmp.ts';
import { DecodeError } from './decode-error.ts';
import type { ImportKind } from './sniff.ts';
import type { FromHeicWorker, ToHeicWorker } from './heic-worker.ts';
import { tiffPageSizes } from './tiff-pages.ts';

export { DecodeError };

export const MAX_PIXELS = 120_000_000;
/** A file past this many pages is refused from its page count, before any page is read. Well
 * above a packet's limit (at most 500): a merchant picks a few pages out of a long statement, and
 * a 600-page one is real. Reading a file's pages costs time in proportion to their number. */
export const MAX_FILE_PAGES = 1000;
/** HEIC has no shrink-on-load: the whole picture is decoded, in WebAssembly memory and again as
 * pixels. The largest phone photos are 48 megapixels; this keeps a HEIC under about 600 MB. */
export const HEIC_MAX_PIXELS = 64_000_000;
/** Pixels decoded from one file in all its pages: a multi-page TIFF's pages are each decoded
 * whole to prove them readable (TIFF has no shrink-on-load), about a second per thousand
 * megapixels. 300 A4 pages scanned at 300 dpi in colour fit; 999 pages of 110 megapixels (a
 * 127 KB file that cost minutes) do not. */
export const MAX_FILE_PIXELS = 3_000_000_000;

sharp.cache(false);
sharp.concurrency(1);

interface HeicImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** A HEIC decode is stopped after this long, and its thread may hold at most this much heap (the
 * pixels live in WebAssembly memory, bounded by HEIC_MAX_PIXELS). */
export const heicLimits = { ms: 30_000, heapMb: 512 };

const tooLarge = (w: number, h: number): DecodeError =>
  new DecodeError(
    `it is ${w.toLocaleString('en-US')} × ${h.toLocaleString('en-US')} pixels, ` +
      'too large to be a scan or photo. Export it at a lower resolution and add that',
  );

function heicWorkerFile(): string | URL {
  // The desktop bundle has its own CommonJS copy beside main.cjs; plain Node runs the TypeScript.
  return typeof __filename === 'string'
    ? join(__dirname, 'heic-worker.cjs')
    : new URL('./heic-worker.ts', import.meta.url);
}

/** The first picture of a HEIC, decoded in a thread of its own (heic-worker.ts) whose printed
 * output is kept away from this process's stdout; its size is checked from the container first. */
export async function decodeHeic(bytes: Buffer): Promise<HeicImage> {
  const worker = new Worker(heicWorkerFile(), {
    stdout: true,
    stderr: true,
    resourceLimits: { maxOldGenerationSizeMb: heicLimits.heapMb },
  });
  // What libheif prints is read and dropped: none of it is for the merchant or a script.
  worker.stdout.resume();
  worker.stderr.resume();
  try {
    const answer = await new Promise<FromHeicWorker>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new DecodeError(
              `decoding it took longer than ${heicLimits.ms / 1000} seconds, ` +
                'so it was stopped. Open it and export it as JPEG, then add that',
            ),
          ),
        heicLimits.ms,
      );
      worker.once('message', (m: FromHeicWorker) => {
        clearTimeout(timer);
        resolve(m);
      });
      worker.once('error', (e) => {
        clearTimeout(timer);
        reject(
          (e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new DecodeError(
                `decoding it needs more than ${heicLimits.heapMb} MB. Open it and export it as JPEG, then add that`,
              )
            : e,
        );
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        reject(new Error('the HEIC decoding thread ended without an answer'));
      });
      worker.postMessage({ bytes: new Uint8Array(bytes), maxPixels: HEIC_MAX_PIXELS } satisfies ToHeicWorker);
    });
    if (answer.type === 'empty')
      throw new DecodeError('it holds no picture. Open it and export it as JPEG, then add that');
    if (answer.type === 'too-large') throw tooLarge(answer.width, answer.height);
    if (answer.type === 'failed') throw new Error(answer.message);
    return { width: answer.width, height: answer.height, data: answer.data };
  } finally {
    await worker.terminate();
  }
}

export const tooManyPages = (pages: number): DecodeError =>
  new DecodeError(
    `it has ${pages.toLocaleString('en-US')} pages, more than Dispute Desk reads from one ` +
      `file (${MAX_FILE_PAGES.toLocaleString('en-US')}). Split it and add the pages you need`,
  );

/** A library's failure, in the merchant's words: what is wrong and what to do. */
function describe(e: unknown): string {
  const m = (e as Error)?.message ?? String(e);
  if (/pixel limit|exceeds pixel/i.test(m))
    return 'it is too large to be a scan or photo (over 120 megapixels). Export it at a lower resolution and add that';
  if (/premature end|truncated|unexpected end|end of file|not enough data|short read/i.test(m))
    return (
      'the file is cut short (truncated): it may not have finished copying or ' +
      'downloading. Copy it again from where it came from and add the new copy'
    );
  if (/crc|checksum/i.test(m))
    return (
      'the file is damaged (its checksums do not match). Copy it again from ' +
      'where it came from, or open it and save it as a new file, then add that'
    );
  return (
    'its picture data is damaged and cannot be read. Open it in a ' +
    'photo viewer and save or export it again, then add the new copy'
  );
}

/** A pipeline for one page of an image, EXIF orientation applied. */
export async function openImage(bytes: Buffer, kind: Exclude<ImportKind, 'pdf'>, page = 0): Promise<Sharp> {
  try {
    if (kind === 'heic') {
      const img = await decodeHeic(bytes);
      return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), {
        raw: { width: img.width, height: img.height, channels: 4 },
        limitInputPixels: MAX_PIXELS,
      });
    }
    if (kind === 'bmp') {
      const raw = decodeBmp(bytes, MAX_PIXELS);
      return sharp(raw.data, {
        raw: { width: raw.width, height: raw.height, channels: raw.channels },
        limitInputPixels: MAX_PIXELS,
      });
    }
    return sharp(bytes, { page, limitInputPixels: MAX_PIXELS, failOn: 'error', sequentialRead: true }).autoOrient();
  } catch (e) {
    if (e instanceof DecodeError) throw e;
    throw new DecodeError(describe(e));
  }
}

/** A JPEG file decoded at 1/`shrink` of its size by the decoder itself (its DCT scaling), EXIF
 * orientation applied. The library takes the factor only as a load option in the file name. */
export async function openJpegShrunk(path: string, shrink: 2 | 4 | 8 | number): Promise<Sharp> {
  if (/[[\]]/.test(path)) throw new Error('openJpegShrunk: a path with brackets cannot carry load options');
  try {
    return sharp(`${path}[shrink=${shrink}]`, {
      limitInputPixels: MAX_PIXELS,
      failOn: 'error',
      sequentialRead: true,
    }).autoOrient();
  } catch (e) {
    throw new DecodeError(describe(e));
  }
}

export interface ImageFacts {
  width: number;
  height: number;
  pages: number;
  /** Pixels per inch when the file says so (scanners do, phones usually not). */
  density: number | undefined;
}

const mp = (n: number): string => Math.round(n / 1_000_000).toLocaleString('en-US');

/** Each page of a TIFF declares its own size: every one is checked, and their sum against the
 * file's budget, before any page is decoded. Read from the directories themselves where they can
 * be followed (instant), else asked of the library page by page, stopping at the first excess. */
async function checkTiffPages(bytes: Buffer, pages: number): Promise<void> {
  const declared = tiffPageSizes(bytes, MAX_FILE_PAGES);
  const sizeOf = async (p: number): Promise<{ width: number; height: number }> => {
    if (declared?.[p]) return declared[p];
    const m = await sharp(bytes, { page: p, limitInputPixels: false }).metadata();
    return { width: m.width ?? 0, height: m.height ?? 0 };
  };
  let total = 0;
  for (let p = 0; p < pages; p++) {
    const { width, height } = await sizeOf(p);
    if (width * height > MAX_PIXELS)
      throw new DecodeError(
        `page ${p + 1} is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels, ` +
          'too large to be a scan or photo. Export it at a lower resolution and add that',
      );
    total += width * height;
    if (total > MAX_FILE_PIXELS)
      throw new DecodeError(
        `its ${pages.toLocaleString('en-US')} pages hold over ${mp(total)} megapixels, more than Dispute ` +
          `Desk decodes from one file (${mp(MAX_FILE_PIXELS)}). Split it, or export it at a lower ` +
          'resolution, and add the pages you need',
      );
  }
}

/** Reads size and page count, then decodes a small version of each page to prove the pixels are
 * whole: `proved` says so. A caller that draws a single page itself (`drawsSinglePage`: the
 * evidence store draws the page the card-number search reads) proves it by that drawing, so a
 * picture of one page is decoded once, not twice; `proved` is then false for the caller to do it.
 * HEIC and BMP are decoded whole to be measured at all, and so are always proved. */
export async function probeImage(
  bytes: Buffer,
  kind: Exclude<ImportKind, 'pdf'>,
  o: { drawsSinglePage?: boolean } = {},
): Promise<ImageFacts & { proved: boolean }> {
  try {
    if (kind === 'heic') {
      const img = await decodeHeic(bytes);
      return { width: img.width, height: img.height, pages: 1, density: undefined, proved: true };
    }
    if (kind === 'bmp') {
      const raw = decodeBmp(bytes, MAX_PIXELS);
      return { width: raw.width, height: raw.height, pages: 1, density: undefined, proved: true };
    }
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    if (width * height > MAX_PIXELS) throw tooLarge(width, height);
    const pages = kind === 'tiff' ? (meta.pages ?? 1) : 1;
    if (pages > MAX_FILE_PAGES) throw tooManyPages(pages);
    if (kind === 'tiff') await checkTiffPages(bytes, pages);
    const proved = !(o.drawsSinglePage && pages === 1);
    if (proved)
      for (let p = 0; p < pages; p++)
        await sharp(bytes, { page: p, limitInputPixels: MAX_PIXELS, failOn: 'error' })
          .resize(64, 64, { fit: 'inside' })
          .raw()
          .toBuffer();
    const swap = (meta.orientation ?? 1) >= 5;
    return {
      width: swap ? height : width,
      height: swap ? width : height,
      pages,
      density: meta.density && meta.density > 1 ? meta.density : undefined,
      proved,
    };
  } catch (e) {
    throw asDecodeError(e);
  }
}

/** A failure to decode a picture, in the words a merchant is told (DecodeErrors pass as they are). */
export const asDecodeError = (e: unknown): DecodeError => (e instanceof DecodeError ? e : new DecodeError(describe(e)));
