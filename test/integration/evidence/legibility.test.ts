// Legibility is measured, not assumed: the document preset's pages must read (by OCR, the
// app's own engine) within 2% of a plain resample of the same scan to the same pixel size,
// saved as JPEG at the same quality. Receipts with 6 pt print scanned at 300 dpi on A4, and a
// photo-like receipt (tilt, shadow, low contrast). No timing is asserted.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { createEvidenceStore, buildPacket } from '../../../electron/evidence/index.ts';
import { createOcrEngine } from '../../../electron/ocr/ocr-engine.ts';
import { defaultLimits, presets } from '../../../shared/evidence/limits.ts';
import type { BuildSettings } from '../../../shared/evidence/items.ts';
import { receiptLines, receiptScan, type ScanLook } from '../../support/receipts.ts';
import { recall, ratio } from '../../support/ocr-recall.ts';
import { readPdf } from './pdf-read.ts';

const dir = mkdtempSync(join(tmpdir(), 'dd-legible-'));
const ocr = createOcrEngine();
after(async () => {
  await ocr.close();
  rmSync(dir, { recursive: true, force: true });
});

const settings = (o: Partial<BuildSettings> = {}): BuildSettings => ({
  preset: 'document',
  limits: defaultLimits,
  pageSize: 'letter',
  output: 'pdf',
  baseName: 'evidence',
  coverLetter: false,
  ...o,
});

/** Builds one scan into a packet and returns the packet's path and its one picture (JPEG bytes). */
async function build(
  scan: Buffer,
  name: string,
  o: Partial<BuildSettings> = {},
): Promise<{ path: string; jpeg: Buffer }> {
  const store = createEvidenceStore(join(dir, 'store'));
  writeFileSync(join(dir, name), scan);
  const [imported] = await store.importPaths([join(dir, name)]);
  assert.ok(imported?.ok);
  const out = join(dir, `out-${name}`);
  const built = await buildPacket(store, { pages: [{ itemId: imported.item.id, page: 0, rotation: 0 }] }, settings(o), {
    outDir: out,
  });
  assert.ok(built.ok, built.problems.map((p) => p.message).join(' '));
  const path = join(out, built.files[0]!.name);
  const doc = await PDFDocument.load(readFileSync(path));
  const pictures = doc.context
    .enumerateIndirectObjects()
    .map(([, obj]) => obj)
    .filter(
      (obj) => obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    ) as PDFRawStream[];
  assert.equal(pictures.length, 1);
  assert.equal(pictures[0]!.dict.get(PDFName.of('Filter')), PDFName.of('DCTDecode'), 'a JPEG picture');
  return { path, jpeg: Buffer.from(pictures[0]!.contents) };
}

/** The reference: the same scan resampled to the same pixels, JPEG at the same quality. */
async function plainResample(scan: Buffer, like: Buffer): Promise<Buffer> {
  const m = await sharp(like).metadata();
  return sharp(scan)
    .grayscale()
    .resize(m.width, m.height, { fit: 'fill' })
    .jpeg({ quality: presets.document.jpegQuality })
    .toBuffer();
}

async function read(jpeg: Buffer, printed: string[]) {
  const page = await ocr.read(jpeg);
  return recall(printed, page.lines.map((l) => l.text).join('\n'));
}

for (const look of ['scan', 'photo'] as ScanLook[]) {
  test(`document preset reads as well as a plain resample: 6 pt receipt, ${look}`, async () => {
    const printed = receiptLines({
      order: 'ORD-48213',
      total: '$129.00',
      date: '6 Oct 2026',
      last4: '4242',
      auth: 'A1B2C3',
      items: 50,
      seed: look === 'scan' ? 3 : 5,
    });
    const scan = await receiptScan(printed, { look, seed: 11 });
    const ours = await build(scan, `${look}.jpg`);
    const plain = await plainResample(scan, ours.jpeg);
    const a = await read(ours.jpeg, printed);
    const b = await read(plain, printed);
    const msg =
      `ours ${a.wordsRead}/${a.words} words, ${a.linesRead}/${a.lines} ` +
      `lines; plain ${b.wordsRead} words, ${b.linesRead} lines`;
    assert.ok(ratio(a, 'words') >= ratio(b, 'words') - 0.02, msg);
    assert.ok(ratio(a, 'lines') >= ratio(b, 'lines') - 0.02, msg);
  });
}

