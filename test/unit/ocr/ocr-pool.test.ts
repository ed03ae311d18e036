// Which engine of the pool reads a page: the first while it keeps up, the second only when a page
// would wait behind another on every started engine that has read a page (an engine costs half a
// second of CPU to start, so a search reading small places of its pages does not start two, nor
// do the pages that queue while the first one starts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createOcrPool } from '../../../electron/ocr/ocr-pool.ts';
import type { OcrEngine } from '../../../electron/ocr/ocr-engine.ts';

/** Engines that read when told to, recording which engine got each page and which were warmed. */
function engines() {
  const got: number[] = [];
  const warmed: number[] = [];
  const pending: Array<() => void> = [];
  let made = 0;
  const make = (): OcrEngine => {
    const id = made++;
    let queue = Promise.resolve();
    return {
      read() {
        got.push(id);
        // One page at a time, as a real engine reads them.
        const run = queue.then(() => new Promise<void>((done) => pending.push(done)));
        queue = run;
        return run.then(() => ({ text: '', lines: [], confidence: 90 }));
      },
      warm: () => void warmed.push(id),
      close: async () => undefined,
    };
  };
  /** Lets every page read so far (and those queued behind them) finish. */
  const finishAll = async () => {
    for (let idle = 0; idle < 5;) {
      await new Promise((r) => setImmediate(r));
      if (pending.length) pending.shift()!();
      else idle++;
    }
  };
  /** Lets the page being read now finish (once the engine has taken it up). */
  const finishOne = async () => {
    for (let i = 0; i < 5 && !pending.length; i++) await new Promise((r) => setImmediate(r));
    pending.shift()?.();
  };
  return { got, warmed, make, finishAll, finishOne };
}

const page = Buffer.alloc(1);

test('pages read one after another all go to the first engine; warming starts only that one', async () => {
  const e = engines();
  const pool = createOcrPool({ size: 2, make: e.make });
  pool.warm();
  for (let i = 0; i < 4; i++) {
    const r = pool.read(page);
    await e.finishAll();
    await r;
  }
  assert.deepEqual(e.got, [0, 0, 0, 0]);
  assert.deepEqual(e.warmed, [0]);
});

test('pages queued while the first engine starts wait for it; one still behind two after its first read starts the second', async () => {
  const e = engines();
  const pool = createOcrPool({ size: 2, make: e.make });
  const reads = [pool.read(page), pool.read(page), pool.read(page), pool.read(page)];
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(e.got, [0, 0, 0, 0], 'the first engine has read nothing yet: no second one');
  // The first page read: three still wait on the first engine, so the next page starts the second.
  await e.finishOne();
  await reads[0];
  reads.push(pool.read(page));
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(e.got, [0, 0, 0, 0, 1]);
  await e.finishAll();
  await Promise.all(reads);
});

test('an engine that keeps up reads every page alone: a page waits behind at most one', async () => {
  const e = engines();
  const pool = createOcrPool({ size: 2, make: e.make });
  const first = pool.read(page);
  await e.finishOne();
  await first;
  for (let i = 0; i < 5; i++) {
    const a = pool.read(page);
    const b = pool.read(page);
    await new Promise((r) => setImmediate(r));
    await e.finishOne();
    await a;
    await e.finishOne();
    await b;
  }
  assert.deepEqual(new Set(e.got), new Set([0]));
});
