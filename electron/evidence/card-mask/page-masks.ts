// What the packet builder asks: which masks cover a page as it is arranged (turned by the
// merchant), and what the build report says about them. The one call every build makes, the
// window's, the CLI's and batch's alike.
import { AppError } from '../../../shared/errors.ts';
import { unlessAborted } from '../../../shared/unless-aborted.ts';
import { cardScanIfDone, cardScanOf } from './card-scan.ts';
import type { EvidenceStore } from '../evidence-store.ts';
import { masksInForce, turnRect, type CardMask, type PageRect } from '../../../shared/evidence/card-numbers.ts';
import type { ArrangedPage, EvidenceItem, MaskedPlace } from '../../../shared/evidence/items.ts';

/** Why a build stopped while it waited for the search: the merchant stopped it. */
const stopped = (): AppError => new AppError('cancelled', 'Stopped while the pages were read.');

export interface PageMasks {
  masks: CardMask[];
  /** The masks' rectangles on the page turned as arranged. */
  rects: PageRect[];
}

/** The masks in force on an arranged page: those found on it, less the ones the merchant undid
 * (`unmasked`, keys of shared/evidence/card-numbers.ts's `unmaskedKey`). */
export async function pageMasks(
  store: EvidenceStore,
  item: EvidenceItem,
  page: ArrangedPage,
  unmasked: readonly string[] | undefined,
  o: { estimate?: boolean | undefined; signal?: AbortSignal | undefined } = {},
): Promise<PageMasks> {
  // An estimate takes the scan if it is done and never waits for one; a build always does, until it
  // is stopped (the scan, shared with whoever else asks, goes on and is kept).
  const scan = o.estimate
    ? cardScanIfDone(store, item)
    : await unlessAborted(cardScanOf(store, item), o.signal, stopped);
  const masks = masksInForce(scan, item.id, page.page, unmasked);
  return { masks, rects: masks.flatMap((m) => m.rects.map((r) => turnRect(r, page.rotation))) };
}

/** Where card numbers were covered, page by page, for the build report. */
export function maskedPlaces(
  pages: ReadonlyArray<{ item: EvidenceItem; page: ArrangedPage; masks?: readonly CardMask[] | undefined }>,
): MaskedPlace[] {
  return pages.flatMap((p) =>
    (p.masks ?? []).map((m) => ({ itemId: p.item.id, name: p.item.name, page: p.page.page, last4: m.last4 })),
  );
}

/** The report's line: the merchant checks that what was covered is a card number. */
export function maskedWarning(places: readonly MaskedPlace[]): string | undefined {
  if (!places.length) return undefined;
  const list = places.map((p) => `${p.name} page ${p.page + 1} (ending ${p.last4})`).join(', ');
  return (
    `Card numbers covered but for their last four digits: ${list}. ` +
    'If one is not a card number, undo its mask in the evidence builder.'
  );
}

/** The arranged pages the search could not read (a page that could not be drawn, or an engine
 * that failed): their card numbers, if any, go out uncovered, so the build report names them.
 * Asked once the build has waited for every page's search. */
export function unsearchedWarning(
  store: EvidenceStore,
  pages: ReadonlyArray<{ item: EvidenceItem; page: ArrangedPage }>,
): string | undefined {
  const unread = pages.filter((p) => cardScanIfDone(store, p.item)?.unreadPages?.includes(p.page.page));
  if (!unread.length) return undefined;
  const list = unread.map((p) => `${p.item.name} page ${p.page.page + 1}`).join(', ');
  return (
    `Not searched for card numbers (the pages could not be read): ${list}. ` +
    'Check them yourself before sending: a full card number on them is sent as it is.'
  );
}
