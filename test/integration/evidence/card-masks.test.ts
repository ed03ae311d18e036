// Card numbers masked before a packet is built, checked from the outside: the built page is
// drawn by poppler and read by Debian's own Tesseract (not the app's engine), and must show no
// full card number while the order number beside it stays readable.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts, decodePDFRawStream } from 'pdf-lib';
import { createEvidenceStore } from '../../../electron/evidence/evidence-store.ts';
import { buildPacket } from '../../../electron/evidence/packet/build.ts';
import { SCAN_VERSION, cardScanOf } from '../../../electron/evidence/card-mask/card-scan.ts';
import { closeCardScanner } from '../../../electron/evidence/card-mask/scan-engines.ts';
import { closePdfRenderers } from '../../../electron/evidence/pdf-raster.ts';
import { wholeFiles } from '../../../electron/app/answer/packets.ts';
import { findCardNumbers, unmaskedKey } from '../../../shared/evidence/card-numbers.ts';
import { defaultLimits } from '../../../shared/evidence/limits.ts';
import type { BuildSettings, EvidenceItem } from '../../../shared/evidence/items.ts';
import { receiptCard, receiptScan } from '../../support/receipts.ts';

const root = mkdtempSync(join(tmpdir(), 'dd-cardmask-'));
const projectRoot = new URL('../../..', import.meta.url).pathname;
const store = createEvidenceStore(join(root, 'evidence'));
after(async () => {
  await closeCardScanner();
  await closePdfRenderers();
  rmSync(root, { recursive: true, force: true });
});

const CARD = '4111 1111 1111 1111';
const AMEX = '3782-822463-10005';
const ORDER = 'HL-20461';
/** Sixteen digits that fail the Luhn check: an order reference, never masked. */
const LONG_ORDER = '4111111111111112';

const settings: BuildSettings = {
  preset: 'document',
  limits: defaultLimits,
  pageSize: 'letter',
  output: 'pdf',
  baseName: 'evidence',
};

async function imported(name: string, bytes: Buffer): Promise<EvidenceItem> {
  // As the evidence builder imports: its search for card numbers follows.
  const o = await store.importBuffer(name, bytes, { searchFollows: true });
  assert.ok(o.ok, JSON.stringify(o));
  return o.item;
}

/** Debian's Tesseract, as one block, with both its global threshold (Otsu) and the local one the
 * app uses (Sauvola: a shadow across a photo otherwise blacks out the words under it, and the
 * check would prove nothing): both readings together, so a number either one reads counts. */
const tesseract = (input: string | Buffer): string =>
  ['0', '2']
    .map((method) =>
      execFileSync(
        'tesseract',
        [typeof input === 'string' ? input : '-', 'stdout', '--psm', '6', '-c', `thresholding_method=${method}`],
        { encoding: 'utf8', ...(typeof input === 'string' ? {} : { input }), stdio: ['pipe', 'pipe', 'ignore'] },
      ),
    )
    .join('\n');

let n = 0;
/** Builds the items' pages, then reads each built page with Debian's poppler and Tesseract. */
async function builtAndRead(
  items: EvidenceItem[],
  extra: Partial<BuildSettings> = {},
): Promise<{ result: Awaited<ReturnType<typeof buildPacket>>; ocr: string; layer: string }> {
  const out = join(root, `out-${n++}`);
  const result = await buildPacket(store, wholeFiles(items), { ...settings, ...extra }, { outDir: out });
  assert.ok(result.ok, JSON.stringify(result.problems));
  const pdf = join(out, result.files[0]!.name);
  const layer = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
  execFileSync('pdftoppm', ['-r', '200', '-gray', '-png', pdf, join(out, 'page')]);
  let ocr = '';
  for (const png of readdirSync(out)
    .filter((f) => f.startsWith('page') && f.endsWith('.png'))
    .sort())
    ocr += tesseract(join(out, png));
  return { result, ocr, layer };
}

/** The full card numbers read, each once (the two readings often agree). */
const fullNumbers = (text: string): string[] => [...new Set(findCardNumbers(text).map((h) => h.digits))];

test('Debian Tesseract is here to check against', () => {
  assert.ok(existsSync('/usr/bin/tesseract'), 'apt-get install tesseract-ocr (see .ci/setup)');
});

