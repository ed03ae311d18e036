// Batch matching benchmark (`npm run bench -- batch`): a shoebox of receipts made here, with the
// truth of which chargeback each belongs to, read the way batch upload reads a scan whose name
// says nothing (the page turned upright, OCR by the app's own engine, the facts read, matched
// against the chargebacks), and scored: precision (of the matches made, how many are right: a
// wrong match sends evidence to the wrong dispute, so it must be 1.0), recall (of the receipts
// that belong to a chargeback, how many were matched) and receipts read per second.
// The set: clean scans, phone photos (tilt, a skew for the perspective of a hand-held phone, a
// shadow, sensor noise), sideways and upside-down pages, faint thermal prints, other shops'
// receipts whose amount and date coincide with a chargeback, and every amount and date format
// the matcher reads, and receipts whose name is torn off (the address under it tells whose).
// Nothing downloaded; `--json` prints the figures as JSON.
import sharp from 'sharp';
import { performance } from 'node:perf_hooks';
import { createOcrEngine } from '../../electron/ocr/ocr-engine.ts';
import { readUpright } from '../../electron/app/batch/read-scan.ts';
import { readReceipt } from '../../electron/app/batch/receipt-facts.ts';
import { matchContent } from '../../electron/app/batch/match-content.ts';
import type { MatchCandidate } from '../../electron/app/batch/match-files.ts';

const SHOP = 'Harbor Lane Goods';
const DESCRIPTOR = 'HARBOR LANE GOODS';
/** The shop's address as its profile gives it; its receipts print it under its name. */
const ADDRESS = '14 Quay Street, Portsmouth PO1 3AH';

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const r = rng(2026);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const hex = (n: number) => Array.from({ length: n }, () => pick([...'0123456789ABCDEF'])).join('');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&apos;');

