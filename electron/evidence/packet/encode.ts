// Every arranged page encoded at one solver step, two pages at a time: images drawn and
// compressed, PDF pages measured and kept or drawn (page-policy.ts); a page that cannot be
// read is named as a problem, never dropped silently.
import type { EvidenceStore } from '../evidence-store.ts';
import { renderImagePage, renderPdfPage, type RenderOptions, type RenderedPage } from '../render-page.ts';
import { drawPdfPage, measurePdfPage as measureInWorker, type PdfPageFacts } from '../pdf-raster.ts';
import { InflateBudget, type InflateRefusal } from '../pdf-inflate-budget.ts';
import { DecodeError, MAX_PIXELS } from '../decode.ts';
import type { ColourMode } from '../../../shared/evidence/limits.ts';
import type {
  Arrangement,
  ArrangedPage,
  BuildSettings,
  EvidenceItem,
  PageProblem,
} from '../../../shared/evidence/items.ts';
import { mapLimited } from '../../../shared/map-limited.ts';
import { fileBudget, PAGE_OVERHEAD, type Encoded } from './pack.ts';
import { fitScale, mustDraw, turned, worthDrawing } from './page-policy.ts';
import { pageLabel } from './problems.ts';
import { pageMasks } from '../card-mask/page-masks.ts';
import type { Step } from './solver-steps.ts';

/** Pages worked on at once: the image library runs each on one thread (decode.ts), so two keep
 * two cores busy while holding only two pages' pixels. */
const PAGES_IN_FLIGHT = 2;

/** A PDF page's facts, read in a PDF thread (nothing inside a PDF is unpacked in this process). */
export async function measurePdfPage(store: EvidenceStore, item: EvidenceItem, index: number): Promise<PdfPageFacts> {
  const key = `${item.id}:${index}`;
  const known = store.pages.facts.get(key);
  if (known) return known;
  const budget = store.pages.budgetOf(item.id, () => new InflateBudget('document'));
  budget.throwIfRefused();
  const facts = await measureInWorker(item.id, () => store.bytes(item.id), index);
  try {
    budget.take(facts.unpacked);
  } catch (e) {
    budget.refuse(e as InflateRefusal);
  }
  store.pages.facts.set(key, facts);
  return facts;
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
  return store.pages.rendered(`${item.id}:${page.page}:${page.rotation}:${ownDpi}:${JSON.stringify(o)}`, () =>
    renderPdfPage(
      (pxPerPt) => drawPdfPage(item.id, () => store.bytes(item.id), page.page, page.rotation, pxPerPt),
      sizePt,
      o,
      ownDpi,
    ),
  );
}

/** One page at one step, or the page's own problem (a DecodeError) thrown. */
async function encodePage(
  store: EvidenceStore,
  item: EvidenceItem,
  page: ArrangedPage,
  opts: RenderOptions,
  settings: BuildSettings,
  colour: ColourMode,
  stepIndex: number,
  o: { estimate?: boolean | undefined; signal?: AbortSignal | undefined },
): Promise<Encoded> {
  // Card numbers are covered on every page; a PDF page showing one is drawn, so that no text layer
  // carries the number past its mask.
  const { masks, rects } = await pageMasks(store, item, page, settings.unmasked, o);
  if (rects.length) opts = { ...opts, masks: rects };
  const masked = masks.length ? { masks } : {};
  if (item.kind !== 'pdf') {
    const kind = item.kind;
    const rendered = await store.pages.rendered(
      `${item.id}:${page.page}:${page.rotation}:${JSON.stringify(opts)}`,
      async () =>
        renderImagePage(
          await store.bytes(item.id),
          kind,
          page.page,
          page.rotation,
          opts,
          store.pathOf(item.id),
          store.pages.grayOf(item.id),
        ),
    );
    return { kind: 'image', page, item, rendered, bytes: rendered.data.length, ...masked };
  }
  const f = await measurePdfPage(store, item, page.page);
  const kept: Encoded = { kind: 'pdf', page, item, bytes: f.keptBytes };
  const must = masks.length ? 'masked' : mustDraw(f, page, settings, colour);
  if (!must && !worthDrawing(f.keptBytes, fileBudget(settings.limits.maxFileBytes) - PAGE_OVERHEAD, stepIndex))
    return kept;
  const rendered = await drawPdfAsImage(store, item, page, f, opts, settings);
  return !must && rendered.data.length >= f.keptBytes
    ? kept
    : { kind: 'image', page, item, rendered, bytes: rendered.data.length, drawn: must ?? 'size', ...masked };
}

export async function encodeAll(
  store: EvidenceStore,
  items: Map<string, EvidenceItem>,
  arrangement: Arrangement,
  settings: BuildSettings,
  colour: ColourMode,
  denoise: boolean,
  step: Step,
  stepIndex: number,
  o: {
    signal?: AbortSignal | undefined;
    onProgress?: ((done: number, total: number) => void) | undefined;
    estimate?: boolean | undefined;
  },
): Promise<{ pages: Encoded[]; problems: PageProblem[] }> {
  let done = 0;
  // By page, whichever finishes first: the report lists them in the packet's order.
  const problems: Array<PageProblem & { at: number }> = [];
  const opts: RenderOptions = {
    dpi: step.dpi,
    colour,
    quality: step.quality || 75,
    denoise,
    pageSize: settings.pageSize,
    keepScanPaper: settings.keepScanPaper ?? true,
    container: settings.output === 'image' ? 'file' : 'pdf',
  };
  const encoded = await mapLimited(
    arrangement.pages,
    PAGES_IN_FLIGHT,
    async (page, at): Promise<Encoded | undefined> => {
      const item = items.get(page.itemId)!;
      let result: Encoded;
      try {
        result = await encodePage(store, item, page, opts, settings, colour, stepIndex, {
          estimate: o.estimate,
          signal: o.signal,
        });
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
    { signal: o.signal },
  );
  return {
    pages: encoded.filter((x): x is Encoded => !!x),
    problems: problems.sort((a, b) => a.at - b.at).map(({ at: _, ...p }) => p),
  };
}
