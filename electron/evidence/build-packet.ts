// Turns the merchant's arrangement into files the processor accepts. A size-budget solver steps
// quality and resolution down (as far as legibility allows) until every file and the whole
// packet fit; files are split where the per-file limit demands; pages that cannot fit are
// named. No page is ever dropped silently. A PDF page is kept as it is (sharp text, small) when
// that fits and meets the limits; otherwise it is drawn and compressed exactly like a photo.
import {
  PDFDocument,
  degrees,
  pushGraphicsState,
  popGraphicsState,
  concatTransformationMatrix,
  drawObject,
  type PDFPage,
} from 'pdf-lib';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomic } from '../fs/write-atomic.ts';
import type { EvidenceStore } from './evidence-store.ts';
import {
  renderImagePage,
  renderPdfPage,
  pageInches,
  fitToPrintable,
  MARGIN_IN,
  type RenderOptions,
  type RenderedPage,
} from './render-page.ts';
import { drawPdfPage, keptPdfPage, measurePdfPage as measureInWorker, type PdfPageFacts } from './pdf-raster.ts';
import { stripPdfMetadata } from './pdf-clean.ts';
import { InflateBudget, withInflateBudget, type InflateRefusal } from './pdf-inflate-budget.ts';
import { DecodeError, MAX_PIXELS } from './decode.ts';
import { drawCoverLetter, type Exhibit } from './cover-letter.ts';
import { safeBaseName } from './safe-names.ts';
import { pageMasks, maskedPlaces, maskedWarning } from './card-mask/page-masks.ts';
import { presets, type ColourMode } from '../../shared/evidence/limits.ts';
import type {
  Arrangement,
  ArrangedPage,
  BuildResult,
  BuildSettings,
  CoverLetterInput,
  Estimate,
  EvidenceItem,
  OutputFile,
  PageProblem,
} from '../../shared/evidence/items.ts';
import { AppError } from '../../shared/errors.ts';
import type { CardMask } from '../../shared/evidence/card-numbers.ts';

const PT = 72;
const PAGE_OVERHEAD = 900;
const FILE_OVERHEAD = 3000;
/** A cover letter page is text in a standard (not embedded) font: well under this. */
const COVER_PAGE_BYTES = 25_000;
/** A kept PDF page under this is text and lines: drawing it as an image never makes it smaller,
 * so the solver does not spend the time trying. */
const RASTER_WORTH_TRYING = 48 * 1024;
/** Producers round: a picture this little finer than the dpi limit is not over it. */
const DPI_TOLERANCE = 1.02;

interface Step {
  quality: number;
  dpi: number;
}

/** The lowest resolution the solver steps down to. Measured with the app's OCR on 6 pt receipt
 * print scanned at 300 dpi (test/bench/legibility.bench.ts): at 150 dpi it reads 95% of the
 * words at JPEG quality 75 and about as much at 50 or 35; at 120 dpi 80%; at 100 dpi (the old
 * 1200 px step on A4) a third is lost. Below the floor the solver refuses and explains rather
 * than send what a reviewer cannot read. */
export const LEGIBLE_DPI = 150;

/** The preset as chosen (with the merchant's adjustments, within the limit profile), then bytes
 * traded only above the legibility floor: JPEG quality (it costs small print little), and a
 * resolution above the floor brought down to it. Never below what the merchant chose. */
export function solverSteps(settings: BuildSettings): { colour: ColourMode; denoise: boolean; steps: Step[] } {
  const base = { ...presets[settings.preset], ...settings.overrides };
  const order: ColourMode[] = ['colour', 'grayscale', 'bw'];
  const colour = order[Math.max(order.indexOf(base.colour), order.indexOf(settings.limits.colour))]!;
  const dpi = Math.min(base.dpi, settings.limits.maxDpi);
  const floor = Math.min(dpi, LEGIBLE_DPI);
  if (colour === 'bw')
    return {
      colour,
      denoise: base.denoise,
      steps: [
        { quality: 0, dpi },
        { quality: 0, dpi: floor },
      ],
    };
  return {
    colour,
    denoise: base.denoise,
    steps: [
      { quality: base.jpegQuality, dpi },
      { quality: Math.min(50, base.jpegQuality), dpi },
      { quality: Math.min(35, base.jpegQuality), dpi: floor },
    ],
  };
}

