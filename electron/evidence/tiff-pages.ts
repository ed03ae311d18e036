// The size each page of a TIFF declares, read from its directories (IFDs) without decoding
// anything: a few hundred kilobytes can declare a thousand pages of 110 megapixels each, and
// asking the image library page by page costs seconds before the first pixel is even read.

export interface TiffPage {
  width: number;
  height: number;
}

/** Every page's declared size, in order; undefined where the file cannot be followed (then the
 * library's own reading decides). Classic TIFF and BigTIFF, either byte order. */
export function tiffPageSizes(b: Uint8Array, maxPages: number): TiffPage[] | undefined {
  if (b.length < 8) return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const le = b[0] === 0x49;
  const u16 = (at: number): number => view.getUint16(at, le);
  const u32 = (at: number): number => view.getUint32(at, le);
  const u64 = (at: number): number => Number(view.getBigUint64(at, le));
  const big = u16(2) === 43;
  if (big && (u16(4) !== 8 || b.length < 16)) return undefined;
  const offsetAt = big ? u64 : u32;
  const countAt = big ? u64 : u16;
  const countBytes = big ? 8 : 2;
  const entryBytes = big ? 20 : 12;
  const pages: TiffPage[] = [];
  const seen = new Set<number>();
  let ifd = offsetAt(big ? 8 : 4);
  while (ifd !== 0) {
    // A loop of directories, or more pages than are read anyway: stop here, the caller decides.
    if (seen.has(ifd) || pages.length > maxPages) return pages;
    seen.add(ifd);
    if (ifd + countBytes > b.length) return undefined;
    const n = countAt(ifd);
    const end = ifd + countBytes + n * entryBytes;
    if (end + (big ? 8 : 4) > b.length) return undefined;
    let width = 0;
    let height = 0;
    for (let i = 0; i < n; i++) {
      const e = ifd + countBytes + i * entryBytes;
      const tag = u16(e);
      if (tag !== 256 && tag !== 257) continue;
      // SHORT, LONG or (BigTIFF) LONG8, stored in the entry itself.
      const type = u16(e + 2);
      const at = e + (big ? 12 : 8);
      const value = type === 3 ? u16(at) : type === 4 ? u32(at) : type === 16 && big ? u64(at) : 0;
      if (tag === 256) width = value;
      else height = value;
    }
    pages.push({ width, height });
    ifd = offsetAt(end);
  }
  return pages;
}
