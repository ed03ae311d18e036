// Opens any accepted image as a sharp pipeline: what sharp reads itself, HEIC through a
// maintained HEVC decoder (libheif compiled to WebAssembly), BMP through ours. Every pipeline is
// bounded: decompression bombs are refused before pixels are allocated.
import sharp, { type Sharp } from 'sharp';
import { decodeBmp } from './bmp.ts';
import type { ImportKind } from './sniff.ts';

export const MAX_PIXELS = 120_000_000;

sharp.cache(false);
sharp.concurrency(1);

interface HeicImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** HEIC → RGBA pixels. heic-decode wraps libheif-js. */
export async function decodeHeic(bytes: Buffer): Promise<HeicImage> {
  const { default: decode } = await import('heic-decode');
  return decode({ buffer: bytes });
}

export class DecodeError extends Error {}

function describe(e: unknown): string {
  const m = (e as Error)?.message ?? String(e);
  if (/pixel limit|exceeds pixel/i.test(m)) return 'it is too large to be a scan or photo (over 120 megapixels)';
  if (/premature end|truncated|unexpected end|end of file/i.test(m)) return 'the file is cut short (truncated): copy it again from where it came from';
  if (/crc|checksum/i.test(m)) return 'the file is damaged (a checksum does not match)';
  return `the image data is damaged (${m.split('\n')[0]})`;
}

/** A pipeline for one page of an image, EXIF orientation applied. */
export async function openImage(bytes: Buffer, kind: Exclude<ImportKind, 'pdf'>, page = 0): Promise<Sharp> {
  try {
    if (kind === 'heic') {
      const img = await decodeHeic(bytes);
      if (img.width * img.height > MAX_PIXELS) throw new DecodeError('it is too large to be a scan or photo (over 120 megapixels)');
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
    if (width * height > MAX_PIXELS) throw new DecodeError(`it is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels, too large to be a scan or photo`);
    const pages = kind === 'tiff' ? (meta.pages ?? 1) : 1;
    for (let p = 0; p < pages; p++) {
      await sharp(bytes, { page: p, limitInputPixels: MAX_PIXELS, failOn: 'error' }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    }
    const swap = (meta.orientation ?? 1) >= 5;
    return { width: swap ? height : width, height: swap ? width : height, pages, density: meta.density && meta.density > 1 ? meta.density : undefined };
  } catch (e) {
    if (e instanceof DecodeError) throw e;
    throw new DecodeError(describe(e));
  }
}
