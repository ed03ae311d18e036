// The marks of print the card-number search starts from (digit-runs.ts, marksOf): every
// 8-connected region of dark pixels, its box and its pixel count, in the order of its first
// pixel. Checked against the plainest way to find them, a flood fill from each dark pixel not yet
// reached (written here, not taken from the app), on a receipt scan in 6 pt print and on noise
// that joins and splits regions in every way a run of pixels can touch the row above; and the
// dark test against its rule for every grey level and local mean (a pixel wrongly light could hide
// a digit from the search).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { marksOf, type Box } from '../../../electron/evidence/card-mask/digit-runs.ts';
import { receiptLines, receiptScan } from '../../support/receipts.ts';

type Mark = Box & { area: number };

/** The rule marksOf documents: darker than 82% of the local mean, and by at least 24 levels. */
const isDark = (v: number, mean: number): boolean => v * 100 < mean * 82 && v + 24 <= mean;

function floodFill(data: Uint8Array, mean: Uint8Array, width: number, height: number): Mark[] {
  const seen = new Uint8Array(width * height);
  const out: Mark[] = [];
  for (let start = 0; start < width * height; start++) {
    if (seen[start] || !isDark(data[start]!, mean[start]!)) continue;
    const m = { x0: width, y0: height, x1: 0, y1: 0, area: 0 };
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      m.x0 = Math.min(m.x0, x);
      m.y0 = Math.min(m.y0, y);
      m.x1 = Math.max(m.x1, x + 1);
      m.y1 = Math.max(m.y1, y + 1);
      m.area++;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (!seen[j] && isDark(data[j]!, mean[j]!)) {
            seen[j] = 1;
            stack.push(j);
          }
        }
    }
    out.push(m);
  }
  return out;
}

/** A deterministic stream of numbers in [0, 1). The seed is spread over the state's bits and the
 * first outputs passed over: small seeds would otherwise begin with numbers near 0 (pictures one
 * pixel wide, where no run can touch two above it). */
function random(seed: number): () => number {
  let s = Math.imul(seed, 0x9e3779b1) >>> 0 || 1;
  const next = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  for (let k = 0; k < 20; k++) next();
  return next;
}

test('the marks of a receipt scan in 6 pt print are the regions a flood fill finds', async () => {
  // Whatever it says: priced lines, codes and a card number, in small print on a photo.
  const printed = receiptLines({ order: 'ORD-1', total: '$9.00', last4: '4242', items: 12, seed: 5 });
  printed.splice(4, 0, 'Card number 4111 1111 1111 1111');
  const scan = await receiptScan(printed, { look: 'photo', seed: 3, pointSize: 6 });
  const { data, info } = await sharp(scan)
    .resize({ width: 620 })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: 1 as const } };
  const mean = await sharp(data, raw).blur(6).extractChannel(0).raw().toBuffer();
  const marks = marksOf({ data, width: info.width, height: info.height }, mean);
  assert.ok(marks.length > 300, `${marks.length} marks`);
  assert.deepEqual(marks, floodFill(data, mean, info.width, info.height));
});

test('every grey level against every local mean: dark exactly when the rule says so', () => {
  // Each pair one pixel, two apart from the next, on paper: each dark one is a mark of its own.
  const width = 512;
  const data = new Uint8Array(width * width).fill(255);
  const mean = new Uint8Array(width * width);
  const expected: Mark[] = [];
  for (let m = 0; m < 256; m++)
    for (let v = 0; v < 256; v++) {
      data[2 * m * width + 2 * v] = v;
      mean[2 * m * width + 2 * v] = m;
      if (isDark(v, m)) expected.push({ x0: 2 * v, y0: 2 * m, x1: 2 * v + 1, y1: 2 * m + 1, area: 1 });
    }
  assert.ok(expected.length > 10_000, `${expected.length} dark pairs`);
  assert.deepEqual(marksOf({ data, width, height: width }, mean), expected);
});

test('on noise of every density, with the local mean varying, the marks are the flood fill’s', () => {
  let wide = 0;
  for (let k = 0; k < 200; k++) {
    const next = random(k + 1);
    const width = 1 + Math.floor(next() * 90);
    const height = 1 + Math.floor(next() * 60);
    if (width >= 20 && height >= 20) wide++;
    // Sparse noise most of all: there regions meet at a single corner, or not at all.
    const share = 0.1 + 0.6 * next() ** 2;
    const data = new Uint8Array(width * height);
    const mean = new Uint8Array(width * height);
    for (let i = 0; i < data.length; i++) {
      data[i] = next() < share ? Math.floor(next() * 256) : 250;
      mean[i] = Math.floor(next() * 256);
    }
    assert.deepEqual(marksOf({ data, width, height }, mean), floodFill(data, mean, width, height), `page ${k}`);
  }
  // Most pictures are wide and tall enough for runs to meet in every way.
  assert.ok(wide > 100, `${wide} pictures at least 20 × 20`);
});

/** Marks of a picture drawn in text, `#` dark on paper. */
function marksOfPicture(rows: readonly string[]): Mark[] {
  const data = Uint8Array.from(rows.join(''), (c) => (c === '#' ? 0 : 255));
  return marksOf({ data, width: rows[0]!.length, height: rows.length }, new Uint8Array(data.length).fill(200));
}

test('a region joined only at a corner, either way, and a U whose arms meet rows later, are one mark each', () => {
  assert.deepEqual(marksOfPicture(['...#', '..#.', '.#..']), [{ x0: 1, y0: 0, x1: 4, y1: 3, area: 3 }]);
  const rows = ['#.....#..#', '.#....#..#', '..#...#..#', '......####', '##........', '..##.....#'];
  assert.deepEqual(marksOfPicture(rows), [
    { x0: 0, y0: 0, x1: 3, y1: 3, area: 3 },
    { x0: 6, y0: 0, x1: 10, y1: 4, area: 10 },
    { x0: 0, y0: 4, x1: 4, y1: 6, area: 4 },
    { x0: 9, y0: 5, x1: 10, y1: 6, area: 1 },
  ]);
});

test('pixels that do not start on a four-byte boundary (a view into a larger buffer) give the same marks', () => {
  // The paper is passed over four pixels at a time only where they are aligned; elsewhere one by one.
  const next = random(7);
  const width = 61;
  const height = 40;
  const data = new Uint8Array(width * height);
  const mean = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) {
    data[i] = next() < 0.08 ? Math.floor(next() * 256) : 210 + Math.floor(next() * 4);
    mean[i] = 255;
  }
  const expected = floodFill(data, mean, width, height);
  assert.ok(expected.length > 50, `${expected.length} marks`);
  for (const offset of [1, 2, 3]) {
    const shifted = new Uint8Array(data.length + offset).subarray(offset);
    shifted.set(data);
    assert.deepEqual(marksOf({ data: shifted, width, height }, mean), expected, `offset ${offset}`);
  }
});

test('one pixel just dark enough, alone among paper, is found wherever it stands among four', () => {
  // Paper four pixels at a time: the one grey level darker than the lightest is still a mark.
  for (let v = 200; v <= 215; v++)
    for (let at = 0; at < 8; at++) {
      const data = new Uint8Array(8).fill(255);
      data[at] = v;
      const mean = new Uint8Array(8).fill(255);
      assert.deepEqual(marksOf({ data, width: 8, height: 1 }, mean), floodFill(data, mean, 8, 1), `${v} at ${at}`);
    }
});
