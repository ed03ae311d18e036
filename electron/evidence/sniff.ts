// What a file is, by its first bytes, never by its name. Anything that is not an image or a PDF
// is refused with a reason a merchant can act on.
import { bmpHeader } from './bmp.ts';
import { importKinds, type ImportKind } from '../../shared/evidence/importable-kinds.ts';

export { importKinds, type ImportKind };

export type Sniffed = { ok: true; kind: ImportKind } | { ok: false; reason: string };

const ascii = (b: Uint8Array, from: number, to: number): string => String.fromCharCode(...b.subarray(from, to));

function brandKind(b: Uint8Array): ImportKind | 'video' | undefined {
  if (ascii(b, 4, 8) !== 'ftyp') return undefined;
  const size = Math.min(((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0, b.length);
  const brands = [ascii(b, 8, 12)];
  for (let i = 16; i + 4 <= size; i += 4) brands.push(ascii(b, i, i + 4));
  if (brands.some((x) => x === 'avif' || x === 'avis')) return 'avif';
  if (brands.some((x) => ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(x))) return 'heic';
  if (brands.some((x) => ['isom', 'mp41', 'mp42', 'qt  ', 'M4V ', '3gp4', '3gp5', 'avc1'].includes(x))) return 'video';
  return undefined;
}

/** How each importable kind is told by its first bytes: one test per kind of the shared list, so
 * a kind added there does not type-check until it can be recognised here. */
const looksLike: Record<ImportKind, (b: Uint8Array) => boolean> = {
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  png: (b) => b[0] === 0x89 && ascii(b, 1, 4) === 'PNG',
  gif: (b) => ascii(b, 0, 4) === 'GIF8',
  // TIFF (42) and BigTIFF (43, for scans over 4 GB of data), in either byte order.
  tiff: (b) =>
    (b[0] === 0x49 && b[1] === 0x49 && (b[2] === 0x2a || b[2] === 0x2b) && b[3] === 0) ||
    (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && (b[3] === 0x2a || b[3] === 0x2b)),
  pdf: (b) => ascii(b, 0, 1024).includes('%PDF-'),
  webp: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  // "BM" alone is also how text starts ("BMW service invoice"): the header must add up.
  bmp: (b) => !!bmpHeader(b),
  avif: (b) => brandKind(b) === 'avif',
  heic: (b) => brandKind(b) === 'heic',
};

export function sniff(name: string, b: Uint8Array): Sniffed {
  if (b.length === 0)
    return {
      ok: false,
      reason: `${name} is empty (0 bytes): it may not have finished copying. Add the file again once it is complete.`,
    };
  const kind = importKinds.find((k) => looksLike[k](b));
  if (kind) return { ok: true, kind };
  if (brandKind(b) === 'video')
    return {
      ok: false,
      reason: `${name} is a video. Issuers do not watch videos: take screenshots of what matters and add those.`,
    };
  return { ok: false, reason: refusal(name, b) };
}

function refusal(name: string, b: Uint8Array): string {
  const head = ascii(b, 0, Math.min(b.length, 2048));
  if (b[0] === 0x50 && b[1] === 0x4b) {
    if (head.includes('word/')) return `${name} is a Word document: save it as PDF and add it again.`;
    if (head.includes('xl/')) return `${name} is an Excel spreadsheet: save it as PDF and add it again.`;
    if (head.includes('ppt/')) return `${name} is a PowerPoint file: save it as PDF and add it again.`;
    if (head.includes('mimetypeapplication/vnd.oasis'))
      return `${name} is an OpenDocument file: save it as PDF and add it again.`;
    return `${name} is a ZIP archive: unpack it and add the images or PDFs inside.`;
  }
  if (b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0)
    return `${name} is an older Office document (Word, Excel or Outlook): save it as PDF and add it again.`;
  if (
    head.startsWith('MZ') ||
    head.startsWith('\x7fELF') ||
    (b[0] === 0xcf && b[1] === 0xfa && b[2] === 0xed && b[3] === 0xfe)
  )
    return `${name} is a program, not a document, whatever its name says. It was not added.`;
  if (head.startsWith('{\\rtf')) return `${name} is a rich-text document: save it as PDF and add it again.`;
  if (/^\s*<(!doctype html|html)/i.test(head))
    return `${name} is a web page: print it to PDF from your browser and add that.`;
  if (/^\s*<\?xml|^\s*<svg/i.test(head) && /<svg/i.test(head))
    return `${name} is an SVG drawing: export it as PNG or PDF and add that.`;
  if (
    head.startsWith('ID3') ||
    head.startsWith('OggS') ||
    head.startsWith('fLaC') ||
    (head.startsWith('RIFF') && head.slice(8, 12) === 'WAVE')
  )
    return `${name} is audio. Issuers do not listen to recordings: add a written transcript or a screenshot instead.`;
  if (head.startsWith('8BPS')) return `${name} is a Photoshop file: export it as JPEG or PDF and add that.`;
  const printable = [...b.subarray(0, 512)].every(
    (c) => c === 9 || c === 10 || c === 13 || (c >= 32 && c < 127) || c >= 128,
  );
  if (printable)
    return `${name} is a plain text file: paste its text into the cover letter, or print it to PDF and add that.`;
  return (
    `${name} is not an image or PDF that Dispute Desk can ` +
    'read. Add a photo, a scan (JPEG, PNG, TIFF, HEIC) or a PDF.'
  );
}
