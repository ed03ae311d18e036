// What an evidence store's pages cost to work out once: pages drawn and encoded (kept for the
// live estimate and the build that follows it), PDF page facts, and what each PDF has unpacked.
// Owned by the store (evidence-store.ts), bounded, forgotten per item, clearable.
import type { Gray, GrayCache, RenderedPage } from '../render-page.ts';
import type { PdfPageFacts } from '../pdf-raster.ts';
import type { InflateBudget } from '../pdf-inflate-budget.ts';

const MAX_PAGES = 400;
const MAX_FACTS = 5000;
const MAX_BUDGETS = 500;
/** Drawn grey pages kept: about thirty A4 pages at 150 dpi. A page is kept to be encoded soon
 * after it was searched for card numbers, so one not asked for again within a minute goes. */
const MAX_GRAY_BYTES = 64 * 1024 * 1024;
const GRAY_KEPT_MS = 60_000;
/** What a grey page being drawn is counted as until it is done: more than any page drawn to be
 * read (an A4 or Legal page at 150 dpi is 2.2-2.7 MB, a photo fitted to Letter at most 2.1). */
const PAGE_BYTES_GUESS = 4 * 1024 * 1024;

/** A map that forgets its oldest entry past `max`. */
function bounded<V>(max: number) {
  const m = new Map<string, V>();
  return {
    m,
    get: (k: string): V | undefined => m.get(k),
    set(k: string, v: V): void {
      m.set(k, v);
      if (m.size > max) m.delete(m.keys().next().value!);
    },
  };
}

export function createPageCache() {
  const pages = bounded<Promise<RenderedPage>>(MAX_PAGES);
  const facts = bounded<PdfPageFacts>(MAX_FACTS);
  const budgets = bounded<InflateBudget>(MAX_BUDGETS);
  const gray = new Map<string, { pixels: Promise<Gray>; bytes: number; used: number }>();
  let grayBytes = 0;
  let sweep: NodeJS.Timeout | undefined;
  const dropGray = (key: string): void => {
    const e = gray.get(key);
    if (!e) return;
    gray.delete(key);
    grayBytes -= e.bytes;
  };
  const sweepGray = (): void => {
    sweep = undefined;
    const old = Date.now() - GRAY_KEPT_MS;
    for (const [k, e] of gray) if (e.used < old) dropGray(k);
    if (gray.size) sweep = setTimeout(sweepGray, GRAY_KEPT_MS).unref();
  };
  const cache = {
    /** A page drawn once per key (item, page, rotation and the options it was drawn with); a
     * failure is not kept, so the next try draws it again. */
    rendered(key: string, make: () => Promise<RenderedPage>): Promise<RenderedPage> {
      let p = pages.get(key);
      if (!p) {
        p = make();
        p.catch(() => pages.m.delete(key));
        pages.set(key, p);
      }
      return p;
    },
    /** A page's grey pixels drawn once per key while they are kept (see MAX_GRAY_BYTES); a
     * failure is not kept. Whoever paints on them paints on a copy. */
    gray(key: string, draw: () => Promise<Gray>): Promise<Gray> {
      const known = gray.get(key);
      if (known) {
        // Last in the map's order: the least recently used go first.
        gray.delete(key);
        gray.set(key, known);
        known.used = Date.now();
        return known.pixels;
      }
      const entry = { pixels: draw(), bytes: 0, used: Date.now() };
      gray.set(key, entry);
      sweep ??= setTimeout(sweepGray, GRAY_KEPT_MS).unref();
      entry.pixels.then(
        (g) => {
          if (gray.get(key) !== entry) return;
          entry.bytes = g.data.length;
          grayBytes += entry.bytes;
          // The least recently used go first until the rest fit.
          for (const k of gray.keys()) {
            if (grayBytes <= MAX_GRAY_BYTES || k === key) break;
            dropGray(k);
          }
        },
        () => dropGray(key),
      );
      return entry.pixels;
    },
    /** An item's grey pages: keyed by the item, so that forget and holdsGrayOf find them (through
     * `gray` as it is when called). */
    grayOf(itemId: string): GrayCache {
      return (key, draw) => cache.gray(`${itemId}:${key}`, draw);
    },
    /** Whether one more grey page fits in half the room for grey pages: the import draws a
     * picture's page ahead of its search only then (it proves the rest by their small versions),
     * leaving the other half to the pages the searches and the packet draw after it, so a large
     * import never pushes out a page before the packet is encoded from it. */
    roomToDrawAhead(): boolean {
      let drawing = 0;
      for (const e of gray.values()) if (e.bytes === 0) drawing++;
      return grayBytes + (drawing + 1) * PAGE_BYTES_GUESS <= MAX_GRAY_BYTES / 2;
    },
    /** Whether a grey page of the item is kept (or being drawn). */
    holdsGrayOf(itemId: string): boolean {
      for (const k of gray.keys()) if (k.startsWith(`${itemId}:`)) return true;
      return false;
    },
    facts: { get: facts.get, set: facts.set },
    /** Per stored PDF, what the first reading of its pages has unpacked, whichever PDF thread
     * read them: past the document budget its other pages are refused without being read. */
    budgetOf(itemId: string, make: () => InflateBudget): InflateBudget {
      let b = budgets.get(itemId);
      if (!b) {
        b = make();
        budgets.set(itemId, b);
      }
      return b;
    },
    /** An item removed from the store: nothing of it is kept. Keys start with the item's id. */
    forget(itemId: string): void {
      for (const map of [pages.m, facts.m, budgets.m])
        for (const k of map.keys()) if (k === itemId || k.startsWith(`${itemId}:`)) map.delete(k);
      for (const k of gray.keys()) if (k.startsWith(`${itemId}:`)) dropGray(k);
    },
    clear(): void {
      for (const k of gray.keys()) dropGray(k);
      pages.m.clear();
      facts.m.clear();
      budgets.m.clear();
    },
  };
  return cache;
}
export type PageCache = ReturnType<typeof createPageCache>;