test('a receipt photo printing a full card number is sent with only its last four digits readable', async () => {
  const lines = ['Harbor Lane Goods', `Order number: ${ORDER}`, `Card: ${CARD}`, 'Total charged: $129.00'];
  // Unmasked, the cross-check reads the number: the test can fail.
  const bare = await receiptCard(lines);
  assert.deepEqual(fullNumbers(tesseract(bare)), ['4111111111111111']);

  const item = await imported('receipt.jpg', bare);
  const { result, ocr } = await builtAndRead([item]);
  assert.deepEqual(fullNumbers(ocr), [], ocr);
  assert.ok(ocr.includes(ORDER), `the order number is still readable: ${ocr}`);
  assert.match(ocr, /1111/);
  assert.deepEqual(result.masked, [{ itemId: item.id, name: 'receipt.jpg', page: 0, last4: '1111' }]);
  assert.ok(result.warnings.some((w) => w.includes('receipt.jpg page 1 (ending 1111)')));
});

test('numbers that are not Luhn-valid (an order, a phone) are not masked; an Amex number split by dashes is', async () => {
  const lines = [`Order reference ${LONG_ORDER}`, 'Phone: +1 555 123 4567', `Amex ${AMEX}`, `Order number: ${ORDER}`];
  const item = await imported('phone-order.jpg', await receiptCard(lines));
  const scan = await cardScanOf(store, item);
  assert.deepEqual(
    scan.masks.map((m) => m.last4),
    ['0005'],
  );
  const { ocr } = await builtAndRead([item]);
  assert.deepEqual(fullNumbers(ocr), [], ocr);
  assert.ok(ocr.replace(/\s/g, '').includes(LONG_ORDER), `the long order number is sent as it is: ${ocr}`);
  assert.match(ocr, /555 123 4567/);
});

test('a photo stored sideways with its EXIF orientation, and a scan lying sideways, are masked where the number is', async () => {
  const lines = [`Order number: ${ORDER}`, `Card: ${CARD}`, 'Thank you'];
  const upright = await receiptCard(lines);
  // The pixels lie sideways; the EXIF orientation (6: turn 90° clockwise to view) puts them up.
  const exif = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
  const lying = await receiptCard(lines, { turn: 90 });
  for (const [name, bytes] of [
    ['exif.jpg', exif],
    ['sideways.jpg', lying],
  ] as const) {
    const item = await imported(name, bytes);
    const { result, ocr } = await builtAndRead([item]);
    assert.equal(result.masked?.length, 1, name);
    // Sideways pages are read by Tesseract turned upright (it reads what the reviewer would).
    const turned = name === 'sideways.jpg' ? await readTurned(result, 270) : ocr;
    assert.deepEqual(fullNumbers(turned), [], `${name}: ${turned}`);
    assert.ok(turned.includes(ORDER), `${name}: ${turned}`);
  }
});

/** The last built packet's page, turned, read by Debian's Tesseract. */
async function readTurned(result: Awaited<ReturnType<typeof buildPacket>>, turn: number): Promise<string> {
  const out = join(root, `out-${n - 1}`);
  const png = readdirSync(out).find((f) => f.startsWith('page') && f.endsWith('.png'))!;
  const turned = await sharp(join(out, png)).rotate(turn).png().toBuffer();
  assert.ok(result.ok);
  return tesseract(turned);
}

test('a scanned A4 receipt photo with a shadow: masked, the order number kept', async () => {
  const bytes = await receiptScan(
    ['Harbor Lane Goods', `Order number: ${ORDER}`, `Card number ${CARD}`, 'Total charged: $42.00'],
    { look: 'photo', pointSize: 11 },
  );
  assert.deepEqual(fullNumbers(tesseract(bytes)), ['4111111111111111'], 'the cross-check reads the original');
  const item = await imported('shoebox.jpg', bytes);
  const { result, ocr } = await builtAndRead([item]);
  assert.equal(result.masked?.length, 1);
  assert.deepEqual(fullNumbers(ocr), [], ocr);
  assert.ok(ocr.includes(ORDER), ocr);
});

