// The card-number search on a page of print reads only the places that could hold a card number
// (electron/evidence/card-mask/digit-runs.ts, read-places.ts), with the app's real OCR engine: a
// dense A4 receipt scan in 6 pt print, fifty priced lines of short numbers, the card number in
// groups (spaces, dashes) or unbroken, on a clean scan and on a tilted photo with a shadow; a
// page lying sideways is still read whole at its turns. What the engine is given is recorded, so
// a search that went back to reading whole pages fails here too.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { scanPage } from '../../../electron/evidence/card-mask/card-scan.ts';
import { digitRunPlaces } from '../../../electron/evidence/card-mask/digit-runs.ts';
import { createOcrEngine, type OcrEngine } from '../../../electron/ocr/ocr-engine.ts';
import type { GrayPixels } from '../../../electron/evidence/render-page.ts';
import type { PageRect } from '../../../shared/evidence/card-numbers.ts';
import { receiptLines, receiptScan, type ScanLook } from '../../support/receipts.ts';

const real = createOcrEngine();
after(() => real.close());

/** The real engine, with the size of every picture it is given. */
function recorded(): OcrEngine & { pixels: number[] } {
  const pixels: number[] = [];
  return {
    pixels,
    async read(image, o) {
      const m = await sharp(image).metadata();
      pixels.push((m.width ?? 0) * (m.height ?? 0));
      return real.read(image, o);
    },
    warm: () => real.warm(),
    close: async () => undefined,
    get running() {
      return real.running;
    },
  };
}

/** Where the line printed `at` lies on a 300 dpi A4 scan (receiptScan's layout), as a fraction
 * of the page's height: its middle. */
const lineMiddle = (at: number, pointSize = 6): number => {
  const px = Math.round((pointSize / 72) * 300);
  return (300 + at * Math.round(px * 1.45) - px * 0.35) / 3508;
};

/** The page as the search is given it (ocr/page-image.ts): 150 dpi grey pixels. */
const asRead = async (scan: Buffer, turn = 0): Promise<GrayPixels> => {
  const { data, info } = await sharp(scan)
    .rotate(turn)
    .resize(turn % 180 ? { height: 1240 } : { width: 1240 })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, size: { w: info.width / 150, h: info.height / 150 } };
};

async function dense(card: string | undefined, o: { look?: ScanLook; at?: number; seed?: number } = {}) {
  const printed = receiptLines({
    order: 'ORD-48216',
    total: '$129.00',
    date: '6 Oct 2026',
    last4: '4242',
    auth: 'A1B2C3',
    items: 50,
    seed: o.seed ?? 3,
  });
  const at = o.at ?? 6;
  if (card) printed.splice(at, 0, `Card number ${card}`);
  const look = o.look ?? 'scan';
  return { scan: await receiptScan(printed, { look, seed: 11, pointSize: look === 'photo' ? 8 : 6 }), at };
}

const near = (r: PageRect, middle: number, page = 1754): boolean => Math.abs(r.y + r.h / 2 - middle) < 12 / page;

for (const [card, last4, at] of [
  ['4111 1111 1111 1111', '1111', 6],
  ['3782-822463-10005', '0005', 30],
  ['5555555555554444', '4444', 52],
] as const)
  test(`6 pt print, fifty priced lines: "${card}" on line ${at + 1} is found, and a small part of the page is read`, async () => {
    const { scan } = await dense(card, { at, seed: at });
    const engine = recorded();
    const found = await scanPage(engine, await asRead(scan));
    assert.deepEqual(
      found.map((n) => n.last4),
      [last4],
    );
    assert.ok(near(found[0]!.rects[0]!, lineMiddle(at)), JSON.stringify(found[0]!.rects));
    // One read of the stacked places, a tenth of the page's pixels at most (the whole page is
    // 1240 × 1754): the priced lines' short numbers are not read.
    assert.equal(engine.pixels.length, 1);
    assert.ok(engine.pixels[0]! < 0.1 * 1240 * 1754, `${engine.pixels[0]} pixels read`);
  });

test('a tilted photo of the same receipt with a shadow across it (8 pt): the number is found', async () => {
  const { scan, at } = await dense('4111 1111 1111 1111', { look: 'photo', at: 20 });
  const engine = recorded();
  const found = await scanPage(engine, await asRead(scan));
  assert.deepEqual(
    found.map((n) => n.last4),
    ['1111'],
  );
  assert.ok(near(found[0]!.rects[0]!, lineMiddle(at, 8), 1754 * 1.5), JSON.stringify(found[0]!.rects));
  assert.ok(engine.pixels[0]! < 0.15 * 1240 * 1754, `${engine.pixels[0]} pixels read`);
});

test('a page of words with no digits at all: at most a few short stretches are read, not the page', async () => {
  const words = ['Walnut board', 'Linen napkins', 'Copper kettle', 'Oak spoon', 'Glass carafe', 'Wool throw'];
  const printed = Array.from({ length: 50 }, (_, i) => `${words[i % words.length]} and a ${words[(i * 5) % 6]}`);
  const engine = recorded();
  assert.deepEqual(await scanPage(engine, await asRead(await receiptScan(printed))), []);
  // At 150 dpi a lowercase letter of 6 pt print stands 8 pixels tall against a capital's 10: a
  // few words are taken for a stretch of capitals and digits (read for nothing, never missed).
  assert.ok(engine.pixels.length <= 1);
  assert.ok((engine.pixels[0] ?? 0) < 0.05 * 1240 * 1754, `${engine.pixels[0]} pixels read`);
});

