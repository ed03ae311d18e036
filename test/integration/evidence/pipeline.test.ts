import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import {
  createEvidenceStore,
  buildPacket,
  estimatePacket,
  pagePicture,
  coverLetterFor,
} from '../../../electron/evidence/index.ts';
import { renderImagePage } from '../../../electron/evidence/render-page.ts';
import { letterAmount, winAnsiCodePoints } from '../../../electron/evidence/cover-letter.ts';
import { defaultLimits, strictLimits } from '../../../shared/evidence/limits.ts';
import type { BuildSettings, EvidenceItem } from '../../../shared/evidence/items.ts';
import { chargebackSchema } from '../../../shared/api/index.ts';
import {
  scanJpeg,
  pdfWithPages,
  textPage,
  bmp24,
  bmpOs2,
  imageMagickCan,
  imageMagick,
  pdfWithPhoto,
  pdfRotated,
  pdfCropped,
} from './corpus.ts';
import { readPdf } from './pdf-read.ts';

const settings = (o: Partial<BuildSettings> = {}): BuildSettings => ({
  preset: 'document',
  limits: defaultLimits,
  pageSize: 'letter',
  output: 'pdf',
  baseName: 'evidence',
  ...o,
});
const pagesOf = (items: EvidenceItem[]) => ({
  pages: items.flatMap((i) =>
    Array.from({ length: i.pages }, (_, page) => ({ itemId: i.id, page, rotation: 0 as const })),
  ),
});

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
    bmpOs2(join(f.dir, 'os2.bmp'), 301, 199);
    await pdfWithPages(join(f.dir, 'a.pdf'), 2);
    imageMagick([join(f.dir, 'a.png'), join(f.dir, 'a.gif'), join(f.dir, 'a.png'), join(f.dir, 'multi.tif')]);
    const kinds: Record<string, [string, number]> = {
      'a.png': ['png', 1],
      'a.gif': ['gif', 1],
      'a.webp': ['webp', 1],
      'a.avif': ['avif', 1],
      'a.bmp': ['bmp', 1],
      'os2.bmp': ['bmp', 1],
      'a.pdf': ['pdf', 2],
      'multi.tif': ['tiff', 3],
    };
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
    assert.deepEqual(
      [items.find((i) => i.name === 'os2.bmp')?.width, items.find((i) => i.name === 'os2.bmp')?.height],
      [301, 199],
      'the OS/2 header read with its 16-bit sizes',
    );
    const built = await buildPacket(f.store, pagesOf(items), settings(), { outDir: join(f.dir, 'out') });
    assert.ok(built.ok, JSON.stringify(built.problems));
    const doc = await PDFDocument.load(readFileSync(join(f.dir, 'out', built.files[0]!.name)));
    assert.equal(
      doc.getPageCount(),
      items.reduce((s, i) => s + i.pages, 0),
    );
    for (const p of doc.getPages()) assert.deepEqual(p.getSize(), { width: 612, height: 792 }, 'normalised to Letter');
    const a4 = await buildPacket(f.store, pagesOf(items.slice(0, 2)), settings({ pageSize: 'a4' }), {
      outDir: join(f.dir, 'a4'),
    });
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
    const doc = await renderImagePage(bytes, 'jpeg', 0, 0, {
      dpi: 600,
      colour: 'grayscale',
      quality: 75,
      denoise: true,
      pageSize: 'letter',
    });
    const out = await sharp(doc.data).metadata();
    assert.equal(out.exif, undefined, 'no EXIF left');
    assert.equal(out.orientation, undefined);
    assert.ok(doc.heightPx > doc.widthPx, 'oriented');
    assert.ok(doc.heightPx <= 1200, 'never upscaled past the original');
    assert.equal(out.channels, 1, 'document preset is grayscale');
    const photo = await renderImagePage(bytes, 'jpeg', 0, 90, {
      dpi: 150,
      colour: 'colour',
      quality: 80,
      denoise: false,
      pageSize: 'letter',
    });
    assert.ok(photo.widthPx > photo.heightPx, 'rotated by the merchant');
    assert.equal((await sharp(photo.data).metadata()).channels, 3);
    const bw = await renderImagePage(bytes, 'jpeg', 0, 0, {
      dpi: 200,
      colour: 'bw',
      quality: 0,
      denoise: true,
      pageSize: 'letter',
    });
    assert.equal(bw.format, 'bilevel');
  } finally {
    f.close();
  }
});