test('a PDF with a text layer: the page is drawn with the mask, no text layer keeps the number', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Statement from Harbor Lane Goods', { x: 72, y: 700, size: 14, font });
  page.drawText(`Order number: ${ORDER}`, { x: 72, y: 670, size: 14, font });
  page.drawText(`Card number: ${CARD}`, { x: 72, y: 640, size: 14, font });
  // A number whose groups are drawn one by one (the pen moved, no spaces written).
  ['5555', '5555', '5555', '4444'].forEach((g, i) => page.drawText(g, { x: 72 + i * 50, y: 610, size: 14, font }));
  const second = doc.addPage([612, 792]);
  second.drawText('Nothing to cover on this page: order 10042', { x: 72, y: 700, size: 14, font });
  const bytes = Buffer.from(await doc.save());
  // The original's text layer has the number: the check below can fail.
  assert.ok(
    fullNumbers(execFileSync('pdftotext', ['-', '-'], { input: bytes, encoding: 'utf8' })).includes('4111111111111111'),
  );
  const item = await imported('statement.pdf', bytes);
  const scan = await cardScanOf(store, item);
  // Found in its own text (a page of text alone is not read by OCR).
  assert.deepEqual(
    scan.masks.map((m) => [m.page, m.last4, m.source]),
    [
      [0, '1111', 'text'],
      [0, '4444', 'text'],
    ],
  );
  const { result, ocr, layer } = await builtAndRead([item]);
  assert.deepEqual(
    result.masked?.map((m) => [m.name, m.page, m.last4]),
    [
      ['statement.pdf', 0, '1111'],
      ['statement.pdf', 0, '4444'],
    ],
  );
  assert.deepEqual(fullNumbers(layer), [], `text layer: ${layer}`);
  assert.deepEqual(fullNumbers(ocr), [], ocr);
  assert.ok(ocr.includes(ORDER), ocr);
  // The page without a card number is kept as it is, its text layer too.
  assert.match(layer, /Nothing to cover on this page/);
  assert.ok(result.warnings.some((w) => /show a card number/.test(w)));
});

test('a PDF holding a photo of a receipt: its picture is read and masked', async () => {
  const doc = await PDFDocument.create();
  const photo = await doc.embedJpg(await receiptCard([`Order number: ${ORDER}`, `Card: ${CARD}`]));
  const page = doc.addPage([612, 792]);
  page.drawImage(photo, { x: 36, y: 300, width: 540, height: 405 });
  const item = await imported('scanned.pdf', Buffer.from(await doc.save()));
  const scan = await cardScanOf(store, item);
  assert.deepEqual(
    scan.masks.map((m) => [m.last4, m.source]),
    [['1111', 'ocr']],
  );
  const { ocr } = await builtAndRead([item]);
  assert.deepEqual(fullNumbers(ocr), [], ocr);
  assert.ok(ocr.includes(ORDER), ocr);
});

test('a PDF page pdf-lib reads otherwise than pdf.js (a predictor, /DP, /F): its picture is still read and masked', async () => {
  const made = await PDFDocument.create();
  const photo = await made.embedJpg(await receiptCard([`Order number: ${ORDER}`, `Card: ${CARD}`]));
  made.addPage([612, 792]).drawImage(photo, { x: 36, y: 300, width: 540, height: 405 });
  const original = await made.save();
  // PNG's Sub predictor, 16 bytes a row: pdf.js undoes it, pdf-lib's decoding does not (nor does it
  // read /DP for /DecodeParms, or /F for /Filter), so the operators read here were garbage: the
  // picture was not counted, and the page not searched.
  const columns = 16;
  const sub = (content: Uint8Array): Uint8Array => {
    const rows: number[] = [];
    for (let at = 0; at < content.length; at += columns) {
      const row = Array.from({ length: columns }, (_, i) => content[at + i] ?? 0x20);
      rows.push(1, ...row.map((b, i) => (b - (i ? row[i - 1]! : 0)) & 0xff));
    }
    return Uint8Array.from(rows);
  };
  const variants: Array<[string, (content: Uint8Array) => [Uint8Array, Parameters<typeof made.context.stream>[1]]]> = [
    ['predictor', (c) => [sub(c), { Filter: 'FlateDecode', DecodeParms: { Predictor: 12, Columns: columns } }]],
    ['/DP', (c) => [sub(c), { Filter: 'FlateDecode', DP: { Predictor: 12, Columns: columns } }]],
    ['/F', (c) => [c, { F: 'FlateDecode' }]],
  ];
  for (const [name, encode] of variants) {
    const doc = await PDFDocument.load(original);
    const page = doc.getPage(0);
    const contents = page.node.lookup(PDFName.of('Contents'));
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const content = Buffer.concat(
      streams.map((x) => {
        assert.ok(x instanceof PDFRawStream);
        return Buffer.concat([decodePDFRawStream(x).decode(), Buffer.from('\n')]);
      }),
    );
    const [data, dict] = encode(content);
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(deflateSync(data), dict)));
    const item = await imported(`misread-${name}.pdf`, Buffer.from(await doc.save()));
    const scan = await cardScanOf(store, item);
    assert.deepEqual(
      scan.masks.map((m) => [m.last4, m.source]),
      [['1111', 'ocr']],
      name,
    );
  }
});

