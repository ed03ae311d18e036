// Several OCR engines behind one `read`: each engine is one worker thread reading one page at a
// time, so a pool of two keeps both cores of a small machine reading while a scan of many pages
// is searched. A page goes to the running engine with the fewest pages waiting. Another engine
// is started only when a page arrives to find every running engine busy and the least busy one
// reading without a break for longer than three engine starts: the engines are then what the
// search waits for, and a second one pays for its start (a third of a second of CPU, 100-200 MB).
// A search that reads small places of its pages (50-100 ms a read) leaves its engine idle half
// the time and never starts two; whole photos (a second or two a read), and dense pages that keep
// one engine busy, do. Each engine ends when idle, as a single one does (ocr-engine.ts), and is
// started again by the same rule.
import { createOcrEngine, type OcrEngine } from './ocr-engine.ts';

/** How long the least busy engine has read without a break before a page waiting for it starts
 * another engine, in ms: three engine starts of 400 ms (240-330 ms measured on an idle 2-core
 * machine, more while the pages are being drawn beside it). */
export const BUSY_MS = 1200;

export function createOcrPool(o: {
  size: number;
  idleMs?: number;
  make?: () => OcrEngine;
  /** The clock, in ms (tests pass their own). */
  now?: () => number;
}): OcrEngine {
  const make = o.make ?? (() => createOcrEngine(o.idleMs === undefined ? {} : { idleMs: o.idleMs }));
  const now = o.now ?? (() => performance.now());
  const engines = Array.from({ length: Math.max(1, o.size) }, () => ({
    engine: make(),
    /** Pages given to it and not yet read, the one it reads included. */
    waiting: 0,
    /** Since when it has had a page to read without a break. */
    busySince: 0,
  }));
  const pick = () => {
    const running = engines.filter((s) => s.engine.running || s.waiting > 0);
    const least = running.reduce<(typeof engines)[number] | undefined>(
      (a, b) => (!a || b.waiting < a.waiting ? b : a),
      undefined,
    );
    if (!least) return engines[0]!;
    if (least.waiting === 0 || now() - least.busySince <= BUSY_MS) return least;
    return engines.find((s) => !running.includes(s)) ?? least;
  };
  return {
    async read(image, opts) {
      const slot = pick();
      if (slot.waiting++ === 0) slot.busySince = now();
      try {
        return await slot.engine.read(image, opts);
      } finally {
        slot.waiting--;
      }
    },
    warm() {
      engines[0]!.engine.warm();
    },
    close: async () => {
      await Promise.all(engines.map((s) => s.engine.close()));
    },
    get running() {
      return engines.some((s) => s.engine.running);
    },
  };
}
