// Reads built packets the way an issuer's viewer does (pdf.js): the text on each page with its
// position and direction, and the pictures placed on it with their pixel size and drawn size.
import { readFileSync } from 'node:fs';

export interface TextRun {
  str: string;
  x: number;
  y: number;
  /** Baseline direction in degrees, counter-clockwise (PDF space, y up), in (-180, 180]: 0 reads
   * left to right, 180 upside down. */
  angle: number;
  size: number;
}

export interface PlacedPicture {
  widthPx: number;
  heightPx: number;
  /** Drawn size in points. */
  width: number;
  height: number;
}

export interface ReadPage {
  width: number;
  height: number;
  text: TextRun[];
  /** All the page's text joined with spaces, for matching whole phrases. */
  plain: string;
  pictures: PlacedPicture[];
}

type Matrix = [number, number, number, number, number, number];
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

export async function readPdf(pathOrBytes: string | Uint8Array): Promise<ReadPage[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(typeof pathOrBytes === 'string' ? readFileSync(pathOrBytes) : pathOrBytes);
  const doc = await pdfjs.getDocument({ data, verbosity: 0 }).promise;
  try {
    const out: ReadPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x1, y1, x2, y2] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const text: TextRun[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [a, b, , , e, f] = item.transform as Matrix;
        const deg = Math.round((Math.atan2(b, a) * 180) / Math.PI);
        text.push({ str: item.str, x: e, y: f, angle: deg <= -180 ? deg + 360 : deg, size: Math.hypot(a, b) });
      }
      // Pictures: the CTM when each image is painted (the image fills the unit square).
      const ops = await page.getOperatorList();
      const pictures: PlacedPicture[] = [];
      const stack: Matrix[] = [];
      let ctm: Matrix = [1, 0, 0, 1, 0, 0];
      ops.fnArray.forEach((fn, i) => {
        const args = ops.argsArray[i] as unknown[];
        if (fn === pdfjs.OPS.save) stack.push(ctm);
        else if (fn === pdfjs.OPS.restore) ctm = stack.pop() ?? ctm;
        else if (fn === pdfjs.OPS.transform) ctm = times(args as Matrix, ctm);
        else if (fn === pdfjs.OPS.paintFormXObjectBegin) {
          stack.push(ctm);
          if (Array.isArray(args[0])) ctm = times(args[0] as Matrix, ctm);
        } else if (fn === pdfjs.OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
        else if (fn === pdfjs.OPS.paintImageXObject) {
          const [, w, h] = args as [string, number, number];
          pictures.push({
            widthPx: w,
            heightPx: h,
            width: Math.hypot(ctm[0], ctm[1]),
            height: Math.hypot(ctm[2], ctm[3]),
          });
        }
      });
      out.push({
        width: x2 - x1,
        height: y2 - y1,
        text,
        plain: text
          .map((t) => t.str)
          .join(' ')
          .replace(/\s+/g, ' '),
        pictures,
      });
      page.cleanup();
    }
    return out;
  } finally {
    await doc.loadingTask.destroy();
  }
}