// The merchant's chargebacks: 36, some sharing an amount and a date (as a busy shop's do).
const currencies = ['USD', 'USD', 'USD', 'CAD', 'EUR', 'GBP'] as const;
const candidates: MatchCandidate[] = Array.from({ length: 36 }, (_, i) => {
  const currency = pick(currencies);
  const day = 20261001 + Math.floor(r() * 28);
  return {
    id: `t1_chb_${hex(23).toLowerCase()}`,
    txn: `t1_txn_${hex(23).toLowerCase()}`,
    refs: [],
    total: i % 9 === 8 ? 0 : 1000 + Math.floor(r() * 30000),
    currency,
    dates: [day],
    answerable: true,
    order: `ORD-${10000 + Math.floor(r() * 89999)}`,
    authCode: hex(6),
    last4: String(1000 + Math.floor(r() * 8999)),
    descriptor: DESCRIPTOR,
  };
});
// Twins: the same amount and date as the one before (only the order or the code tells them apart).
for (let i = 8; i < candidates.length; i += 9) {
  const prev = candidates[i - 1]!;
  candidates[i] = { ...candidates[i]!, total: prev.total, currency: prev.currency, dates: prev.dates };
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthsLong = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const monthsFr = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
function printedDate(ymd: number, n: number): string {
  const y = Math.floor(ymd / 10000);
  const m = Math.floor(ymd / 100) % 100;
  const d = ymd % 100;
  const p = (x: number) => String(x).padStart(2, '0');
  return [
    `${p(m)}/${p(d)}/${y}`,
    `${p(d)}.${p(m)}.${y}`,
    `${y}-${p(m)}-${p(d)}`,
    `${d} ${months[m - 1]} ${y}`,
    `${monthsLong[m - 1]} ${d}, ${y}`,
    `${d} ${monthsFr[m - 1]} ${y}`,
    `${p(d)}-${months[m - 1]!.toUpperCase()}-${String(y).slice(2)}`,
  ][n % 7]!;
}
function printedAmount(c: MatchCandidate, n: number): string {
  const major = (c.total / 100).toFixed(2);
  const comma = major.replace('.', ',');
  const forms: Record<string, string[]> = {
    USD: [`$${major}`, `USD ${major}`, `US$${major}`],
    CAD: [`CA$${major}`, `${comma} $`, `CAD ${major}`],
    EUR: [`${comma} €`, `€${comma}`, `EUR ${comma}`],
    GBP: [`£${major}`, `GBP ${major}`, `£${major}`],
  };
  return forms[c.currency]![n % 3]!;
}
/** The order as a till prints it: "Order #40449", "ORDER NO. ORD 040449", "Order number: ORD-40449". */
function printedOrder(order: string, n: number): string {
  const digits = order.replace(/\D/g, '');
  return [`Order #${digits}`, `ORDER NO. ORD ${`0${digits}`}`, `Order number: ${order}`][n % 3]!;
}
/** The code as OCR misreads it: 0 as Q or O, 1 as l, 5 as S, 8 as B. */
const confused = (code: string) =>
  code
    .replace(/0/g, pick(['Q', 'O', '0']))
    .replace(/1/g, 'l')
    .replace(/5/g, 'S')
    .replace(/8/g, 'B');

type Look = 'scan' | 'photo' | 'thermal';
interface Receipt {
  kind: string;
  lines: string[];
  look: Look;
  turn: 0 | 90 | 180 | 270;
  /** The chargeback it belongs to; null for another shop's receipt or a purchase not disputed. */
  truth: string | null;
}

const receipts: Receipt[] = [];
const item = () =>
  `${1 + Math.floor(r() * 3)} x ${pick(['Walnut board', 'Linen napkins', 'Copper kettle', 'Oak spoon', 'Wool throw'])}`;
function ours(c: MatchCandidate, n: number, o: { order?: boolean; auth?: boolean; card?: boolean }): string[] {
  return [
    SHOP,
    '14 Quay Street, Portsmouth',
    `Date: ${printedDate(c.dates[0]!, n)}`,
    ...(o.order ? [printedOrder(c.order!, n)] : []),
    item(),
    item(),
    `Total ${printedAmount(c, n)}`,
    ...(o.card ? [`Visa ending ${c.last4}`] : []),
    ...(o.auth ? [`Auth code: ${confused(c.authCode!)}`] : []),
  ];
}
const plan: Array<[string, Look, Receipt['turn'], { order?: boolean; auth?: boolean; card?: boolean }, number]> = [
  ['clean scan, order', 'scan', 0, { order: true }, 12],
  ['clean scan, OCR-confused auth code', 'scan', 0, { auth: true }, 6],
  ['phone photo, order', 'photo', 0, { order: true }, 6],
  ['sideways, order', 'scan', 90, { order: true }, 3],
  ['sideways the other way, auth code', 'scan', 270, { auth: true }, 2],
  ['upside down, order', 'scan', 180, { order: true }, 2],
  ['faint thermal print, order', 'thermal', 0, { order: true }, 3],
  ['our shop, amount, date and card only', 'scan', 0, { card: true }, 2],
];
let n = 0;
for (const [kind, look, turn, facts, count] of plan)
  for (let k = 0; k < count; k++, n++) {
    const c = candidates[n % candidates.length]!;
    receipts.push({ kind, look, turn, lines: ours(c, n, facts), truth: c.id });
  }
// Other shops' receipts whose amount and date are a chargeback's: none may match.
const others = ["BOB'S DINER", 'Maple Leaf Cafe', 'QUICK FUEL STATION', 'Green Grocer Market', 'Sunset Books'];
for (let k = 0; k < 8; k++, n++) {
  const c = candidates[(n * 7) % candidates.length]!;
  receipts.push({
    kind: "another shop's receipt, same amount and date",
    look: k % 3 === 0 ? 'photo' : 'scan',
    turn: 0,
    truth: null,
    lines: [
      others[k % others.length]!,
      `${100 + k} Elm Road, Springfield`,
      `Date: ${printedDate(c.dates[0]!, n)}`,
      item(),
      `Total ${printedAmount(c, n)}`,
    ],
  });
}

// Names torn off the top: the address under it still tells whose receipt it is.
for (let k = 0; k < 4; k++, n++) {
  const c = candidates[(n * 5) % candidates.length]!;
  const mine = k % 2 === 0;
  receipts.push({
    kind: mine ? 'our shop, name torn off: address, amount, date and card' : "another shop's, name torn off",
    look: 'scan',
    turn: 0,
    truth: mine ? c.id : null,
    lines: [
      mine ? '14 Quay Street, Portsmouth' : `${200 + k} Elm Road, Springfield`,
      `Date: ${printedDate(c.dates[0]!, n)}`,
      item(),
      `Total ${printedAmount(c, n)}`,
      `Visa ending ${c.last4}`,
    ],
  });
}

/** The receipt as the scanner or the phone gave it. */
async function image(rc: Receipt): Promise<Buffer> {
  const ink = rc.look === 'thermal' ? '#9c9c9c' : rc.look === 'photo' ? '#3a3a3a' : '#161616';
  const paper = rc.look === 'photo' ? '#cdc6b8' : '#f8f7f3';
  const shade =
    rc.look === 'photo'
      ? '<defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="#000" ' +
        'stop-opacity="0.35"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/></linearGradient></defs>' +
        '<rect width="100%" height="100%" fill="url(#s)"/>'
      : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="${160 + rc.lines.length * 62}">` +
    `<rect width="100%" height="100%" fill="${paper}"/>` +
    rc.lines
      .map(
        (l, i) =>
          `<text x="60" y="${100 + i * 62}" font-size="${rc.look === 'thermal' ? 38 : 40}" ` +
          `font-family="DejaVu Sans Mono" fill="${ink}">${esc(l)}</text>`,
      )
      .join('') +
    `${shade}</svg>`;
  const base = await sharp(Buffer.from(svg)).flatten({ background: paper }).raw().toBuffer({ resolveWithObject: true });
  const sigma = rc.look === 'photo' ? 10 : 5;
  for (let i = 0; i < base.data.length; i++)
    base.data[i] = Math.max(0, Math.min(255, base.data[i]! + (r() + r() + r() - 1.5) * sigma * 2));
  let p = sharp(base.data, { raw: base.info });
  // A phone held at an angle: a tilt and a skew (the near edge wider than the far one).
  if (rc.look === 'photo')
    p = sharp(await p.affine([1, 0.06, 0.02, 1], { background: paper }).png().toBuffer()).rotate(1.5, {
      background: paper,
    });
  return sharp(await p.png().toBuffer())
    .rotate(rc.turn)
    .grayscale()
    .jpeg({ quality: 85 })
    .toBuffer();
}

const ocr = createOcrEngine();
const json = process.argv.includes('--json');
let right = 0;
let wrong = 0;
let belong = 0;
const misses: string[] = [];
const t0 = performance.now();
try {
  for (const rc of receipts) {
    const page = await readUpright(ocr, await image(rc));
    const m = page.readable
      ? matchContent(readReceipt(page.text), candidates, { names: [SHOP], address: ADDRESS })
      : { status: 'unmatched' as const, reason: 'not read' };
    if (rc.truth) belong++;
    if (m.status === 'matched') {
      if (m.chargebackId === rc.truth) right++;
      else {
        wrong++;
        misses.push(`WRONG  ${rc.kind} (turn ${rc.turn}): ${m.reason}`);
      }
    } else if (rc.truth) misses.push(`missed ${rc.kind} (turn ${rc.turn}, read turned ${page.turn}): ${m.reason}`);
    if (process.env.BENCH_TEXT && m.status !== 'matched' && rc.truth)
      misses.push(`  printed: ${rc.lines.join(' | ')}\n  read: ${page.text.replace(/\n/g, ' | ')}`);
  }
} finally {
  await ocr.close();
}
const seconds = (performance.now() - t0) / 1000;
const figures = {
  receipts: receipts.length,
  belonging: belong,
  matched: right + wrong,
  precision: right + wrong ? right / (right + wrong) : 1,
  recall: belong ? right / belong : 1,
  receiptsPerSecond: receipts.length / seconds,
};
if (json) process.stdout.write(`${JSON.stringify(figures)}\n`);
else {
  process.stdout.write(
    `${figures.receipts} receipts (${figures.belonging} belong to a chargeback, ` +
      `${figures.receipts - figures.belonging} do not), ${figures.matched} matched\n` +
      `precision ${figures.precision.toFixed(3)}  recall ${figures.recall.toFixed(3)}  ` +
      `${figures.receiptsPerSecond.toFixed(2)} receipts/s (${seconds.toFixed(0)} s, OCR on this machine)\n`,
  );
  for (const m of misses) process.stdout.write(`  ${m}\n`);
}
// The bar the issue sets: no wrong match, and at least 95% of the receipts that belong matched.
if (figures.precision < 1 || figures.recall < 0.95) process.exitCode = 1;
