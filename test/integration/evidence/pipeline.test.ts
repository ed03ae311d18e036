import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { createEvidenceStore, buildPacket, estimatePacket, pagePicture, coverLetterFor } from '../../../electron/evidence/index.ts';
import { renderImagePage } from '../../../electron/evidence/render-page.ts';
import { defaultLimits, strictLimits } from '../../../shared/evidence/limits.ts';
import type { BuildSettings, EvidenceItem } from '../../../shared/evidence/items.ts';
import { chargebackSchema } from '../../../shared/api/index.ts';
import { scanJpeg, pdfWithPages, textPage, bmp24, imageMagickCan, imageMagick } from './corpus.ts';

const settings = (o: Partial<BuildSettings> = {}): BuildSettings => ({ preset: 'document', limits: defaultLimits, pageSize: 'letter', output: 'pdf', baseName: 'evidence', ...o });
const pagesOf = (items: EvidenceItem[]) => ({ pages: items.flatMap((i) => Array.from({ length: i.pages }, (_, page) => ({ itemId: i.id, page, rotation: 0 as const }))) });

async function fixture() {
  const dir = mkdtempSync(join(tmpdir(), 'dd-pipe-'));
  const store = createEvidenceStore(join(dir, 'store'));
  const add = async (name: string) => {
    const [o] = await store.importPaths([join(dir, name)]);
    assert.ok(o?.ok, o && !o.ok ? o.reason : 'imported');
    return o.item;
  };
  return { dir, store, add, close: () => rmSync(dir, { recursive: true, force: true }) };
}

test('every accepted format imports: JPEG, PNG, GIF, multi-page TIFF, WebP, AVIF, BMP, HEIC, PDF', async (t) => {
  const f = await fixture();
  try {
    const page = textPage(600, 800, 10);
    await sharp(page).png().toFile(join(f.dir, 'a.png'));
    await sharp(page).gif().toFile(join(f.dir, 'a.gif'));
    await sharp(page).webp().toFile(join(f.dir, 'a.webp'));
    await sharp(page).avif({ effort: 0 }).toFile(join(f.dir, 'a.avif'));
    bmp24(join(f.dir, 'a.bmp'), 300, 200);
    await pdfWithPages(join(f.dir, 'a.pdf'), 2);
    imageMagick([join(f.dir, 'a.png'), join(f.dir, 'a.gif'), join(f.dir, 'a.png'), join(f.dir, 'multi.tif')]);
    const kinds: Record<string, [string, number]> = { 'a.png': ['png', 1], 'a.gif': ['gif', 1], 'a.webp': ['webp', 1], 'a.avif': ['avif', 1], 'a.bmp': ['bmp', 1], 'a.pdf': ['pdf', 2], 'multi.tif': ['tiff', 3] };
    if (imageMagickCan('HEIC')) {
      imageMagick([join(f.dir, 'a.png'), join(f.dir, 'phone.heic')]);
      kinds['phone.heic'] = ['heic', 1];
    } else t.diagnostic('ImageMagick here cannot write HEIC, so no HEIC sample was made');
    const items: EvidenceItem[] = [];
    for (const [name, [kind, pages]] of Object.entries(kinds)) {
      const item = await f.add(name);
      assert.equal(item.kind, kind, name);
      assert.equal(item.pages, pages, name);
      items.push(item);
    }
    const built = await buildPacket(f.store, pagesOf(items), settings(), { outDir: join(f.dir, 'out') });
    assert.ok(built.ok, JSON.stringify(built.problems));
    const doc = await PDFDocument.load(readFileSync(join(f.dir, 'out', built.files[0]!.name)));
    assert.equal(doc.getPageCount(), items.reduce((s, i) => s + i.pages, 0));
    for (const p of doc.getPages()) assert.deepEqual(p.getSize(), { width: 612, height: 792 }, 'normalised to Letter');
    const a4 = await buildPacket(f.store, pagesOf(items.slice(0, 2)), settings({ pageSize: 'a4' }), { outDir: join(f.dir, 'a4') });
    const a4doc = await PDFDocument.load(readFileSync(join(f.dir, 'a4', a4.files[0]!.name)));
    assert.ok(Math.abs(a4doc.getPage(0).getWidth() - 595.44) < 1);
  } finally {
    f.close();
  }
});

