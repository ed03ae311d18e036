// Card numbers on a page's picture, from the OCR engine's words and their boxes: each line's
// words are joined as printed, searched (shared/evidence/card-numbers.ts), and the part of each
// word that holds a covered digit becomes a rectangle. Digits are taken as equally wide (they
// are in receipt and statement fonts), so the last four are left readable to the digit.
import { findCardNumbers, type PageRect } from '../../../shared/evidence/card-numbers.ts';
import type { OcrLine, OcrBox } from '../../ocr/ocr-engine.ts';

export interface FoundNumber {
  last4: string;
  rects: PageRect[];
}

/** OCR's look-alikes of digits, read inside a token that is mostly digits: `4l11` is `4111`. One
 * character for one, so the positions in the line stay the same. */
function foldLookAlikes(token: string): string {
  const digits = token.replace(/\D/g, '').length;
  if (digits < 3 || digits < token.replace(/[\s-]/g, '').length - 2) return token;
  return token
    .replace(/[OoQD]/g, '0')
    .replace(/[lI|!]/g, '1')
    .replace(/[S$]/g, '5')
    .replace(/B/g, '8');
}

const clamp = (v: number): number => Math.min(1, Math.max(0, v));

function rectOf(
  box: OcrBox,
  from: number,
  to: number,
  len: number,
  size: { w: number; h: number },
  padRight: boolean,
): PageRect {
  const char = (box.x1 - box.x0) / Math.max(1, len);
  const padY = (box.y1 - box.y0) * 0.2;
  // Past the first covered digit's edge on the left; on the right only where no kept digit
  // follows in the same word (a kept digit must stay whole).
  const x0 = box.x0 + char * from - char * 0.35;
  const x1 = box.x0 + char * to + (padRight ? char * 0.35 : -char * 0.05);
  const y0 = box.y0 - padY;
  const y1 = box.y1 + padY;
  const x = clamp(x0 / size.w);
  const y = clamp(y0 / size.h);
  return { x, y, w: clamp(x1 / size.w) - x, h: clamp(y1 / size.h) - y };
}

/** The card numbers on a page read by OCR, with what covers all but their last four digits.
 * `size` is the read image's size in pixels. */
export function numbersInLines(lines: readonly OcrLine[], size: { w: number; h: number }): FoundNumber[] {
  const found: FoundNumber[] = [];
  for (const line of lines) {
    const words = (line.words ?? []).filter((w) => w.text.trim());
    if (!words.length) continue;
    let text = '';
    const spans: Array<{ start: number; end: number; box: OcrBox }> = [];
    for (const w of words) {
      if (text) text += ' ';
      const t = foldLookAlikes(w.text.trim());
      spans.push({ start: text.length, end: text.length + t.length, box: w.bbox });
      text += t;
    }
    for (const hit of findCardNumbers(text)) {
      const rects: PageRect[] = [];
      for (const s of spans) {
        const from = Math.max(hit.start, s.start);
        const to = Math.min(hit.maskEnd, s.end);
        if (from >= to) continue;
        rects.push(rectOf(s.box, from - s.start, to - s.start, s.end - s.start, size, to === s.end));
      }
      if (rects.length) found.push({ last4: hit.digits.slice(-4), rects: [bounds(rects)] });
    }
  }
  return found;
}

/** One rectangle over a number's words, the spaces between its digit groups included: separate
 * blocks with white slivers between them read to another OCR as characters of their own, which
 * then runs them into the kept last four ("i 1.112" for "1111"). */
function bounds(rects: readonly PageRect[]): PageRect {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  const x1 = Math.max(...rects.map((r) => r.x + r.w));
  const y1 = Math.max(...rects.map((r) => r.y + r.h));
  return { x, y, w: x1 - x, h: y1 - y };
}
