// Every page of a stored evidence file searched for full card numbers, once per file: a photo or
// scan by OCR (the right way up by its EXIF orientation; a page lying sideways is turned until
// it reads), a PDF page by its own text and, where it holds pictures (or its content could not
// be read), by OCR of the page as pdf.js draws it. Pages are read by up to two OCR engines at
// once (one per core; the second only when pages keep the first busy, see ocr-pool.ts). The
// result is kept beside the file in the evidence store (addressed by the same content hash), so
// the window's preview and every build (window, CLI, batch) use the same masks and no build
// reads a page again. A scan starts when the window first asks about a file
// (its list of card numbers, its size estimate) and runs in the background; a build waits for
// it: no page goes out unsearched.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { writeAtomic } from '../../fs/write-atomic.ts';
import type { OcrEngine, OcrPage } from '../../ocr/ocr-engine.ts';
import { ENGINES, ocr } from './scan-engines.ts';
import { grayPageForOcr, ocrImage } from '../../ocr/page-image.ts';
import type { GrayPixels } from '../render-page.ts';
import type { EvidenceStore } from '../evidence-store.ts';
import { measurePdfPage, pdfPageText } from '../pdf-raster.ts';
import { numbersInLines, type FoundNumber } from './ocr-masks.ts';
import { readPlaces } from './read-places.ts';
import { READ_DPI } from './search-page.ts';
import { numbersInText as numbersInLayer } from './text-masks.ts';
import {
  cardScanSchema,
  turnRect,
  type CardMask,
  type CardScan,
  type PageRect,
} from '../../../shared/evidence/card-numbers.ts';
import type { EvidenceItem, ImportOutcome } from '../../../shared/evidence/items.ts';
import { AppError } from '../../../shared/errors.ts';
import { mapLimited } from '../../../shared/map-limited.ts';

/** Bumped when the search changes: older scans are then made again (3: a PDF page is read at its
 * own size; shrunk into Letter's printable area, an A4 scan's 6 pt card number was missed. 4: a
 * PDF page whose content pdf-lib may misread, or with annotations, is read by OCR. 5: so is one
 * painting through a tiling pattern, a Type 3 font or a soft mask). */
export const SCAN_VERSION = 5;
/** The engine's mean confidence on a page read the right way up is 80-95; sideways text reads
 * as noise below this (the batch's reader measured the same). */
const UPRIGHT = 60;
/** A page lying sideways is tried at each quarter turn at this resolution, enough to tell text
 * from noise by the engine's confidence. */
const TRY_DPI = 100;

/** Pages drawn for reading and read at once, across every file being searched: a build starts
 * the search of all its files together (so it runs beside the drawing of the packet), and only
 * as many pages as there are engines are held in memory, plus one drawn ahead. */
const PAGES_AT_ONCE = ENGINES + 1;
let pagesNow = 0;
const waiting: Array<() => void> = [];
async function oneOfPages<T>(work: () => Promise<T>): Promise<T> {
  if (pagesNow >= PAGES_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  else pagesNow++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const go = waiting.shift();
    if (go) go();
    else pagesNow--;
  }
}

const fileOf = (store: EvidenceStore, id: string): string => `${store.pathOf(id)}.cards.json`;

async function readStored(store: EvidenceStore, id: string): Promise<CardScan | undefined> {
  try {
    const raw = JSON.parse(await readFile(fileOf(store, id), 'utf8')) as { version?: number };
    if (raw.version !== SCAN_VERSION) return undefined;
    return cardScanSchema.parse(raw);
  } catch {
    return undefined;
  }
}

const turnedImage = (image: Buffer, turn: number, scale = 1): Promise<Buffer> =>
  (async () => {
    let p = sharp(image);
    if (scale !== 1) {
      const { width } = await sharp(image).metadata();
      p = p.resize({ width: Math.max(1, Math.round((width ?? 1) * scale)) });
    }
    return p.rotate(turn).jpeg({ quality: 85 }).toBuffer();
  })();

