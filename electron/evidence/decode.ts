// Opens any accepted image as a sharp pipeline: what sharp reads itself, HEIC through a
// maintained HEVC decoder (libheif compiled to WebAssembly), BMP through ours. Every pipeline is
// bounded: decompression bombs are refused from the size the file declares, before any pixels
// are allocated.
import sharp, { type Sharp } from 'sharp';
import { decodeBmp } from './bmp.ts';
import { DecodeError } from './decode-error.ts';
import type { ImportKind } from './sniff.ts';

export { DecodeError };

export const MAX_PIXELS = 120_000_000;
/** A file past this many pages is refused from its page count, before any page is read. Well
 * above a packet's limit (at most 500): a merchant picks a few pages out of a long statement, and
 * a 600-page one is real. Reading a file's pages costs time in proportion to their number. */
export const MAX_FILE_PAGES = 1000;
/** HEIC has no shrink-on-load: the whole picture is decoded, in WebAssembly memory and again as
 * pixels. The largest phone photos are 48 megapixels; this keeps a HEIC under about 600 MB. */
export const HEIC_MAX_PIXELS = 64_000_000;

sharp.cache(false);
sharp.concurrency(1);

interface HeicImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

const tooLarge = (w: number, h: number): DecodeError => new DecodeError(`it is ${w.toLocaleString('en-US')} × ${h.toLocaleString('en-US')} pixels, too large to be a scan or photo. Export it at a lower resolution and add that`);

/** The first picture of a HEIC, its size checked from the container before it is decoded. */
export async function decodeHeic(bytes: Buffer): Promise<HeicImage> {
  const { default: decode } = await import('heic-decode');
  const images = await decode.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) throw new DecodeError('it holds no picture. Open it and export it as JPEG, then add that');
    if (first.width * first.height > HEIC_MAX_PIXELS) throw tooLarge(first.width, first.height);
    return await first.decode();
  } finally {
    images.dispose();
  }
}

export const tooManyPages = (pages: number): DecodeError => new DecodeError(`it has ${pages.toLocaleString('en-US')} pages, more than Dispute Desk reads from one file (${MAX_FILE_PAGES.toLocaleString('en-US')}). Split it and add the pages you need`);

/** A library's failure, in the merchant's words: what is wrong and what to do. */
function describe(e: unknown): string {
  const m = (e as Error)?.message ?? String(e);
  if (/pixel limit|exceeds pixel/i.test(m)) return 'it is too large to be a scan or photo (over 120 megapixels). Export it at a lower resolution and add that';
  if (/premature end|truncated|unexpected end|end of file|not enough data|short read/i.test(m)) return 'the file is cut short (truncated): it may not have finished copying or downloading. Copy it again from where it came from and add the new copy';
  if (/crc|checksum/i.test(m)) return 'the file is damaged (its checksums do not match). Copy it again from where it came from, or open it and save it as a new file, then add that';
  return 'its picture data is damaged and cannot be read. Open it in a photo viewer and save or export it again, then add the new copy';
}

/** A pipeline for one page of an image, EXIF orientation applied. */
export async function openImage(bytes: Buffer, kind: Exclude<ImportKind, 'pdf'>, page = 0): Promise<Sharp> {
  try {
    if (kind === 'heic') {
      const img = await decodeHeic(bytes);
      return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), { raw: { width: img.width, height: img.height, channels: 4 }, limitInputPixels: MAX_PIXELS });
    }
    if (kind === 'bmp') {
      const raw = decodeBmp(bytes, MAX_PIXELS);
      return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels }, limitInputPixels: MAX_PIXELS });
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
    return sharp(`${path}[shrink=${shrink}]`, { limitInputPixels: MAX_PIXELS, failOn: 'error', sequentialRead: true }).autoOrient();
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

/** Reads size and page count, then decodes a small version to prove the pixels are whole. */
export async function probeImage(bytes: Buffer, kind: Exclude<ImportKind, 'pdf'>): Promise<ImageFacts> {
  try {
    if (kind === 'heic') {
      const img = await decodeHeic(bytes);
      return { width: img.width, height: img.height, pages: 1, density: undefined };
    }
    if (kind === 'bmp') {
      const raw = decodeBmp(bytes, MAX_PIXELS);
      return { width: raw.width, height: raw.height, pages: 1, density: undefined };
    }
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    if (width * height > MAX_PIXELS) throw tooLarge(width, height);
    const pages = kind === 'tiff' ? (meta.pages ?? 1) : 1;
    if (pages > MAX_FILE_PAGES) throw tooManyPages(pages);
    for (let p = 0; p < pages; p++) {
      // Each page of a TIFF declares its own size: every one is checked before it is decoded.
      if (p > 0) {
        const pm = await sharp(bytes, { page: p, limitInputPixels: false }).metadata();
        if ((pm.width ?? 0) * (pm.height ?? 0) > MAX_PIXELS) throw new DecodeError(`page ${p + 1} is ${(pm.width ?? 0).toLocaleString('en-US')} × ${(pm.height ?? 0).toLocaleString('en-US')} pixels, too large to be a scan or photo. Export it at a lower resolution and add that`);
      }
      await sharp(bytes, { page: p, limitInputPixels: MAX_PIXELS, failOn: 'error' }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    }
    const swap = (meta.orientation ?? 1) >= 5;
    return { width: swap ? height : width, height: swap ? width : height, pages, density: meta.density && meta.density > 1 ? meta.density : undefined };
  } catch (e) {
    if (e instanceof DecodeError) throw e;
    throw new DecodeError(describe(e));
  }
}
