// What a PDF is made of, before anything else touches it: page count, and a clear refusal for
// encrypted or broken files and for pages that hold a decompression bomb.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  EncryptedPDFError,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { DecodeError, MAX_FILE_PAGES, MAX_PIXELS, tooManyPages } from './decode.ts';
import { largestPicture } from './pdf-content.ts';

/** Loads a PDF for reading and assembling: its page tree checked first (checkPageTree), then
 * pages that are valid but that pdf-lib cannot embed are made whole, as viewers read them: a page
 * with no /Contents is blank (an empty content stream), and a media box with no area (or not four
 * numbers) is US Letter, the size viewers fall back to. */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  const doc = await parsePdf(bytes);
  checkPageTree(doc);
  try {
    fullFilterNames(doc);
    for (const page of doc.getPages()) {
      if (!page.node.get(PDFName.of('Contents')))
        page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream('')));
      const box = page.node.MediaBox();
      const n =
        box instanceof PDFArray && box.size() === 4 ? box.asArray().map((v) => Number(lookupNumber(doc, v))) : [];
      if (
        n.length !== 4 ||
        n.some((v) => !Number.isFinite(v)) ||
        Math.abs(n[2]! - n[0]!) < 1 ||
        Math.abs(n[3]! - n[1]!) < 1
      )
        page.setMediaBox(0, 0, 612, 792);
    }
  } catch (e) {
    if (e instanceof DecodeError) throw e;
    throw new DecodeError('it is damaged and cannot be read as a PDF. Save or export it again, then add the new file');
  }
  return doc;
}

/** The filters' abbreviations (an inline image's names, which pdf.js also reads on any stream) and
 * their full names, which are all the PDF library knows. */
const FULL_FILTER: ReadonlyMap<string, string> = new Map([
  ['AHx', 'ASCIIHexDecode'],
  ['A85', 'ASCII85Decode'],
  ['LZW', 'LZWDecode'],
  ['Fl', 'FlateDecode'],
  ['RL', 'RunLengthDecode'],
  ['CCF', 'CCITTFaxDecode'],
  ['DCT', 'DCTDecode'],
]);

/** Every stream's filters by their full names: a page whose content says /Fl is read, priced,
 * searched and kept as viewers read it, instead of failing in the PDF library. The filter, or
 * each of a list's, may be held by reference, as readers follow it: written where it is held. */
function fullFilterNames(doc: PDFDocument): void {
  const ctx = doc.context;
  const full = (o: PDFObject | undefined): PDFName | undefined => {
    const name = o instanceof PDFName ? FULL_FILTER.get(o.decodeText()) : undefined;
    return name === undefined ? undefined : PDFName.of(name);
  };
  /** Writes the full name where `held` (a name, or a reference to one) is kept. */
  const inFull = (held: PDFObject | undefined, set: (o: PDFObject) => void): void => {
    if (held instanceof PDFRef) {
      const named = full(ctx.lookup(held));
      if (named) ctx.assign(held, named);
    } else {
      const named = full(held);
      if (named) set(named);
    }
  };
  for (const [, object] of ctx.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const key = PDFName.of('Filter');
    const filter = object.dict.get(key);
    const list = filter instanceof PDFRef ? ctx.lookup(filter) : filter;
    if (list instanceof PDFArray) for (let i = 0; i < list.size(); i++) inFull(list.get(i), (o) => list.set(i, o));
    else inFull(filter, (o) => object.dict.set(key, o));
  }
}

function lookupNumber(doc: PDFDocument, v: PDFObject): string {
  return (v instanceof PDFRef ? doc.context.lookup(v) : v)?.toString() ?? 'NaN';
}

async function parsePdf(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (e) {
    // Over the inflate budget: refused for that, not called damaged.
    if (e instanceof DecodeError) throw e;
    if (e instanceof EncryptedPDFError || /encrypt/i.test((e as Error)?.message ?? '')) {
      throw new DecodeError(
        'it is password-protected (encrypted). Open it, print it to a new PDF without a password, and add that',
      );
    }
    throw new DecodeError('it is damaged and cannot be read as a PDF. Save or export it again, then add the new file');
  }
}