test('a PDF form field holding a card number (drawn by pdf.js, absent from the text layer) is read and masked', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText(`Order number: ${ORDER}`, {
    x: 50,
    y: 700,
    size: 14,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  const field = doc.getForm().createTextField('card');
  field.setText(CARD);
  field.addToPage(page, { x: 50, y: 600, width: 320, height: 30 });
  const item = await imported('form.pdf', Buffer.from(await doc.save()));
  const scan = await cardScanOf(store, item);
  assert.deepEqual(
    scan.masks.map((m) => [m.last4, m.source]),
    [['1111', 'ocr']],
  );
});

test('a photo painted through a tiling pattern or a Type 3 glyph, on a page of text: read and masked', async () => {
  // Neither is a picture the page's content draws itself: counted nowhere, the page was searched by
  // its text layer alone and the number in the photo sent whole. Each is painted by pdf.js.
  const painted = async (how: 'pattern' | 'type3'): Promise<Buffer> => {
    const doc = await PDFDocument.create();
    const photo = await doc.embedJpg(await receiptCard([`Order number: ${ORDER}`, `Card: ${CARD}`]));
    const page = doc.addPage([612, 792]);
    page.drawText('Receipt attached below', {
      x: 36,
      y: 740,
      size: 14,
      font: await doc.embedFont(StandardFonts.Helvetica),
    });
    const resources = page.node.Resources()!;
    const draw = 'q 540 0 0 405 0 0 cm /Im1 Do Q';
    if (how === 'pattern') {
      // One cell the size of the photo, placed where it shows: the fill paints it once.
      const cell = doc.context.stream(draw, {
        Type: 'Pattern',
        PatternType: 1,
        PaintType: 1,
        TilingType: 1,
        BBox: [0, 0, 540, 405],
        XStep: 540,
        YStep: 405,
        Matrix: [1, 0, 0, 1, 36, 300],
        Resources: { XObject: { Im1: photo.ref } },
      });
      resources.set(PDFName.of('Pattern'), doc.context.obj({ P1: doc.context.register(cell) }));
      page.node.addContentStream(
        doc.context.register(doc.context.stream('q /Pattern cs /P1 scn 36 300 540 405 re f Q')),
      );
    } else {
      // A coloured glyph (d0) drawing the photo, the font's one character, shown at 1 pt.
      const glyph = doc.context.register(doc.context.stream(`540 0 d0 ${draw}`));
      const font = doc.context.obj({
        Type: 'Font',
        Subtype: 'Type3',
        FontBBox: [0, 0, 540, 405],
        FontMatrix: [1, 0, 0, 1, 0, 0],
        CharProcs: { photo: glyph },
        Encoding: { Type: 'Encoding', Differences: [65, 'photo'] },
        FirstChar: 65,
        LastChar: 65,
        Widths: [540],
        Resources: { XObject: { Im1: photo.ref } },
      });
      const fonts = resources.lookup(PDFName.of('Font'));
      assert.ok(fonts instanceof PDFDict);
      fonts.set(PDFName.of('T3'), doc.context.register(font));
      page.node.addContentStream(doc.context.register(doc.context.stream('BT /T3 1 Tf 36 300 Td (A) Tj ET')));
    }
    return Buffer.from(await doc.save());
  };
  for (const how of ['pattern', 'type3'] as const) {
    const item = await imported(`painted-${how}.pdf`, await painted(how));
    const scan = await cardScanOf(store, item);
    assert.deepEqual(
      scan.masks.map((m) => [m.last4, m.source]),
      [['1111', 'ocr']],
      how,
    );
    const { ocr } = await builtAndRead([item]);
    assert.deepEqual(fullNumbers(ocr), [], `${how}: ${ocr}`);
    assert.ok(ocr.includes(ORDER), `${how}: the photo is in the packet: ${ocr}`);
  }
});

test('a PDF page under a filter abbreviation (/Fl, as pdf.js reads it): built and masked; an unknown filter: refused', async () => {
  // pdf-lib knows filters by their full names only: the page failed as an internal error, the
  // whole build with it. Written in full when the file is loaded, it is read, searched and kept.
  // The filter as a name, a reference to one, or a list holding a reference (readers follow them).
  type Held = 'name' | 'reference' | 'list of a reference';
  const packed = async (filter: string, held: Held = 'name'): Promise<Buffer> => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    page.drawText('x', { font: await doc.embedFont(StandardFonts.Helvetica) });
    const fonts = page.node.Resources()!.lookup(PDFName.of('Font'));
    assert.ok(fonts instanceof PDFDict);
    const font = fonts.keys()[0]!.decodeText();
    const content = `BT /${font} 14 Tf 50 700 Td (Order number: ${ORDER}  Card: ${CARD}) Tj ET`;
    const stream = doc.context.stream(deflateSync(Buffer.from(content)), {});
    const ref = doc.context.register(PDFName.of(filter));
    const value = held === 'name' ? PDFName.of(filter) : held === 'reference' ? ref : doc.context.obj([ref]);
    stream.dict.set(PDFName.of('Filter'), value);
    page.node.set(PDFName.of('Contents'), doc.context.register(stream));
    return Buffer.from(await doc.save());
  };
  for (const held of ['name', 'reference', 'list of a reference'] as const) {
    const item = await imported(`abbreviated, ${held}.pdf`, await packed('Fl', held));
    const scan = await cardScanOf(store, item);
    assert.deepEqual(
      scan.masks.map((m) => m.last4),
      ['1111'],
      held,
    );
    const { ocr, layer } = await builtAndRead([item]);
    assert.deepEqual(fullNumbers(ocr), [], `${held}: ${ocr}`);
    assert.deepEqual(fullNumbers(layer), [], `${held}: ${layer}`);
    assert.ok(ocr.includes(ORDER), `${held}: ${ocr}`);
  }

  const unknown = await imported('unknown-filter.pdf', await packed('Foo'));
  const result = await buildPacket(store, wholeFiles([unknown]), settings, { outDir: join(root, 'out-unknown') });
  assert.equal(result.ok, false);
  assert.match(result.problems.map((p) => p.message).join('\n'), /packed with a method this app cannot read \(\/Foo\)/);
  assert.equal(existsSync(join(root, 'out-unknown')) && readdirSync(join(root, 'out-unknown')).length > 0, false);
});

