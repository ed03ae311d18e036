// Turns the merchant's arrangement into files the processor accepts. A size-budget solver steps
// quality and resolution down (as far as legibility allows) until every file and the whole
// packet fit; files are split where the per-file limit demands; pages that cannot fit are
// named. No page is ever dropped silently.
import { PDFDocument, degrees } from 'pdf-lib';
import { pushGraphicsState, popGraphicsState, concatTransformationMatrix, drawObject } from 'pdf-lib';
import { mkdir, rm } from 'node:fs/promises';
import { writeAtomic } from '../fs/write-atomic.ts';
import { join } from 'node:path';
import sharp from 'sharp';
import type { EvidenceStore } from './evidence-store.ts';
import { renderImagePage, pageInches, MARGIN_IN, type RenderOptions, type RenderedPage } from './render-page.ts';
import { loadPdf } from './pdf-facts.ts';
import { drawCoverLetter, type Exhibit } from './cover-letter.ts';
import { safeBaseName } from './safe-names.ts';
import { presets, type ColourMode } from '../../shared/evidence/limits.ts';
import type { Arrangement, ArrangedPage, BuildResult, BuildSettings, CoverLetterInput, Estimate, EvidenceItem, OutputFile, PageProblem } from '../../shared/evidence/items.ts';
import { AppError } from '../../shared/errors.ts';

const PT = 72;
const PAGE_OVERHEAD = 900;
const FILE_OVERHEAD = 3000;

interface Step {
  quality: number;
  dpi: number;
  maxLongSide?: number;
}

/** The preset as chosen (adjusted to the limit profile), then the proven step-down: quality 60
 * at 2000 px long side, then 40 at 1200 px — about 100 dpi on a full page, the legibility floor. */
export function solverSteps(settings: BuildSettings): { colour: ColourMode; denoise: boolean; steps: Step[] } {
  const base = { ...presets[settings.preset], ...settings.overrides };
  const order: ColourMode[] = ['colour', 'grayscale', 'bw'];
  const colour = order[Math.max(order.indexOf(base.colour), order.indexOf(settings.limits.colour))]!;
  const dpi = Math.min(base.dpi, settings.limits.maxDpi);
  if (colour === 'bw') return { colour, denoise: base.denoise, steps: [{ quality: 0, dpi }, { quality: 0, dpi: Math.min(dpi, 150) }, { quality: 0, dpi: Math.min(dpi, 120) }] };
  return { colour, denoise: base.denoise, steps: [{ quality: base.jpegQuality, dpi }, { quality: Math.min(60, base.jpegQuality), dpi: Math.min(dpi, 150), maxLongSide: 2000 }, { quality: Math.min(40, base.jpegQuality), dpi: Math.min(dpi, 150), maxLongSide: 1200 }] };
}

type Encoded =
  | { kind: 'image'; page: ArrangedPage; item: EvidenceItem; rendered: RenderedPage; bytes: number }
  | { kind: 'pdf'; page: ArrangedPage; item: EvidenceItem; bytes: number };

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

const pdfPageBytes = new Map<string, number>();
const loadedPdfs = new Map<string, Promise<PDFDocument>>();
function sourcePdf(store: EvidenceStore, id: string): Promise<PDFDocument> {
  let doc = loadedPdfs.get(id);
  if (!doc) {
    doc = store.bytes(id).then(loadPdf);
    doc.catch(() => loadedPdfs.delete(id));
    loadedPdfs.set(id, doc);
    if (loadedPdfs.size > 4) loadedPdfs.delete(loadedPdfs.keys().next().value!);
  }
  return doc;
}

