// How many times a page is read to find its card numbers: once when it reads as text the way it
// lies or shows no text at all, and at its quarter turns only when it reads as garbage (a page
// lying sideways), the sideways turns first, stopping at the first that reads as text. The engine
// here is scripted: what is tested is the choice of reads, not the OCR.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { scanPicture } from '../../../electron/evidence/card-mask/card-scan.ts';
import type { OcrEngine, OcrLine, OcrPage } from '../../../electron/ocr/ocr-engine.ts';

/** A picture 300 × 200 (what the scan measures and turns). */
const picture = (): Promise<Buffer> =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();

const cardLine = (): OcrLine => ({
  text: '4111 1111 1111 1111',
  confidence: 90,
  words: ['4111', '1111', '1111', '1111'].map((text, i) => ({
    text,
    bbox: { x0: 10 + i * 40, y0: 10, x1: 40 + i * 40, y1: 30 },
  })),
});

/** Answers the reads in turn; records the size of each picture read. */
function scripted(pages: OcrPage[]): OcrEngine & { sizes: string[] } {
  const sizes: string[] = [];
  let n = 0;
  return {
    sizes,
    async read(image) {
      const m = await sharp(image).metadata();
      sizes.push(`${m.width}x${m.height}`);
      const page = pages[n++];
      assert.ok(page, `read ${n} times, ${pages.length} scripted`);
      return page;
    },
    warm: () => undefined,
    close: async () => undefined,
    running: false,
  };
}

const garbage: OcrPage = { text: '=| (@) gg 320 hm EE c B53 HON', lines: [], confidence: 12 };

test('a page that reads as text the way it lies is read once', async () => {
  const engine = scripted([{ text: 'Order number HL-20461', lines: [], confidence: 91 }]);
  assert.deepEqual(await scanPicture(engine, await picture()), []);
  assert.equal(engine.sizes.length, 1);
});

test('a photo showing no text is read once, not tried at three more turns', async () => {
  const engine = scripted([{ text: '®\n', lines: [], confidence: 0 }]);
  assert.deepEqual(await scanPicture(engine, await picture()), []);
  assert.deepEqual(engine.sizes, ['300x200']);
});

test('a page lying sideways: tried at a quarter turn, which reads, then read in full there', async () => {
  const engine = scripted([
    garbage,
    // Turned 90° (at the trying resolution: 100 of 150 dpi): text.
    { text: 'Card', lines: [], confidence: 85 },
    // Read in full, turned 90°: the number, in the turned picture's pixels (200 × 300).
    { text: '', lines: [cardLine()], confidence: 88 },
  ]);
  const found = await scanPicture(engine, await picture());
  assert.deepEqual(engine.sizes, ['300x200', '133x200', '200x300']);
  assert.equal(found.length, 1);
  assert.equal(found[0]!.last4, '1111');
  // Turned back onto the page as it lies: a rectangle within it.
  const r = found[0]!.rects[0]!;
  assert.ok(r.x >= 0 && r.y >= 0 && r.x + r.w <= 1 && r.y + r.h <= 1, JSON.stringify(r));
});

test('a page upside down: the sideways turns read as garbage, the half turn is found (five reads)', async () => {
  const engine = scripted([garbage, garbage, garbage, { text: 'Card', lines: [], confidence: 80 }, garbage]);
  assert.deepEqual(await scanPicture(engine, await picture()), []);
  assert.deepEqual(engine.sizes, ['300x200', '133x200', '133x200', '200x133', '300x200']);
});

test('garbage at every turn: the page is left as it lies after the three tries', async () => {
  const engine = scripted([garbage, garbage, garbage, garbage]);
  assert.deepEqual(await scanPicture(engine, await picture()), []);
  assert.equal(engine.sizes.length, 4);
});
