// Several OCR engines behind one `read`: each engine is one worker thread reading one page at a
// time, so a pool of two keeps both cores of a small machine reading while a scan of many pages
// is searched. A page goes to the started engine with the fewest pages waiting. Another engine is
// started only when the page would wait longer behind the reads before it than an engine takes to
// start: an engine costs a third of a second of both wall time and CPU to start, and 100-200 MB.
// A search that reads small places of its pages (50-100 ms a read) never waits that long, and an
// engine started for it would read the last page or two of a build and nothing else; whole
// photos (one to two seconds a read) do, and get both cores. Each engine ends when idle, as a
// single one does (ocr-engine.ts).
import { createOcrEngine, type OcrEngine } from './ocr-engine.ts';

/** What starting an engine costs before it reads (WebAssembly, model), in ms: measured at 240-330
 * ms on a 2-core machine; a slower machine takes longer, but reads longer too. */
const START_MS = 400;

export function createOcrPool(o: { size: number; idleMs?: number; make?: () => OcrEngine }): OcrEngine {
  const make = o.make ?? (() => createOcrEngine(o.idleMs === undefined ? {} : { idleMs: o.idleMs }));
  const engines = Array.from({ length: Math.max(1, o.size) }, () => ({
    engine: make(),
    waiting: 0,
    /** In rotation: given a page (or warmed) before; an idle one that has ended starts again. */
    used: false,
    /** Pages it has read: none yet, it may still be starting. */
    read: 0,
  }));
  /** How long the last page took to read, as its engine reported it (a search's pages are alike:
   * the next reads about as long). */
  let readMs: number | undefined;
  const pick = () => {
    const started = engines.filter((s) => s.used);
    const least = started.reduce<(typeof engines)[number] | undefined>(
      (a, b) => (!a || b.waiting < a.waiting ? b : a),
      undefined,
    );
    if (!least) return engines[0]!;
    // While an engine is still starting, pages queue for it: that says nothing of the reads.
    if (readMs === undefined || started.some((s) => s.read === 0)) return least;
    // The page would wait for every read queued before it on the least busy engine.
    if (least.waiting * readMs <= START_MS) return least;
    return engines.find((s) => !s.used) ?? least;
  };
  return {
    async read(image, opts) {
      const slot = pick();
      slot.used = true;
      slot.waiting++;
      try {
        const page = await slot.engine.read(image, opts);
        readMs = page.readMs ?? readMs;
        slot.read++;
        return page;
      } finally {
        slot.waiting--;
      }
    },
    warm() {
      engines[0]!.used = true;
      engines[0]!.engine.warm();
    },
    close: async () => {
      for (const s of engines) {
        s.used = false;
        s.read = 0;
      }
      readMs = undefined;
      await Promise.all(engines.map((s) => s.engine.close()));
    },
  };
}