test('the denoise the merchant can ask for removes specks a median removes, on a grayscale page', async () => {
  // Paper grey with isolated black specks (a dusty scan) at 150 dpi on a Letter page, 1:1.
  const [w, h] = [300, 200];
  const px = Buffer.alloc(w * h, 200);
  for (let y = 5; y < h; y += 10) for (let x = 7; x < w; x += 13) px[y * w + x] = 0;
  const png = await sharp(px, { raw: { width: w, height: h, channels: 1 } })
    .withMetadata({ density: 150 })
    .png()
    .toBuffer();
  const darkest = async (denoise: boolean): Promise<number> => {
    const r = await renderImagePage(png, 'png', 0, 0, {
      dpi: 150,
      colour: 'grayscale',
      quality: 95,
      denoise,
      pageSize: 'letter',
    });
    assert.equal(r.widthPx, w);
    return (await sharp(r.data).stats()).channels[0]!.min;
  };
  assert.ok((await darkest(false)) < 60, 'without the denoise the specks stay');
  assert.ok((await darkest(true)) > 150, 'with it they are gone');
});

test('resolution comes from the physical size: a 300 dpi A4 scan becomes about 150 dpi', async () => {
  const f = await fixture();
  try {
    await scanJpeg(join(f.dir, 'scan.jpg'), { width: 2480, height: 3508, density: 300 });
    const r = await renderImagePage(readFileSync(join(f.dir, 'scan.jpg')), 'jpeg', 0, 0, {
      dpi: 150,
      colour: 'grayscale',
      quality: 75,
      denoise: true,
      pageSize: 'a4',
    });
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
      writeFileSync(
        join(f.dir, `s${i}.jpg`),
        Buffer.concat([readFileSync(join(f.dir, `s${i}.jpg`)), Buffer.from([i])]),
      );
      items.push(await f.add(`s${i}.jpg`));
    }
    const arrangement = pagesOf(items);
    const est = await estimatePacket(f.store, arrangement, settings());
    const full = await buildPacket(f.store, arrangement, settings(), { outDir: join(f.dir, 'full') });
    assert.ok(full.ok && full.step === 0);
    assert.ok(
      Math.abs(est.bytes - full.totalBytes) / full.totalBytes < 0.15,
      `estimate ${est.bytes} vs ${full.totalBytes}`,
    );
    const perPage = full.totalBytes / 6;

    const split = await buildPacket(
      f.store,
      arrangement,
      settings({ limits: { ...defaultLimits, maxFileBytes: Math.round(perPage * 2.5) } }),
      { outDir: join(f.dir, 'split') },
    );
    assert.ok(split.ok);
    assert.ok(split.files.length >= 3, `${split.files.length} files`);
    assert.ok(split.files.every((x) => x.bytes <= Math.round(perPage * 2.5)));
    assert.equal(split.totalPages, 6, 'no page dropped');
    assert.match(split.files[0]!.name, /^evidence-part-1-of-\d\.pdf$/);

    // Bytes are traded for quality only down to the legibility floor (150 dpi): 80% of the
    // preset's bytes is within reach, 60% no longer is (the old 1200 px step read as 100 dpi).
    const squeezed = await buildPacket(
      f.store,
      arrangement,
      settings({ limits: { ...defaultLimits, maxTotalBytes: Math.max(Math.round(full.totalBytes * 0.8), 60_000) } }),
      { outDir: join(f.dir, 'squeezed') },
    );
    assert.ok(squeezed.ok, JSON.stringify(squeezed.problems));
    assert.ok(squeezed.step > 0);
    assert.match(squeezed.warnings.join(' '), /legible/);

    const impossible = await buildPacket(
      f.store,
      arrangement,
      settings({ limits: { ...defaultLimits, maxFileBytes: 60_000, maxTotalBytes: 60_000 } }),
      { outDir: join(f.dir, 'impossible') },
    );
    assert.equal(impossible.ok, false);
    assert.deepEqual(impossible.files, []);
    assert.match(
      impossible.problems.map((p) => p.message).join(' '),
      /needs about 0\.\d MB; the limit is 0\.1 MB per chargeback\. The largest pages: s\d\.jpg/,
    );

    // A page that cannot fit one file even at the smallest legible size is named.
    await sharp({
      create: {
        width: 2400,
        height: 2400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 70 },
      },
    })
      .jpeg({ quality: 95 })
      .toFile(join(f.dir, 'noisy.jpg'));
    const noisy = await f.add('noisy.jpg');
    const oversize = await buildPacket(
      f.store,
      { pages: [...arrangement.pages, { itemId: noisy.id, page: 0, rotation: 0 }] },
      settings({ preset: 'photo', limits: { ...defaultLimits, maxFileBytes: 50_000 } }),
      { outDir: join(f.dir, 'oversize') },
    );
    assert.equal(oversize.ok, false);
    assert.match(
      oversize.problems.map((p) => p.message).join(' '),
      /noisy\.jpg is \d+ KB even at the smallest legible size; the limit is 49 KB per file/,
    );
    assert.equal(
      oversize.problems.filter((p) => p.itemId === noisy.id).length,
      1,
      'only the page that cannot fit is named',
    );

    const strict = await buildPacket(f.store, arrangement, settings({ preset: 'strict', limits: strictLimits }), {
      outDir: join(f.dir, 'strict'),
    });
    assert.ok(strict.ok, JSON.stringify(strict.problems));
    assert.ok(strict.totalBytes <= strictLimits.maxTotalBytes);
  } finally {
    f.close();
  }
});