test('EXIF orientation is applied and metadata (GPS) stripped; never upscaled; presets decide colour', async () => {
  const f = await fixture();
  try {
    await scanJpeg(join(f.dir, 'phone.jpg'), { width: 1200, height: 800, orientation: 6, gps: true });
    const meta = await sharp(join(f.dir, 'phone.jpg')).metadata();
    assert.equal(meta.orientation, 6);
    assert.ok(meta.exif, 'the sample carries EXIF');
    const item = await f.add('phone.jpg');
    assert.deepEqual([item.width, item.height], [800, 1200], 'portrait once oriented');
    const bytes = readFileSync(join(f.dir, 'phone.jpg'));
    const doc = await renderImagePage(bytes, 'jpeg', 0, 0, { dpi: 600, colour: 'grayscale', quality: 75, denoise: true, pageSize: 'letter' });
    const out = await sharp(doc.data).metadata();
    assert.equal(out.exif, undefined, 'no EXIF left');
    assert.equal(out.orientation, undefined);
    assert.ok(doc.heightPx > doc.widthPx, 'oriented');
    assert.ok(doc.heightPx <= 1200, 'never upscaled past the original');
    assert.equal(out.channels, 1, 'document preset is grayscale');
    const photo = await renderImagePage(bytes, 'jpeg', 0, 90, { dpi: 150, colour: 'colour', quality: 80, denoise: false, pageSize: 'letter' });
    assert.ok(photo.widthPx > photo.heightPx, 'rotated by the merchant');
    assert.equal((await sharp(photo.data).metadata()).channels, 3);
    const bw = await renderImagePage(bytes, 'jpeg', 0, 0, { dpi: 200, colour: 'bw', quality: 0, denoise: true, pageSize: 'letter' });
    assert.equal(bw.format, 'bilevel');
  } finally {
    f.close();
  }
});

test('resolution comes from the physical size: a 300 dpi A4 scan becomes about 150 dpi', async () => {
  const f = await fixture();
  try {
    await scanJpeg(join(f.dir, 'scan.jpg'), { width: 2480, height: 3508, density: 300 });
    const r = await renderImagePage(readFileSync(join(f.dir, 'scan.jpg')), 'jpeg', 0, 0, { dpi: 150, colour: 'grayscale', quality: 75, denoise: true, pageSize: 'a4' });
    const dpi = r.widthPx / r.widthIn;
    assert.ok(dpi > 140 && dpi <= 150.5, `about 150 dpi, got ${dpi.toFixed(1)}`);
    assert.ok(r.data.length < 400_000, `a dense page stays small (${r.data.length} bytes)`);
  } finally {
    f.close();
  }
});

test('the solver steps down to fit, splits by the per-file limit, and names what cannot fit', async () => {
  const f = await fixture();
  try {
    const items: EvidenceItem[] = [];
    for (let i = 0; i < 6; i++) {
      await scanJpeg(join(f.dir, `s${i}.jpg`), { width: 2480, height: 3508, density: 300 });
      // Different content per page, so each is stored separately.
      writeFileSync(join(f.dir, `s${i}.jpg`), Buffer.concat([readFileSync(join(f.dir, `s${i}.jpg`)), Buffer.from([i])]));
      items.push(await f.add(`s${i}.jpg`));
    }
    const arrangement = pagesOf(items);
    const est = await estimatePacket(f.store, arrangement, settings());
    const full = await buildPacket(f.store, arrangement, settings(), { outDir: join(f.dir, 'full') });
    assert.ok(full.ok && full.step === 0);
    assert.ok(Math.abs(est.bytes - full.totalBytes) / full.totalBytes < 0.15, `estimate ${est.bytes} vs ${full.totalBytes}`);
    const perPage = full.totalBytes / 6;

    const split = await buildPacket(f.store, arrangement, settings({ limits: { ...defaultLimits, maxFileBytes: Math.round(perPage * 2.5) } }), { outDir: join(f.dir, 'split') });
    assert.ok(split.ok);
    assert.ok(split.files.length >= 3, `${split.files.length} files`);
    assert.ok(split.files.every((x) => x.bytes <= Math.round(perPage * 2.5)));
    assert.equal(split.totalPages, 6, 'no page dropped');
    assert.match(split.files[0]!.name, /^evidence-part-1-of-\d\.pdf$/);

    const squeezed = await buildPacket(f.store, arrangement, settings({ limits: { ...defaultLimits, maxTotalBytes: Math.max(Math.round(full.totalBytes * 0.6), 60_000) } }), { outDir: join(f.dir, 'squeezed') });
    assert.ok(squeezed.ok, JSON.stringify(squeezed.problems));
    assert.ok(squeezed.step > 0);
    assert.match(squeezed.warnings.join(' '), /legible/);

    const impossible = await buildPacket(f.store, arrangement, settings({ limits: { ...defaultLimits, maxFileBytes: 60_000, maxTotalBytes: 60_000 } }), { outDir: join(f.dir, 'impossible') });
    assert.equal(impossible.ok, false);
    assert.deepEqual(impossible.files, []);
    assert.match(impossible.problems.map((p) => p.message).join(' '), /needs about 0\.\d MB; the limit is 0\.1 MB per chargeback\. The largest pages: s\d\.jpg/);

    // A page that cannot fit one file even at the smallest legible size is named.
    await sharp({ create: { width: 2400, height: 2400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 70 } } }).jpeg({ quality: 95 }).toFile(join(f.dir, 'noisy.jpg'));
    const noisy = await f.add('noisy.jpg');
    const oversize = await buildPacket(f.store, { pages: [...arrangement.pages, { itemId: noisy.id, page: 0, rotation: 0 }] }, settings({ preset: 'photo', limits: { ...defaultLimits, maxFileBytes: 50_000 } }), { outDir: join(f.dir, 'oversize') });
    assert.equal(oversize.ok, false);
    assert.match(oversize.problems.map((p) => p.message).join(' '), /noisy\.jpg is \d+ KB even at the smallest legible size; the limit is 49 KB per file/);
    assert.equal(oversize.problems.filter((p) => p.itemId === noisy.id).length, 1, 'only the page that cannot fit is named');

    const strict = await buildPacket(f.store, arrangement, settings({ preset: 'strict', limits: strictLimits }), { outDir: join(f.dir, 'strict') });
    assert.ok(strict.ok, JSON.stringify(strict.problems));
    assert.ok(strict.totalBytes <= strictLimits.maxTotalBytes);
  } finally {
    f.close();
  }
});