async function measurePdfPage(store: EvidenceStore, item: EvidenceItem, page: number): Promise<number> {
  const key = `${item.id}:${page}`;
  const known = pdfPageBytes.get(key);
  if (known !== undefined) return known;
  const src = await sourcePdf(store, item.id);
  const doc = await PDFDocument.create();
  doc.addPage().drawPage(await doc.embedPage(src.getPage(page)));
  const bytes = (await doc.save()).length;
  pdfPageBytes.set(key, bytes);
  return bytes;
}

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (t: T, i: number) => Promise<R>, signal?: AbortSignal): Promise<R[]> {
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

async function encodeAll(store: EvidenceStore, items: Map<string, EvidenceItem>, arrangement: Arrangement, settings: BuildSettings, colour: ColourMode, denoise: boolean, step: Step, o: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void }): Promise<Encoded[]> {
  let done = 0;
  return mapLimited(arrangement.pages, 2, async (page) => {
    const item = items.get(page.itemId)!;
    let result: Encoded;
    if (item.kind === 'pdf') result = { kind: 'pdf', page, item, bytes: await measurePdfPage(store, item, page.page) };
    else {
      const opts: RenderOptions = { dpi: step.dpi, colour, quality: step.quality || 75, denoise, maxLongSide: step.maxLongSide, pageSize: settings.pageSize };
      const rendered = await cached(`${item.id}:${page.page}:${page.rotation}:${JSON.stringify(opts)}`, async () => renderImagePage(await store.bytes(item.id), item.kind as Exclude<EvidenceItem['kind'], 'pdf'>, page.page, page.rotation, opts));
      result = { kind: 'image', page, item, rendered, bytes: rendered.data.length };
    }
    o.onProgress?.(++done, arrangement.pages.length);
    return result;
  }, o.signal);
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

function exhibitsOf(pages: readonly Encoded[], packing: Packing, coverPages: number): Exhibit[] {
  const where = new Map<string, { name: string; spots: Map<number, number[]> }>();
  packing.files.forEach((file, f) => {
    file.forEach((pi, k) => {
      const p = pages[pi]!;
      const e = where.get(p.item.id) ?? { name: p.item.name, spots: new Map() };
      const pageNumber = k + 1 + (f === 0 ? coverPages : 0);
      e.spots.set(f, [...(e.spots.get(f) ?? []), pageNumber]);
      where.set(p.item.id, e);
    });
  });
  const multi = packing.files.length > 1;
  return [...where.values()].map((e) => ({ name: e.name, where: [...e.spots.entries()].map(([f, nums]) => `${multi ? `file ${f + 1}, ` : ''}${describePages(nums)}`).join('; ') }));
}

function drawBilevel(doc: PDFDocument, page: ReturnType<PDFDocument['addPage']>, r: RenderedPage, x: number, y: number, w: number, h: number): void {
  const stream = doc.context.flateStream(new Uint8Array(0), { Type: 'XObject', Subtype: 'Image', Width: r.widthPx, Height: r.heightPx, ColorSpace: 'DeviceGray', BitsPerComponent: 1 });
  // The bits are already deflated: replace the empty contents with them.
  (stream as unknown as { contents: Uint8Array }).contents = new Uint8Array(r.data);
  const ref = doc.context.register(stream);
  const name = page.node.newXObject('Bw', ref);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(w, 0, 0, h, x, y), drawObject(name), popGraphicsState());
}

async function assembleFile(store: EvidenceStore, pages: readonly Encoded[], indices: readonly number[], settings: BuildSettings, cover: { input: CoverLetterInput; exhibits: Exhibit[] } | undefined): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create();
  doc.setProducer('Dispute Desk');
  doc.setCreator('Dispute Desk');
  let count = 0;
  if (cover) count += await drawCoverLetter(doc, cover.input, cover.exhibits, settings.pageSize);
  const size = { w: pageInches[settings.pageSize].w * PT, h: pageInches[settings.pageSize].h * PT };
  const box = { w: size.w - 2 * MARGIN_IN * PT, h: size.h - 2 * MARGIN_IN * PT };
  const sources = new Map<string, PDFDocument>();
  for (const i of indices) {
    const p = pages[i]!;
    const page = doc.addPage([size.w, size.h]);
    count++;
    if (p.kind === 'image') {
      const r = p.rendered;
      const scale = Math.min(1, box.w / (r.widthIn * PT), box.h / (r.heightIn * PT));
      const w = r.widthIn * PT * scale;
      const h = r.heightIn * PT * scale;
      const x = (size.w - w) / 2;
      const y = (size.h - h) / 2;
      if (r.format === 'jpeg') page.drawImage(await doc.embedJpg(r.data), { x, y, width: w, height: h });
      else drawBilevel(doc, page, r, x, y, w, h);
    } else {
      let src = sources.get(p.item.id);
      if (!src) {
        src = await loadPdf(await store.bytes(p.item.id));
        sources.set(p.item.id, src);
      }
      const srcPage = src.getPage(p.page.page);
      const embedded = await doc.embedPage(srcPage);
      const turn = (srcPage.getRotation().angle + p.page.rotation) % 360;
      const sideways = turn === 90 || turn === 270;
      const natural = { w: embedded.width, h: embedded.height };
      const fitted = sideways ? { w: natural.h, h: natural.w } : natural;
      const scale = Math.min(box.w / fitted.w, box.h / fitted.h);
      const W = natural.w * scale;
      const H = natural.h * scale;
      const ox = (size.w - fitted.w * scale) / 2;
      const oy = (size.h - fitted.h * scale) / 2;
      // Clockwise turns, drawn as counter-clockwise rotations about the anchor point.
      const anchor = turn === 90 ? { x: ox, y: oy + W } : turn === 180 ? { x: ox + W, y: oy + H } : turn === 270 ? { x: ox + H, y: oy } : { x: ox, y: oy };
      page.drawPage(embedded, { x: anchor.x, y: anchor.y, xScale: scale, yScale: scale, rotate: degrees(-turn) });
    }
  }
  return { bytes: await doc.save({ useObjectStreams: true }), pages: count };
}