test(
  'the arrangement decides order, rotation and removal; the cover ' +
    'letter states the facts and lists the exhibits with their pages',
  async () => {
    const f = await fixture();
    try {
      await pdfWithPages(join(f.dir, 'terms.pdf'), 3);
      await scanJpeg(join(f.dir, 'receipt.jpg'));
      const terms = await f.add('terms.pdf');
      const receipt = await f.add('receipt.jpg');
      const arrangement = {
        pages: [
          { itemId: receipt.id, page: 0, rotation: 90 as const },
          { itemId: terms.id, page: 2, rotation: 0 as const },
          { itemId: terms.id, page: 0, rotation: 180 as const },
        ],
      };
      const cb = chargebackSchema.parse({
        id: 't1_chb_abc',
        total: 4999,
        currency: 'JPY',
        cycle: 'first',
        reasonCode: '13.1',
        reason: 'Merchandise not received',
        status: 'open',
        reply: 20261201,
        issued: 20261101,
        txn: 't1_txn_1',
      });
      const template = coverLetterFor(cb, { merchantName: 'Corner Shop' });
      assert.match(template.rebuttal, /We respond to chargeback t1_chb_abc \(reason code 13\.1\) for ¥4,999\./);
      const rebuttal = 'The parcel was left at the front door on 3 November; the carrier photo is enclosed.';
      const cover = coverLetterFor(cb, { merchantName: 'Corner Shop', rebuttal });
      const built = await buildPacket(f.store, arrangement, settings({ baseName: 'evidence t1_chb_abc' }), {
        outDir: join(f.dir, 'out'),
        coverLetter: cover,
      });
      assert.ok(built.ok);
      assert.equal(built.totalPages, 4, 'cover + 3 kept pages (terms page 2 removed)');
      const pages = await readPdf(join(f.dir, 'out', built.files[0]!.name));
      assert.equal(pages.length, 4);
      const letter = pages[0]!.plain;
      for (const fact of [
        /Chargeback t1_chb_abc/,
        /Reason code 13\.1 – Merchandise not received/,
        /What is claimed The cardholder says they paid but did not receive the goods or services\./,
        /Amount ¥4,999 /,
        /Transaction t1_txn_1/,
        // Every date of the letter in the same words (letterDay).
        /Issued Sun, Nov 1, 2026/,
        /Reply due Tue, Dec 1, 2026/,
        /The parcel was left at the front door on 3 November; the carrier photo is enclosed\./,
        /Exhibits 1\. receipt\.jpg – page 2 2\. terms\.pdf – pages 3–4/,
      ])
        assert.match(letter, fact);
      assert.doesNotMatch(letter, /\?/, 'nothing the font lacks');
      // The exhibits in the merchant's order, each turned as asked.
      assert.equal(pages[1]!.text.length, 0);
      assert.ok(
        pages[1]!.pictures[0]!.width > pages[1]!.pictures[0]!.height,
        'the portrait receipt turned a quarter: landscape',
      );
      assert.deepEqual(
        pages[2]!.text.map((t) => [t.str, t.angle]),
        [['Page 3', 0]],
      );
      assert.deepEqual(
        pages[3]!.text.map((t) => [t.str, t.angle]),
        [['Page 1', 180]],
        'upside down',
      );

      const single = await buildPacket(
        f.store,
        { pages: [{ itemId: receipt.id, page: 0, rotation: 0 }] },
        settings({ output: 'image' }),
        { outDir: join(f.dir, 'single') },
      );
      assert.deepEqual(
        single.files.map((x) => x.documentType),
        ['jpg'],
      );
    } finally {
      f.close();
    }
  },
);