test('the arrangement decides order, rotation and removal; a cover letter lists the exhibits', async () => {
  const f = await fixture();
  try {
    await pdfWithPages(join(f.dir, 'terms.pdf'), 3);
    await scanJpeg(join(f.dir, 'receipt.jpg'));
    const terms = await f.add('terms.pdf');
    const receipt = await f.add('receipt.jpg');
    const arrangement = { pages: [{ itemId: receipt.id, page: 0, rotation: 90 as const }, { itemId: terms.id, page: 2, rotation: 0 as const }, { itemId: terms.id, page: 0, rotation: 180 as const }] };
    const cb = chargebackSchema.parse({ id: 't1_chb_abc', total: 4999, currency: 'USD', cycle: 'first', reasonCode: '13.1', reason: 'Merchandise not received', status: 'open', reply: 20261201, issued: 20261101, txn: 't1_txn_1' });
    const cover = coverLetterFor(cb, { merchantName: 'Corner Shop' });
    assert.match(cover.rebuttal, /t1_chb_abc/);
    const built = await buildPacket(f.store, arrangement, settings({ baseName: 'evidence t1_chb_abc' }), { outDir: join(f.dir, 'out'), coverLetter: cover });
    assert.ok(built.ok);
    assert.equal(built.totalPages, 4, 'cover + 3 kept pages (terms page 2 removed)');
    const text = readFileSync(join(f.dir, 'out', built.files[0]!.name)).toString('latin1');
    assert.ok(text.includes('%PDF'));
    const doc = await PDFDocument.load(readFileSync(join(f.dir, 'out', built.files[0]!.name)));
    assert.equal(doc.getPageCount(), 4);
    const single = await buildPacket(f.store, { pages: [{ itemId: receipt.id, page: 0, rotation: 0 }] }, settings({ output: 'keep-single-image' }), { outDir: join(f.dir, 'single') });
    assert.deepEqual(single.files.map((x) => x.documentType), ['jpg']);
  } finally {
    f.close();
  }
});

test('thumbnails: images drawn here, PDFs handed to the window; unknown IDs are clear errors', async () => {
  const f = await fixture();
  try {
    await scanJpeg(join(f.dir, 'r.jpg'));
    await pdfWithPages(join(f.dir, 't.pdf'), 2);
    const r = await f.add('r.jpg');
    const t = await f.add('t.pdf');
    const pic = await pagePicture(f.store, r.id, 0, 240);
    assert.equal(pic.kind, 'image');
    assert.ok(pic.kind === 'image' && pic.width === 240);
    const pdf = await pagePicture(f.store, t.id, 1, 240);
    assert.equal(pdf.kind, 'pdf');
    await assert.rejects(pagePicture(f.store, t.id, 5, 240), /has no page 6/);
    await assert.rejects(pagePicture(f.store, 'f'.repeat(64), 0, 240), /no longer in the evidence store/);
  } finally {
    f.close();
  }
});

test('the CLI builds from folders, explains each refusal, and exits 0 when something was written', async () => {
  const f = await fixture();
  try {
    await scanJpeg(join(f.dir, 'a.jpg'));
    writeFileSync(join(f.dir, 'notes.txt'), 'call the customer');
    const run = (args: string[]) => new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--no-warnings', new URL('../../../electron/cli.ts', import.meta.url).pathname, ...args]);
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.on('exit', (code) => resolve({ code, out }));
    });
    const r = await run(['evidence', 'build', f.dir, '--out', join(f.dir, 'packet'), '--home', join(f.dir, 'home'), '--json']);
    assert.equal(r.code, 0, r.out);
    const json = JSON.parse(r.out);
    assert.equal(json.files.length, 1);
    assert.ok(json.inputs.some((i: { ok: boolean; reason?: string }) => !i.ok && /plain text file/.test(i.reason ?? '')));
    const none = await run(['evidence', 'build', join(f.dir, 'notes.txt'), '--out', join(f.dir, 'p2'), '--home', join(f.dir, 'home')]);
    assert.equal(none.code, 1);
    assert.match(none.out, /Nothing usable/);
    const cover = await run(['evidence', 'build', f.dir, '--out', join(f.dir, 'p3'), '--home', join(f.dir, 'home'), '--cover-for', 't1_chb_missing']);
    assert.equal(cover.code, 1);
  } finally {
    f.close();
  }
});