async function itemsOf(store: EvidenceStore, arrangement: Arrangement): Promise<{ items: Map<string, EvidenceItem>; problems: PageProblem[] }> {
  const items = new Map<string, EvidenceItem>();
  const problems: PageProblem[] = [];
  for (const p of arrangement.pages) {
    if (!items.has(p.itemId)) {
      const item = await store.get(p.itemId);
      if (!item) {
        problems.push({ itemId: p.itemId, message: 'A page refers to evidence that is no longer in the evidence store; add the file again.' });
        continue;
      }
      items.set(p.itemId, item);
    }
    const item = items.get(p.itemId)!;
    if (p.page >= item.pages) problems.push({ itemId: item.id, page: p.page, name: item.name, message: `${item.name} has no page ${p.page + 1}.` });
  }
  return { items, problems };
}

async function coverPageCount(input: CoverLetterInput | undefined, exhibits: Exhibit[], settings: BuildSettings): Promise<number> {
  if (!input) return 0;
  return drawCoverLetter(await PDFDocument.create(), input, exhibits, settings.pageSize);
}

interface Plan {
  step: number;
  pages: Encoded[];
  packing: Packing;
  coverPages: number;
  problems: PageProblem[];
  estimatedBytes: number;
}

async function solve(store: EvidenceStore, arrangement: Arrangement, settings: BuildSettings, cover: CoverLetterInput | undefined, o: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void; firstStepOnly?: boolean }): Promise<Plan> {
  const { items, problems: refProblems } = await itemsOf(store, arrangement);
  if (refProblems.length) return { step: 0, pages: [], packing: { files: [], oversize: [] }, coverPages: 0, problems: refProblems, estimatedBytes: 0 };
  const { colour, denoise, steps } = solverSteps(settings);
  const limits = settings.limits;
  let plan: Plan | undefined;
  for (let s = 0; s < (o.firstStepOnly ? 1 : steps.length); s++) {
    const pages = await encodeAll(store, items, arrangement, settings, colour, denoise, steps[s]!, o);
    const coverEstimate = cover ? 25_000 : 0;
    let packing = pack(pages, coverEstimate, limits.maxFileBytes);
    let coverPages = await coverPageCount(cover, exhibitsOf(pages, packing, 1), settings);
    packing = pack(pages, coverEstimate * coverPages, limits.maxFileBytes);
    coverPages = await coverPageCount(cover, exhibitsOf(pages, packing, coverPages), settings);
    const estimatedBytes = pages.reduce((sum, p) => sum + p.bytes + PAGE_OVERHEAD, 0) + packing.files.length * FILE_OVERHEAD + coverEstimate * coverPages;
    const problems: PageProblem[] = [];
    for (const i of packing.oversize) {
      const p = pages[i]!;
      problems.push({ itemId: p.item.id, page: p.page.page, name: p.item.name, message: `${p.item.name}${p.item.pages > 1 ? ` page ${p.page.page + 1}` : ''} is ${Math.round(p.bytes / 1024)} KB even at the smallest legible size; the limit is ${Math.round(limits.maxFileBytes / 1024)} KB per file.${p.kind === 'pdf' ? ' Print this PDF page to an image, or ask for a lighter copy.' : ' Crop it or photograph it again in better light.'}` });
    }
    if (estimatedBytes > limits.maxTotalBytes) {
      const biggest = [...pages].sort((a, b) => b.bytes - a.bytes).slice(0, 3).map((p) => `${p.item.name}${p.item.pages > 1 ? ` page ${p.page.page + 1}` : ''} (${Math.round(p.bytes / 1024)} KB)`);
      problems.push({ message: `The packet needs about ${(estimatedBytes / 1048576).toFixed(1)} MB; the limit is ${(limits.maxTotalBytes / 1048576).toFixed(1)} MB per chargeback. The largest pages: ${biggest.join(', ')}. Remove pages or choose the strict preset.` });
    }
    const totalPages = pages.length + coverPages;
    if (totalPages > limits.maxPages) problems.push({ message: `The packet has ${totalPages} pages${coverPages ? ' with the cover letter' : ''}; the limit is ${limits.maxPages}. Remove ${totalPages - limits.maxPages} ${totalPages - limits.maxPages === 1 ? 'page' : 'pages'}.` });
    plan = { step: s, pages, packing, coverPages, problems, estimatedBytes };
    // Fewer pages cannot be reached by compressing harder: stop stepping for that alone.
    const onlyPageCount = problems.length === 1 && totalPages > limits.maxPages && estimatedBytes <= limits.maxTotalBytes && packing.oversize.length === 0;
    if (problems.length === 0 || onlyPageCount) break;
  }
  return plan!;
}

