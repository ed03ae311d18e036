// Optical character recognition in the main process, offline: Tesseract 5 (LSTM) compiled to
// WebAssembly (tesseract.js), with the English model from the npm package @tesseract.js-data/eng.
// Nothing is fetched at run time: the model is read from the package's folder (langPath), no
// cache is written (cacheMethod 'none'; by default tesseract.js caches in the working folder),
// and in Node the worker script and the WebAssembly core are loaded from the installed packages
// (require, never a URL); the thread is our own ocr-worker.ts, which picks the core the engine
// needs. The engine runs in one worker thread, off the event loop, one page at
// a time; it starts on the first page and is ended after a minute idle, so its memory (about
// 100-200 MB) is held only while pages are being read. Cancelling a page ends the worker: a
// WebAssembly call cannot be interrupted any other way.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../shared/errors.ts';
import { unpacked } from '../fs/asar-unpacked.ts';

/** Node's require from here: bundled as CommonJS for Electron's main process, `import.meta` is
 * empty there and `__filename` is what says where this code is. */
function requireHere(): NodeJS.Require {
  try {
    return createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  } catch (e) {
    throw new AppError(
      'internal',
      'The text reader (OCR) cannot be loaded in this copy of Dispute Desk; reinstall it.',
      { cause: e },
    );
  }
}

export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  /** In pixels of the image read. */
  bbox: OcrBox;
}

export interface OcrLine {
  text: string;
  /** 0-100, the engine's own confidence in the line. */
  confidence: number;
  /** The line's words and where they are (what card-number masks are drawn from). */
  words?: OcrWord[];
}

export interface OcrPage {
  text: string;
  lines: OcrLine[];
  confidence: number;
}

export interface OcrOptions {
  signal?: AbortSignal | undefined;
  /** 0-1 for this page. */
  onProgress?: ((fraction: number) => void) | undefined;
}

export interface OcrEngine {
  /** Reads one page (JPEG, PNG, BMP, TIFF or WebP bytes). Pages are read one at a time. */
  read(image: Buffer, o?: OcrOptions): Promise<OcrPage>;
  /** Starts the worker now, ahead of the first page (its WebAssembly and model take a third of a
   * second to load); it ends when idle as after a page. */
  warm(): void;
  /** Ends the worker now (it starts again on the next page). */
  close(): Promise<void>;
  /** Whether its worker is started (or starting): false before the first page, after an idle
   * end, a cancel or close. */
  readonly running: boolean;
}

interface TessLine {
  text: string;
  confidence: number;
  words?: Array<{ text: string; bbox: OcrBox }>;
}
interface TessWorker {
  recognize(
    image: Buffer,
    options?: object,
    output?: object,
  ): Promise<{
    data: { text: string; confidence: number; blocks: Array<{ paragraphs: Array<{ lines: TessLine[] }> }> | null };
  }>;
  setParameters(p: Record<string, string>): Promise<unknown>;
  terminate(): Promise<unknown>;
}
interface TessModule {
  createWorker(langs: string, oem: number, options: object): Promise<TessWorker>;
  OEM: { LSTM_ONLY: number };
}

/** The engine's thread (ocr-worker.ts): the desktop bundle has its own CommonJS copy beside
 * main.cjs, the command line's bundle its ES module beside its chunks; plain Node runs the
 * TypeScript. */
function workerFile(): string {
  return typeof __filename === 'string'
    ? join(__dirname, 'ocr-worker.cjs')
    : fileURLToPath(new URL('./ocr-worker.ts', import.meta.url));
}

/** Where the model (in the installed package) and the engine's thread are. */
export function ocrPaths(): { langPath: string; workerPath: string } {
  const data = dirname(requireHere().resolve('@tesseract.js-data/eng/package.json'));
  // The integer-quantised LSTM model: 3 MB instead of 11, and faster, for the LSTM-only engine;
  // unpacked in a packaged app (read as one file). The thread's script runs from inside the
  // archive, as the PDF and HEIC threads' do, and finds the core unpacked itself.
  return { langPath: unpacked(join(data, '4.0.0_best_int')), workerPath: workerFile() };
}