/** Why a PDF page was drawn as an image rather than kept: the merchant's choice, an image file
 * as output, the profile's colour or dpi limit, a picture whose metadata could not be removed
 * for sure, content that could not be checked, or size. */
type DrawnBecause = 'chosen' | 'file' | 'colour' | 'metadata' | 'dpi' | 'unknown' | 'size' | 'masked';

type Encoded =
  | {
      kind: 'image';
      page: ArrangedPage;
      item: EvidenceItem;
      rendered: RenderedPage;
      bytes: number;
      drawn?: DrawnBecause;
      masks?: CardMask[];
    }
  | { kind: 'pdf'; page: ArrangedPage; item: EvidenceItem; bytes: number; masks?: undefined };

// Encoded pages are kept for the live estimate and the build that follows it.
const cache = new Map<string, Promise<RenderedPage>>();
function cached(key: string, make: () => Promise<RenderedPage>): Promise<RenderedPage> {
  let p = cache.get(key);
  if (!p) {
    p = make();
    p.catch(() => cache.delete(key));
    cache.set(key, p);
    if (cache.size > 400) cache.delete(cache.keys().next().value!);
  }
  return p;
}

const pdfFacts = new Map<string, PdfPageFacts>();
/** Per stored PDF, what the first reading of its pages has unpacked, whichever PDF thread read
 * them: past the document budget its other pages are refused without being read. */
const unpackedByPdf = new Map<string, InflateBudget>();

/** A PDF page's facts, read in a PDF thread (nothing inside a PDF is unpacked in this process). */
async function measurePdfPage(store: EvidenceStore, item: EvidenceItem, index: number): Promise<PdfPageFacts> {
  const key = `${item.id}:${index}`;
  const known = pdfFacts.get(key);
  if (known) return known;
  let budget = unpackedByPdf.get(item.id);
  if (!budget) {
    budget = new InflateBudget('document');
    unpackedByPdf.set(item.id, budget);
    if (unpackedByPdf.size > 500) unpackedByPdf.delete(unpackedByPdf.keys().next().value!);
  }
  budget.throwIfRefused();
  const facts = await measureInWorker(item.id, () => store.bytes(item.id), index);
  try {
    budget.take(facts.unpacked);
  } catch (e) {
    budget.refuse(e as InflateRefusal);
  }
  pdfFacts.set(key, facts);
  if (pdfFacts.size > 5000) pdfFacts.delete(pdfFacts.keys().next().value!);
  return facts;
}

/** A size turned by a rotation in degrees: sideways swaps its sides. */
function turned(size: { w: number; h: number }, rotation: number): { w: number; h: number } {
  return rotation % 180 ? { w: size.h, h: size.w } : size;
}

/** How much a page is scaled to fill the printable area, kept or drawn alike. */
function fitScale(sizePt: { w: number; h: number }, rotation: number, settings: BuildSettings): number {
  return fitToPrintable(turned(sizePt, rotation), settings.pageSize);
}

function mustDraw(
  f: PdfPageFacts,
  page: ArrangedPage,
  settings: BuildSettings,
  colour: ColourMode,
): DrawnBecause | undefined {
  if (settings.output === 'image') return 'file';
  if (settings.pdfPages === 'image') return 'chosen';
  // Whether a page has colour cannot be told without drawing it: a grayscale or black-and-white
  // limit is met for sure only by drawing it so. Black and white chosen in the preset is for the
  // tightest processors too, so it applies to PDF pages as well; grayscale in the document
  // preset is about photos' bytes and leaves sharp PDF text alone.
  if (settings.limits.colour !== 'colour' || colour === 'bw') return 'colour';
  if (!f.clean) return 'metadata';
  if (!f.content) return 'unknown';
  if (
    f.content.images > 0 &&
    f.content.maxImageDpi / fitScale(f.sizePt, page.rotation, settings) > settings.limits.maxDpi * DPI_TOLERANCE
  )
    return 'dpi';
  return undefined;
}