test(
  'the cover letter writes every currency exactly (symbol or ISO ' +
    'code, its own decimals), dates it locally, and keeps app advice out',
  async () => {
    const f = await fixture();
    const tz = process.env.TZ;
    try {
      // Every character the letter treats as drawable is one the standard font has.
      const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
      const fontSet = new Set(font.getCharacterSet());
      for (const c of winAnsiCodePoints) assert.ok(fontSet.has(c), `U+${c.toString(16)} drawable`);

      const cb = (o: Record<string, unknown>) =>
        chargebackSchema.parse({
          id: 't1_chb_x',
          total: 100,
          currency: 'USD',
          cycle: 'first',
          reasonCode: '13.1',
          reason: '',
          status: 'open',
          reply: 20261201,
          ...o,
        });
      const amounts: Array<[number, string, string]> = [
        [4999, 'USD', '$49.99'],
        [4999, 'JPY', '¥4,999'],
        [12345, 'KWD', 'KWD 12.345'],
        [123450, 'INR', 'INR 1,234.50'],
        [1500000, 'KRW', 'KRW 1,500,000'],
        [9900, 'ILS', 'ILS 99.00'],
        [250000, 'VND', 'VND 250,000'],
        [4550, 'PHP', 'PHP 45.50'],
        [1999, 'EUR', '€19.99'],
        [1999, 'GBP', '£19.99'],
      ];
      for (const [total, currency, text] of amounts) assert.equal(letterAmount(total, currency), text, currency);

      // Midday UTC on 1 March is already 2 March at UTC+14: the letter carries the merchant's date.
      process.env.TZ = 'Pacific/Kiritimati';
      const now = new Date('2026-03-01T12:00:00Z');
      const unknown = coverLetterFor(cb({ reasonCode: 'ZZ9', total: 123450, currency: 'INR' }), {
        now,
        rebuttal: 'Paid ₹1,234.50 in person; receipt enclosed.',
      });
      assert.equal(unknown.date, 'Mon, Mar 2, 2026');
      await scanJpeg(join(f.dir, 'r.jpg'));
      const r = await f.add('r.jpg');
      const built = await buildPacket(f.store, { pages: [{ itemId: r.id, page: 0, rotation: 0 }] }, settings(), {
        outDir: join(f.dir, 'out'),
        coverLetter: unknown,
      });
      const letter = (await readPdf(join(f.dir, 'out', built.files[0]!.name)))[0]!.plain;
      assert.match(letter, /· Mon, Mar 2, 2026|^Response to chargeback Mon, Mar 2, 2026/);
      assert.match(letter, /Amount INR 1,234\.50/);
      assert.match(letter, /Paid INR 1,234\.50 in person/, 'a symbol typed in the rebuttal becomes its code, not "?"');
      assert.doesNotMatch(letter, /\?/);
      assert.match(letter, /Reason code ZZ9 – as given by the issuer/);
      assert.match(letter, /What is claimed The claim as the issuer states it under this reason code\./);
      assert.doesNotMatch(letter, /Dispute Desk|tables|answer with/i, 'no advice meant for the merchant');

      const kwd = coverLetterFor(cb({ total: 12345, currency: 'KWD', reason: 'Merchandise not received' }), { now });
      assert.match(kwd.rebuttal, /for KWD 12\.345\./);
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
      f.close();
    }
  },
);

