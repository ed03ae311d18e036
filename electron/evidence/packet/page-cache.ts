// What an evidence store's pages cost to work out once: pages drawn and encoded (kept for the
// live estimate and the build that follows it), PDF page facts, and what each PDF has unpacked.
// Owned by the store (evidence-store.ts), bounded, forgotten per item, clearable.
import type { RenderedPage } from '../render-page.ts';
import type { PdfPageFacts } from '../pdf-raster.ts';
import type { InflateBudget } from '../pdf-inflate-budget.ts';

const MAX_PAGES = 400;
const MAX_FACTS = 5000;
const MAX_BUDGETS = 500;

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
  return {
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
    },
    clear(): void {
      pages.m.clear();
      facts.m.clear();
      budgets.m.clear();
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
