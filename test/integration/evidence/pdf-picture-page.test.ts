// A PDF page that is one JPEG picture (a scanner's, img2pdf's) is drawn by the image library from
// that picture instead of by pdf.js (pdf-picture-page.ts): which pages qualify, that the drawing
// matches pdf.js's on the same page (placed, turned, cropped), that one the library refuses is
// drawn by pdf.js, and that a PDF page is read for card numbers at its own size (an A4 scan was
// read shrunk into Letter's printable area, at 132 dpi, where 6 pt card numbers are missed).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  StandardFonts,
  beginText,
  concatTransformationMatrix,
  degrees,
  endText,
  popGraphicsState,
  type PDFPage,
} from 'pdf-lib';
import { jpegFrame, soleJpeg } from '../../../electron/evidence/pdf-content.ts';
import { closePdfRenderers, drawPdfPage } from '../../../electron/evidence/pdf-raster.ts';
import { createEvidenceStore } from '../../../electron/evidence/evidence-store.ts';
import { cardScanOf } from '../../../electron/evidence/card-mask/card-scan.ts';
import { closeCardScanner } from '../../../electron/evidence/card-mask/scan-engines.ts';
import { receiptCard, receiptScan } from '../../support/receipts.ts';
import { grayPageForOcr } from '../../../electron/ocr/page-image.ts';
import { READ_DPI } from '../../../electron/evidence/card-mask/search-page.ts';

const root = mkdtempSync(join(tmpdir(), 'dd-pdfpicture-'));
after(async () => {
  await closeCardScanner();
  await closePdfRenderers();
  rmSync(root, { recursive: true, force: true });
});

const CARD = '4111 1111 1111 1111';
const A4 = { w: 595.28, h: 841.89 };

/** A new document with one page of `size` made by `draw`, saved and loaded again (as read). */
async function pageOf(size: { w: number; h: number }, draw: (doc: PDFDocument, page: PDFPage) => Promise<void>) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([size.w, size.h]);
  await draw(doc, page);
  const bytes = await doc.save();
  return { bytes, page: (await PDFDocument.load(bytes)).getPage(0) };
}

const scanPage = (jpeg: Buffer) => async (doc: PDFDocument, page: PDFPage) => {
  page.drawImage(await doc.embedJpg(jpeg), { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
};

test('a page that is one JPEG picture is found, with where it is drawn; any other page is not', async () => {
  const card = await receiptCard(['Order number: HL-20461']);
  const placed = await pageOf({ w: 612, h: 792 }, async (doc, page) => {
    page.drawImage(await doc.embedJpg(card), { x: 36, y: 300, width: 540, height: 405 });
  });
  const sole = soleJpeg(placed.page);
  assert.ok(sole);
  assert.deepEqual(sole.rect, { x: 36, y: 300, w: 540, h: 405 });
  assert.deepEqual(jpegFrame(sole.jpeg), { ...jpegFrame(card), precision: 8 });

  const gray = await sharp(card).greyscale().jpeg().toBuffer();
  assert.ok(soleJpeg((await pageOf({ w: 612, h: 792 }, scanPage(gray))).page), 'a grey JPEG');

  const others: Array<[string, (doc: PDFDocument, page: PDFPage) => Promise<void>]> = [
    [
      'text beside it',
      async (doc, page) => {
        await scanPage(card)(doc, page);
        page.drawText('Paid', { x: 40, y: 40, font: await doc.embedFont(StandardFonts.Helvetica) });
      },
    ],
    [
      'an empty text object',
      async (doc, page) => {
        await scanPage(card)(doc, page);
        page.pushOperators(beginText(), endText());
      },
    ],
    [
      'turned',
      async (doc, page) =>
        page.drawImage(await doc.embedJpg(card), { x: 300, y: 100, width: 200, height: 150, rotate: degrees(30) }),
    ],
    [
      'mirrored',
      async (doc, page) => page.drawImage(await doc.embedJpg(card), { x: 300, y: 100, width: -200, height: 150 }),
    ],
    [
      'a PNG',
      async (doc, page) => page.drawImage(await doc.embedPng(await sharp(card).png().toBuffer()), { x: 0, y: 0 }),
    ],
    [
      'an annotation',
      async (doc, page) => {
        await scanPage(card)(doc, page);
        page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.obj({ Type: 'Annot', Subtype: 'Square' })]));
      },
    ],
    [
      'a user unit',
      async (doc, page) => {
        await scanPage(card)(doc, page);
        page.node.set(PDFName.of('UserUnit'), PDFNumber.of(2));
      },
    ],
    ['nothing drawn', async () => undefined],
    [
      'drawn twice',
      async (doc, page) => {
        const image = await doc.embedJpg(card);
        page.drawImage(image, { x: 0, y: 0, width: 300, height: 200 });
        page.drawImage(image, { x: 0, y: 300, width: 300, height: 200 });
      },
    ],
    [
      'a cm after it',
      async (doc, page) => {
        await scanPage(card)(doc, page);
        page.pushOperators(concatTransformationMatrix(2, 0, 0, 2, 0, 0));
      },
    ],
    [
      'a Q with nothing to restore',
      async (doc, page) => {
        await scanPage(card)(doc, page);
        page.pushOperators(popGraphicsState());
      },
    ],
    ['CMYK', async (doc, page) => scanPage(await sharp(card).toColourspace('cmyk').jpeg().toBuffer())(doc, page)],
  ];
  for (const [why, draw] of others)
    assert.equal(soleJpeg((await pageOf({ w: 612, h: 792 }, draw)).page), undefined, why);

  // A picture with a soft mask, filter parameters or a decode array is left to pdf.js, and so is
  // a JPEG whose header does not match its dictionary.
  for (const [key, value] of [
    ['SMask', PDFName.of('None')],
    ['DecodeParms', PDFName.of('None')],
    ['Decode', PDFName.of('None')],
    ['Width', PDFNumber.of(17)],
  ] as const) {
    const changed = (await pageOf({ w: 612, h: 792 }, scanPage(card))).page;
    const images = changed.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const image = changed.doc.context.lookup(images.values()[0]);
    assert.ok(image instanceof PDFRawStream);
    image.dict.set(PDFName.of(key), value);
    assert.equal(soleJpeg(changed), undefined, key);
  }
});

