// BMP, decoded here: the prebuilt image library reads every other format the app accepts but
// not this one. Uncompressed 24- and 32-bit and palette (1, 4, 8-bit) bitmaps, bottom-up or top-down.
export interface RawImage {
  width: number;
  height: number;
  channels: 3;
  data: Buffer;
}

export function decodeBmp(b: Buffer, maxPixels: number): RawImage {
  if (b.length < 54 || b.toString('latin1', 0, 2) !== 'BM') throw new Error('not a BMP file');
  const offset = b.readUInt32LE(10);
  const headerSize = b.readUInt32LE(14);
  const width = b.readInt32LE(18);
  const rawHeight = b.readInt32LE(22);
  const bpp = b.readUInt16LE(28);
  const compression = b.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) throw new Error('the BMP has no pixels');
  if (width * height > maxPixels) throw new Error(`the BMP is ${width} × ${height} pixels, larger than any scan`);
  if (compression !== 0 && compression !== 3) throw new Error('compressed BMP files are not supported: save it as PNG or JPEG');
  if (![1, 4, 8, 24, 32].includes(bpp)) throw new Error(`${bpp}-bit BMP files are not supported: save it as PNG or JPEG`);
  const rowSize = Math.ceil((bpp * width) / 32) * 4;
  if (offset + rowSize * height > b.length) throw new Error('the BMP file is truncated');
  const colours = bpp <= 8 ? (b.readUInt32LE(46) || 1 << bpp) : 0;
  const paletteAt = 14 + headerSize;
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
        if (index >= colours) throw new Error('the BMP palette is damaged');
        const p = paletteAt + index * 4;
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
