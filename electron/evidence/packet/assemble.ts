// One PDF file of the packet: the cover letter, then each page as a JPEG or 1-bit picture or as
// the PDF page kept as it is (turned and fitted), every picture's metadata stripped and checked.
import {
  PDFDocument,
  degrees,
  pushGraphicsState,
  popGraphicsState,
  concatTransformationMatrix,
  drawObject,
  type PDFPage,
} from 'pdf-lib';
import type { EvidenceStore } from '../evidence-store.ts';
import { pageInches, MARGIN_IN, type RenderedPage } from '../render-page.ts';
import { keptPdfPage } from '../pdf-raster.ts';
import { stripPdfMetadata } from '../pdf-clean.ts';
import { InflateBudget, withInflateBudget } from '../pdf-inflate-budget.ts';
import { drawCoverLetter, type Exhibit } from '../cover-letter.ts';
import type { BuildSettings, CoverLetterInput } from '../../../shared/evidence/items.ts';
import { AppError } from '../../../shared/errors.ts';
import { measurePdfPage } from './encode.ts';
import type { Encoded } from './pack.ts';

const PT = 72;

function drawBilevel(
  doc: PDFDocument,
  page: PDFPage,
  r: RenderedPage,
  x: number,
  y: number,
  w: number,
  h: number,
): void {
  const stream = doc.context.flateStream(new Uint8Array(0), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: r.widthPx,
    Height: r.heightPx,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 1,
  });
  // The bits are already deflated: replace the empty contents with them.
  (stream as unknown as { contents: Uint8Array }).contents = new Uint8Array(r.data);
  const ref = doc.context.register(stream);
  const name = page.node.newXObject('Bw', ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(w, 0, 0, h, x, y),
    drawObject(name),
    popGraphicsState(),
  );
}

export async function assembleFile(
  store: EvidenceStore,
  pages: readonly Encoded[],
  indices: readonly number[],
  settings: BuildSettings,
  cover: { input: CoverLetterInput; exhibits: Exhibit[] } | undefined,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create();
  doc.setProducer('Dispute Desk');
  doc.setCreator('Dispute Desk');
  let count = 0;
  if (cover) count += await drawCoverLetter(doc, cover.input, cover.exhibits, settings.pageSize);
  const size = { w: pageInches[settings.pageSize].w * PT, h: pageInches[settings.pageSize].h * PT };
  const box = { w: size.w - 2 * MARGIN_IN * PT, h: size.h - 2 * MARGIN_IN * PT };
  for (const i of indices) {
    const p = pages[i]!;
    count++;
    if (p.kind === 'image') {
      const r = p.rendered;
      // A full-page scan that kept its paper size is that page, edge to edge (it has its own
      // margins); anything smaller is centred on the chosen page.
      const own = r.widthIn * PT > box.w + 0.5 || r.heightIn * PT > box.h + 0.5;
      const paper = own ? { w: r.widthIn * PT, h: r.heightIn * PT } : size;
      const page = doc.addPage([paper.w, paper.h]);
      const scale = own ? 1 : Math.min(1, box.w / (r.widthIn * PT), box.h / (r.heightIn * PT));
      const w = r.widthIn * PT * scale;
      const h = r.heightIn * PT * scale;
      const x = (paper.w - w) / 2;
      const y = (paper.h - h) / 2;
      if (r.format === 'jpeg') page.drawImage(await doc.embedJpg(r.data), { x, y, width: w, height: h });
      else if (r.format === 'bilevel') drawBilevel(doc, page, r, x, y, w, h);
      else throw new AppError('internal', 'A page meant for a file of its own was placed in a PDF.');
    } else {
      const page = doc.addPage([size.w, size.h]);
      // The page as the PDF thread made it: its visible part alone, cleaned. Its own content is
      // one drawing of that part, so embedding it here unpacks next to nothing (still budgeted).
      const bytes = () => store.bytes(p.item.id);
      const [facts, kept] = await Promise.all([
        measurePdfPage(store, p.item, p.page.page),
        keptPdfPage(p.item.id, bytes, p.page.page),
      ]);
      const embedded = await withInflateBudget(new InflateBudget('page'), async () =>
        doc.embedPage((await PDFDocument.load(kept, { updateMetadata: false })).getPage(0)),
      );
      const turn = (facts.ownTurn + p.page.rotation) % 360;
      const sideways = turn === 90 || turn === 270;
      const natural = { w: embedded.width, h: embedded.height };
      const fitted = sideways ? { w: natural.h, h: natural.w } : natural;
      const scale = Math.min(box.w / fitted.w, box.h / fitted.h);
      const W = natural.w * scale;
      const H = natural.h * scale;
      const ox = (size.w - fitted.w * scale) / 2;
      const oy = (size.h - fitted.h * scale) / 2;
      // Clockwise turns, drawn as counter-clockwise rotations about the anchor point.
      const anchor =
        turn === 90
          ? { x: ox, y: oy + W }
          : turn === 180
            ? { x: ox + W, y: oy + H }
            : turn === 270
              ? { x: ox + H, y: oy }
              : { x: ox, y: oy };
      page.drawPage(embedded, { x: anchor.x, y: anchor.y, xScale: scale, yScale: scale, rotate: degrees(-turn) });
    }
  }
  // Kept pages were cleaned in the PDF thread; this cleans the rest and checks nothing is left.
  const { clean } = await withInflateBudget(new InflateBudget('document'), () => stripPdfMetadata(doc));
  if (!clean) throw new AppError('internal', "A picture's metadata could not be removed from the packet.");
  return { bytes: await doc.save({ useObjectStreams: true }), pages: count };
}
