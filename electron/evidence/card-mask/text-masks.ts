// Card numbers in a PDF page's own text: its runs joined line by line as printed, searched, and
// the part of each run that holds a covered digit turned into a rectangle from the run's
// baseline and height (text at any angle: the rectangle holds the turned run's part).
import { findCardNumbers, type PageRect } from '../../../shared/evidence/card-numbers.ts';
import type { PdfPageText, PdfTextRun } from '../pdf-raster-worker.ts';
import type { FoundNumber } from './ocr-masks.ts';

const clamp = (v: number): number => Math.min(1, Math.max(0, v));

/** The part of `run` from character `from` to `to`, as a rectangle of the page. */
function partOf(run: PdfTextRun, from: number, to: number, page: { width: number; height: number }): PageRect {
  const n = Math.max(1, run.str.length);
  const dx = run.x1 - run.x0;
  const dy = run.y1 - run.y0;
  const len = Math.hypot(dx, dy) || 1;
  // Up from the baseline, in page pixels (y grows downwards): the baseline's direction turned a
  // quarter anticlockwise on screen.
  const ux = dy / len;
  const uy = -dx / len;
  const at = (t: number): [number, number] => [run.x0 + (dx * t) / n, run.y0 + (dy * t) / n];
  // A little past the first covered digit; the kept ones are not touched.
  const [ax, ay] = at(Math.max(0, from - 0.3));
  const [bx, by] = at(to === n ? to + 0.3 : to - 0.05);
  const top = run.h * 1.05;
  const below = run.h * 0.3;
  const xs = [ax + ux * top, ax - ux * below, bx + ux * top, bx - ux * below];
  const ys = [ay + uy * top, ay - uy * below, by + uy * top, by - uy * below];
  const x = clamp(Math.min(...xs) / page.width);
  const y = clamp(Math.min(...ys) / page.height);
  return { x, y, w: clamp(Math.max(...xs) / page.width) - x, h: clamp(Math.max(...ys) / page.height) - y };
}

/** The card numbers in a PDF page's text layer, with what covers all but their last four. */
export function numbersInText(page: PdfPageText): FoundNumber[] {
  const found: FoundNumber[] = [];
  let line: Array<{ run: PdfTextRun; start: number }> = [];
  let text = '';
  const flush = (): void => {
    for (const hit of findCardNumbers(text)) {
      const rects: PageRect[] = [];
      for (const { run, start } of line) {
        const from = Math.max(hit.start, start);
        const to = Math.min(hit.maskEnd, start + run.str.length);
        if (from < to) rects.push(partOf(run, from - start, to - start, page));
      }
      if (rects.length) found.push({ last4: hit.digits.slice(-4), rects });
    }
    line = [];
    text = '';
  };
  for (const run of page.runs) {
    // Runs of one line are joined by a space unless one already has it: spaced digit groups
    // are then found whether the producer wrote the spaces or only moved the pen.
    if (text && !/\s$/.test(text) && !/^\s/.test(run.str)) text += ' ';
    line.push({ run, start: text.length });
    text += run.str;
    if (run.eol) flush();
  }
  flush();
  return found;
}
