// A PDF page that is one JPEG picture and nothing else (a scanner's page, img2pdf's), drawn from
// that picture by the image library instead of by pdf.js: pdf.js decodes JPEG in JavaScript, and
// a ten-page scanned PDF took four times as long as the same ten scans as JPEG files. The PDF
// thread finds such a page and hands back its JPEG undrawn (pdf-content.ts, soleJpeg); here it is
// decoded, sized and placed on the page as pdf.js would draw it (the same pixel size, on white,
// turned the same way), so everything after the drawing is the same for both.
import sharp from 'sharp';
import { DecodeError, MAX_PIXELS, asDecodeError } from './decode.ts';
import type { PdfPagePixels } from './render-page.ts';
import type { SoleJpeg } from './pdf-content.ts';

/** The page (its shown part `box`, in points, turned by `turn` clockwise) at `pxPerPt`. */
export async function drawPicturePage(
  p: { picture: SoleJpeg; box: { x: number; y: number; w: number; h: number }; turn: number },
  pxPerPt: number,
): Promise<PdfPagePixels> {
  const { box, picture } = p;
  // The page's pixels before its turn, rounded as pdf.js rounds its viewport.
  const width = Math.max(1, Math.round(box.w * pxPerPt));
  const height = Math.max(1, Math.round(box.h * pxPerPt));
  if (!Number.isFinite(width * height) || width * height > MAX_PIXELS)
    throw new DecodeError('its page is too large to draw');
  // The picture's rectangle on those pixels (PDF's y runs up, the pixels' down).
  const left = Math.round((picture.rect.x - box.x) * pxPerPt);
  const top = Math.round((box.y + box.h - picture.rect.y - picture.rect.h) * pxPerPt);
  const w = Math.max(1, Math.round((picture.rect.x + picture.rect.w - box.x) * pxPerPt) - left);
  const h = Math.max(1, Math.round((box.y + box.h - picture.rect.y) * pxPerPt) - top);
  if (!Number.isFinite(w * h) || w * h > MAX_PIXELS) throw new DecodeError('its page is too large to draw');
  // The part of it on the page.
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(width, left + w);
  const y1 = Math.min(height, top + h);
  type Raw = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  const raw = (r: Raw) => ({ raw: { width: r.info.width, height: r.info.height, channels: r.info.channels } });
  try {
    // Each step its own pass: the library would cut before it extends and turn before it sizes.
    let drawn: Raw;
    if (x1 > x0 && y1 > y0) {
      // The picture sized and cut to the page, as a PDF shows it (its EXIF orientation, if any,
      // is not applied); then the rest of the page white.
      const cut = await sharp(picture.jpeg, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
        .resize(w, h, { fit: 'fill', kernel: 'lanczos3' })
        .extract({ left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 })
        .toColourspace('srgb')
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      drawn = await sharp(cut.data, raw(cut))
        .extend({ left: x0, top: y0, right: width - x1, bottom: height - y1, background: '#ffffff' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
    } else
      drawn = await sharp({ create: { width, height, channels: 4, background: '#ffffff' } })
        .raw()
        .toBuffer({ resolveWithObject: true });
    // RGBA, as pdf.js's canvas gives; turned after it is drawn, as pdf.js turns its viewport.
    if (p.turn) drawn = await sharp(drawn.data, raw(drawn)).rotate(p.turn).raw().toBuffer({ resolveWithObject: true });
    return { data: drawn.data, width: drawn.info.width, height: drawn.info.height, channels: 4 };
  } catch (e) {
    throw asDecodeError(e);
  }
}