/** Walks the page tree once, by hand, before pdf-lib does: a tree that names one page again and
 * again (100,000 references cost pdf-lib minutes) or holds more pages than any packet is refused
 * from its shape, with the reason, before any page is touched. */
export function checkPageTree(doc: PDFDocument): void {
  const ctx = doc.context;
  const lookup = (o: PDFObject | undefined): PDFObject | undefined => (o instanceof PDFRef ? ctx.lookup(o) : o);
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = [doc.catalog.get(PDFName.of('Pages')) ?? PDFName.of('None')];
  let leaves = 0;
  while (stack.length) {
    const node = lookup(stack.pop());
    if (!(node instanceof PDFDict)) continue;
    if (seen.has(node))
      throw new DecodeError(
        'its page tree names the same page or branch more than once, as ' +
          'damaged or hostile files do. Print it to a new PDF and add that',
      );
    seen.add(node);
    const kids = lookup(node.get(PDFName.of('Kids')));
    if (node.get(PDFName.of('Type')) === PDFName.of('Pages') || kids instanceof PDFArray) {
      if (kids instanceof PDFArray) {
        if (leaves + kids.size() > MAX_FILE_PAGES * 4) throw tooManyPages(leaves + kids.size());
        for (let i = kids.size() - 1; i >= 0; i--) stack.push(kids.get(i));
      }
    } else if (++leaves > MAX_FILE_PAGES) {
      throw tooManyPages(Math.max(leaves, numberOf(lookup(doc.catalog.get(PDFName.of('Pages'))))));
    }
  }
}

function numberOf(o: PDFObject | undefined): number {
  const count = o instanceof PDFDict ? o.get(PDFName.of('Count')) : undefined;
  const n = Number(count?.toString());
  return Number.isFinite(n) ? n : 0;
}

export async function probePdf(bytes: Uint8Array): Promise<{ pages: number }> {
  const doc = await loadPdf(bytes);
  let pages: number;
  let bomb: number | undefined;
  try {
    // A damaged page tree shows here, not at load: touch every page once.
    pages = doc.getPageCount();
    doc.getPages().forEach((page, i) => {
      page.getSize();
      if (bomb === undefined && largestPicture(page) > MAX_PIXELS) bomb = i;
    });
  } catch (e) {
    if (e instanceof DecodeError) throw e;
    throw new DecodeError('it is damaged and cannot be read as a PDF. Save or export it again, then add the new file');
  }
  if (pages === 0) throw new DecodeError('it has no pages');
  if (bomb !== undefined)
    throw new DecodeError(
      `page ${bomb + 1} holds a picture of over 120 megapixels, too large to be ` +
        'a scan or photo. Export the PDF again at a lower resolution and add that',
    );
  return { pages };
}

/** The part of a page that is shown: its crop box, clipped to its media box (PDF 32000 14.11.2).
 * A crop box that misses the page altogether counts as absent. */
export function visibleBox(page: PDFPage): { x: number; y: number; width: number; height: number } {
  const norm = (b: { x: number; y: number; width: number; height: number }) => ({
    x: Math.min(b.x, b.x + b.width),
    y: Math.min(b.y, b.y + b.height),
    w: Math.abs(b.width),
    h: Math.abs(b.height),
  });
  const m = norm(page.getMediaBox());
  const c = norm(page.getCropBox());
  const x1 = Math.max(m.x, c.x);
  const y1 = Math.max(m.y, c.y);
  const x2 = Math.min(m.x + m.w, c.x + c.w);
  const y2 = Math.min(m.y + m.h, c.y + c.h);
  if (x2 - x1 < 1 || y2 - y1 < 1) return { x: m.x, y: m.y, width: m.w, height: m.h };
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/** The page's own /Rotate as a clockwise quarter turn in 0..270: negative and over-full turns
 * (-90, 450) are valid PDF and mean the same as their remainder. */
export function ownTurn(page: PDFPage): number {
  const angle = Math.round(page.getRotation().angle / 90) * 90;
  return ((angle % 360) + 360) % 360;
}