test("a PDF form field's value reaches the packet (its page drawn, not kept); a link leaves a page kept", async () => {
  const font = StandardFonts.Helvetica;
  const form = await PDFDocument.create();
  const page = form.addPage([612, 792]);
  page.drawText('Delivery note', { x: 50, y: 700, size: 14, font: await form.embedFont(font) });
  const field = form.getForm().createTextField('order');
  field.setText(ORDER);
  field.addToPage(page, { x: 50, y: 600, width: 320, height: 30 });
  const withForm = await builtAndRead([await imported('order-form.pdf', Buffer.from(await form.save()))]);
  assert.ok(withForm.ocr.includes(ORDER), withForm.ocr);
  assert.ok(
    withForm.result.warnings.some((w) => /could not be checked/.test(w)),
    withForm.result.warnings.join('\n'),
  );

  const linked = await PDFDocument.create();
  const other = linked.addPage([612, 792]);
  other.drawText(`Order number: ${ORDER}`, { x: 50, y: 700, size: 14, font: await linked.embedFont(font) });
  const link = linked.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [50, 690, 300, 720], Border: [0, 0, 0] });
  other.node.set(PDFName.of('Annots'), linked.context.obj([linked.context.register(link)]));
  const kept = await builtAndRead([await imported('linked.pdf', Buffer.from(await linked.save()))]);
  assert.match(kept.layer, /Order number/, 'kept as it is: its text layer too');
  assert.ok(!kept.result.warnings.some((w) => /could not be checked/.test(w)), kept.result.warnings.join('\n'));
});

