// Legibility benchmark: can a reviewer (here, OCR) read what the pipeline makes? Generated
// receipt scans (6 pt print at 300 dpi on A4, and photo-like receipts: tilt, shadow, low
// contrast, 8 pt) go through the document preset at every step of the budget solver. Each
// page's word and line recall (tesseract.js, the app's own engine) is printed beside a plain
// resample of the same scan to the same pixels as JPEG at the same quality: by sharp, and by
// ImageMagick where it is installed. Then the OCR engine's own figures: pages per second, and the
// process's peak memory while reading (the engine's worker thread lives in this process).
import sharp from 'sharp';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderImagePage } from '../../electron/evidence/render-page.ts';
import { solverSteps } from '../../electron/evidence/packet/solver-steps.ts';
import { createOcrEngine } from '../../electron/ocr/ocr-engine.ts';
import { defaultLimits } from '../../shared/evidence/limits.ts';
import { receiptLines, receiptScan, type ScanLook } from '../support/receipts.ts';
import { recall, ratio, type Recall } from '../support/ocr-recall.ts';

const SAMPLES: Array<{ look: ScanLook; seed: number }> = [
  { look: 'scan', seed: 1 },
  { look: 'scan', seed: 2 },
  { look: 'scan', seed: 3 },
  { look: 'photo', seed: 4 },
  { look: 'photo', seed: 5 },
];
const root = mkdtempSync(join(tmpdir(), 'dd-legbench-'));
const ocr = createOcrEngine();
const hasMagick = spawnSync('convert', ['-version'], { encoding: 'utf8' }).stdout?.includes('ImageMagick') ?? false;

let ocrSeconds = 0;
let ocrPages = 0;
let peakRss = 0;

async function read(jpeg: Buffer, printed: string[]): Promise<Recall> {
  const t = performance.now();
  const page = await ocr.read(jpeg);
  ocrSeconds += (performance.now() - t) / 1000;
  ocrPages++;
  return recall(printed, page.lines.map((l) => l.text).join('\n'));
}

const pct = (r: Recall, of: 'words' | 'lines') => `${(ratio(r, of) * 100).toFixed(1).padStart(5)}%`;
const totals = new Map<string, { words: number; read: number; lines: number; linesRead: number; bytes: number }>();
function add(label: string, r: Recall, bytes: number): void {
  const t = totals.get(label) ?? { words: 0, read: 0, lines: 0, linesRead: 0, bytes: 0 };
  t.words += r.words;
  t.read += r.wordsRead;
  t.lines += r.lines;
  t.linesRead += r.linesRead;
  t.bytes += bytes;
  totals.set(label, t);
}

try {
  const settings = {
    preset: 'document' as const,
    limits: defaultLimits,
    pageSize: 'letter' as const,
    output: 'pdf' as const,
    baseName: 'b',
  };
  const { colour, denoise, steps } = solverSteps(settings);
  console.log(
    `${SAMPLES.length} receipts; document preset steps: ` +
      steps.map((s) => `q${s.quality} at ${s.dpi} dpi`).join(' → ') +
      (hasMagick ? '' : '; ImageMagick is not installed: its column is left out'),
  );
  console.log('receipt     output                       words   lines     bytes');
  // Every page is made first, so the reading phase's memory is the engine's alone.
  const pages: Array<{ sample: string; label: string; dpi: number; jpeg: Buffer; printed: string[] }> = [];
  for (const [n, s] of SAMPLES.entries()) {
    const printed = receiptLines({
      order: `ORD-${48213 + n}`,
      total: '$129.00',
      date: '6 Oct 2026',
      last4: '4242',
      auth: 'A1B2C3',
      items: 50,
      seed: s.seed,
    });
    const scan = await receiptScan(printed, { look: s.look, seed: s.seed * 7 });
    for (const [k, step] of steps.entries()) {
      const ours = await renderImagePage(scan, 'jpeg', 0, 0, {
        dpi: step.dpi,
        colour,
        quality: step.quality,
        denoise,
        pageSize: 'letter',
        container: 'pdf',
      });
      const plain = await sharp(scan)
        .grayscale()
        .resize(ours.widthPx, ours.heightPx, { fit: 'fill' })
        .jpeg({ quality: step.quality })
        .toBuffer();
      const add = (label: string, jpeg: Buffer) =>
        pages.push({ sample: `${n + 1} ${s.look}`, label, dpi: step.dpi, jpeg, printed });
      add(`Dispute Desk step ${k}`, ours.data);
      add(`sharp resample q${step.quality}`, plain);
      if (hasMagick && k === 0) {
        const src = join(root, 'scan.jpg');
        writeFileSync(src, scan);
        const out = join(root, 'im.jpg');
        spawnSync('convert', [
          src,
          '-colorspace',
          'Gray',
          '-resize',
          `${ours.widthPx}x${ours.heightPx}!`,
          '-quality',
          String(step.quality),
          out,
        ]);
        add(`ImageMagick q${step.quality}`, readFileSync(out));
      }
    }
  }
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  for (const p of pages) {
    const r = await read(p.jpeg, p.printed);
    add(`${p.label} (${p.dpi} dpi)`, r, p.jpeg.length);
    console.log(
      `${p.sample.padEnd(11)} ${`${p.label} ${p.dpi} dpi`.padEnd(28)} ${pct(r, 'words')}  ` +
        `${pct(r, 'lines')}  ${String(Math.round(p.jpeg.length / 1024)).padStart(5)} KB`,
    );
  }
  clearInterval(sampler);
  console.log('\nAll receipts:');
  for (const [label, t] of totals)
    console.log(
      `  ${label.padEnd(36)} words ${((t.read / t.words) * 100).toFixed(1).padStart(5)}%   ` +
        `lines ${((t.linesRead / t.lines) * 100).toFixed(1).padStart(5)}%   ` +
        `${Math.round(t.bytes / SAMPLES.length / 1024)} KB/page`,
    );
  const first = [...totals.entries()];
  const ours0 = first.find(([l]) => l.startsWith('Dispute Desk step 0'))![1];
  const plain0 = first.find(([l]) => l.startsWith('sharp resample'))![1];
  const gap = ours0.read / ours0.words - plain0.read / plain0.words;
  const lineGap = ours0.linesRead / ours0.lines - plain0.linesRead / plain0.lines;
  console.log(
    `document preset against the plain resample: ${(gap * 100).toFixed(1)} ` +
      `points of word recall, ${(lineGap * 100).toFixed(1)} of line recall ` +
      `(target ≥ -2 each) ${gap >= -0.02 && lineGap >= -0.02 ? 'ok' : 'MISSED'}`,
  );
  const largest = Math.max(...pages.filter((p) => p.label.startsWith('Dispute Desk')).map((p) => p.jpeg.length));
  console.log(
    `largest page of ours: ${Math.round(largest / 1024)} KB (the default ` +
      `profile's limit: ${Math.round(defaultLimits.maxFileBytes / 1024)} KB per ` +
      `file) ${largest + 4096 <= defaultLimits.maxFileBytes ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `OCR: ${ocrPages} pages in ${ocrSeconds.toFixed(1)} s = ${(ocrPages / ocrSeconds).toFixed(2)} ` +
      `pages/s (150 dpi A4, one worker); peak memory ${(peakRss / 1048576).toFixed(0)} MB ` +
      `(${((peakRss - rssBefore) / 1048576).toFixed(0)} MB above the process before reading)`,
  );
} finally {
  await ocr.close();
  rmSync(root, { recursive: true, force: true });
}
