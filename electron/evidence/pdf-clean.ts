// A PDF page kept as it is still carries what its pictures carried: a phone photo placed in a
// PDF keeps its EXIF block (GPS position, device) inside the JPEG stream, even behind other
// filters ([/FlateDecode /DCTDecode]); a JPEG 2000 carries XMP in its boxes; and pictures, forms
// and fonts may have XMP metadata streams. This removes all of them from an assembled packet
// (picture-metadata.ts says what stays of a picture). Active content goes too:
// scripts, launch and other actions, attached files, and every object nothing in the packet
// refers to (a source PDF's orphans, with an attached file's bytes, would otherwise ride along).
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  decodePDFRawStream,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';
import { stripJpegMetadata, stripJpxMetadata } from './picture-metadata.ts';
import { InflateRefusal } from './pdf-inflate-budget.ts';

/** Keys that hold scripts, automatic actions, attached files or metadata (XMP streams, private
 * application data), wherever they appear. */
const activeKeys = [
  'Metadata',
  'PieceInfo',
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
/** Objects removed whatever refers to them: attached files and XMP metadata streams. */
const activeTypes = new Set(['EmbeddedFile', 'Filespec', 'Metadata'].map((k) => PDFName.of(k)));

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

const DCT = PDFName.of('DCTDecode');
const JPX = PDFName.of('JPXDecode');

function filtersOf(stream: PDFRawStream): PDFName[] | undefined {
  const f = stream.dict.lookup(PDFName.of('Filter'));
  if (f === undefined) return [];
  if (f instanceof PDFName) return [f];
  if (!(f instanceof PDFArray)) return undefined;
  const names = f.asArray().map((x) => stream.dict.context.lookup(x));
  return names.every((x) => x instanceof PDFName) ? (names as PDFName[]) : undefined;
}

/** A picture's own metadata removed, whatever filters wrap it: the filters before a JPEG or JPEG
 * 2000 are undone and the picture stored plain. False when it cannot be done for sure. */
function cleanPicture(doc: PDFDocument, image: PDFRawStream): boolean {
  const chain = filtersOf(image);
  if (!chain) return false;
  const last = chain.at(-1);
  if (last !== DCT && last !== JPX) return true;
  let data = image.contents;
  const parms = image.dict.lookup(PDFName.of('DecodeParms'));
  if (chain.length > 1) {
    const outer = PDFRawStream.of(doc.context.obj({ Filter: chain.slice(0, -1) }), image.contents);
    if (parms instanceof PDFArray)
      outer.dict.set(PDFName.of('DecodeParms'), doc.context.obj(parms.asArray().slice(0, -1)));
    try {
      data = decodePDFRawStream(outer).decode();
    } catch (e) {
      if (e instanceof InflateRefusal) throw e;
      return false;
    }
  }
  const clean = last === DCT ? stripJpegMetadata(data) : stripJpxMetadata(data);
  if (!clean) return false;
  // pdf-lib writes /Length from the contents when it saves.
  (image as unknown as { contents: Uint8Array }).contents = clean;
  if (chain.length > 1) {
    image.dict.set(PDFName.of('Filter'), last);
    const own = parms instanceof PDFArray ? parms.lookup(parms.size() - 1) : undefined;
    if (own instanceof PDFDict) image.dict.set(PDFName.of('DecodeParms'), own);
    else image.dict.delete(PDFName.of('DecodeParms'));
  }
  return true;
}

/** The last step before a PDF is saved: every embedded page and picture written out first
 * (pdf-lib copies a source page's objects only then), then metadata and active content removed.
 * Says whether every picture's own metadata could be removed: where one could not (a picture
 * whose structure cannot be followed), the page must not be kept as it is. */
export async function stripPdfMetadata(doc: PDFDocument): Promise<{ clean: boolean }> {
  await doc.flush();
  let clean = true;
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
      clean = cleanPicture(doc, obj) && clean;
  }
  // Metadata streams, once no key names them, leave with the other objects nothing reaches.
  removeActiveContent(doc);
  return { clean };
}
