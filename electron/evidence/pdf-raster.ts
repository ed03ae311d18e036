// Everything read from a PDF's insides happens in worker threads (pdf-raster-worker.ts), never in
// the process that answers the window, syncs and sends: a PDF probed at import, its pages
// measured (for the estimate and the solver), made into the clean one-page PDFs a packet keeps,
// and drawn by pdf.js on its Node canvas (@napi-rs/canvas) where a page is too large as it is,
// holds pictures finer than the profile's dpi, or is in colour where the profile wants grayscale
// or black and white. Each request is bounded in what it unpacks (pdf-inflate-budget.ts), in
// operators and form nesting (checked before pdf.js runs), in time and in memory (while it runs),
// and a build's cancellation (the window's Cancel, the CLI's SIGTERM or Ctrl-C) ends the thread
// at once. A page that is one JPEG picture and nothing else is handed back undrawn and its JPEG
// decoded here by the image library, as a JPEG file is (within the same pixel limit); one the
// library refuses is drawn by pdf.js after all.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { DecodeError, MAX_PIXELS } from './decode.ts';
import { AppError } from '../../shared/errors.ts';
import type { PdfPagePixels } from './render-page.ts';
import { drawPicturePage } from './pdf-picture-page.ts';
import type { Drawn, FromWorker, PdfPageFacts, PdfPageText, ToWorker } from './pdf-raster-worker.ts';

export type { PdfPageFacts, PdfPageText };

/** A page drawn (pageMs), or a page read or a file probed (readMs), longer than this is stopped
 * and the page or file refused; heap of a PDF thread. */
export const pdfDrawLimits = { pageMs: 20_000, readMs: 20_000, heapMb: 1024, threads: 2 };

/** The signal of the build a drawing belongs to, without threading it through every caller. */
const buildSignal = new AsyncLocalStorage<AbortSignal | undefined>();

/** Runs `fn` (a build) so that every PDF page it draws stops at once when `signal` aborts. */
export function withDrawingSignal<T>(signal: AbortSignal | undefined, fn: () => Promise<T>): Promise<T> {
  return buildSignal.run(signal, fn);
}

function workerFile(): string | URL {
  // The desktop bundle has its own CommonJS copy beside main.cjs; plain Node runs the TypeScript.
  return typeof __filename === 'string'
    ? join(__dirname, 'pdf-raster-worker.cjs')
    : new URL('./pdf-raster-worker.ts', import.meta.url);
}

interface Slot {
  worker: Worker;
  busy: boolean;
}
const pool: Slot[] = [];
const waiting: Array<(s: Slot) => void> = [];
let nextReq = 1;

function spawn(): Slot {
  const worker = new Worker(workerFile(), { resourceLimits: { maxOldGenerationSizeMb: pdfDrawLimits.heapMb } });
  worker.unref();
  const slot = { worker, busy: true };
  pool.push(slot);
  return slot;
}

async function acquire(): Promise<Slot> {
  const idle = pool.find((s) => !s.busy);
  if (idle) {
    idle.busy = true;
    return idle;
  }
  if (pool.length < pdfDrawLimits.threads) return spawn();
  return new Promise((resolve) => waiting.push(resolve));
}

function release(slot: Slot, alive: boolean): void {
  if (!alive) {
    pool.splice(pool.indexOf(slot), 1);
    void slot.worker.terminate();
    const next = waiting.shift();
    if (next) next(spawn());
    return;
  }
  const next = waiting.shift();
  if (next) return next(slot);
  slot.busy = false;
  slot.worker.unref();
}

type Request = ToWorker extends infer M ? (M extends { req: number } ? Omit<M, 'req'> : never) : never;
type Asked = Exclude<Request, { type: 'bytes' }>;

const doing: Record<Asked['type'], string> = {
  draw: 'drawing one of its pages',
  measure: 'reading one of its pages',
  keep: 'reading one of its pages',
  probe: 'reading it',
  text: 'reading the text of one of its pages',
};

/** One request to a PDF thread: answered, refused with a reason (DecodeError), or stopped by the
 * time limit, the memory limit or the build's cancellation (then the thread is ended). `bytes`
 * gives the stored file when the thread does not hold it yet. */
