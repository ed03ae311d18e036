// The thread that decodes a HEIC (libheif compiled to WebAssembly, through heic-decode). Two
// reasons it is a thread of its own: decoding a 48-megapixel photo is seconds of synchronous
// WebAssembly, which would stop the process that answers the window, syncs and sends; and
// libheif's glue prints its failures with console.log ("Could not parse HEIF file …"). This
// thread's stdout and stderr are captured by heic.ts, so what the library prints never reaches
// the CLI's stdout (which --json reserves for its one document) or the app's console.
import { parentPort } from 'node:worker_threads';

export interface ToHeicWorker {
  bytes: Uint8Array;
  maxPixels: number;
}
export type FromHeicWorker =
  | { type: 'done'; width: number; height: number; data: Uint8ClampedArray }
  | { type: 'too-large'; width: number; height: number }
  | { type: 'empty' }
  | { type: 'failed'; message: string };

async function decode({ bytes, maxPixels }: ToHeicWorker): Promise<FromHeicWorker> {
  const { default: heic } = await import('heic-decode');
  const images = await heic.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) return { type: 'empty' };
    // The size the container declares is checked before any pixels are allocated.
    if (first.width * first.height > maxPixels) return { type: 'too-large', width: first.width, height: first.height };
    const img = await first.decode();
    return { type: 'done', width: img.width, height: img.height, data: img.data };
  } finally {
    images.dispose();
  }
}

parentPort!.once('message', (m: ToHeicWorker) => {
  decode(m).then(
    (r) => parentPort!.postMessage(r, r.type === 'done' ? [r.data.buffer as ArrayBuffer] : []),
    (e: unknown) =>
      parentPort!.postMessage({ type: 'failed', message: (e as Error)?.message ?? String(e) } satisfies FromHeicWorker),
  );
});