export async function estimatePacket(store: EvidenceStore, arrangement: Arrangement, settings: BuildSettings, cover?: CoverLetterInput): Promise<Estimate> {
  const plan = await solve(store, arrangement, settings, cover, {});
  return { bytes: Math.round(plan.estimatedBytes), pages: plan.pages.length + plan.coverPages, files: plan.packing.files.length, fits: plan.problems.length === 0, problems: plan.problems.map((p) => p.message) };
}

export async function buildPacket(store: EvidenceStore, arrangement: Arrangement, settings: BuildSettings, o: { outDir: string; coverLetter?: CoverLetterInput; signal?: AbortSignal; onProgress?: (done: number, total: number) => void }): Promise<BuildResult> {
  if (arrangement.pages.length === 0 && !o.coverLetter) throw new AppError('bad-input', 'There are no pages to build: add evidence first.');
  const plan = await solve(store, arrangement, settings, o.coverLetter, o);
  if (plan.problems.length > 0) return { ok: false, files: [], totalBytes: 0, totalPages: plan.pages.length + plan.coverPages, problems: plan.problems, warnings: [], step: plan.step };
  await mkdir(o.outDir, { recursive: true });
  const base = safeBaseName(settings.baseName);
  const warnings: string[] = [];
  if (plan.step > 0) warnings.push(`Compressed harder than the ${settings.preset} preset to fit the limits (step ${plan.step} of 2); check that every page is still legible.`);

  const written: string[] = [];
  try {
    // A single image may stay an image when the merchant prefers and nothing else goes with it.
    const only = plan.pages[0];
    if (settings.output === 'keep-single-image' && plan.pages.length === 1 && !o.coverLetter && only?.kind === 'image') {
      const jpeg = only.rendered.format === 'jpeg';
      const data = jpeg ? only.rendered.data : await sharp(await store.bytes(only.item.id)).autoOrient().rotate(only.page.rotation).grayscale().threshold(160).png({ palette: true, colours: 2, compressionLevel: 9 }).toBuffer();
      const name = `${base}.${jpeg ? 'jpg' : 'png'}`;
      await writeAtomic(join(o.outDir, name), data);
      written.push(name);
      const file: OutputFile = { name, documentType: jpeg ? 'jpg' : 'png', bytes: data.length, pages: 1 };
      return { ok: true, files: [file], totalBytes: data.length, totalPages: 1, problems: [], warnings, step: plan.step };
    }
    let packing = plan.packing;
    for (let attempt = 0; attempt < 3; attempt++) {
      const exhibits = exhibitsOf(plan.pages, packing, plan.coverPages);
      const built = [];
      for (const [f, indices] of packing.files.entries()) {
        built.push(await assembleFile(store, plan.pages, indices, settings, f === 0 && o.coverLetter ? { input: o.coverLetter, exhibits } : undefined));
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
        if (totalBytes > settings.limits.maxTotalBytes) throw new AppError('internal', 'The built packet came out larger than estimated; try the strict preset.');
        return { ok: true, files, totalBytes, totalPages: files.reduce((s, x) => s + x.pages, 0), problems: [], warnings, step: plan.step };
      }
      // The estimate was short (shared resources, fonts): pack tighter by the overshoot.
      packing = pack(plan.pages, o.coverLetter ? 25_000 * plan.coverPages : 0, settings.limits.maxFileBytes - Math.max(...over) - 4096);
    }
    throw new AppError('internal', 'The packet could not be split within the per-file limit; lower the preset or remove pages.');
  } catch (e) {
    for (const name of written) await rm(join(o.outDir, name), { force: true });
    throw e;
  }
}