function drawPdfAsImage(
  store: EvidenceStore,
  item: EvidenceItem,
  page: ArrangedPage,
  f: PdfPageFacts,
  opts: RenderOptions,
  settings: BuildSettings,
): Promise<RenderedPage> {
  if (f.content && f.content.maxImagePixels > MAX_PIXELS)
    throw new DecodeError('it holds a picture of over 120 megapixels, too large to draw');
  const fit = fitScale(f.sizePt, page.rotation, settings);
  // A page that is only a scan is not drawn finer than the scan itself: that adds bytes, not detail.
  const scan = !!f.content && !f.content.hasText && f.content.images > 0;
  const ownDpi = scan ? Math.max(72, Math.ceil(f.content!.maxImageDpi / fit)) : undefined;
  // A clean drawing of text has no noise to remove: a median filter would only soften its letters.
  const o: RenderOptions = { ...opts, denoise: opts.denoise && !!f.content && f.content.images > 0 };
  const sizePt = turned(f.sizePt, page.rotation);
  return cached(`${item.id}:${page.page}:${page.rotation}:${ownDpi}:${JSON.stringify(o)}`, () =>
    renderPdfPage(
      (pxPerPt) => drawPdfPage(item.id, () => store.bytes(item.id), page.page, page.rotation, pxPerPt),
      sizePt,
      o,
      ownDpi,
    ),
  );
}

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (t: T, i: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      signal?.throwIfAborted();
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

const pageLabel = (item: EvidenceItem, page: number): string =>
  `${item.name}${item.pages > 1 ? ` page ${page + 1}` : ''}`;

async function encodeAll(
  store: EvidenceStore,
  items: Map<string, EvidenceItem>,
  arrangement: Arrangement,
  settings: BuildSettings,
  colour: ColourMode,
  denoise: boolean,
  step: Step,
  stepIndex: number,
  o: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void; estimate?: boolean },
): Promise<{ pages: Encoded[]; problems: PageProblem[] }> {
  let done = 0;
  // By page, whichever finishes first: the report lists them in the packet's order.
  const problems: Array<PageProblem & { at: number }> = [];
  const container = settings.output === 'image' ? 'file' : 'pdf';
  const budget = settings.limits.maxFileBytes * 0.97 - FILE_OVERHEAD;
  const opts: RenderOptions = {
    dpi: step.dpi,
    colour,
    quality: step.quality || 75,
    denoise,
    pageSize: settings.pageSize,
    keepScanPaper: settings.keepScanPaper ?? true,
    container,
  };
  const encoded = await mapLimited(
    arrangement.pages,
    2,
    async (page, at): Promise<Encoded | undefined> => {
      const item = items.get(page.itemId)!;
      let result: Encoded;
      try {
        // Card numbers are covered on every page; a PDF page showing one is drawn, so that no
        // text layer carries the number past its mask.
        const { masks, rects } = await pageMasks(store, item, page, settings.unmasked, { estimate: o.estimate });
        const po: RenderOptions = rects.length ? { ...opts, masks: rects } : opts;
        const masked = masks.length ? { masks } : {};
        if (item.kind !== 'pdf') {
          const kind = item.kind;
          const rendered = await cached(`${item.id}:${page.page}:${page.rotation}:${JSON.stringify(po)}`, async () =>
            renderImagePage(await store.bytes(item.id), kind, page.page, page.rotation, po, store.pathOf(item.id)),
          );
          result = { kind: 'image', page, item, rendered, bytes: rendered.data.length, ...masked };
        } else {
          const f = await measurePdfPage(store, item, page.page);
          const kept: Encoded = { kind: 'pdf', page, item, bytes: f.keptBytes };
          const must = masks.length ? 'masked' : mustDraw(f, page, settings, colour);
          const tooLarge = f.keptBytes + PAGE_OVERHEAD > budget;
          // Kept while it fits; once the packet has to shrink, a heavy page is drawn to see
          // whether that is smaller, and the smaller of the two is used.
          if (!must && !tooLarge && !(stepIndex > 0 && f.keptBytes > RASTER_WORTH_TRYING)) result = kept;
          else {
            const rendered = await drawPdfAsImage(store, item, page, f, po, settings);
            result =
              !must && rendered.data.length >= f.keptBytes
                ? kept
                : {
                    kind: 'image',
                    page,
                    item,
                    rendered,
                    bytes: rendered.data.length,
                    drawn: must ?? 'size',
                    ...masked,
                  };
          }
        }
      } catch (e) {
        if (!(e instanceof DecodeError)) throw e;
        problems.push({
          at,
          itemId: item.id,
          page: page.page,
          name: item.name,
          message: `${pageLabel(item, page.page)} could not be used: ${e.message}.`,
        });
        return undefined;
      }
      o.onProgress?.(++done, arrangement.pages.length);
      return result;
    },
    o.signal,
  );
  return {
    pages: encoded.filter((x): x is Encoded => !!x),
    problems: problems.sort((a, b) => a.at - b.at).map(({ at: _, ...p }) => p),
  };
}