async function ask<T>(msg: Asked, bytes?: () => Promise<Uint8Array>): Promise<T> {
  const signal = buildSignal.getStore();
  signal?.throwIfAborted();
  const slot = await acquire();
  // A thread at work keeps the process alive (an idle one does not hold it open).
  slot.worker.ref();
  const req = nextReq++;
  let alive = true;
  const ms = msg.type === 'draw' ? pdfDrawLimits.pageMs : pdfDrawLimits.readMs;
  try {
    return await new Promise<T>((resolve, reject) => {
      const w = slot.worker;
      const stop = (e: Error): void => {
        alive = false;
        cleanup();
        reject(e);
      };
      const onAbort = (): void => stop(new AppError('cancelled', 'Stopped while a PDF was being read.'));
      const timer = setTimeout(
        () =>
          stop(
            new DecodeError(
              `${doing[msg.type]} took longer than ${ms / 1000} ` +
                'seconds, so it was stopped. Print it to a new PDF and add that',
            ),
          ),
        ms,
      );
      const onError = (e: Error): void => {
        const oom = (e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
        stop(
          oom
            ? new DecodeError(
                `${doing[msg.type]} needs more than ${pdfDrawLimits.heapMb} ` +
                  'MB, so it was stopped. Print it to a new PDF and add that',
              )
            : new AppError('internal', `The PDF thread failed: ${e.message}`),
        );
      };
      const onExit = (): void => stop(new AppError('internal', 'The PDF thread ended unexpectedly.'));
      const onMessage = (m: FromWorker): void => {
        if (m.req !== req) return;
        if (m.type === 'need') {
          if (!bytes || !('id' in msg)) return stop(new AppError('internal', 'The PDF thread asked for no file.'));
          bytes().then(
            (b) => w.postMessage({ type: 'bytes', req, id: msg.id, bytes: b } satisfies ToWorker),
            (e: unknown) => stop(e as Error),
          );
          return;
        }
        cleanup();
        if (m.type === 'done') resolve(m.value as T);
        else if (m.type === 'refused') reject(new DecodeError(m.reason));
        else reject(new AppError('internal', `A PDF could not be read: ${m.message}`));
      };
      function cleanup(): void {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      w.on('message', onMessage);
      w.on('error', onError);
      w.on('exit', onExit);
      w.postMessage({ ...msg, req } as ToWorker);
    });
  } finally {
    release(slot, alive);
  }
}

/** A PDF's page count, with a reason for an encrypted, broken or hostile file (probePdf, run in
 * a PDF thread: loading alone unpacks object streams). */
export function probePdfSafely(bytes: Uint8Array): Promise<{ pages: number }> {
  return ask({ type: 'probe', bytes });
}

/** What page `index` of a stored PDF is: size, turn, pictures, text, and its weight kept as it is. */
export function measurePdfPage(id: string, bytes: () => Promise<Uint8Array>, index: number): Promise<PdfPageFacts> {
  return ask({ type: 'measure', id, index }, bytes);
}

/** Page `index` of a stored PDF alone in a clean one-page PDF (exactly its visible part, metadata
 * and active content removed): what a packet embeds when it keeps the page. */
export function keptPdfPage(id: string, bytes: () => Promise<Uint8Array>, index: number): Promise<Uint8Array> {
  return ask({ type: 'keep', id, index }, bytes);
}

/** Draws page `index` (0-based) of a stored PDF, turned by its own /Rotate and the merchant's
 * rotation, at `pxPerPt` pixels per PDF point, on white: by pdf.js in a PDF thread, or, for a page
 * that is one JPEG picture, by the image library here (pdf-picture-page.ts). */
export async function drawPdfPage(
  id: string,
  bytes: () => Promise<Uint8Array>,
  index: number,
  rotation: number,
  pxPerPt: number,
): Promise<PdfPagePixels> {
  const asked = { type: 'draw', id, index, rotation, pxPerPt, maxPixels: MAX_PIXELS } as const;
  let m = await ask<Drawn>({ ...asked, picture: true }, bytes);
  if ('picture' in m) {
    try {
      return await drawPicturePage(m, pxPerPt);
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      // A JPEG the image library refuses (cut short, say, or blown up past its limit) is drawn by
      // pdf.js, as a viewer shows it.
      m = await ask<Drawn>({ ...asked, picture: false }, bytes);
      if ('picture' in m) throw new AppError('internal', 'The PDF thread handed back a picture it was asked to draw.');
    }
  }
  return {
    data: Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength),
    width: m.width,
    height: m.height,
    channels: 4,
  };
}

/** The own text of page `index` of a stored PDF, and where each run of it is on the page as
 * drawn without the merchant's rotation. */
export function pdfPageText(id: string, bytes: () => Promise<Uint8Array>, index: number): Promise<PdfPageText> {
  return ask({ type: 'text', id, index, maxPixels: MAX_PIXELS }, bytes);
}

/** Ends every drawing thread (tests, and the app when the evidence store goes away). */
export async function closePdfRenderers(): Promise<void> {
  const all = pool.splice(0);
  await Promise.all(all.map((s) => s.worker.terminate()));
}