test("a JPEG's frame header: its precision, size and components, or nothing where there is none", async () => {
  const jpeg = await receiptCard(['Order number: HL-20461']);
  const meta = await sharp(jpeg).metadata();
  assert.deepEqual(jpegFrame(jpeg), { precision: 8, width: meta.width, height: meta.height, components: 3 });
  // SOI, a 12-bit extended frame (SOF1) of 200 × 100 with one component.
  const twelve = Uint8Array.from([0xff, 0xd8, 0xff, 0xc1, 0, 11, 12, 0, 100, 0, 200, 1, 1, 0x11, 0]);
  assert.deepEqual(jpegFrame(twelve), { precision: 12, width: 200, height: 100, components: 1 });
  // A DHT segment (C4) is not a frame; the frame after it is found.
  const afterTable = Uint8Array.from([0xff, 0xd8, 0xff, 0xc4, 0, 2, ...twelve.subarray(2)]);
  assert.equal(jpegFrame(afterTable)?.precision, 12);
  assert.equal(jpegFrame(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2])), undefined, 'a scan before any frame');
  assert.equal(jpegFrame(Uint8Array.from([0x89, 0x50, 0x4e, 0x47])), undefined, 'not a JPEG');
  assert.equal(jpegFrame(twelve.subarray(0, 8)), undefined, 'cut short');
});

/** Grey levels of RGBA pixels. */
const grey = (px: { data: Buffer }) => {
  const g = new Uint8Array(px.data.length / 4);
  for (let i = 0; i < g.length; i++)
    g[i] = (px.data[i * 4]! * 77 + px.data[i * 4 + 1]! * 150 + px.data[i * 4 + 2]! * 29) >> 8;
  return g;
};