interface Packing {
  files: number[][];
  oversize: number[];
}

/** Greedy packing in the merchant's order: a page that does not fit starts the next file. */
function pack(pages: readonly Encoded[], firstFileFixedBytes: number, maxFileBytes: number): Packing {
  const budget = maxFileBytes * 0.97 - FILE_OVERHEAD;
  const files: number[][] = [[]];
  const oversize: number[] = [];
  let used = firstFileFixedBytes;
  pages.forEach((p, i) => {
    const cost = p.bytes + PAGE_OVERHEAD;
    if (cost > budget) oversize.push(i);
    if (used + cost > budget && files[files.length - 1]!.length > 0) {
      files.push([]);
      used = 0;
    }
    files[files.length - 1]!.push(i);
    used += cost;
  });
  return { files, oversize };
}

function describePages(nums: number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < nums.length; i++) {
    let j = i;
    while (j + 1 < nums.length && nums[j + 1] === nums[j]! + 1) j++;
    ranges.push(i === j ? `${nums[i]}` : `${nums[i]}–${nums[j]}`);
    i = j;
  }
  return `${nums.length === 1 ? 'page' : 'pages'} ${ranges.join(', ')}`;
}

function exhibitsOf(
  pages: readonly Encoded[],
  packing: Packing,
  coverPages: number,
  titles?: Readonly<Record<string, string>>,
): Exhibit[] {
  const where = new Map<string, { name: string; spots: Map<number, number[]> }>();
  packing.files.forEach((file, f) => {
    file.forEach((pi, k) => {
      const p = pages[pi]!;
      // A file that fills an evidence slot is listed by its title, any other by its name.
      const e = where.get(p.item.id) ?? { name: titles?.[p.item.id] ?? p.item.name, spots: new Map() };
      const pageNumber = k + 1 + (f === 0 ? coverPages : 0);
      e.spots.set(f, [...(e.spots.get(f) ?? []), pageNumber]);
      where.set(p.item.id, e);
    });
  });
  const multi = packing.files.length > 1;
  return [...where.values()].map((e) => ({
    name: e.name,
    where: [...e.spots.entries()]
      .map(([f, nums]) => `${multi ? `file ${f + 1}, ` : ''}${describePages(nums)}`)
      .join('; '),
  }));
}

/** The letter's length depends on the exhibit list, whose page numbers depend on the letter's
 * length: settled by drawing it until the count stops changing. */
async function settleCover(
  pages: readonly Encoded[],
  packing: Packing,
  cover: CoverLetterInput | undefined,
  settings: BuildSettings,
): Promise<{ coverPages: number; exhibits: Exhibit[] }> {
  if (!cover) return { coverPages: 0, exhibits: [] };
  let coverPages = 1;
  for (let i = 0; i < 4; i++) {
    const exhibits = exhibitsOf(pages, packing, coverPages, cover.exhibitTitles);
    const drawn = await drawCoverLetter(await PDFDocument.create(), cover, exhibits, settings.pageSize);
    if (drawn === coverPages) return { coverPages, exhibits };
    coverPages = drawn;
  }
  return { coverPages, exhibits: exhibitsOf(pages, packing, coverPages, cover.exhibitTitles) };
}

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

