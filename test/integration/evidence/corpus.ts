// Test inputs made on the spot: scans, photos, PDFs, and broken files of every kind.
import sharp from 'sharp';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { readFileSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export function textPage(width: number, height: number, lines = 50, label = 'Invoice'): Buffer {
  const rows = Array.from(
    { length: lines },
    (_, i) =>
      `<text x="${width * 0.06}" y="${height * 0.06 + i * ((height * 0.85) / lines)}" ` +
      `font-size="${Math.round(height / 90)}" font-family="DejaVu Sans">${label} ` +
      `line ${i + 1} — Walnut board × 2 .......... $${(i * 3.17).toFixed(2)}</text>`,
  ).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" ` +
      `height="${height}"><rect width="100%" height="100%" fill="#f6f3ec"/>${rows}</svg>`,
  );
}

export async function scanJpeg(
  path: string,
  o: { width?: number; height?: number; density?: number; orientation?: number; gps?: boolean } = {},
): Promise<void> {
  let img = sharp(textPage(o.width ?? 1240, o.height ?? 1754));
  const exif: Record<string, Record<string, string>> = {};
  if (o.gps)
    exif.IFD3 = {
      GPSLatitudeRef: 'N',
      GPSLatitude: '40/1 26/1 46/1',
      GPSLongitudeRef: 'W',
      GPSLongitude: '79/1 58/1 56/1',
    };
  if (Object.keys(exif).length) img = img.withExif(exif);
  if (o.density || o.orientation)
    img = img.withMetadata({
      ...(o.density ? { density: o.density } : {}),
      ...(o.orientation ? { orientation: o.orientation } : {}),
    });
  await img.jpeg({ quality: 90 }).toFile(path);
}

export async function pdfWithPages(
  path: string,
  pages: number,
  o: { width?: number; height?: number } = {},
): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage([o.width ?? 612, o.height ?? 792]).drawText(`Page ${i + 1}`, { x: 60, y: 700, size: 24, font });
  writeFileSync(path, await doc.save());
}

/** One page showing a phone photo (with GPS in its EXIF) drawn `inches` wide: its resolution on
 * the page is its pixel width over that. Text under it, unless `scanOnly`. */
export async function pdfWithPhoto(
  path: string,
  o: { widthPx: number; heightPx: number; inches: number; noise?: number; scanOnly?: boolean },
): Promise<void> {
  const photo = await sharp({
    create: {
      width: o.widthPx,
      height: o.heightPx,
      channels: 3,
      background: '#8899aa',
      ...(o.noise ? { noise: { type: 'gaussian' as const, mean: 128, sigma: o.noise } } : {}),
    },
  })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 46/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 56/1',
      },
    })
    .jpeg({ quality: 95 })
    .toBuffer();
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const img = await doc.embedJpg(photo);
  const w = o.inches * 72;
  page.drawImage(img, {
    x: 36,
    y: 792 - 36 - (w * o.heightPx) / o.widthPx,
    width: w,
    height: (w * o.heightPx) / o.widthPx,
  });
  if (!o.scanOnly)
    page.drawText('Delivered to the front door', {
      x: 40,
      y: 30,
      size: 12,
      font: await doc.embedFont(StandardFonts.Helvetica),
    });
  writeFileSync(path, await doc.save());
}

/** Pages whose own /Rotate is given (e.g. -90, which is valid PDF), each saying its number. */
export async function pdfRotated(path: string, rotations: number[]): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  rotations.forEach((r, i) => {
    const page = doc.addPage([612, 792]);
    page.drawText(`Rotated page ${i + 1}`, { x: 60, y: 700, size: 24, font });
    page.setRotation(degrees(r));
  });
  writeFileSync(path, await doc.save());
}

/** A page whose crop box (what viewers show) is a 300 × 200 pt window onto a Letter media box. */
export async function pdfCropped(path: string): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('INSIDE', { x: 100, y: 400, size: 24, font });
  page.drawText('OUTSIDE', { x: 420, y: 60, size: 24, font });
  page.setCropBox(50, 300, 300, 200);
  writeFileSync(path, await doc.save());
}