test('a scanned PDF of several pages, read two pages at once: each mask on its own page, in page order', async () => {
  const doc = await PDFDocument.create();
  for (const lines of [
    [`Order number: ${ORDER}`, 'Paid in cash'],
    [`Order number: ${ORDER}`, `Card: ${CARD}`],
    [`Order number: ${ORDER}`, 'Mastercard 5555 5555 5555 4444'],
  ]) {
    const photo = await doc.embedJpg(await receiptCard(lines));
    doc.addPage([612, 792]).drawImage(photo, { x: 36, y: 300, width: 540, height: 405 });
  }
  const item = await imported('three-pages.pdf', Buffer.from(await doc.save()));
  const scan = await cardScanOf(store, item);
  assert.deepEqual(
    scan.masks.map((m) => [m.id, m.page, m.last4]),
    [
      ['1:0', 1, '1111'],
      ['2:0', 2, '4444'],
    ],
  );
  assert.equal(scan.unreadPages, undefined);
});

test('undoing one mask after a build sends that number as it is and leaves the other covered', async () => {
  const lines = [`Visa ${CARD}`, `Mastercard 5555 5555 5555 4444`, `Order number: ${ORDER}`];
  // The page's drawings, counted: the import proves the picture whole by drawing the page the
  // search reads, and the packet is encoded from that same grey page.
  const gray = store.pages.gray;
  let draws = 0;
  store.pages.gray = (key, draw) =>
    gray(key, () => {
      draws++;
      return draw();
    });
  const item = await imported('two-cards.jpg', await receiptCard(lines));
  assert.equal(draws, 1, 'the import drew the page');
  const scan = await cardScanOf(store, item);
  assert.deepEqual(
    scan.masks.map((m) => m.last4),
    ['1111', '4444'],
  );
  const masked = await builtAndRead([item]);
  assert.deepEqual(fullNumbers(masked.ocr), [], masked.ocr);
  assert.equal(draws, 1, 'the search read, and the build encoded, the page the import drew');
  store.pages.gray = gray;
  // Built again with one mask undone: the masks painted on the first build's page were painted
  // on a copy, not on the drawing kept for the next build.
  const visa = scan.masks.find((m) => m.last4 === '1111')!;
  const { result, ocr } = await builtAndRead([item], { unmasked: [unmaskedKey(item.id, visa.id)] });
  assert.deepEqual(fullNumbers(ocr), ['4111111111111111'], ocr);
  assert.deepEqual(
    result.masked?.map((m) => m.last4),
    ['4444'],
  );
});

test('a file that cannot be read fails alone: its page is noted, the others are searched and masked', async () => {
  const good = await imported('good.jpg', await receiptCard([`Card ${CARD}`, `Order number: ${ORDER}`]));
  const cash = await receiptCard(['Paid in cash', `Order number: ${ORDER}`]);
  const damaged = await imported('damaged.jpg', cash);
  // The stored copy is cut short on disk after the import, and the page the import drew is no
  // longer kept (as in a later run): its page can no longer be drawn.
  writeFileSync(store.pathOf(damaged.id), cash.subarray(0, Math.floor(cash.length / 2)));
  store.pages.forget(damaged.id);
  const [bad, fine] = await Promise.all([cardScanOf(store, damaged), cardScanOf(store, good)]);
  assert.deepEqual(bad.masks, []);
  assert.deepEqual(bad.unreadPages, [0]);
  assert.deepEqual(
    fine.masks.map((m) => m.last4),
    ['1111'],
  );
  // The good file builds, masked, whatever became of the other.
  const { result } = await builtAndRead([good]);
  assert.equal(result.masked?.length, 1);
});