async function assembleFile(
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

async function itemsOf(
  store: EvidenceStore,
  arrangement: Arrangement,
): Promise<{ items: Map<string, EvidenceItem>; problems: PageProblem[] }> {
  const items = new Map<string, EvidenceItem>();
  const problems: PageProblem[] = [];
  for (const p of arrangement.pages) {
    if (!items.has(p.itemId)) {
      const item = await store.get(p.itemId);
      if (!item) {
        problems.push({
          itemId: p.itemId,
          message: 'A page refers to evidence that is no longer in the evidence store; add the file again.',
        });
        continue;
      }
      items.set(p.itemId, item);
    }
    const item = items.get(p.itemId)!;
    if (p.page >= item.pages)
      problems.push({
        itemId: item.id,
        page: p.page,
        name: item.name,
        message: `${item.name} has no page ${p.page + 1}.`,
      });
  }
  return { items, problems };
}

interface Plan {
  step: number;
  pages: Encoded[];
  packing: Packing;
  coverPages: number;
  exhibits: Exhibit[];
  problems: PageProblem[];
  estimatedBytes: number;
}

const emptyPlan = (problems: PageProblem[]): Plan => ({
  step: 0,
  pages: [],
  packing: { files: [], oversize: [] },
  coverPages: 0,
  exhibits: [],
  problems,
  estimatedBytes: 0,
});

const kb = (n: number): number => Math.round(n / 1024);

async function solve(
  store: EvidenceStore,
  arrangement: Arrangement,
  settings: BuildSettings,
  cover: CoverLetterInput | undefined,
  o: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void; estimate?: boolean },
): Promise<Plan> {
  const { items, problems: refProblems } = await itemsOf(store, arrangement);
  if (refProblems.length) return emptyPlan(refProblems);
  const limits = settings.limits;
  if (settings.output === 'image') {
    const shape: PageProblem[] = [];
    if (cover)
      shape.push({
        message:
          'An image file holds a single page without a cover letter: leave the cover letter out, or choose a PDF.',
      });
    if (arrangement.pages.length !== 1)
      shape.push({
        message:
          'An image file holds a single page; this packet has ' +
          `${arrangement.pages.length} pages. Choose a PDF, or keep one page.`,
      });
    if (shape.length) return emptyPlan(shape);
  }
  const { colour, denoise, steps } = solverSteps(settings);
  let plan: Plan | undefined;
  for (let s = 0; s < steps.length; s++) {
    const { pages, problems: broken } = await encodeAll(
      store,
      items,
      arrangement,
      settings,
      colour,
      denoise,
      steps[s]!,
      s,
      o,
    );
    if (broken.length) return { ...emptyPlan(broken), step: s };
    const problems: PageProblem[] = [];
    if (settings.output === 'image') {
      const p = pages[0]!;
      const limit = Math.min(limits.maxFileBytes, limits.maxTotalBytes);
      if (p.bytes > limit)
        problems.push({
          itemId: p.item.id,
          page: p.page.page,
          name: p.item.name,
          message:
            `${pageLabel(p.item, p.page.page)} is ${kb(p.bytes)} KB as an image file even at the smallest ` +
            `legible size; the limit is ${kb(limit)} KB. Crop it, or choose a PDF with the strict preset.`,
        });
      plan = {
        step: s,
        pages,
        packing: { files: [[0]], oversize: [] },
        coverPages: 0,
        exhibits: [],
        problems,
        estimatedBytes: p.bytes,
      };
      if (problems.length === 0) break;
      continue;
    }
    let packing = pack(pages, cover ? COVER_PAGE_BYTES : 0, limits.maxFileBytes);
    let settled = await settleCover(pages, packing, cover, settings);
    packing = pack(pages, COVER_PAGE_BYTES * settled.coverPages, limits.maxFileBytes);
    settled = await settleCover(pages, packing, cover, settings);
    const { coverPages, exhibits } = settled;
    const estimatedBytes =
      pages.reduce((sum, p) => sum + p.bytes + PAGE_OVERHEAD, 0) +
      packing.files.length * FILE_OVERHEAD +
      COVER_PAGE_BYTES * coverPages;
    for (const i of packing.oversize) {
      const p = pages[i]!;
      const advice =
        p.item.kind === 'pdf'
          ? ' Even drawn as an image it does not fit: ask for a lighter ' +
            'copy of this PDF, or print only the part that matters.'
          : ' Crop it or photograph it again in better light.';
      problems.push({
        itemId: p.item.id,
        page: p.page.page,
        name: p.item.name,
        message:
          `${pageLabel(p.item, p.page.page)} is ${kb(p.bytes)} KB even at the smallest ` +
          `legible size; the limit is ${kb(limits.maxFileBytes)} KB per file.${advice}`,
      });
    }
    if (estimatedBytes > limits.maxTotalBytes) {
      const biggest = [...pages]
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 3)
        .map((p) => `${pageLabel(p.item, p.page.page)} (${kb(p.bytes)} KB)`);
      problems.push({
        message:
          `The packet needs about ${(estimatedBytes / 1048576).toFixed(1)} MB; the limit ` +
          `is ${(limits.maxTotalBytes / 1048576).toFixed(1)} MB per chargeback. The ` +
          `largest pages: ${biggest.join(', ')}. Remove pages or choose the strict preset.`,
      });
    }
    const totalPages = pages.length + coverPages;
    if (totalPages > limits.maxPages)
      problems.push({
        message:
          `The packet has ${totalPages} pages${coverPages ? ' with the cover letter' : ''}; ` +
          `the limit is ${limits.maxPages}. Remove ${totalPages - limits.maxPages} ` +
          `${totalPages - limits.maxPages === 1 ? 'page' : 'pages'}.`,
      });
    plan = { step: s, pages, packing, coverPages, exhibits, problems, estimatedBytes };
    // Fewer pages cannot be reached by compressing harder: stop stepping for that alone.
    const onlyPageCount =
      problems.length === 1 &&
      totalPages > limits.maxPages &&
      estimatedBytes <= limits.maxTotalBytes &&
      packing.oversize.length === 0;
    if (problems.length === 0 || onlyPageCount) break;
  }
  return plan!;
}

