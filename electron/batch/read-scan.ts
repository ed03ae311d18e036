// Reads what a scan says (OCR of its first page, and of the second when the first does not
// settle it) and matches that to the chargebacks. The text of each page is kept by content
// hash, so planning the same files again, or checking a receipt in the evidence builder after
// the batch read it, costs nothing.
import type { EvidenceStore } from '../evidence/evidence-store.ts';
import type { OcrEngine } from '../ocr/ocr-engine.ts';
import { pageForOcr } from '../ocr/page-image.ts';
import type { EvidenceItem } from '../../shared/evidence/items.ts';
import type { FileMatch } from '../../shared/batch.ts';
import type { MatchCandidate } from './match-files.ts';
import { matchContent } from './match-content.ts';
import { readReceipt } from './receipt-facts.ts';
import { AppError, userMessage } from '../../shared/errors.ts';
import { DecodeError } from '../evidence/decode.ts';

const PAGES_READ = 2;

export interface ReadOptions {
  signal?: AbortSignal | undefined;
  /** The merchant's own shop names (its profile's): a receipt from another shop is a reason against. */
  shopNames?: readonly string[] | undefined;
  /** 0-1 within this file. */
  onProgress?: ((fraction: number) => void) | undefined;
}

export function createScanReader(deps: { evidence: EvidenceStore; ocr: OcrEngine }) {
  const texts = new Map<string, Promise<string>>();

  function pageText(item: EvidenceItem, page: number, o: ReadOptions): Promise<string> {
    const key = `${item.id}:${page}`;
    let text = texts.get(key);
    if (!text) {
      text = pageForOcr(deps.evidence, item, page).then(
        async (image) => (await deps.ocr.read(image, { signal: o.signal, onProgress: o.onProgress })).text,
      );
      text.catch(() => texts.delete(key));
      texts.set(key, text);
      if (texts.size > 500) texts.delete(texts.keys().next().value!);
    }
    return text;
  }

  return {
    pageText,
    /** The scan's text, first pages only, joined. */
    async text(item: EvidenceItem, o: ReadOptions = {}): Promise<string> {
      const out: string[] = [];
      for (let p = 0; p < Math.min(PAGES_READ, item.pages); p++)
        out.push(
          await pageText(item, p, {
            ...o,
            onProgress: (f) => o.onProgress?.((p + f) / Math.min(PAGES_READ, item.pages)),
          }),
        );
      return out.join('\n');
    },

    /** What the scan says, matched: a cancel is thrown; a page that cannot be read is a reason. */
    async match(item: EvidenceItem, candidates: readonly MatchCandidate[], o: ReadOptions = {}): Promise<FileMatch> {
      const pages = Math.min(PAGES_READ, item.pages);
      try {
        let text = await pageText(item, 0, { ...o, onProgress: (f) => o.onProgress?.(f / pages) });
        let m = matchContent(readReceipt(text), candidates, o.shopNames);
        if (m.status !== 'matched' && pages > 1) {
          text += `\n${await pageText(item, 1, { ...o, onProgress: (f) => o.onProgress?.((1 + f) / pages) })}`;
          m = matchContent(readReceipt(text), candidates, o.shopNames);
        }
        return m;
      } catch (e) {
        if (e instanceof AppError && e.kind === 'cancelled') throw e;
        if (!(e instanceof AppError) && !(e instanceof DecodeError)) throw e;
        const why = e instanceof DecodeError ? e.message : userMessage(e);
        return {
          status: 'unmatched',
          reason: `Its name says nothing and its text could not be read (${why}). Assign it by hand.`,
        };
      }
    },
  };
}
export type ScanReader = ReturnType<typeof createScanReader>;
