// A PDF page kept as it is still carries what its pictures carried: a phone photo placed in a
// PDF keeps its EXIF block (GPS position, device) inside the JPEG stream, and pictures and forms
// may have XMP metadata streams. This removes both from an assembled packet; the pixels, colour
// profile (APP2) and Adobe colour transform (APP14) stay as they were.
import { PDFArray, PDFName, PDFRawStream, type PDFDocument } from 'pdf-lib';

/** APP1 (EXIF, XMP), APP3–APP13 (IPTC, Photoshop, maker data), APP15 and comments. */
function isMetadataSegment(marker: number): boolean {
  return marker === 0xe1 || (marker >= 0xe3 && marker <= 0xed) || marker === 0xef || marker === 0xfe;
}

/** The JPEG without its metadata segments; anything it cannot follow is returned unchanged. */
export function stripJpegMetadata(b: Uint8Array): Uint8Array {
  if (b[0] !== 0xff || b[1] !== 0xd8) return b;
  const keep: Uint8Array[] = [b.subarray(0, 2)];
  let dropped = false;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return b;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xda) {
      // Start of scan: from here on it is image data.
      if (!dropped) return b;
      keep.push(b.subarray(i));
      const out = new Uint8Array(keep.reduce((s, x) => s + x.length, 0));
      let at = 0;
      for (const k of keep) {
        out.set(k, at);
        at += k.length;
      }
      return out;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      keep.push(b.subarray(i, i + 2));
      i += 2;
      continue;
    }
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    if (length < 2 || i + 2 + length > b.length) return b;
    if (isMetadataSegment(marker)) dropped = true;
    else keep.push(b.subarray(i, i + 2 + length));
    i += 2 + length;
  }
  return b;
}

export function stripPdfMetadata(doc: PDFDocument): void {
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const subtype = obj.dict.get(PDFName.of('Subtype'));
    if (subtype !== PDFName.of('Image') && subtype !== PDFName.of('Form')) continue;
    obj.dict.delete(PDFName.of('Metadata'));
    obj.dict.delete(PDFName.of('PieceInfo'));
    if (subtype !== PDFName.of('Image')) continue;
    const filter = obj.dict.get(PDFName.of('Filter'));
    const only = filter instanceof PDFArray ? (filter.size() === 1 ? filter.get(0) : undefined) : filter;
    if (only !== PDFName.of('DCTDecode')) continue;
    const clean = stripJpegMetadata(obj.contents);
    // pdf-lib writes /Length from the contents when it saves.
    if (clean !== obj.contents) (obj as unknown as { contents: Uint8Array }).contents = clean;
  }
}