/** What the merchant should check: pages compressed past the preset, PDF pages drawn as images. */
function warningsOf(plan: Plan, settings: BuildSettings): string[] {
  const warnings: string[] = [];
  if (plan.step > 0)
    warnings.push(
      `Compressed harder than the ${settings.preset} preset to fit the limits (step ${plan.step} ` +
        `of ${solverSteps(settings).steps.length - 1}); check that every page is still legible.`,
    );
  const why: Record<Exclude<DrawnBecause, 'chosen' | 'file'>, string> = {
    colour:
      settings.limits.colour === 'bw'
        ? 'the limits allow only black and white'
        : settings.limits.colour === 'grayscale'
          ? 'the limits allow only grayscale'
          : 'the preset is black and white',
    dpi: `they hold pictures finer than the ${settings.limits.maxDpi} dpi limit`,
    metadata: 'the metadata of a picture on them could not be removed for sure',
    unknown: 'their content could not be checked against the limits',
    size: 'they were too large as they were',
    masked: 'they show a card number, now covered',
  };
  for (const reason of Object.keys(why) as Array<keyof typeof why>) {
    const byItem = new Map<string, { item: EvidenceItem; pages: number[] }>();
    for (const p of plan.pages) {
      if (p.kind !== 'image' || p.drawn !== reason) continue;
      const e = byItem.get(p.item.id) ?? { item: p.item, pages: [] };
      e.pages.push(p.page.page + 1);
      byItem.set(p.item.id, e);
    }
    if (byItem.size === 0) continue;
    const list = [...byItem.values()]
      .map((e) => `${e.item.name} ${describePages([...new Set(e.pages)].sort((a, b) => a - b))}`)
      .join(', ');
    warnings.push(`PDF pages turned into images because ${why[reason]}: ${list}. Check that they are legible.`);
  }
  return warnings;
}

export async function estimatePacket(
  store: EvidenceStore,
  arrangement: Arrangement,
  settings: BuildSettings,
  cover?: CoverLetterInput,
): Promise<Estimate> {
  const plan = await solve(store, arrangement, settings, settings.coverLetter === false ? undefined : cover, {
    estimate: true,
  });
  return {
    bytes: Math.round(plan.estimatedBytes),
    pages: plan.pages.length + plan.coverPages,
    files: plan.packing.files.length,
    fits: plan.problems.length === 0,
    problems: plan.problems.map((p) => p.message),
    warnings: warningsOf(plan, settings),
  };
}