export function createOcrEngine(o: { idleMs?: number } = {}): OcrEngine {
  const idleMs = o.idleMs ?? 60_000;
  let worker: Promise<TessWorker> | undefined;
  let progress: ((fraction: number) => void) | undefined;
  let idle: NodeJS.Timeout | undefined;
  // One page at a time: each read waits for the one before it.
  let queue: Promise<unknown> = Promise.resolve();

  function start(): Promise<TessWorker> {
    const tesseract = requireHere()('tesseract.js') as TessModule;
    const { langPath, workerPath } = ocrPaths();
    const w = tesseract
      .createWorker('eng', tesseract.OEM.LSTM_ONLY, {
        langPath,
        workerPath,
        cacheMethod: 'none',
        gzip: true,
        logger: (m: { status: string; progress: number }) => {
          if (m.status === 'recognizing text') progress?.(m.progress);
        },
        errorHandler: () => undefined,
      })
      .then(async (tw) => {
        // One block of text, as a receipt is: on a photographed receipt (shadow, low contrast) the
        // automatic layout analysis finds a tenth of the words this finds. Sauvola's local
        // threshold instead of Otsu's global one: a shadow across a photo no longer blacks out
        // the words under it (423 of 423 words read against 247; on clean scans 410 against 414).
        // No resolution is claimed: the engine's own estimate reads 120 dpi pages far better.
        await tw.setParameters({ tessedit_pageseg_mode: '6', thresholding_method: '2' });
        return tw;
      });
    w.catch(() => {
      if (worker === w) worker = undefined;
    });
    return w;
  }

  async function end(): Promise<void> {
    const w = worker;
    worker = undefined;
    if (idle) clearTimeout(idle);
    if (w) await w.then((tw) => tw.terminate()).catch(() => undefined);
  }

  async function readNow(image: Buffer, opts: OcrOptions): Promise<OcrPage> {
    if (opts.signal?.aborted) throw new AppError('cancelled', 'Reading the scan was cancelled.');
    if (idle) clearTimeout(idle);
    worker ??= start();
    const current = worker;
    progress = opts.onProgress;
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        reject(new AppError('cancelled', 'Reading the scan was cancelled.'));
        void end();
      };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const tw = await Promise.race([current, aborted]);
      const r = await Promise.race([tw.recognize(image, {}, { text: true, blocks: true }), aborted]);
      const lines = (r.data.blocks ?? [])
        .flatMap((b) => b.paragraphs.flatMap((p) => p.lines))
        .map((l) => ({
          text: l.text.trim(),
          confidence: l.confidence,
          words: (l.words ?? []).map((w) => ({ text: w.text, bbox: w.bbox })),
        }))
        .filter((l) => l.text);
      return { text: r.data.text, lines, confidence: r.data.confidence };
    } catch (e) {
      if (e instanceof AppError) throw e;
      // The engine's own failures (an image it cannot decode): the worker may be unusable.
      await end();
      throw new AppError('bad-input', 'The text of this scan could not be read.', { cause: e });
    } finally {
      if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
      progress = undefined;
      // Ended on a cancel or a failure: nothing is left to end later.
      if (worker === current) {
        idle = setTimeout(() => void end(), idleMs);
        idle.unref();
      }
    }
  }

  return {
    warm() {
      if (worker) return;
      worker = start();
      // Ended when idle, like after a page, if no page comes; a read clears this.
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => void end(), idleMs);
      idle.unref();
    },
    read(image, opts = {}) {
      const run = queue.then(() => readNow(image, opts));
      queue = run.catch(() => undefined);
      return run;
    },
    close: () => queue.then(end),
    get running() {
      return worker !== undefined;
    },
  };
}
