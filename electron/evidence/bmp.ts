// BMP, decoded here: the prebuilt image library reads every other format the app accepts but
// not this one. Uncompressed 24- and 32-bit and palette (1, 4, 8-bit) bitmaps, bottom-up or
// top-down, with Windows headers or the old OS/2 one.
import { DecodeError } from './decode-error.ts';

const resave = 'Open it and save it as PNG or JPEG, then add that';

export interface RawImage {
  width: number;
  height: number;
  channels: 3;
  data: Buffer;
}

/** Where the header says the pixels are, and their shape; checked without reading them. */
export function bmpHeader(
  b: Uint8Array,
):
  | {
      offset: number;
      headerSize: number;
      width: number;
      rawHeight: number;
      bpp: number;
      compression: number;
      planes: number;
    }
  | undefined {
  if (b.length < 26 || b[0] !== 0x42 || b[1] !== 0x4d) return undefined;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const headerSize = v.getUint32(14, true);
  // The header sizes Windows and OS/2 have used; text that happens to start with "BM" has none.
  if (![12, 40, 52, 56, 64, 108, 124].includes(headerSize) || b.length < 14 + headerSize) return undefined;
  const core = headerSize === 12;
  const h = {
    offset: v.getUint32(10, true),
    headerSize,
    width: core ? v.getUint16(18, true) : v.getInt32(18, true),
    rawHeight: core ? v.getInt16(20, true) : v.getInt32(22, true),
    planes: v.getUint16(core ? 22 : 26, true),
    bpp: v.getUint16(core ? 24 : 28, true),
    compression: core ? 0 : v.getUint32(30, true),
  };
  if (h.planes !== 1 || ![1, 4, 8, 16, 24, 32].includes(h.bpp) || h.offset < 14 + headerSize) return undefined;
  return h;
}

export function decodeBmp(b: Buffer, maxPixels: number): RawImage {
  const header = bmpHeader(b);
  if (!header) throw new DecodeError(`its bitmap header is damaged. ${resave}`);
  const { offset, headerSize, width, rawHeight, bpp, compression } = header;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) throw new DecodeError(`it has no pixels. ${resave}`);
  if (width * height > maxPixels)
    throw new DecodeError(
      `it is ${width.toLocaleString('en-US')} × ` +
        `${height.toLocaleString('en-US')} pixels, too large to be a scan or photo`,
    );
  if (compression !== 0 && compression !== 3)
    throw new DecodeError(`it is a compressed bitmap, which Dispute Desk cannot read. ${resave}`);
  if (![1, 4, 8, 24, 32].includes(bpp))
    throw new DecodeError(`it is a ${bpp}-bit bitmap, which Dispute Desk cannot read. ${resave}`);
  const rowSize = Math.ceil((bpp * width) / 32) * 4;
  if (offset + rowSize * height > b.length)
    throw new DecodeError(
      'the file is cut short (truncated): it may not have finished ' +
        'copying. Copy it again from where it came from and add the new copy',
    );
  const core = headerSize === 12;
  const colours = bpp <= 8 ? (core ? 1 << bpp : b.readUInt32LE(46) || 1 << bpp) : 0;
  const paletteAt = 14 + headerSize;
  const entry = core ? 3 : 4;
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = offset + rowSize * (rawHeight > 0 ? height - 1 - y : y);
    for (let x = 0; x < width; x++) {
      let r: number, g: number, bl: number;
      if (bpp >= 24) {
        const p = row + x * (bpp / 8);
        bl = b[p]!;
        g = b[p + 1]!;
        r = b[p + 2]!;
      } else {
        const bit = x * bpp;
        const byte = b[row + (bit >> 3)]!;
        const index = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        if (index >= colours) throw new DecodeError(`its colour table is damaged. ${resave}`);
        const p = paletteAt + index * entry;
        bl = b[p]!;
        g = b[p + 1]!;
        r = b[p + 2]!;
      }
      const o = (y * width + x) * 3;
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = bl;
    }
  }
  return { width, height, channels: 3, data: out };
}
