// A grey page is encoded with the encoder's deringing only when it has pure white: mozjpeg's
// deringing changes only blocks that reach the top grey level, so a scan whose paper never does
// comes out the same without it (and a third sooner). These tests hold the library to that, and
// the page with pure white to its deringing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { encodeGrayPage, type RenderOptions } from '../../../electron/evidence/render-page.ts';

const W = 640;
const H = 480;
const o: RenderOptions = { dpi: 150, colour: 'grayscale', quality: 75, denoise: false, pageSize: 'letter' };

/** Paper of `paper` grey with lines of dark marks on it, and a little grain (seeded). */
function page(paper: number): Buffer {
  const px = Buffer.alloc(W * H);
  let seed = 7;
  const grain = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) % 5;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const ink = y % 24 < 10 && x % 9 < 5 && x > 30 && x < W - 30;
      px[y * W + x] = ink ? 20 + grain() : Math.min(255, paper + grain() - (paper === 255 ? 0 : 2));
    }
  return px;
}

const encoded = (px: Buffer, dering: boolean) =>
  sharp(px, { raw: { width: W, height: H, channels: 1 } })
    .toColourspace('b-w')
    .jpeg({ quality: 75, quantisationTable: 3, overshootDeringing: dering, optimiseCoding: true })
    .toBuffer();

test('without a pure white pixel the encoder gives the same bytes with or without deringing', async () => {
  const px = page(245);
  assert.ok(!px.includes(255));
  assert.ok((await encoded(px, true)).equals(await encoded(px, false)));
  const ours = await encodeGrayPage({ data: px, width: W, height: H, size: { w: W / 150, h: H / 150 } }, o);
  assert.ok(ours.data.equals(await encoded(px, false)), 'the page as the library encodes it');
});

test('a page with pure white paper is encoded with deringing', async () => {
  const px = page(255);
  const withIt = await encoded(px, true);
  const without = await encoded(px, false);
  assert.ok(!withIt.equals(without), 'deringing changes this page');
  const ours = await encodeGrayPage({ data: px, width: W, height: H, size: { w: W / 150, h: H / 150 } }, o);
  assert.ok(ours.data.equals(withIt));
  // What it is for: the white around the print stays whiter.
  const white = async (jpeg: Buffer) => {
    const d = await sharp(jpeg).raw().toBuffer();
    let off = 0;
    for (let i = 0; i < d.length; i++) if (px[i] === 255) off += 255 - d[i]!;
    return off;
  };
  assert.ok((await white(withIt)) < (await white(without)));
});
