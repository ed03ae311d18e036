// Reads what a scan says (OCR of its first page, and of the second when the first does not
// settle it) and matches that to the chargebacks. A page lying sideways or upside down is turned
// the right way up first: the bundled engine has no orientation model (tesseract's OSD needs the
// legacy osd.traineddata, which is not shipped), so when a page reads badly as it lies, the four
// turns are tried at half size and the one the engine is surest of is read in full. The turn is
// kept with the file so its packet goes upright too. A page that reads badly every way is said
// to be unreadable, never "read". Each page's reading is kept by content hash, so planning the
// same files again, or checking a receipt in the evidence builder after the batch read it,
// costs nothing.
import sharp from 'sharp';
import type { EvidenceStore } from '../../evidence/evidence-store.ts';
import type { OcrEngine } from '../../ocr/ocr-engine.ts';
import { pageForOcr } from '../../ocr/page-image.ts';
import type { ArrangedPage, EvidenceItem } from '../../../shared/evidence/items.ts';
import type { FileMatch, ScanRead } from '../../../shared/batch.ts';
import type { MatchCandidate } from './match-files.ts';
import { matchContent, type OurShop } from './match-content.ts';
import { readReceipt } from './receipt-facts.ts';
import { AppError, userMessage } from '../../../shared/errors.ts';
import { DecodeError } from '../../evidence/decode.ts';

type Rotation = ArrangedPage['rotation'];

const PAGES_READ = 2;
/** The engine's mean confidence (0-100) on a page read the right way up is 80-95 on clean scans
 * and photos; sideways or upside-down text reads as noise at 2-45. */
const UPRIGHT = 60;
/** Below this every way round, the page is not read: its text is noise. */
const READABLE = 50;
const turns: readonly Rotation[] = [0, 90, 180, 270];

export interface PageRead {
  text: string;
  /** Degrees clockwise the page was turned before reading (and is turned in the packet). */
  turn: Rotation;
  readable: boolean;
  confidence: number;
}

export interface ReadOptions {
  signal?: AbortSignal | undefined;
  /** 0-1 within this file. */
  onProgress?: ((fraction: number) => void) | undefined;
  /** The merchant's own shop names and address (its profile's): a receipt from another shop is a
   * reason against. */
  shop?: OurShop | undefined;
}

/** The page turned `turn` degrees clockwise, at `scale` of its size, as the engine reads it. */
async function turned(image: Buffer, turn: Rotation, scale = 1): Promise<Buffer> {
  let src = image;
  if (scale !== 1) {
    const { width } = await sharp(image).metadata();
    src = await sharp(image)
      .resize({ width: Math.max(1, Math.round((width ?? 1) * scale)) })
      .toBuffer();
  }
  return sharp(src).rotate(turn).jpeg({ quality: 85 }).toBuffer();
}

/** The turn among `which` the engine is surest of, each tried on the page at half size. */
async function probe(
  ocr: OcrEngine,
  image: Buffer,
  which: readonly Rotation[],
  o: { signal?: AbortSignal | undefined; onProgress?: ((f: number) => void) | undefined } = {},
): Promise<{ turn: Rotation; confidence: number }> {
  let best: { turn: Rotation; confidence: number } = { turn: 0, confidence: -1 };
  for (const [i, turn] of which.entries()) {
    const r = await ocr.read(await turned(image, turn, 0.5), { signal: o.signal });
    if (r.confidence > best.confidence) best = { turn, confidence: r.confidence };
    o.onProgress?.((i + 1) / which.length);
  }
  return best;
}

/** The turn that puts a page upright, for a scan whose text is not needed (its name matched
 * it): the cheap half-size test alone, as it lies first and the other three turns only when that
 * reads badly. A page that reads badly every way stays as it lies: nothing says which way is up. */
export async function uprightTurn(
  ocr: OcrEngine,
  image: Buffer,
  o: { signal?: AbortSignal | undefined } = {},
): Promise<Rotation> {
  const lying = await probe(ocr, image, [0], o);
  if (lying.confidence >= UPRIGHT) return 0;
  const best = await probe(ocr, image, [90, 180, 270], o);
  return best.confidence >= READABLE && best.confidence > lying.confidence ? best.turn : 0;
}

/** Reads one page image the right way up: as it lies when that reads well, else at the turn
 * the engine is surest of on a cheap half-size test of all four. */
