// Every page of a stored evidence file searched for full card numbers, once per file: a photo or
// scan by OCR (the right way up by its EXIF orientation; a page lying sideways is turned until
// it reads), a PDF page by its own text and, where it holds pictures (or its content could not
// be read), by OCR of the page as pdf.js draws it. The result is kept beside the file in the evidence store (addressed by the
// same content hash), so the window's preview and every build (window, CLI, batch) use the same
// masks and no build reads a page again. A scan starts when the window first asks about a file
// (its list of card numbers, its size estimate) and runs in the background; a build waits for
// it: no page goes out unsearched.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { writeAtomic } from '../../fs/write-atomic.ts';
import { createOcrEngine, type OcrEngine, type OcrPage } from '../../ocr/ocr-engine.ts';
import { pageForOcr } from '../../ocr/page-image.ts';
import type { EvidenceStore } from '../evidence-store.ts';
import { measurePdfPage, pdfPageText } from '../pdf-raster.ts';
import { numbersInLines, type FoundNumber } from './ocr-masks.ts';
import { numbersInText as numbersInLayer } from './text-masks.ts';
import {
  cardScanSchema,
  turnRect,
  type CardMask,
  type CardScan,
  type PageRect,
} from '../../../shared/evidence/card-numbers.ts';
import type { EvidenceItem } from '../../../shared/evidence/items.ts';
import { AppError } from '../../../shared/errors.ts';

/** Bumped when the search changes: older scans are then made again. */
const SCAN_VERSION = 2;
/** The engine's mean confidence on a page read the right way up is 80-95; sideways text reads
 * as noise below this (the batch's reader measured the same). */
const UPRIGHT = 60;

let engine: OcrEngine | undefined;
/** The scanner's own engine, started on the first page and ended a few seconds after the last:
 * a command-line build does not wait a minute for it to go. */
function ocr(): OcrEngine {
  engine ??= createOcrEngine({ idleMs: 3000 });
  return engine;
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

/** One page's card numbers, in fractions of the page as it lies. A page that reads badly as it
 * lies is tried at each quarter turn (half size), and the best turn is read in full. */
async function scanPicture(engine: OcrEngine, image: Buffer, signal?: AbortSignal): Promise<FoundNumber[]> {
  const size = await sharp(image).metadata();
  const dims = { w: size.width ?? 1, h: size.height ?? 1 };
  const first = await engine.read(image, { signal });
  const found = numbersInLines(first.lines, dims);
  if (first.confidence >= UPRIGHT || found.length) return found;
  let best: { turn: number; confidence: number } = { turn: 0, confidence: first.confidence };
  for (const turn of [90, 180, 270]) {
    const r = await engine.read(await turnedImage(image, turn, 0.5), { signal });
    if (r.confidence > best.confidence) best = { turn, confidence: r.confidence };
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
  for (const n of await scanPicture(ocr(), await pageForOcr(store, item, page), signal))
    if (!n.rects.some((r) => textRects.some((t) => overlaps(r, t)))) found.push({ ...n, source: 'ocr' });
  return found;
}

async function scanItem(store: EvidenceStore, item: EvidenceItem, signal?: AbortSignal): Promise<CardScan> {
  const masks: CardMask[] = [];
  const unreadPages: number[] = [];
  for (let page = 0; page < item.pages; page++) {
    signal?.throwIfAborted();
    let found: Array<FoundNumber & { source: CardMask['source'] }>;
    try {
      found =
        item.kind === 'pdf'
          ? await scanPdfPage(store, item, page, signal)
          : (await scanPicture(ocr(), await pageForOcr(store, item, page), signal)).map((n) => ({
              ...n,
              source: 'ocr' as const,
            }));
    } catch (e) {
      if (e instanceof AppError && e.kind === 'cancelled') throw e;
      // A page that cannot be drawn or read fails alone: it is noted, and the build, which
      // draws it again, refuses or reports it in its own words.
      unreadPages.push(page);
      continue;
    }
    found.forEach((n, k) => masks.push({ id: `${page}:${k}`, page, last4: n.last4, rects: n.rects, source: n.source }));
  }
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
      // Kept for the next run; a disk that refuses it costs a second reading then, nothing now.
      await writeAtomic(fileOf(store, item.id), JSON.stringify({ version: SCAN_VERSION, ...made })).catch(
        () => undefined,
      );
      return made;
    })();
    void scan.then(
      (s) => {
        done.set(key, s);
        if (done.size > 2000) done.delete(done.keys().next().value!);
      },
      () => undefined,
    );
    scan.catch(() => scans.delete(key));
    scans.set(key, scan);
    if (scans.size > 2000) scans.delete(scans.keys().next().value!);
  }
  return scan;
}

/** The scan of a file if it is done; else it is started (or left running) and nothing is
 * waited for: the window's size estimate is not held up by OCR (a mask changes a page's bytes by
 * next to nothing), while every build waits (cardScanOf). */
export function cardScanIfDone(store: EvidenceStore, item: EvidenceItem): CardScan | undefined {
  const known = done.get(`${store.dir}:${item.id}`);
  if (!known) cardScanOf(store, item).catch(() => undefined);
  return known;
}

/** Ends the scanner's OCR engine now (a command that is done). */
export async function closeCardScanner(): Promise<void> {
  const e = engine;
  engine = undefined;
  await e?.close();
}