test('a page the search could not read is built with a warning that names it, and searched again next time', async () => {
  const item = await imported('unread.jpg', await receiptCard([`Paid by card ${CARD}`, `Order number: ${ORDER}`]));
  // The search's drawing of the page fails (as an engine or a disk can): first, and again when the
  // build asks (a scan with unread pages is made again for whoever asks next); the build's own
  // drawing of the page then succeeds.
  const gray = store.pages.gray;
  let failures = 0;
  store.pages.gray = (key, draw) => {
    if (failures < 2 && key.startsWith(item.id)) {
      failures++;
      return Promise.reject(new Error('unreadable now'));
    }
    return gray(key, draw);
  };
  try {
    const first = await cardScanOf(store, item);
    assert.deepEqual(first.unreadPages, [0]);
    const { result } = await builtAndRead([item]);
    assert.ok(result.ok);
    assert.ok(
      result.warnings.some((w) =>
        /^Not searched for card numbers \(the pages could not be read\): unread\.jpg page 1\./.test(w),
      ),
      result.warnings.join('\n'),
    );
    assert.equal(existsSync(`${store.pathOf(item.id)}.cards.json`), false, 'a scan with unread pages is not kept');
    // Asked again, the page is searched again, found, and covered.
    const again = await cardScanOf(store, item);
    assert.equal(again.unreadPages, undefined);
    assert.deepEqual(
      again.masks.map((m) => m.last4),
      ['1111'],
    );
  } finally {
    store.pages.gray = gray;
  }
});

test('the scan is kept with the stored file: a build uses it and reads nothing again', async () => {
  const item = await imported('kept.jpg', await receiptCard([`Order number: ${ORDER}`, 'Nothing else']));
  // A kept scan no OCR could have made (the page has no card number): the build must use it.
  const kept = {
    version: SCAN_VERSION,
    masks: [{ id: '0:0', page: 0, last4: '9999', rects: [{ x: 0.1, y: 0.1, w: 0.2, h: 0.05 }], source: 'ocr' }],
  };
  writeFileSync(`${store.pathOf(item.id)}.cards.json`, JSON.stringify(kept));
  const { result } = await builtAndRead([item]);
  assert.deepEqual(
    result.masked?.map((m) => m.last4),
    ['9999'],
  );
  const first = JSON.parse(readFileSync(`${store.pathOf((await store.list())[0]!.id)}.cards.json`, 'utf8')) as {
    version: number;
  };
  assert.equal(first.version, SCAN_VERSION, 'every scan made is kept beside its file');
});

test('`dispute-desk evidence build` masks the same way and says where (text and --json)', async () => {
  const inputs = join(root, 'cli-in');
  mkdirSync(inputs);
  writeFileSync(join(inputs, 'till.jpg'), await receiptCard([`Order number: ${ORDER}`, `Card: ${CARD}`]));
  const run = (json: boolean) =>
    execFileSync(
      process.execPath,
      [
        join(projectRoot, 'electron/cli-bin.mjs'),
        'evidence',
        'build',
        inputs,
        '--out',
        join(root, json ? 'cli-json' : 'cli-text'),
        '--home',
        join(root, 'cli-home'),
        ...(json ? ['--json'] : []),
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  const data = JSON.parse(run(true)) as { masked?: Array<{ name: string; page: number; last4: string }> };
  assert.deepEqual(
    data.masked?.map((m) => [m.name, m.page, m.last4]),
    [['till.jpg', 0, '1111']],
  );
  assert.match(run(false), /Card numbers covered but for their last four digits: till\.jpg page 1 \(ending 1111\)/);
  const pdf = join(root, 'cli-text', 'evidence.pdf');
  execFileSync('pdftoppm', ['-r', '200', '-gray', '-png', pdf, join(root, 'cli-text', 'page')]);
  const ocr = tesseract(
    join(
      root,
      'cli-text',
      readdirSync(join(root, 'cli-text')).find((f) => f.endsWith('.png'))!,
    ),
  );
  assert.deepEqual(fullNumbers(ocr), [], ocr);
  assert.ok(ocr.includes(ORDER), ocr);
});