export async function readUpright(
  ocr: OcrEngine,
  image: Buffer,
  o: { signal?: AbortSignal | undefined; onProgress?: ((f: number) => void) | undefined } = {},
): Promise<PageRead> {
  const first = await ocr.read(image, { signal: o.signal, onProgress: (f) => o.onProgress?.(f * 0.5) });
  if (first.confidence >= UPRIGHT) {
    o.onProgress?.(1);
    return { text: first.text, turn: 0, readable: true, confidence: first.confidence };
  }
  const best = await probe(ocr, image, turns, { signal: o.signal, onProgress: (f) => o.onProgress?.(0.5 + f * 0.4) });
  let page = { text: first.text, turn: 0 as Rotation, confidence: first.confidence };
  if (best.turn !== 0) {
    const r = await ocr.read(await turned(image, best.turn), { signal: o.signal });
    if (r.confidence > first.confidence) page = { text: r.text, turn: best.turn, confidence: r.confidence };
  }
  o.onProgress?.(1);
  return { ...page, readable: page.confidence >= READABLE };
}

export function createScanReader(deps: { evidence: EvidenceStore; ocr: OcrEngine }) {
  const pages = new Map<string, Promise<PageRead>>();
  const uprights = new Map<string, Promise<Rotation>>();

  function readPage(item: EvidenceItem, page: number, o: ReadOptions): Promise<PageRead> {
    const key = `${item.id}:${page}`;
    let read = pages.get(key);
    if (!read) {
      read = pageForOcr(deps.evidence, item, page).then((image) =>
        readUpright(deps.ocr, image, { signal: o.signal, onProgress: o.onProgress }),
      );
      read.catch(() => pages.delete(key));
      pages.set(key, read);
      if (pages.size > 500) pages.delete(pages.keys().next().value!);
    }
    return read;
  }

  /** What the scan says, matched, with how it was read: a cancel is thrown; a page that cannot
   * be read is a reason. */
  async function read(
    item: EvidenceItem,
    candidates: readonly MatchCandidate[],
    o: ReadOptions = {},
  ): Promise<{ match: FileMatch; scan?: ScanRead }> {
    const count = Math.min(PAGES_READ, item.pages);
    const done: PageRead[] = [];
    const scanOf = (): ScanRead => ({ read: done.some((p) => p.readable), turns: done.map((p) => p.turn) });
    try {
      let m: FileMatch | undefined;
      for (let p = 0; p < count && m?.status !== 'matched'; p++) {
        done.push(await readPage(item, p, { ...o, onProgress: (f) => o.onProgress?.((p + f) / count) }));
        const text = done
          .filter((x) => x.readable)
          .map((x) => x.text)
          .join('\n');
        if (text) m = matchContent(readReceipt(text), candidates, o.shop);
      }
      return {
        match: m ?? {
          status: 'unmatched',
          reason:
            `Its name says nothing and its text could not be read, whichever way up (too faint, blurred or ` +
            `not a receipt). Assign it by hand.`,
        },
        scan: scanOf(),
      };
    } catch (e) {
      if (e instanceof AppError && e.kind === 'cancelled') throw e;
      if (!(e instanceof AppError) && !(e instanceof DecodeError)) throw e;
      const why = e instanceof DecodeError ? e.message : userMessage(e);
      return {
        match: {
          status: 'unmatched',
          reason: `Its name says nothing and its text could not be read (${why}). Assign it by hand.`,
        },
        scan: scanOf(),
      };
    }
  }

  /** Which way up a scan matched by its name lies (its first page, not read in full): the turn
   * its packet pages take. Scans only: a PDF's pages are as its maker laid them out. */
  async function orientation(item: EvidenceItem, o: ReadOptions = {}): Promise<ScanRead | undefined> {
    if (item.kind === 'pdf' || item.pages < 1) return undefined;
    const read = pages.get(`${item.id}:0`);
    if (read) return { turns: [(await read).turn] };
    let turn = uprights.get(item.id);
    if (!turn) {
      turn = pageForOcr(deps.evidence, item, 0).then((image) => uprightTurn(deps.ocr, image, { signal: o.signal }));
      turn.catch(() => uprights.delete(item.id));
      uprights.set(item.id, turn);
      if (uprights.size > 500) uprights.delete(uprights.keys().next().value!);
    }
    try {
      return { turns: [await turn] };
    } catch (e) {
      if (e instanceof AppError && e.kind === 'cancelled') throw e;
      // A page that cannot be decoded for the test goes as it lies; the packet says the rest.
      if (e instanceof AppError || e instanceof DecodeError) return undefined;
      throw e;
    }
  }

  return {
    read,
    orientation,
    /** The text of one page, read the right way up. */
    pageText: async (item: EvidenceItem, page: number, o: ReadOptions = {}): Promise<string> =>
      (await readPage(item, page, o)).text,
    async match(item: EvidenceItem, candidates: readonly MatchCandidate[], o: ReadOptions = {}): Promise<FileMatch> {
      return (await read(item, candidates, o)).match;
    },
  };
}
export type ScanReader = ReturnType<typeof createScanReader>;
