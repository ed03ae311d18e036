// Covers the parts of a drawn page that hold card digits with solid black, in the pixels
// themselves, before the page is encoded: nothing under a mask reaches the packet.
import sharp, { type Sharp } from 'sharp';
import type { PageRect } from '../../../shared/evidence/card-numbers.ts';

/** Paints `rects` (fractions of the page as drawn, turned as it will be shown) black into raw
 * pixels of `channels` channels; an alpha channel is made opaque. */
export function paintRects(
  data: Buffer,
  width: number,
  height: number,
  channels: number,
  rects: readonly PageRect[],
): void {
  for (const r of rects) {
    // Rounded outwards: a mask never leaves a sliver of a digit.
    const x0 = Math.max(0, Math.floor(r.x * width));
    const y0 = Math.max(0, Math.floor(r.y * height));
    const x1 = Math.min(width, Math.ceil((r.x + r.w) * width));
    const y1 = Math.min(height, Math.ceil((r.y + r.h) * height));
    for (let y = y0; y < y1; y++) {
      const row = y * width * channels;
      for (let x = x0; x < x1; x++) {
        const at = row + x * channels;
        for (let c = 0; c < channels; c++) data[at + c] = channels === 4 && c === 3 ? 255 : 0;
      }
    }
  }
}

/** The same on a page still in the image library's hands. */
export async function paintMasks(p: Sharp, rects: readonly PageRect[]): Promise<Sharp> {
  const { data, info } = await p.raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  paintRects(data, width, height, channels, rects);
  return sharp(data, { raw: { width, height, channels } });
}
