// Which engine of the pool reads a page: a running one while it keeps up, another only when a page
// arrives to find the least busy engine reading without a break for longer than BUSY_MS (the
// engines are then what the search waits for). A search of small places, whose engine idles
// between pages, never starts two; whole photos and dense pages do. An engine that ended when idle
// is started again only by the same rule. The clock is the test's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUSY_MS, createOcrPool } from '../../../electron/ocr/ocr-pool.ts';
import type { OcrEngine } from '../../../electron/ocr/ocr-engine.ts';

const page = Buffer.alloc(1);

/** Engines that read when told to, recording which engine got each page and which were started;
 * `end(id)` ends one as its idle time would. */
function engines() {
  const got: number[] = [];
  const started: number[] = [];
  const pending: Array<() => void> = [];
  const clock = { t: 0 };
  const ended: Array<() => void> = [];
  let made = 0;
  const make = (): OcrEngine => {
    const id = made++;
    let queue = Promise.resolve();
    let running = false;
    const start = () => {
      if (!running) started.push(id);
      running = true;
    };
    ended[id] = () => void (running = false);
    return {
      read() {
        got.push(id);
        start();
        // One page at a time, as a real engine reads them.
        const run = queue.then(() => new Promise<void>((done) => pending.push(done)));
        queue = run;
        return run.then(() => ({ text: '', lines: [], confidence: 90 }));
      },
      warm: start,
      close: async () => void (running = false),
      get running() {
        return running;
      },
    };
  };
  const turn = () => new Promise((r) => setImmediate(r));
  /** Lets the page being read now finish `ms` later (once the engine has taken it up). */
  const finishOne = async (ms: number) => {
    for (let i = 0; i < 5 && !pending.length; i++) await turn();
    clock.t += ms;
    pending.shift()?.();
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
  const pool = createOcrPool({ size: 2, make, now: () => clock.t });
  /** `n` times: two pages arrive together (one waits for the other), each read in `ms`; then the
   * engines rest `rest` ms before the next two. */
  const pairs = async (n: number, ms: number, rest: number) => {
    for (let i = 0; i < n; i++) {
      const reads = [pool.read(page), pool.read(page)];
      await finishAll(ms);
      await Promise.all(reads);
      clock.t += rest;
    }
  };
  return { got, started, pool, clock, finishOne, finishAll, pairs, turn, end: (id: number) => ended[id]!() };
}

test('pages read one after another all go to the first engine, however long each takes; warming starts only it', async () => {
  const e = engines();
  e.pool.warm();
  assert.deepEqual(e.started, [0]);
  for (let i = 0; i < 4; i++) {
    const r = e.pool.read(page);
    await e.finishAll(2 * BUSY_MS);
    await r;
    e.clock.t += 10;
  }
  assert.deepEqual(e.got, [0, 0, 0, 0]);
  assert.deepEqual(e.started, [0]);
});

test("a search of small places, its engine idle between pages, never starts two (a build's ten pages)", async () => {
  const e = engines();
  e.pool.warm();
  await e.pairs(10, 80, 60);
  assert.deepEqual(e.started, [0]);
});

test('whole photos start the second engine once the first has read without a break for BUSY_MS', async () => {
  const e = engines();
  const reads = [e.pool.read(page), e.pool.read(page)];
  await e.turn();
  assert.deepEqual(e.got, [0, 0], 'the first engine just started: the second page waits for it');
  await e.finishOne(1500);
  // The first engine has read for 1.5 s without a break and has a page still to read.
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

test('dense pages that keep one engine busy start the second; a page waiting behind a short break does not', async () => {
  const e = engines();
  e.pool.warm();
  // 190 ms reads, a page always waiting: the engine never rests.
  const reads = [e.pool.read(page)];
  let at = -1;
  for (let i = 0; i < 10 && at < 0; i++) {
    reads.push(e.pool.read(page));
    await e.turn();
    if (e.started.length > 1) at = e.clock.t;
    else await e.finishOne(190);
  }
  assert.deepEqual(e.started, [0, 1]);
  assert.ok(at > BUSY_MS && at <= BUSY_MS + 190, `started after ${at} ms busy: past BUSY_MS, within a read`);
  await e.finishAll(190);
  await Promise.all(reads);

  const f = engines();
  f.pool.warm();
  // A short break between pages: the engine kept up.
  await f.pairs(12, 190, 30);
  assert.deepEqual(f.started, [0]);
});

test('an engine that ended when idle is not started again for short reads; the pool starts its first again', async () => {
  const e = engines();
  // Photos: both engines started.
  const reads = [e.pool.read(page), e.pool.read(page)];
  await e.finishOne(1500);
  reads.push(e.pool.read(page));
  await e.finishAll(1500);
  await Promise.all(reads);
  assert.deepEqual(e.started, [0, 1]);
  // Both end when idle; then receipts.
  e.end(0);
  e.end(1);
  e.clock.t += 60_000;
  await e.pairs(6, 60, 60);
  assert.deepEqual(e.started, [0, 1, 0], 'the first engine started again, the second not');
  assert.deepEqual(e.got.slice(3), Array(12).fill(0));
});