test('the measurement tells an eroded page apart: the 3×3 median after the downscale fails it', async () => {
  const printed = receiptLines({ order: 'ORD-48213', total: '$129.00', date: '6 Oct 2026', items: 50, seed: 3 });
  const scan = await receiptScan(printed, { look: 'scan', seed: 11 });
  const eroded = await build(scan, 'eroded.jpg', { overrides: { denoise: true } });
  const plain = await plainResample(scan, eroded.jpeg);
  const a = await read(eroded.jpeg, printed);
  const b = await read(plain, printed);
  assert.ok(
    ratio(a, 'words') < ratio(b, 'words') - 0.02,
    `the median's page should read worse: ${a.wordsRead} against ${b.wordsRead} words`,
  );
});

test('strict preset (1 bit at 200 dpi) reads as well as a plain threshold of the same resample', async () => {
  const printed = receiptLines({ order: 'ORD-48213', total: '$129.00', date: '6 Oct 2026', items: 50, seed: 2 });
  const scan = await receiptScan(printed, { look: 'scan', seed: 14 });
  const store = createEvidenceStore(join(dir, 'store'));
  writeFileSync(join(dir, 'bw.jpg'), scan);
  const [imported] = await store.importPaths([join(dir, 'bw.jpg')]);
  assert.ok(imported?.ok);
  const built = await buildPacket(
    store,
    { pages: [{ itemId: imported.item.id, page: 0, rotation: 0 }] },
    settings({ preset: 'strict', output: 'image' }),
    { outDir: join(dir, 'out-bw') },
  );
  assert.ok(built.ok, built.problems.map((p) => p.message).join(' '));
  const ours = readFileSync(join(dir, 'out-bw', built.files[0]!.name));
  const m = await sharp(ours).metadata();
  const plain = await sharp(scan)
    .grayscale()
    .resize(m.width, m.height, { fit: 'fill' })
    .threshold(160)
    .png()
    .toBuffer();
  const a = await read(ours, printed);
  const b = await read(plain, printed);
  const msg =
    `ours ${a.wordsRead}/${a.words} words, ${a.linesRead}/${a.lines} ` +
    `lines; plain ${b.wordsRead} words, ${b.linesRead} lines`;
  assert.ok(ratio(a, 'words') >= ratio(b, 'words') - 0.02, msg);
  assert.ok(ratio(a, 'lines') >= ratio(b, 'lines') - 0.02, msg);
});

test('an A4 scan stays A4 on a Letter packet, at the preset dpi; the merchant can shrink it onto Letter', async () => {
  const scan = await receiptScan(receiptLines({ items: 5 }), { look: 'scan' });
  const kept = await readPdf((await build(scan, 'a4.jpg')).path);
  assert.deepEqual([Math.round(kept[0]!.width), Math.round(kept[0]!.height)], [595, 842], 'an A4 page');
  const pic = kept[0]!.pictures[0]!;
  assert.ok(
    Math.abs(pic.width - 595) < 1 && Math.abs(pic.widthPx / (pic.width / 72) - 150) < 1.5,
    `edge to edge at 150 dpi (${pic.widthPx} px over ${pic.width} pt)`,
  );
  const fitted = await readPdf((await build(scan, 'a4-fit.jpg', { keepScanPaper: false })).path);
  assert.deepEqual([Math.round(fitted[0]!.width), Math.round(fitted[0]!.height)], [612, 792], 'a Letter page');
  assert.ok(fitted[0]!.pictures[0]!.width < 560, 'shrunk into the printable area');
});