export async function buildPacket(
  store: EvidenceStore,
  arrangement: Arrangement,
  settings: BuildSettings,
  o: {
    outDir: string;
    coverLetter?: CoverLetterInput;
    signal?: AbortSignal;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<BuildResult> {
  const cover = settings.coverLetter === false ? undefined : o.coverLetter;
  if (arrangement.pages.length === 0 && !cover)
    throw new AppError('bad-input', 'There are no pages to build: add evidence first.');
  const plan = await solve(store, arrangement, settings, cover, o);
  if (plan.problems.length > 0)
    return {
      ok: false,
      files: [],
      totalBytes: 0,
      totalPages: plan.pages.length + plan.coverPages,
      problems: plan.problems,
      warnings: [],
      step: plan.step,
    };
  const base = safeBaseName(settings.baseName);
  const masked = maskedPlaces(plan.pages);
  const warnings = [...warningsOf(plan, settings), ...[maskedWarning(masked) ?? []].flat()];
  const report = masked.length ? { masked } : {};

  // A folder made here is removed again if the build fails: a failure leaves nothing behind.
  const createdDir = await mkdir(o.outDir, { recursive: true });
  const written: string[] = [];
  try {
    if (settings.output === 'image') {
      const only = plan.pages[0]!;
      if (only.kind !== 'image' || only.rendered.format === 'bilevel')
        throw new AppError('internal', 'The page was not drawn as an image file.');
      const ext = only.rendered.format === 'png' ? 'png' : 'jpg';
      const name = `${base}.${ext}`;
      await writeAtomic(join(o.outDir, name), only.rendered.data);
      written.push(name);
      const file: OutputFile = { name, documentType: ext, bytes: only.rendered.data.length, pages: 1 };
      return {
        ok: true,
        files: [file],
        totalBytes: file.bytes,
        totalPages: 1,
        problems: [],
        warnings,
        step: plan.step,
        ...report,
      };
    }
    let packing = plan.packing;
    let settled = { coverPages: plan.coverPages, exhibits: plan.exhibits };
    for (let attempt = 0; attempt < 3; attempt++) {
      const built = [];
      for (const [f, indices] of packing.files.entries()) {
        o.signal?.throwIfAborted();
        built.push(
          await assembleFile(
            store,
            plan.pages,
            indices,
            settings,
            f === 0 && cover ? { input: cover, exhibits: settled.exhibits } : undefined,
          ),
        );
      }
      const over = built.map((b) => b.bytes.length - settings.limits.maxFileBytes);
      if (over.every((x) => x <= 0)) {
        const files: OutputFile[] = [];
        for (const [f, b] of built.entries()) {
          const name = built.length === 1 ? `${base}.pdf` : `${base}-part-${f + 1}-of-${built.length}.pdf`;
          await writeAtomic(join(o.outDir, name), b.bytes);
          written.push(name);
          files.push({ name, documentType: 'pdf', bytes: b.bytes.length, pages: b.pages });
        }
        const totalBytes = files.reduce((s, x) => s + x.bytes, 0);
        if (totalBytes > settings.limits.maxTotalBytes)
          throw new AppError('internal', 'The built packet came out larger than estimated; try the strict preset.');
        return {
          ok: true,
          files,
          totalBytes,
          totalPages: files.reduce((s, x) => s + x.pages, 0),
          problems: [],
          warnings,
          step: plan.step,
          ...report,
        };
      }
      // The estimate was short (shared resources, fonts): pack tighter by the overshoot, and
      // settle the letter again, since its exhibit page numbers follow the new split.
      packing = pack(
        plan.pages,
        COVER_PAGE_BYTES * settled.coverPages,
        settings.limits.maxFileBytes - Math.max(...over) - 4096,
      );
      settled = await settleCover(plan.pages, packing, cover, settings);
    }
    throw new AppError(
      'internal',
      'The packet could not be split within the per-file limit; lower the preset or remove pages.',
    );
  } catch (e) {
    for (const name of written) await rm(join(o.outDir, name), { force: true });
    if (createdDir) await rm(createdDir, { recursive: true, force: true });
    throw e;
  }
}