test("the image library's drawing matches pdf.js's: placed, turned by the page and the merchant, cropped", async () => {
  const card = await receiptCard(['Order number: HL-20461', `Card: ${CARD}`]);
  const cases: Array<[string, { w: number; h: number }, (doc: PDFDocument, page: PDFPage) => Promise<void>, number]> = [
    ['a full-page scan', { w: 612, h: 792 }, scanPage(card), 0],
    [
      'a photo placed on the page',
      { w: 612, h: 792 },
      async (doc, page) => page.drawImage(await doc.embedJpg(card), { x: 36, y: 300, width: 540, height: 405 }),
      0,
    ],
    [
      "the page's own /Rotate and the merchant's turn",
      { w: 612, h: 792 },
      async (doc, page) => {
        await scanPage(card)(doc, page);
        page.setRotation(degrees(90));
      },
      180,
    ],
    [
      'a crop box, and the picture running off the page',
      { w: 612, h: 792 },
      async (doc, page) => {
        page.drawImage(await doc.embedJpg(card), { x: -50, y: 400, width: 700, height: 500 });
        page.setCropBox(20, 30, 500, 700);
      },
      90,
    ],
  ];
  let id = 0;
  for (const [what, size, draw, rotation] of cases) {
    const fast = await pageOf(size, draw);
    assert.ok(soleJpeg(fast.page), what);
    // The same drawing with an empty text object: pdf.js draws it.
    const slow = await pageOf(size, async (doc, page) => {
      await draw(doc, page);
      page.pushOperators(beginText(), endText());
    });
    const ours = await drawPdfPage(`fast-${id}`, async () => fast.bytes, 0, rotation, 150 / 72);
    const theirs = await drawPdfPage(`slow-${id++}`, async () => slow.bytes, 0, rotation, 150 / 72);
    assert.deepEqual([ours.width, ours.height], [theirs.width, theirs.height], what);
    const a = grey(ours);
    const b = grey(theirs);
    let sum = 0;
    let far = 0;
    for (let i = 0; i < a.length; i++) {
      const d = Math.abs(a[i]! - b[i]!);
      sum += d;
      if (d > 64) far++;
    }
    // Resampling differs at the letters' edges only: no shift, no turn, no missing margin.
    assert.ok(sum / a.length < 2, `${what}: mean difference ${(sum / a.length).toFixed(2)}`);
    assert.ok(far / a.length < 0.005, `${what}: ${far} pixels far apart`);
  }
});

test('a JPEG the image library refuses (cut short) is drawn by pdf.js instead, as a viewer shows it', async () => {
  const card = await receiptCard(['Order number: HL-20461', `Card: ${CARD}`]);
  const cut = card.subarray(0, Math.round(card.length * 0.7));
  const { bytes, page } = await pageOf({ w: 612, h: 792 }, scanPage(cut));
  assert.ok(soleJpeg(page), 'its header is whole: it is handed over undrawn first');
  await assert.rejects(sharp(cut, { failOn: 'error' }).resize(1275, 1650).raw().toBuffer());
  const drawn = await drawPdfPage('cut-short', async () => bytes, 0, 0, 150 / 72);
  assert.deepEqual([drawn.width, drawn.height], [1275, 1650]);
  assert.ok(
    grey(drawn).some((g) => g < 128),
    'its picture is drawn, not a white page',
  );
});

test('a PDF page is read at its own size: an A4 scan at 150 dpi of A4, not shrunk into Letter', async () => {
  const store = createEvidenceStore(join(root, 'evidence-size'));
  const { bytes } = await pageOf(A4, scanPage(await receiptScan(['Harbor Lane Goods'])));
  const o = await store.importBuffer('a4.pdf', Buffer.from(bytes), {});
  assert.ok(o.ok, JSON.stringify(o));
  const read = await grayPageForOcr(store, o.item, 0, READ_DPI);
  // 8.27 × 11.69 in at 150 dpi; fitted into Letter's printable area it was 1092 × 1545 (132 dpi).
  assert.deepEqual([read.width, read.height], [1240, 1754]);
});

test('a 6 pt card number on an A4 scan in a PDF is found and masked', async () => {
  const scan = await receiptScan([
    'Harbor Lane Goods',
    'Order number: ORD-48216',
    `Card number ${CARD}`,
    'Total $129.00',
  ]);
  const { bytes } = await pageOf(A4, scanPage(scan));
  const store = createEvidenceStore(join(root, 'evidence'));
  const o = await store.importBuffer('scanned.pdf', Buffer.from(bytes), { searchFollows: true });
  assert.ok(o.ok, JSON.stringify(o));
  const found = await cardScanOf(store, o.item);
  assert.deepEqual(
    found.masks.map((m) => [m.page, m.last4, m.source]),
    [[0, '1111', 'ocr']],
  );
  assert.equal(found.unreadPages, undefined);
});