/** Fewer letters and digits than this in a page's read: no text, upright or sideways. Text lying
 * sideways reads as marks of garbage (30 for a three-line till receipt, 750 for an A4 page); a
 * photo without text, none: it is not tried at three more turns. */
const SOME_TEXT = 4;

/** One page's card numbers, in fractions of the page as it lies: one read for a page that reads
 * as text the way it lies (or shows a number), or shows no text at all. One that reads as garbage
 * is tried at its quarter turns (at TRY_DPI), the sideways ones first, until one reads as text;
 * that turn is read in full (three reads for a page lying sideways, five at most). */
export async function scanPicture(engine: OcrEngine, image: Buffer, signal?: AbortSignal): Promise<FoundNumber[]> {
  const size = await sharp(image).metadata();
  const dims = { w: size.width ?? 1, h: size.height ?? 1 };
  const first = await engine.read(image, { signal });
  const found = numbersInLines(first.lines, dims);
  if (first.confidence >= UPRIGHT || found.length) return found;
  if (first.text.replace(/[^\p{L}\p{N}]/gu, '').length < SOME_TEXT) return found;
  let best: { turn: number; confidence: number } = { turn: 0, confidence: first.confidence };
  for (const turn of [90, 270, 180]) {
    const r = await engine.read(await turnedImage(image, turn, TRY_DPI / READ_DPI), { signal });
    if (r.confidence > best.confidence) best = { turn, confidence: r.confidence };
    if (r.confidence >= UPRIGHT) break;
  }
  if (best.turn === 0) return found;
  const read: OcrPage = await engine.read(await turnedImage(image, best.turn), { signal });
  const turnedDims = best.turn % 180 ? { w: dims.h, h: dims.w } : dims;
  // Found on the turned picture: turned back onto the page as it lies.
  return numbersInLines(read.lines, turnedDims).map((n) => ({
    last4: n.last4,
    rects: n.rects.map((r) => turnRect(r, 360 - best.turn)),
  }));
}

/** One page's card numbers: a page of print by reading only the places that could hold one
 * (read-places.ts), any other page (a photo with a few words, a page lying sideways) whole. */
export async function scanPage(engine: OcrEngine, page: GrayPixels, signal?: AbortSignal): Promise<FoundNumber[]> {
  const read = await readPlaces(engine, page, signal);
  return read.judged ? read.found : scanPicture(engine, await ocrImage(page), signal);
}

