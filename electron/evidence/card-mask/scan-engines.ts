// The card-number search's OCR engines (card-scan.ts), apart from the search itself: this module
// loads nothing but the engine pool, so a command can start an engine (a third of a second of
// WebAssembly and model loading, in its own thread) before it loads the image and PDF libraries
// the search needs, instead of after.
import { availableParallelism } from 'node:os';
import type { OcrEngine } from '../../ocr/ocr-engine.ts';
import { createOcrPool } from '../../ocr/ocr-pool.ts';

/** Engines reading at once, at most: one per core, two at most (each holds 100-200 MB while it
 * reads; the pool starts the second only when pages keep the first busy). */
export const ENGINES = Math.min(2, availableParallelism());

let engine: OcrEngine | undefined;
/** The scanner's own engines, started on the first page and ended a few seconds after the last:
 * a command-line build does not wait a minute for them to go. */
export function ocr(): OcrEngine {
  engine ??= createOcrPool({ size: ENGINES, idleMs: 3000 });
  return engine;
}

/** Starts the scanner's OCR engines ahead of the first page (a command about to search files
 * starts them before it loads the rest). */
export function warmCardScanner(): void {
  ocr().warm();
}

/** Ends the scanner's OCR engines now (a command that is done). */
export async function closeCardScanner(): Promise<void> {
  const e = engine;
  engine = undefined;
  await e?.close();
}
