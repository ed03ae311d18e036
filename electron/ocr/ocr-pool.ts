// Several OCR engines behind one `read`: each engine is one worker thread reading one page at a
// time, so a pool of two keeps both cores of a small machine reading while a scan of many pages
// is searched. A page goes to the started engine with the fewest pages waiting; another engine
// is started only when every started one has read a page and already has a page queued behind
// the one it reads (an engine costs half a second of CPU to start and 100-200 MB: a search that
// reads small places of its pages keeps up with one, and the pages that queue while the first
// one starts say nothing about that). Each engine ends when idle, as a single one does
// (ocr-engine.ts).
import { createOcrEngine, type OcrEngine } from './ocr-engine.ts';

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
  const pick = () => {
    const started = engines.filter((s) => s.used);
    const least = started.reduce<(typeof engines)[number] | undefined>(
      (a, b) => (!a || b.waiting < a.waiting ? b : a),
      undefined,
    );
    if (least && (least.waiting < 2 || started.some((s) => s.read === 0))) return least;
    return engines.find((s) => !s.used) ?? least ?? engines[0]!;
  };
  return {
    async read(image, opts) {
      const slot = pick();
      slot.used = true;
      slot.waiting++;
      try {
        const page = await slot.engine.read(image, opts);
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
      await Promise.all(engines.map((s) => s.engine.close()));
    },
  };
}