const overlaps = (a: PageRect, b: PageRect): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** A PDF page: its text layer, and OCR where pictures could hold a number the text does not.
 * A number both find is masked once (the text layer's, which is exact). */
async function scanPdfPage(
  store: EvidenceStore,
  item: EvidenceItem,
  page: number,
  signal?: AbortSignal,
): Promise<Array<FoundNumber & { source: CardMask['source'] }>> {
  const bytes = () => store.bytes(item.id);
  const facts = await measurePdfPage(item.id, bytes, page);
  const inText = numbersInLayer(await pdfPageText(item.id, bytes, page));
  const found = inText.map((n): FoundNumber & { source: CardMask['source'] } => ({ ...n, source: 'text' }));
  if (facts.content && facts.content.images === 0) return found;
  const textRects = inText.flatMap((n) => n.rects);
  for (const n of await scanPage(ocr(), await grayPageForOcr(store, item, page, READ_DPI), signal))
    if (!n.rects.some((r) => textRects.some((t) => overlaps(r, t)))) found.push({ ...n, source: 'ocr' });
  return found;
}

async function scanItem(store: EvidenceStore, item: EvidenceItem, signal?: AbortSignal): Promise<CardScan> {
  // Pages of one file are read as many at once as there are engines: no more pages are drawn
  // (and held in memory) than can be read.
  const pages = Array.from({ length: item.pages }, (_, page) => page);
  const results = await mapLimited(
    pages,
    ENGINES,
    async (page): Promise<Array<FoundNumber & { source: CardMask['source'] }> | undefined> => {
      try {
        return await oneOfPages(async () =>
          item.kind === 'pdf'
            ? await scanPdfPage(store, item, page, signal)
            : (await scanPage(ocr(), await grayPageForOcr(store, item, page, READ_DPI), signal)).map((n) => ({
                ...n,
                source: 'ocr' as const,
              })),
        );
      } catch (e) {
        if (e instanceof AppError && e.kind === 'cancelled') throw e;
        // A page that cannot be drawn or read fails alone: it is noted, and the build, which
        // draws it again, refuses or reports it in its own words.
        return undefined;
      }
    },
    { signal },
  );
  const masks: CardMask[] = [];
  const unreadPages: number[] = [];
  results.forEach((found, page) => {
    if (!found) unreadPages.push(page);
    else
      found.forEach((n, k) =>
        masks.push({ id: `${page}:${k}`, page, last4: n.last4, rects: n.rects, source: n.source }),
      );
  });
  return { masks, ...(unreadPages.length ? { unreadPages } : {}) };
}

const scans = new Map<string, Promise<CardScan>>();
/** Scans finished in this process, for the size estimate that does not wait. */
const done = new Map<string, CardScan>();

/** The card numbers of a stored file: as kept beside it, else searched now (once, however many
 * ask at the same time). */
export function cardScanOf(store: EvidenceStore, item: EvidenceItem): Promise<CardScan> {
  const key = `${store.dir}:${item.id}`;
  let scan = scans.get(key);
  if (!scan) {
    scan = (async () => {
      const kept = await readStored(store, item.id);
      if (kept) return kept;
      const made = await scanItem(store, item);
      // Kept for the next run; a disk that refuses it costs a second reading then, nothing now. A
      // scan with pages it could not read is not kept: the next run tries them again.
      if (!made.unreadPages)
        await writeAtomic(fileOf(store, item.id), JSON.stringify({ version: SCAN_VERSION, ...made })).catch(
          () => undefined,
        );
      return made;
    })();
    void scan.then(
      (s) => {
        done.set(key, s);
        if (done.size > 2000) done.delete(done.keys().next().value!);
        // Pages it could not read are tried again by whoever asks next (the report names them).
        if (s.unreadPages && scans.get(key) === scan) scans.delete(key);
      },
      () => undefined,
    );
    scan.catch(() => scans.delete(key));
    scans.set(key, scan);
    if (scans.size > 2000) scans.delete(scans.keys().next().value!);
  }
  return scan;
}

/** Files imported into the store, each searched for card numbers as soon as it should be: a
 * picture whose page the import drew (the store's page cache keeps it while there is room) at
 * once, beside the import of the rest, so the engines start reading early and take that drawing
 * while it is fresh; any other file once the import is done, when a build that follows draws
 * each page soon after its search. Searches run far ahead of the build would push out of the
 * cache the pages they drew before the build encodes them, and each would be decoded again. */
export async function importAndSearch(
  store: EvidenceStore,
  paths: readonly string[],
  o: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportOutcome[]> {
  const search = (item: EvidenceItem): void => void cardScanOf(store, item).catch(() => undefined);
  const outcomes = await store.importPaths(paths, {
    searchFollows: true,
    ...(o.signal ? { signal: o.signal } : {}),
    onProgress: (done, total, outcome) => {
      o.onProgress?.(done, total);
      if (outcome.ok && store.pages.holdsGrayOf(outcome.item.id)) search(outcome.item);
    },
  });
  for (const outcome of outcomes) if (outcome.ok) search(outcome.item);
  return outcomes;
}

/** The scan of a file if it is done; else it is started (or left running) and nothing is
 * waited for: the window's size estimate is not held up by OCR (a mask changes a page's bytes by
 * next to nothing), while every build waits (cardScanOf). */
export function cardScanIfDone(store: EvidenceStore, item: EvidenceItem): CardScan | undefined {
  const known = done.get(`${store.dir}:${item.id}`);
  if (!known) cardScanOf(store, item).catch(() => undefined);
  return known;
}