test('the same receipt scanned lying sideways: the page is read whole at its turns, and the number found', async () => {
  const { scan } = await dense('4111 1111 1111 1111', { at: 6 });
  const engine = recorded();
  const found = await scanPage(engine, await asRead(scan, 90));
  assert.deepEqual(
    found.map((n) => n.last4),
    ['1111'],
  );
  assert.equal(engine.pixels[0], 1754 * 1240, 'the first read is the whole page');
});

test('a dense page with a dark band (a logo, print white on black) or a ruled table: read whole, as before', async () => {
  const { scan } = await dense('4111 1111 1111 1111', { at: 6 });
  // A black band across the page's foot, and a rule under the card number's line.
  const marked = await sharp(scan)
    .composite([
      { input: { create: { width: 1800, height: 160, channels: 3, background: '#111' } }, left: 300, top: 3200 },
      { input: { create: { width: 1600, height: 4, channels: 3, background: '#111' } }, left: 300, top: 3100 },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
  const engine = recorded();
  const found = await scanPage(engine, await asRead(marked));
  assert.equal(engine.pixels[0], 1240 * 1754, 'the first read is the whole page');
  assert.deepEqual(
    found.map((n) => n.last4),
    ['1111'],
  );
});

test('the places cover the whole card number in serif, monospace and condensed type from 5.5 to 9 pt, tilted', async () => {
  const esc = (t: string): string => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const missed: string[] = [];
  const fonts = ['DejaVu Sans', 'DejaVu Sans Mono', 'DejaVu Serif', 'DejaVu Sans Condensed', 'DejaVu Serif Condensed'];
  // In groups by spaces (a 19-digit one ending in a group of three), by dashes, unbroken.
  const cards = ['6011 0009 9013 9424', '3782-822463-10005', '5555555555554444', '6304 0000 0000 0000 018'];
  const at = 17;
  /** The receipt at 150 dpi as the search is given it, `last` ending the line printed at `at`. */
  const drawn = async (font: string, px: number, last: string) => {
    const lines = receiptLines({ items: 45, seed: 5, order: 'ORD-1', total: '$1.00', last4: '4242' });
    // A short word before the number ("at", its letters touching in small print) splits a
    // stretch: the number's own groups must not be split from each other.
    lines.splice(at, 0, `Paid at desk 7 by card${last}`);
    const lead = Math.round(px * 1.45);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="3508"><rect width="100%" height="100%" ' +
      'fill="#f7f5ef"/>' +
      lines
        .map(
          (l, i) =>
            `<text x="300" y="${300 + i * lead}" font-size="${px}" font-family="${font}" fill="#1a1a1a">${esc(l)}</text>`,
        )
        .join('') +
      '</svg>';
    const scan = await sharp(Buffer.from(svg))
      .flatten({ background: '#fff' })
      .rotate(0.6, { background: '#f7f5ef' })
      .resize(2480, 3508, { fit: 'cover' })
      .jpeg({ quality: 85 })
      .toBuffer();
    return { page: await asRead(scan), lead };
  };
  for (const [f, font] of fonts.entries())
    for (const [p, pt] of [5.5, 9].entries()) {
      const card = cards[(f + p) % cards.length]!;
      const px = Math.round((pt / 72) * 300);
      const { page, lead } = await drawn(font, px, ` ${card}`);
      // Where the number is: the same page drawn without it, and the columns of its line that
      // differ (the number ends the line).
      const { page: without } = await drawn(font, px, '');
      const y = Math.round((300 + at * lead - px * 0.35) / 2);
      let x0 = page.width;
      let x1 = 0;
      for (let yy = y - 10; yy <= y + 10; yy++)
        for (let x = 0; x < page.width; x++)
          if (page.data[yy * page.width + x]! < 110 && without.data[yy * page.width + x]! > 180) {
            x0 = Math.min(x0, x);
            x1 = Math.max(x1, x + 1);
          }
      assert.ok(x1 - x0 > 40, `the number's ink is found (${font} ${pt} pt: ${x0}-${x1})`);
      const raw = { raw: { width: page.width, height: page.height, channels: 1 as const } };
      const mean = await sharp(page.data, raw).blur(6).extractChannel(0).raw().toBuffer();
      const search = digitRunPlaces(page, mean);
      // The number's line at 150 dpi (the tilt moves it a few pixels), all of it in one place.
      if (
        !search.judged ||
        !search.places.some((q) => q.y0 - 8 <= y && q.y1 + 8 >= y && q.x0 <= x0 + 2 && q.x1 >= x1 - 2)
      )
        missed.push(
          `${font} ${pt} pt ${card} at x ${x0}-${x1}: ` +
            (search.judged ? JSON.stringify(search.places.filter((q) => q.y0 - 8 <= y && q.y1 + 8 >= y)) : search.why),
        );
    }
  assert.deepEqual(missed, []);
});
