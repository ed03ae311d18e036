import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createPageCache } from '../../../electron/evidence/packet/page-cache.ts';
import { createEvidenceStore } from '../../../electron/evidence/evidence-store.ts';
import type { Gray, RenderedPage } from '../../../electron/evidence/render-page.ts';

const page = (n: number): RenderedPage => ({
  format: 'jpeg',
  data: Buffer.from([n]),
  widthPx: 1,
  heightPx: 1,
  widthIn: 1,
  heightIn: 1,
});

test('a page is drawn once per key; a failed drawing is tried again', async () => {
  const cache = createPageCache();
  let draws = 0;
  const draw = async () => page(++draws);
  assert.equal((await cache.rendered('a:0', draw)).data[0], 1);
  assert.equal((await cache.rendered('a:0', draw)).data[0], 1);
  assert.equal(draws, 1);
  await assert.rejects(
    cache.rendered('b:0', async () => {
      throw new Error('unreadable');
    }),
  );
  await new Promise((r) => setImmediate(r));
  assert.equal((await cache.rendered('b:0', draw)).data[0], 2);
});

test('forgetting an item drops its pages and facts only; clear drops everything', async () => {
  const cache = createPageCache();
  let draws = 0;
  const draw = async () => page(++draws);
  await cache.rendered('item1:0:0:{}', draw);
  await cache.rendered('item12:0:0:{}', draw);
  cache.facts.set('item1:0', { keptBytes: 1 } as never);
  cache.forget('item1');
  assert.equal(cache.facts.get('item1:0'), undefined);
  await cache.rendered('item12:0:0:{}', draw);
  assert.equal(draws, 2, 'another item whose id starts alike is kept');
  await cache.rendered('item1:0:0:{}', draw);
  assert.equal(draws, 3, 'the forgotten item is drawn again');
  cache.clear();
  await cache.rendered('item12:0:0:{}', draw);
  assert.equal(draws, 4);
});

test('the evidence store forgets the pages of an item it removes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dd-pagecache-'));
  try {
    const store = createEvidenceStore(dir);
    const id = 'a'.repeat(64);
    let draws = 0;
    await store.pages.rendered(`${id}:0:0:{}`, async () => page(++draws));
    await store.remove(id);
    await store.pages.rendered(`${id}:0:0:{}`, async () => page(++draws));
    assert.equal(draws, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const gray = (n: number, bytes = 1): Gray => ({ data: Buffer.alloc(bytes, n), width: bytes, height: 1 });

test("a page's grey pixels are drawn once per key; a failed drawing is tried again", async () => {
  const cache = createPageCache();
  let draws = 0;
  const draw = async () => gray(++draws);
  assert.equal((await cache.gray('a:0:0:10x10', draw)).data[0], 1);
  assert.equal((await cache.gray('a:0:0:10x10', draw)).data[0], 1);
  assert.equal((await cache.gray('a:0:0:20x20', draw)).data[0], 2, 'another size is another drawing');
  await assert.rejects(
    cache.gray('b:0:0:10x10', async () => {
      throw new Error('unreadable');
    }),
  );
  await new Promise((r) => setImmediate(r));
  assert.equal((await cache.gray('b:0:0:10x10', draw)).data[0], 3);
});

test('grey pages are kept up to 64 MB, the least recently used dropped first, and forgotten with their item', async () => {
  const cache = createPageCache();
  let draws = 0;
  const big = 20 * 1024 * 1024;
  const draw = async () => gray(++draws, big);
  for (const k of ['p:0', 'p:1', 'p:2', 'q:0']) await cache.gray(k, draw);
  assert.equal(draws, 4);
  await cache.gray('q:0', draw);
  await cache.gray('p:1', draw);
  assert.equal(draws, 4, 'the three newest are kept');
  await cache.gray('p:0', draw);
  assert.equal(draws, 5, 'the oldest was dropped past 64 MB');
  await cache.gray('p:1', draw);
  await cache.gray('q:0', draw);
  assert.equal(draws, 5, 'the pages used since are kept');
  await cache.gray('p:2', draw);
  assert.equal(draws, 6, 'the least recently used one was dropped for the last');
  cache.forget('q');
  await cache.gray('q:0', draw);
  assert.equal(draws, 7, 'a forgotten item is drawn again');
});

test('the import draws ahead only while one more grey page fits in half the room (32 MB), pages being drawn counted', async () => {
  const cache = createPageCache();
  assert.equal(cache.roomToDrawAhead(), true, 'an empty cache');
  const mb = 1024 * 1024;
  // Kept: 25 MB. Another page (counted as 4 MB until drawn) fits; with one being drawn, a
  // second does not.
  await cache.gray('a:0', async () => gray(1, 25 * mb));
  assert.equal(cache.roomToDrawAhead(), true);
  let finish: (g: Gray) => void = () => undefined;
  const drawing = cache.gray('b:0', () => new Promise<Gray>((r) => (finish = r)));
  assert.equal(cache.roomToDrawAhead(), false, 'the page being drawn is counted');
  finish(gray(2, 1 * mb));
  await drawing;
  assert.equal(cache.roomToDrawAhead(), true, 'drawn, it counts what it holds: 26 MB');
  await cache.gray('c:0', async () => gray(3, 3 * mb));
  assert.equal(cache.roomToDrawAhead(), false, '29 MB kept: the rest is for pages drawn after the import');
  assert.equal(cache.holdsGrayOf('c'), true);
  cache.forget('a');
  assert.equal(cache.roomToDrawAhead(), true);
  assert.equal(cache.holdsGrayOf('a'), false);
});
