// Receipt scans made on the spot, with the text printed on them, for legibility measurements
// and content matching: small print (about 6 pt at 300 dpi on A4), and phone-photo-like
// variants (tilt, a shadow across the page, low contrast, sensor noise). Nothing downloaded.
import sharp from 'sharp';

export interface ReceiptText {
  merchant?: string;
  order?: string;
  /** As printed, e.g. "$129.00". */
  total?: string;
  /** As printed, e.g. "6 Oct 2026". */
  date?: string;
  last4?: string;
  auth?: string;
  /** Item lines to pad the receipt with (the small print a reviewer must read). */
  items?: number;
  seed?: number;
}

export type ScanLook = 'scan' | 'photo';

const A4 = { w: 2480, h: 3508 };
const words = [
  'Walnut',
  'board',
  'Linen',
  'napkins',
  'Copper',
  'kettle',
  'Oak',
  'spoon',
  'Glass',
  'carafe',
  'Wool',
  'throw',
  'Ceramic',
  'mug',
  'Brass',
  'hook',
  'Cotton',
  'apron',
  'Maple',
  'tray',
];

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The lines printed on the receipt, top to bottom. */
export function receiptLines(t: ReceiptText): string[] {
  const r = rng(t.seed ?? 1);
  const lines = [t.merchant ?? 'Harbor Lane Goods', '14 Quay Street, Portsmouth'];
  if (t.date) lines.push(`Date: ${t.date}`);
  if (t.order) lines.push(`Order number: ${t.order}`);
  for (let i = 0; i < (t.items ?? 40); i++) {
    const a = words[Math.floor(r() * words.length)]!;
    const b = words[Math.floor(r() * words.length)]!;
    const qty = 1 + Math.floor(r() * 4);
    const sku = 1000 + Math.floor(r() * 9000);
    lines.push(`${qty} x ${a} ${b.toLowerCase()} SKU ${sku} at ${(r() * 90 + 1).toFixed(2)}`);
  }
  if (t.total) lines.push(`Total charged: ${t.total}`);
  if (t.last4) lines.push(`Card: Visa ending ${t.last4}`);
  if (t.auth) lines.push(`Authorization code: ${t.auth}`);
  lines.push('Thank you for shopping with us');
  return lines;
}

/** A 300 dpi A4 page (JPEG, density recorded as a scanner does) with `lines` printed at
 * `pointSize` (6 by default on a scan: a till receipt's print; 8 on a photo, which is taken closer). */
export async function receiptScan(
  lines: readonly string[],
  o: { look?: ScanLook; pointSize?: number; seed?: number } = {},
): Promise<Buffer> {
  const look = o.look ?? 'scan';
  const r = rng(o.seed ?? 7);
  const px = Math.round(((o.pointSize ?? (look === 'photo' ? 8 : 6)) / 72) * 300);
  const lead = Math.round(px * 1.45);
  const ink = look === 'photo' ? '#454545' : '#1a1a1a';
  const paper = look === 'photo' ? '#c9c3b6' : '#f7f5ef';
  const rows = lines
    .map(
      (l, i) =>
        `<text x="300" y="${300 + i * lead}" font-size="${px}" ` +
        `font-family="DejaVu Sans" fill="${ink}">${esc(l)}</text>`,
    )
    .join('');
  // A shadow across the page, as a hand or a phone casts over a photographed receipt.
  const shade =
    look === 'photo'
      ? '<defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" ' +
        'stop-color="#000" stop-opacity="0.3"/><stop offset="0.6" stop-color="#000" ' +
        'stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#s)"/>'
      : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${A4.w}" height="${A4.h}"><rect ` +
    `width="100%" height="100%" fill="${paper}"/>${rows}${shade}</svg>`;
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const data = base.data;
  const sigma = look === 'photo' ? 9 : 6;
  for (let i = 0; i < data.length; i++) {
    // Box-Muller is more than needed: a sum of uniforms is near enough to sensor noise.
    const n = (r() + r() + r() - 1.5) * sigma * 2;
    data[i] = Math.max(0, Math.min(255, data[i]! + n));
  }
  const tilt = look === 'photo' ? 0.8 : 0.4;
  return sharp(data, { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } })
    .rotate(tilt, { background: paper })
    .resize(A4.w, A4.h, { fit: 'cover' })
    .withMetadata({ density: 300 })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A till receipt photographed close: 4 x 3 inches at 300 dpi, 11 pt print, `lines` top to
 * bottom, lying `turn` degrees clockwise from upright (a sideways scan is 90 or 270). Quick to
 * read: for tests that need a few scans read, not the small print of `receiptScan`. */
export async function receiptCard(lines: readonly string[], o: { turn?: number } = {}): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="100%" height="100%" ' +
    'fill="#f7f5ef"/>' +
    lines
      .map((l, i) => `<text x="60" y="${110 + i * 70}" font-size="46" font-family="DejaVu Sans">${esc(l)}</text>`)
      .join('') +
    '</svg>';
  return sharp(Buffer.from(svg))
    .flatten({ background: '#fff' })
    .rotate(o.turn ?? 0)
    .withMetadata({ density: 300 })
    .jpeg({ quality: 90 })
    .toBuffer();
}
