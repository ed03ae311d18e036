// A PDF page kept as it is still carries what its pictures carried: a phone photo placed in a
// PDF keeps its EXIF block (GPS position, device) inside the JPEG stream, and pictures and forms
// may have XMP metadata streams. This removes both from an assembled packet; the pixels, colour
// profile (APP2) and Adobe colour transform (APP14) stay as they were. Active content goes too:
// scripts, launch and other actions, attached files, and every object nothing in the packet
// refers to (a source PDF's orphans, with an attached file's bytes, would otherwise ride along).
import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, PDFStream, type PDFDocument, type PDFObject } from 'pdf-lib';

/** Keys that hold scripts, automatic actions or attached files, wherever they appear. */
const activeKeys = [
  'JS',
  'JavaScript',
  'AA',
  'OpenAction',
  'EmbeddedFiles',
  'EF',
  'RichMediaContent',
  'RichMediaSettings',
].map((k) => PDFName.of(k));
/** Actions that run or fetch something; a packet needs none of them. */
const activeActions = new Set(
  [
    'JavaScript',
    'Launch',
    'SubmitForm',
    'ImportData',
    'GoToE',
    'GoToR',
    'RichMediaExecute',
    'Rendition',
    'Sound',
    'Movie',
  ].map((k) => PDFName.of(k)),
);
const activeTypes = new Set(['EmbeddedFile', 'Filespec'].map((k) => PDFName.of(k)));

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

function dictOf(o: PDFObject | undefined): PDFDict | undefined {
  return o instanceof PDFDict ? o : o instanceof PDFStream ? o.dict : undefined;
}

/** Removes active content and every object the packet does not reach from its trailer. */
export function removeActiveContent(doc: PDFDocument): void {
  const ctx = doc.context;
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    const d = dictOf(obj);
    if (!d) continue;
    const s = d.get(PDFName.of('S'));
    const type = d.get(PDFName.of('Type'));
    if (
      (s instanceof PDFName && activeActions.has(s)) ||
      (type instanceof PDFName && activeTypes.has(type)) ||
      d.get(PDFName.of('Subtype')) === PDFName.of('FileAttachment')
    ) {
      ctx.delete(ref);
      continue;
    }
    for (const k of activeKeys) d.delete(k);
  }
  // Direct dictionaries (an action written inside an annotation) are reached by the walk below.
  const reached = new Set<PDFRef>();
  const walk = (o: PDFObject | undefined): void => {
    const stack: Array<PDFObject | undefined> = [o];
    while (stack.length) {
      const x = stack.pop();
      if (x instanceof PDFRef) {
        if (reached.has(x)) continue;
        reached.add(x);
        stack.push(ctx.lookup(x));
      } else if (x instanceof PDFArray) {
        stack.push(...x.asArray());
      } else {
        const d = dictOf(x);
        if (!d) continue;
        for (const k of activeKeys) d.delete(k);
        const s = d.get(PDFName.of('A'));
        const action = dictOf(s instanceof PDFRef ? ctx.lookup(s) : s);
        const kind = action?.get(PDFName.of('S'));
        if (kind instanceof PDFName && activeActions.has(kind)) d.delete(PDFName.of('A'));
        stack.push(...d.values());
      }
    }
  };
  walk(ctx.trailerInfo.Root);
  walk(ctx.trailerInfo.Info);
  for (const [ref] of ctx.enumerateIndirectObjects()) if (!reached.has(ref)) ctx.delete(ref);
}

/** The packet's last step before it is saved: every embedded page and picture written out first
 * (pdf-lib copies a source page's objects only then), then metadata and active content removed. */
export async function stripPdfMetadata(doc: PDFDocument): Promise<void> {
  await doc.flush();
  removeActiveContent(doc);
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