test(
  'a single page may be sent as an image file: rendered like any page (BMP, ' +
    "HEIC, TIFF page 2, PDF), at the preset's dpi, within the per-file limit",
  async (t) => {
    const f = await fixture();
    try {
      const image = (o: Partial<BuildSettings> = {}) => settings({ output: 'image', ...o });
      const one = (item: EvidenceItem, page = 0) => ({ pages: [{ itemId: item.id, page, rotation: 0 as const }] });
      bmp24(join(f.dir, 'a.bmp'), 900, 600);
      await sharp(textPage(600, 800, 10))
        .png()
        .toFile(join(f.dir, 'tall.png'));
      await sharp(textPage(1200, 400, 4))
        .png()
        .toFile(join(f.dir, 'wide.png'));
      imageMagick([join(f.dir, 'tall.png'), join(f.dir, 'wide.png'), join(f.dir, 'two.tif')]);
      await scanJpeg(join(f.dir, 'scan.jpg'), { width: 2480, height: 3508, density: 300 });
      await pdfWithPages(join(f.dir, 'terms.pdf'), 1);
      // A PNG of noise: several megabytes, far over a 1 MB limit as it stands.
      await sharp({
        create: {
          width: 1800,
          height: 1800,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .png()
        .toFile(join(f.dir, 'big.png'));
      const bigBytes = readFileSync(join(f.dir, 'big.png')).length;
      assert.ok(bigBytes > 5_000_000, `the PNG is large (${bigBytes} bytes)`);

      const bmp = await f.add('a.bmp');
      const bmpOut = await buildPacket(f.store, one(bmp), image(), { outDir: join(f.dir, 'bmp') });
      assert.ok(bmpOut.ok, JSON.stringify(bmpOut.problems));
      assert.deepEqual(
        bmpOut.files.map((x) => [x.name, x.documentType]),
        [['evidence.jpg', 'jpg']],
      );
      const bmpMeta = await sharp(join(f.dir, 'bmp', 'evidence.jpg')).metadata();
      assert.equal(bmpMeta.format, 'jpeg');
      assert.equal(bmpMeta.channels, 1, 'the document preset is grayscale');

      const tiff = await f.add('two.tif');
      assert.equal(tiff.pages, 2);
      const tiffOut = await buildPacket(f.store, one(tiff, 1), image(), { outDir: join(f.dir, 'tif') });
      const tiffMeta = await sharp(join(f.dir, 'tif', tiffOut.files[0]!.name)).metadata();
      assert.ok(
        tiffMeta.width! > tiffMeta.height! * 2,
        `page 2 (wide), not page 1 (tall): ${tiffMeta.width} × ${tiffMeta.height}`,
      );

      const scan = await f.add('scan.jpg');
      const scanOut = await buildPacket(f.store, one(scan), image({ pageSize: 'a4' }), { outDir: join(f.dir, 'scan') });
      const scanMeta = await sharp(join(f.dir, 'scan', scanOut.files[0]!.name)).metadata();
      assert.ok(
        scanMeta.width! <= 1241 && scanMeta.width! > 1100,
        `300 dpi scan written at about 150 dpi (${scanMeta.width} px wide)`,
      );
      assert.ok(Math.abs((scanMeta.density ?? 0) - 150) < 8, `the file says its resolution (${scanMeta.density} dpi)`);
      assert.equal(scanMeta.exif, undefined);

      const strict = await buildPacket(f.store, one(scan), image({ preset: 'strict', limits: strictLimits }), {
        outDir: join(f.dir, 'strict'),
      });
      assert.deepEqual(
        strict.files.map((x) => x.documentType),
        ['png'],
      );
      const strictMeta = await sharp(join(f.dir, 'strict', strict.files[0]!.name)).metadata();
      assert.equal(strictMeta.format, 'png');
      assert.equal(strictMeta.bitsPerSample, 1, 'black and white: one bit a pixel');
      assert.ok(strict.files[0]!.bytes <= strictLimits.maxFileBytes);

      const big = await f.add('big.png');
      const limit = 1024 * 1024;
      const bigOut = await buildPacket(
        f.store,
        one(big),
        image({ preset: 'photo', limits: { ...defaultLimits, maxFileBytes: limit } }),
        { outDir: join(f.dir, 'big') },
      );
      assert.ok(bigOut.ok, JSON.stringify(bigOut.problems));
      assert.ok(
        bigOut.files[0]!.bytes <= limit && readFileSync(join(f.dir, 'big', bigOut.files[0]!.name)).length <= limit,
        'compressed to the limit, not passed through',
      );
      const tooSmall = await buildPacket(
        f.store,
        one(big),
        image({ preset: 'photo', limits: { ...defaultLimits, maxFileBytes: 50_000, maxTotalBytes: 50_000 } }),
        { outDir: join(f.dir, 'small') },
      );
      assert.equal(tooSmall.ok, false);
      assert.match(
        tooSmall.problems[0]!.message,
        /big\.png is \d+ KB as an image file even at the smallest legible size; the limit is 49 KB/,
      );

      const terms = await f.add('terms.pdf');
      const pdfOut = await buildPacket(f.store, one(terms), image(), { outDir: join(f.dir, 'pdf') });
      assert.deepEqual(
        pdfOut.files.map((x) => x.documentType),
        ['jpg'],
        'a PDF page drawn as an image file',
      );

      if (imageMagickCan('HEIC')) {
        imageMagick([join(f.dir, 'wide.png'), join(f.dir, 'phone.heic')]);
        const heic = await f.add('phone.heic');
        const heicOut = await buildPacket(f.store, one(heic), image(), { outDir: join(f.dir, 'heic') });
        assert.deepEqual(
          heicOut.files.map((x) => x.documentType),
          ['jpg'],
        );
        const heicMeta = await sharp(join(f.dir, 'heic', heicOut.files[0]!.name)).metadata();
        assert.ok(
          Math.abs(heicMeta.width! / heicMeta.height! - 3) < 0.05 && heicMeta.width! <= 1200,
          `the decoded photo, fitted to 150 dpi (${heicMeta.width} × ${heicMeta.height})`,
        );
      } else t.diagnostic('ImageMagick here cannot write HEIC, so the HEIC case was not run');

      // One page and no letter, or it says why not.
      const two = await buildPacket(f.store, { pages: [...one(scan).pages, ...one(bmp).pages] }, image(), {
        outDir: join(f.dir, 'two'),
      });
      assert.match(two.problems.map((p) => p.message).join(' '), /holds a single page; this packet has 2 pages/);
      const withLetter = await buildPacket(f.store, one(scan), image(), {
        outDir: join(f.dir, 'letter'),
        coverLetter: coverLetterFor(
          chargebackSchema.parse({
            id: 't1_chb_i',
            total: 100,
            currency: 'USD',
            cycle: 'first',
            reasonCode: '13.1',
            status: 'open',
          }),
        ),
      });
      assert.match(withLetter.problems.map((p) => p.message).join(' '), /without a cover letter/);
      const letterOff = await buildPacket(f.store, one(scan), image({ coverLetter: false }), {
        outDir: join(f.dir, 'letter-off'),
        coverLetter: coverLetterFor(
          chargebackSchema.parse({
            id: 't1_chb_i',
            total: 100,
            currency: 'USD',
            cycle: 'first',
            reasonCode: '13.1',
            status: 'open',
          }),
        ),
      });
      assert.ok(letterOff.ok, 'the letter left out by the settings');
    } finally {
      f.close();
    }
  },
);

test(
  'PDF pages are kept as they are when they fit and meet ' +
    'the limits, and otherwise drawn and compressed like photos',
  async () => {
    const f = await fixture();
    try {
      await pdfWithPages(join(f.dir, 'terms.pdf'), 2);
      await pdfWithPhoto(join(f.dir, 'fine.pdf'), { widthPx: 1200, heightPx: 900, inches: 2.4 });
      await pdfWithPhoto(join(f.dir, 'coarse.pdf'), { widthPx: 900, heightPx: 600, inches: 6 });
      await pdfWithPhoto(join(f.dir, 'heavy.pdf'), {
        widthPx: 1400,
        heightPx: 1800,
        inches: 7.5,
        noise: 20,
        scanOnly: true,
      });
      const terms = await f.add('terms.pdf');
      const fine = await f.add('fine.pdf');
      const coarse = await f.add('coarse.pdf');
      const heavy = await f.add('heavy.pdf');
      const one = (item: EvidenceItem) => ({ pages: [{ itemId: item.id, page: 0, rotation: 0 as const }] });
      const exif = (file: string) => {
        const b = readFileSync(file);
        return b.includes('Exif\0\0') || b.includes('PhoneMaker');
      };
      assert.ok(exif(join(f.dir, 'fine.pdf')), "the sample PDF carries the photo's EXIF");

      // Text and a 150 dpi photo within a colour, 200 dpi profile: kept (text stays text), EXIF gone.
      const kept = await buildPacket(f.store, { pages: [...one(terms).pages, ...one(coarse).pages] }, settings(), {
        outDir: join(f.dir, 'kept'),
      });
      assert.ok(kept.ok, JSON.stringify(kept.problems));
      assert.deepEqual(kept.warnings, []);
      const keptRead = await readPdf(join(f.dir, 'kept', kept.files[0]!.name));
      assert.match(keptRead[0]!.plain, /Page 1/);
      assert.match(keptRead[1]!.plain, /Delivered to the front door/, 'kept as it is: its text is still text');
      assert.equal(keptRead[1]!.pictures[0]!.widthPx, 900, 'the photo itself untouched');
      assert.ok(!exif(join(f.dir, 'kept', kept.files[0]!.name)), "no EXIF or device data left in a kept page's photo");

      // A photo at 500 dpi on the page (545 once fitted to Letter) breaks a 200 dpi limit: the page is
      // drawn at 200 dpi.
      const dpi = await buildPacket(f.store, one(fine), settings({ preset: 'photo' }), { outDir: join(f.dir, 'dpi') });
      assert.ok(dpi.ok, JSON.stringify(dpi.problems));
      assert.match(
        dpi.warnings.join(' '),
        /turned into images because they hold pictures finer than the 200 dpi limit: fine\.pdf page 1/,
      );
      const dpiRead = await readPdf(join(f.dir, 'dpi', dpi.files[0]!.name));
      assert.equal(dpiRead[0]!.text.length, 0, 'drawn: no text objects left');
      const pic = dpiRead[0]!.pictures[0]!;
      assert.ok(
        pic.widthPx / (pic.width / 72) <= 201,
        `drawn at no more than 200 dpi (${(pic.widthPx / (pic.width / 72)).toFixed(0)})`,
      );
      assert.ok(!exif(join(f.dir, 'dpi', dpi.files[0]!.name)));
      // The same page within a 600 dpi profile is kept.
      const allowed = await buildPacket(f.store, one(fine), settings({ limits: { ...defaultLimits, maxDpi: 600 } }), {
        outDir: join(f.dir, 'allowed'),
      });
      assert.equal((await readPdf(join(f.dir, 'allowed', allowed.files[0]!.name)))[0]!.pictures[0]!.widthPx, 1200);

      // Black and white only: every PDF page is drawn in 1-bit, text pages included.
      const bw = await buildPacket(f.store, one(terms), settings({ preset: 'strict', limits: strictLimits }), {
        outDir: join(f.dir, 'bw'),
      });
      assert.ok(bw.ok);
      assert.match(bw.warnings.join(' '), /allow only black and white: terms\.pdf page 1/);
      const bwDoc = await PDFDocument.load(readFileSync(join(f.dir, 'bw', bw.files[0]!.name)));
      const images = bwDoc.context
        .enumerateIndirectObjects()
        .map(([, o]) => o)
        .filter(
          (o) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
        ) as PDFRawStream[];
      assert.equal(images.length, 1);
      assert.equal(images[0]!.dict.get(PDFName.of('BitsPerComponent'))?.toString(), '1');
      assert.equal((await readPdf(join(f.dir, 'bw', bw.files[0]!.name)))[0]!.text.length, 0);

      // A heavy scan page over the per-file limit is drawn smaller instead of refused.
      const heavyKept = await buildPacket(
        f.store,
        one(heavy),
        settings({ limits: { ...defaultLimits, maxDpi: 600 } }),
        { outDir: join(f.dir, 'heavy-kept') },
      );
      assert.ok(
        heavyKept.ok && heavyKept.totalBytes > 1_200_000,
        `kept, the scan is heavy (${heavyKept.totalBytes} bytes)`,
      );
      const limit = 1_000_000;
      const heavyDrawn = await buildPacket(
        f.store,
        one(heavy),
        settings({ limits: { ...defaultLimits, maxDpi: 600, maxFileBytes: limit } }),
        { outDir: join(f.dir, 'heavy') },
      );
      assert.ok(heavyDrawn.ok, JSON.stringify(heavyDrawn.problems));
      assert.ok(heavyDrawn.files[0]!.bytes <= limit);
      assert.match(heavyDrawn.warnings.join(' '), /because they were too large as they were: heavy\.pdf page 1/);
      const heavyPic = (await readPdf(join(f.dir, 'heavy', heavyDrawn.files[0]!.name)))[0]!.pictures[0]!;
      assert.ok(
        heavyPic.widthPx / (heavyPic.width / 72) <= 190,
        'a scan is not drawn finer than itself (1400 px over 7.5 in)',
      );
      // Within the per-file limit but over the packet's: the solver steps down and draws it then.
      const squeezed = await buildPacket(
        f.store,
        one(heavy),
        settings({ limits: { ...defaultLimits, maxDpi: 600, maxTotalBytes: 1_000_000 } }),
        { outDir: join(f.dir, 'heavy-total') },
      );
      assert.ok(squeezed.ok && squeezed.totalBytes <= 1_000_000, JSON.stringify(squeezed.problems));
      assert.equal(squeezed.step, 1);
      assert.match(squeezed.warnings.join(' '), /too large as they were: heavy\.pdf page 1/);

      // The merchant may ask for every PDF page as an image.
      const chosen = await buildPacket(f.store, one(terms), settings({ pdfPages: 'image' }), {
        outDir: join(f.dir, 'chosen'),
      });
      assert.ok(chosen.ok);
      assert.deepEqual(chosen.warnings, [], 'asked for: nothing to warn about');
      assert.equal((await readPdf(join(f.dir, 'chosen', chosen.files[0]!.name)))[0]!.text.length, 0);
    } finally {
      f.close();
    }
  },
);

test('PDF pages: the crop box is what is shown, and any /Rotate (even -90) turns the page the right way', async () => {
  const f = await fixture();
  try {
    await pdfRotated(join(f.dir, 'rotated.pdf'), [-90, 90, 450, 0]);
    await pdfCropped(join(f.dir, 'cropped.pdf'));
    const rotated = await f.add('rotated.pdf');
    const cropped = await f.add('cropped.pdf');
    const built = await buildPacket(
      f.store,
      {
        pages: [0, 1, 2, 3].map((page) => ({ itemId: rotated.id, page, rotation: (page === 3 ? 270 : 0) as 0 | 270 })),
      },
      settings(),
      { outDir: join(f.dir, 'rot') },
    );
    assert.ok(built.ok);
    const pages = await readPdf(join(f.dir, 'rot', built.files[0]!.name));
    // Clockwise page turns show as counter-clockwise text directions: -90 → reads upwards.
    const expected = [90, -90, -90, 90];
    pages.forEach((p, i) => {
      const run = p.text.find((t) => t.str.includes(`Rotated page ${i + 1}`));
      assert.ok(run, `page ${i + 1} has its text`);
      assert.equal(run.angle, expected[i], `page ${i + 1} direction`);
      assert.ok(
        run.x > 0 && run.x < p.width && run.y > 0 && run.y < p.height,
        `page ${i + 1}: text on the page (${run.x.toFixed(0)}, ${run.y.toFixed(0)}), not off it`,
      );
    });
    // Drawn as images, the same pages turn the same way: wide pages come out landscape.
    const drawn = await buildPacket(
      f.store,
      { pages: [{ itemId: rotated.id, page: 0, rotation: 0 }] },
      settings({ pdfPages: 'image' }),
      { outDir: join(f.dir, 'rot-drawn') },
    );
    const pic = (await readPdf(join(f.dir, 'rot-drawn', drawn.files[0]!.name)))[0]!.pictures[0]!;
    assert.ok(pic.widthPx > pic.heightPx, 'a -90 page is landscape once turned');

    const crop = await buildPacket(f.store, { pages: [{ itemId: cropped.id, page: 0, rotation: 0 }] }, settings(), {
      outDir: join(f.dir, 'crop'),
    });
    const inside = (await readPdf(join(f.dir, 'crop', crop.files[0]!.name)))[0]!.text.find((t) => t.str === 'INSIDE')!;
    // The 300 pt wide crop box fills the 561.6 pt printable width: 24 pt text becomes about 45 pt.
    assert.ok(
      Math.abs(inside.size - 24 * (561.6 / 300)) < 1,
      `scaled from the crop box, not the media box (${inside.size.toFixed(1)} pt)`,
    );
    const cropDoc = await PDFDocument.load(readFileSync(join(f.dir, 'crop', crop.files[0]!.name)));
    const forms = cropDoc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter(
        (o) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Form'),
      ) as PDFRawStream[];
    assert.equal(
      forms[0]!.dict.get(PDFName.of('BBox'))?.toString(),
      '[ 50 300 350 500 ]',
      'the page is clipped to its crop box',
    );
  } finally {
    f.close();
  }
});

test(
  'a draft survives its originals: moved or deleted after ' + 'the import, they still show and build from the store',
  async () => {
    const f = await fixture();
    try {
      await scanJpeg(join(f.dir, 'r.jpg'));
      await pdfWithPages(join(f.dir, 't.pdf'), 2);
      const r = await f.add('r.jpg');
      const t = await f.add('t.pdf');
      renameSync(join(f.dir, 'r.jpg'), join(f.dir, 'moved.jpg'));
      rmSync(join(f.dir, 't.pdf'));
      rmSync(join(f.dir, 'moved.jpg'));
      // A store opened afresh, as after a restart of the app.
      const again = createEvidenceStore(join(f.dir, 'store'));
      assert.deepEqual((await again.list()).map((i) => i.name).sort(), ['r.jpg', 't.pdf']);
      assert.equal((await pagePicture(again, r.id, 0, 120)).kind, 'image');
      const built = await buildPacket(again, pagesOf([r, t]), settings(), { outDir: join(f.dir, 'out') });
      assert.ok(built.ok, JSON.stringify(built.problems));
      assert.equal(built.totalPages, 3);
    } finally {
      f.close();
    }
  },
);

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
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, [
          '--no-warnings',
          new URL('../../../electron/cli.ts', import.meta.url).pathname,
          ...args,
        ]);
        let out = '';
        let err = '';
        child.stdout.on('data', (c) => (out += c));
        child.stderr.on('data', (c) => (err += c));
        child.on('exit', (code) => resolve({ code, out, err }));
      });
    const r = await run([
      'evidence',
      'build',
      f.dir,
      '--out',
      join(f.dir, 'packet'),
      '--home',
      join(f.dir, 'home'),
      '--json',
    ]);
    assert.equal(r.code, 0, r.out);
    const json = JSON.parse(r.out);
    assert.equal(json.files.length, 1);
    assert.ok(
      json.inputs.some((i: { ok: boolean; reason?: string }) => !i.ok && /plain text file/.test(i.reason ?? '')),
    );
    const none = await run([
      'evidence',
      'build',
      join(f.dir, 'notes.txt'),
      '--out',
      join(f.dir, 'p2'),
      '--home',
      join(f.dir, 'home'),
    ]);
    assert.equal(none.code, 1);
    assert.match(none.out, /Nothing usable/);
    const cover = await run([
      'evidence',
      'build',
      f.dir,
      '--out',
      join(f.dir, 'p3'),
      '--home',
      join(f.dir, 'home'),
      '--cover-for',
      't1_chb_missing',
    ]);
    assert.equal(cover.code, 1);
    assert.match(
      cover.err,
      /^dispute-desk: Chargeback t1_chb_missing is not in the local store: run `dispute-desk sync` first/m,
    );
  } finally {
    f.close();
  }
});