/** A PDF whose trailer names an /Encrypt dictionary, as password-protected PDFs do. */
export function encryptedPdf(path: string): void {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    '<< /Filter /Standard /V 1 /R 2 /O (0123456789abcdef0123456789abcdef) ' +
      '/U (0123456789abcdef0123456789abcdef) /P -4 >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body +=
    `xref\n0 ${objs.length + 1}\n0000000000 65535 f ` +
    `\n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body +=
    `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID ` +
    `[<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] >>\nstartxref\n${xref}\n%%EOF\n`;
  writeFileSync(path, body, 'latin1');
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A tiny PNG that claims 30,000 × 30,000 pixels: a decompression bomb. */
export function pngBomb(path: string): void {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const row = Buffer.alloc(30_001);
  const idat = deflateSync(Buffer.concat(Array.from({ length: 50 }, () => row)));
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', idat),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** A small HEIC whose image-size properties (ispe) claim 30,000 × 30,000 pixels: decoding it
 * would allocate 3.6 GB. Made from a real HEIC written by ImageMagick. */
export function heicBomb(path: string, scratch: string): void {
  const small = join(scratch, 'heic-bomb-source.heic');
  imageMagick(['-size', '64x48', 'xc:#8899aa', small]);
  const b = readFileSync(small);
  let patched = 0;
  for (let i = b.indexOf('ispe'); i >= 0; i = b.indexOf('ispe', i + 4)) {
    b.writeUInt32BE(30_000, i + 8);
    b.writeUInt32BE(30_000, i + 12);
    patched++;
  }
  if (patched === 0) throw new Error('the HEIC written by ImageMagick has no ispe box to enlarge');
  writeFileSync(path, b);
}

/** A little-endian TIFF, one IFD per page; each page is 1-bit, Deflate-compressed white. The
 * last page claims 30,000 × 30,000 pixels (900 megapixels) while every one of its strips points
 * at the same few kilobytes: a decompression bomb of about 4 KB. */
export function tiffBomb(path: string, o: { normalPagesFirst?: number } = {}): void {
  const pages = [
    ...Array.from({ length: o.normalPagesFirst ?? 0 }, () => ({ w: 800, h: 600, rows: 600 })),
    { w: 30_000, h: 30_000, rows: 1000 },
  ];
  const parts: Buffer[] = [];
  let at = 8;
  const put = (b: Buffer): number => {
    const where = at;
    parts.push(b);
    at += b.length;
    if (at % 2) {
      parts.push(Buffer.alloc(1));
      at++;
    }
    return where;
  };
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0, 0, 0, 0]);
  const ifdOffsets: number[] = [];
  const nextFields: number[] = [];
  for (const pg of pages) {
    const rowBytes = Math.ceil(pg.w / 8);
    const strip = deflateSync(Buffer.alloc(rowBytes * pg.rows));
    const stripAt = put(strip);
    const strips = Math.ceil(pg.h / pg.rows);
    const offsets = Buffer.alloc(4 * strips);
    const counts = Buffer.alloc(4 * strips);
    for (let i = 0; i < strips; i++) {
      offsets.writeUInt32LE(stripAt, 4 * i);
      counts.writeUInt32LE(strip.length, 4 * i);
    }
    const offsetsAt = strips > 1 ? put(offsets) : stripAt;
    const countsAt = strips > 1 ? put(counts) : strip.length;
    // tag, type (3 SHORT, 4 LONG), count, value
    const entries: Array<[number, number, number, number]> = [
      [256, 4, 1, pg.w],
      [257, 4, 1, pg.h],
      [258, 3, 1, 1],
      [259, 3, 1, 8],
      [262, 3, 1, 0],
      [273, 4, strips, offsetsAt],
      [277, 3, 1, 1],
      [278, 4, 1, pg.rows],
      [279, 4, strips, countsAt],
    ];
    const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
    ifd.writeUInt16LE(entries.length, 0);
    entries.forEach(([tag, type, count, value], i) => {
      const e = 2 + i * 12;
      ifd.writeUInt16LE(tag, e);
      ifd.writeUInt16LE(type, e + 2);
      ifd.writeUInt32LE(count, e + 4);
      if (type === 3 && count === 1) ifd.writeUInt16LE(value, e + 8);
      else ifd.writeUInt32LE(value, e + 8);
    });
    const ifdAt = put(ifd);
    ifdOffsets.push(ifdAt);
    nextFields.push(ifdAt + 2 + entries.length * 12);
  }
  const file = Buffer.concat([header, ...parts]);
  file.writeUInt32LE(ifdOffsets[0]!, 4);
  for (let i = 0; i + 1 < ifdOffsets.length; i++) file.writeUInt32LE(ifdOffsets[i + 1]!, nextFields[i]!);
  writeFileSync(path, file);
}

/** A valid PNG with one byte of its image data flipped: the CRC no longer matches. */
export async function pngBadCrc(path: string): Promise<void> {
  const png = await sharp(textPage(400, 300, 5))
    .png()
    .toBuffer();
  const idat = png.indexOf('IDAT');
  png[idat + 20] = png[idat + 20]! ^ 0xff;
  writeFileSync(path, png);
}

/** A 24-bit bitmap, light grey with a dark line every seventh row: the file header here, the
 * info header (`infoSize` bytes, written by `info` from offset 14) as the version needs. */
function writeBmp24(
  path: string,
  width: number,
  height: number,
  infoSize: number,
  info: (header: Buffer) => void,
): void {
  const rowSize = Math.ceil((24 * width) / 32) * 4;
  const headerSize = 14 + infoSize;
  const header = Buffer.alloc(headerSize);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(headerSize + rowSize * height, 2);
  header.writeUInt32LE(headerSize, 10);
  header.writeUInt32LE(infoSize, 14);
  info(header);
  const px = Buffer.alloc(rowSize * height, 0xee);
  for (let y = 0; y < height; y += 7) px.fill(0x20, y * rowSize, y * rowSize + width * 3);
  writeFileSync(path, Buffer.concat([header, px]));
}

export function bmp24(path: string, width: number, height: number): void {
  writeBmp24(path, width, height, 40, (h) => {
    h.writeInt32LE(width, 18);
    h.writeInt32LE(height, 22);
    h.writeUInt16LE(1, 26);
    h.writeUInt16LE(24, 28);
  });
}

/** The same picture with the old OS/2 header (12 bytes, 16-bit sizes), as some scanners still write. */
export function bmpOs2(path: string, width: number, height: number): void {
  writeBmp24(path, width, height, 12, (h) => {
    h.writeUInt16LE(width, 18);
    h.writeUInt16LE(height, 20);
    h.writeUInt16LE(1, 22);
    h.writeUInt16LE(24, 24);
  });
}

export function imageMagickCan(format: string): boolean {
  const r = spawnSync('convert', ['-list', 'format'], { encoding: 'utf8' });
  return r.status === 0 && new RegExp(`^\\s*${format}\\*?\\s+\\S+\\s+rw`, 'mi').test(r.stdout);
}

export function imageMagick(args: string[]): void {
  const r = spawnSync('convert', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`convert ${args.join(' ')} failed: ${r.stderr}`);
}

export const paths = (dir: string) => (name: string) => join(dir, name);
