// Which engine of the pool reads a page: the first while the pages queued on it would not wait
// longer than an engine takes to start (400 ms), the second once they would, by the read times
// the engines report: a search reading small places of its pages (tens of ms a read) never starts
// two, nor do the pages that queue while the first one starts; whole photos (seconds a read) do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createOcrPool } from '../../../electron/ocr/ocr-pool.ts';
import type { OcrEngine } from '../../../electron/ocr/ocr-engine.ts';

/** Engines that read when told to, and say the read took what the test says, recording which
 * engine got each page and which were warmed. */
function engines() {
  const got: number[] = [];
  const warmed: number[] = [];
  const pending: Array<(readMs: number) => void> = [];
  let made = 0;
  const make = (): OcrEngine => {
    const id = made++;
    let queue = Promise.resolve();
    return {
      read() {
        got.push(id);
        // One page at a time, as a real engine reads them.
        const run = queue.then(() => new Promise<number>((done) => pending.push(done)));
        queue = run.then(() => undefined);
        return run.then((readMs) => ({ text: '', lines: [], confidence: 90, readMs }));
      },
      warm: () => void warmed.push(id),
      close: async () => undefined,
    };
  };
  const turn = () => new Promise((r) => setImmediate(r));
  /** Lets the page being read now finish, read in `ms` (once the engine has taken it up). */
  const finishOne = async (ms: number) => {
    for (let i = 0; i < 5 && !pending.length; i++) await turn();
    pending.shift()?.(ms);
    await turn();
  };
  /** Lets every page read so far (and those queued behind them) finish, each `ms` long. */
  const finishAll = async (ms: number) => {
    for (let idle = 0; idle < 5;) {
      await turn();
      if (pending.length) await finishOne(ms);
      else idle++;
    }
  };
  const pool = createOcrPool({ size: 2, make });
  return { got, warmed, pool, finishAll, finishOne, turn };
}

const page = Buffer.alloc(1);

test('pages read one after another all go to the first engine; warming starts only that one', async () => {
  const e = engines();
  e.pool.warm();
  for (let i = 0; i < 4; i++) {
    const r = e.pool.read(page);
    await e.finishAll(2000);
    await r;
  }
  assert.deepEqual(e.got, [0, 0, 0, 0]);
  assert.deepEqual(e.warmed, [0]);
});

test('pages queued while the first engine starts wait for it, however long it takes to start', async () => {
  const e = engines();
  const reads = [e.pool.read(page), e.pool.read(page), e.pool.read(page), e.pool.read(page)];
  await e.turn();
  assert.deepEqual(e.got, [0, 0, 0, 0], 'the first engine has read nothing yet: no second one');
  // However long it took to start, the reads themselves are short.
  await e.finishOne(60);
  await e.finishOne(60);
  reads.push(e.pool.read(page));
  await e.turn();
  assert.deepEqual(e.got, [0, 0, 0, 0, 0], 'three short reads ahead: less than an engine takes to start');
  await e.finishAll(60);
  await Promise.all(reads);
});

test("a search of small places reads every page on one engine, three pages queued or not (a build's)", async () => {
  const e = engines();
  e.pool.warm();
  const first = e.pool.read(page);
  await e.finishOne(80);
  await first;
  for (let i = 0; i < 8; i++) {
    const reads = [e.pool.read(page), e.pool.read(page), e.pool.read(page)];
    await e.finishAll(80);
    await Promise.all(reads);
  }
  assert.deepEqual(new Set(e.got), new Set([0]));
});

test('whole photos, a second and a half a read, start the second engine as soon as one waits behind another', async () => {
  const e = engines();
  const reads = [e.pool.read(page), e.pool.read(page)];
  await e.finishOne(1500);
  // One page reading, the next behind it: 1.5 s of wait for a new page, so it starts engine 1.
  reads.push(e.pool.read(page));
  await e.turn();
  assert.deepEqual(e.got, [0, 0, 1]);
  // Both engines busy: the next page goes to the one with fewer pages waiting.
  reads.push(e.pool.read(page));
  await e.turn();
  assert.deepEqual(e.got, [0, 0, 1, 0]);
  await e.finishAll(1500);
  await Promise.all(reads);
});

test('the pool follows the reads: short ones after long ones leave the second engine unstarted', async () => {
  const e = engines();
  e.pool.warm();
  let r = e.pool.read(page);
  await e.finishOne(2000);
  await r;
  // Long reads one at a time: nothing waits, one engine.
  for (let i = 0; i < 2; i++) {
    r = e.pool.read(page);
    await e.finishOne(1600);
    await r;
  }
  // Then receipts: short reads.
  for (let i = 0; i < 3; i++) {
    r = e.pool.read(page);
    await e.finishOne(50);
    await r;
  }
  const reads = [e.pool.read(page), e.pool.read(page), e.pool.read(page)];
  await e.turn();
  assert.deepEqual(new Set(e.got), new Set([0]), 'three short reads queued: one engine');
  await e.finishAll(50);
  await Promise.all(reads);
});
