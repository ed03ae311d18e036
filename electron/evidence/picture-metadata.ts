// Metadata taken out of a picture's own bytes, without decoding its pixels: a JPEG's EXIF (GPS
// position, device, author), XMP, IPTC and comments, and a JPEG 2000's XML, UUID (XMP, GeoJP2),
// rights and comment boxes. The pixels, colour profile (JPEG APP2, JP2 colr), Adobe colour
// transform (APP14) and resolution stay as they were. A picture whose structure cannot be
// followed to its end gives undefined: the caller must not keep it as it is.

/** APP1 (EXIF, XMP), APP3–APP13 (IPTC, Photoshop, maker data), APP15 and comments. */
function isJpegMetadata(marker: number): boolean {
  return marker === 0xe1 || (marker >= 0xe3 && marker <= 0xed) || marker === 0xef || marker === 0xfe;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, x) => s + x.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The JPEG without its metadata segments, wherever they stand (before the first scan or
 * between the scans of a progressive JPEG), and without anything after its end marker. */
export function stripJpegMetadata(b: Uint8Array): Uint8Array | undefined {
  if (b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  const keep: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  while (i + 2 <= b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd9) {
      keep.push(b.subarray(i, i + 2));
      return concat(keep);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      keep.push(b.subarray(i, i + 2));
      i += 2;
      continue;
    }
    if (i + 4 > b.length) return undefined;
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    if (length < 2 || i + 2 + length > b.length) return undefined;
    const end = i + 2 + length;
    if (marker === 0xda) {
      // A scan: its coded data runs to the next marker that is neither stuffing (FF 00) nor a
      // restart (FF D0–D7).
      let j = end;
      while (j + 1 < b.length && !(b[j] === 0xff && b[j + 1] !== 0 && (b[j + 1]! < 0xd0 || b[j + 1]! > 0xd7))) j++;
      if (j + 1 >= b.length) return undefined;
      keep.push(b.subarray(i, j));
      i = j;
      continue;
    }
    if (!isJpegMetadata(marker)) keep.push(b.subarray(i, end));
    i = end;
  }
  return undefined;
}

/** The box at `at`: its type, where it starts, where its contents start and where it ends. */
const box = (b: Uint8Array, at: number): { type: string; start: number; body: number; end: number } | undefined => {
  if (at + 8 > b.length) return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let length = view.getUint32(at);
  let header = 8;
  if (length === 1) {
    if (at + 16 > b.length) return undefined;
    length = Number(view.getBigUint64(at + 8));
    header = 16;
  } else if (length === 0) length = b.length - at;
  if (length < header || at + length > b.length) return undefined;
  return { type: String.fromCharCode(...b.subarray(at + 4, at + 8)), start: at, body: at + header, end: at + length };
};

/** Boxes that make the picture: signature, file type, reader requirements, header, codestream,
 * and JPX's codestream and layer headers and fragment tables. Anything else (xml, uuid, uinf,
 * jp2i, labels, associations) is metadata or nothing a viewer needs. */
const keptBoxes = new Set(['jP  ', 'ftyp', 'rreq', 'jp2h', 'jp2c', 'jpch', 'jplh', 'ftbl', 'dtbl']);
/** Inside a header: size, bit depths, colour (an ICC profile too), palette, channels, resolution. */
const keptHeaderBoxes = new Set(['ihdr', 'bpcc', 'colr', 'pclr', 'cmap', 'cdef', 'res ', 'resc', 'resd']);
const headerBoxes = new Set(['jp2h', 'jpch', 'jplh', 'res ']);

function keepBoxes(b: Uint8Array, from: number, to: number, allowed: Set<string>): Uint8Array[] | undefined {
  const out: Uint8Array[] = [];
  for (let at = from; at < to;) {
    const x = box(b.subarray(0, to), at);
    if (!x) return undefined;
    if (allowed.has(x.type)) {
      if (x.type === 'jp2c') {
        const code = stripCodestreamComments(b.subarray(x.body, x.end));
        if (!code) return undefined;
        out.push(boxOf('jp2c', [code]));
      } else if (headerBoxes.has(x.type)) {
        const inner = keepBoxes(b, x.body, x.end, keptHeaderBoxes);
        if (!inner) return undefined;
        out.push(boxOf(x.type, inner));
      } else out.push(b.subarray(x.start, x.end));
    }
    at = x.end;
  }
  return out;
}

function boxOf(type: string, parts: readonly Uint8Array[]): Uint8Array {
  const body = concat(parts);
  const out = new Uint8Array(8 + body.length);
  new DataView(out.buffer).setUint32(0, out.length);
  for (let k = 0; k < 4; k++) out[4 + k] = type.charCodeAt(k);
  out.set(body, 8);
  return out;
}

/** A JPEG 2000 codestream without its comment (COM) segments, in the main header and in each
 * tile-part header (whose length is shortened to match). */
export function stripCodestreamComments(b: Uint8Array): Uint8Array | undefined {
  if (b[0] !== 0xff || b[1] !== 0x4f) return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const u16 = (at: number): number => view.getUint16(at);
  const keep: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  // Main header: marker segments up to the first tile part (SOT).
  while (true) {
    if (i + 4 > b.length) return undefined;
    const marker = u16(i);
    if (marker === 0xff90) break;
    if (b[i] !== 0xff) return undefined;
    const end = i + 2 + u16(i + 2);
    if (end > b.length) return undefined;
    if (marker !== 0xff64) keep.push(b.subarray(i, end));
    i = end;
  }
  while (i + 2 <= b.length && u16(i) === 0xff90) {
    if (i + 12 > b.length) return undefined;
    const psot = view.getUint32(i + 6);
    const partEnd = psot === 0 ? b.length - 2 : i + psot;
    if (partEnd > b.length || partEnd < i + 12) return undefined;
    const header: Uint8Array[] = [];
    let j = i + 12;
    let removed = 0;
    while (true) {
      if (j + 2 > partEnd) return undefined;
      const marker = u16(j);
      if (marker === 0xff93) break;
      if (j + 4 > partEnd || b[j] !== 0xff) return undefined;
      const end = j + 2 + u16(j + 2);
      if (end > partEnd) return undefined;
      if (marker === 0xff64) removed += end - j;
      else header.push(b.subarray(j, end));
      j = end;
    }
    const sot = new Uint8Array(b.subarray(i, i + 12));
    if (psot !== 0) new DataView(sot.buffer).setUint32(6, psot - removed);
    keep.push(sot, ...header, b.subarray(j, partEnd));
    i = partEnd;
  }
  // The end of the codestream (EOC), and nothing after it.
  if (i + 2 > b.length || u16(i) !== 0xffd9) return undefined;
  keep.push(b.subarray(i, i + 2));
  return concat(keep);
}

/** A JPEG 2000 picture (a JP2/JPX file, or a bare codestream) without its metadata. */
export function stripJpxMetadata(b: Uint8Array): Uint8Array | undefined {
  if (b[0] === 0xff && b[1] === 0x4f) return stripCodestreamComments(b);
  const first = box(b, 0);
  if (!first || first.type !== 'jP  ') return undefined;
  const parts = keepBoxes(b, 0, b.length, keptBoxes);
  return parts && concat(parts);
}
