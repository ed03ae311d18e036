// Which engine of the pool reads a page: the first while it keeps up, the second only when a page
// would wait behind another on every started engine (an engine costs half a second of CPU to
// start, so a search reading small places of its pages does not start two).
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
  return { got, warmed, make, finishAll };
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

test('a page waits behind one on the first engine; a third at once starts the second engine', async () => {
  const e = engines();
  const pool = createOcrPool({ size: 2, make: e.make });
  const reads = [pool.read(page), pool.read(page), pool.read(page), pool.read(page)];
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(e.got, [0, 0, 1, 1]);
  await e.finishAll();
  await Promise.all(reads);
});
