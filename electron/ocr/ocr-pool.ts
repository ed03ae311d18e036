// Several OCR engines behind one `read`: each engine is one worker thread reading one page at a
// time, so a pool of two keeps both cores of a small machine reading while a scan of many pages
// is searched. A page goes to the engine with the fewest pages waiting; each engine starts on
// its first page and ends when idle, as a single one does (ocr-engine.ts).
import { createOcrEngine, type OcrEngine } from './ocr-engine.ts';

export function createOcrPool(o: { size: number; idleMs?: number }): OcrEngine {
  const engines = Array.from({ length: Math.max(1, o.size) }, () => ({
    engine: createOcrEngine(o.idleMs === undefined ? {} : { idleMs: o.idleMs }),
    waiting: 0,
  }));
  return {
    async read(image, opts) {
      const slot = engines.reduce((a, b) => (b.waiting < a.waiting ? b : a));
      slot.waiting++;
      try {
        return await slot.engine.read(image, opts);
      } finally {
        slot.waiting--;
      }
    },
    warm() {
      for (const s of engines) s.engine.warm();
    },
    close: async () => {
      await Promise.all(engines.map((s) => s.engine.close()));
    },
  };
}
