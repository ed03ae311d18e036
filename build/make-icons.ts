// Draws the app icon (a shield with a check mark: a dispute defended) and writes the sizes the
// installers need: PNGs for Linux, an .ico for Windows, an .icns for macOS.
import sharp from 'sharp';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('./icons/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true });
const svg = Buffer.from(
  [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024">',
    '  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">' +
      '<stop offset="0" stop-color="#2f6f5e"/><stop offset="1" stop-color="#1d4a3e"/></linearGradient></defs>',
    '  <rect x="64" y="64" width="896" height="896" rx="200" fill="url(#g)"/>',
    '  <path d="M512 196 L776 292 V508 C776 668 664 780 512 836 C360 780 248 668 248 508 V292 Z" fill="#f4f1ea"/>',
    '  <path d="M398 520 L486 606 L640 430" fill="none" stroke="#2f6f5e" ' +
      'stroke-width="64" stroke-linecap="round" stroke-linejoin="round"/>',
    '</svg>',
  ].join('\n'),
);

const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const png = new Map<number, Buffer>();
for (const s of sizes) {
  const b = await sharp(svg).resize(s, s).png().toBuffer();
  png.set(s, b);
  writeFileSync(join(dir, `${s}x${s}.png`), b);
}

// ICO: a directory of PNG images (Windows Vista and later read PNG entries).
const icoSizes = [16, 24, 32, 48, 64, 128, 256];
const header = Buffer.alloc(6 + 16 * icoSizes.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(icoSizes.length, 4);
let offset = header.length;
icoSizes.forEach((s, i) => {
  const data = png.get(s)!;
  const e = 6 + i * 16;
  header[e] = s === 256 ? 0 : s;
  header[e + 1] = s === 256 ? 0 : s;
  header.writeUInt16LE(1, e + 4);
  header.writeUInt16LE(32, e + 6);
  header.writeUInt32LE(data.length, e + 8);
  header.writeUInt32LE(offset, e + 12);
  offset += data.length;
});
writeFileSync(join(dir, 'icon.ico'), Buffer.concat([header, ...icoSizes.map((s) => png.get(s)!)]));

// ICNS: PNG-coded entries by type.
const types: Array<[string, number]> = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
];
const chunks = types.map(([t, s]) => {
  const data = png.get(s)!;
  const h = Buffer.alloc(8);
  h.write(t, 0, 'latin1');
  h.writeUInt32BE(data.length + 8, 4);
  return Buffer.concat([h, data]);
});
const body = Buffer.concat(chunks);
const icnsHeader = Buffer.alloc(8);
icnsHeader.write('icns', 0, 'latin1');
icnsHeader.writeUInt32BE(body.length + 8, 4);
writeFileSync(join(dir, 'icon.icns'), Buffer.concat([icnsHeader, body]));
console.log(`icons written to ${dir}`);
