// What each exhibit is called in the packet's order, as the letter's list and the builder's pages
// show it: the merchant's own title, a slotted file's slot title, or what its file name says it
// shows; and how the letter cites exhibits by number.
import type { Arrangement } from '../evidence/items.ts';
import {
  exhibitOrder,
  normaliseTrackingNumber,
  slotOf,
  type SlotFields,
  type SlotId,
  type Slots,
} from '../evidence/slots.ts';
import { exhibitKindsOf, type ExhibitKind } from './exhibit-kinds.ts';

/** "Exhibit 2", "Exhibits 2 and 3", "Exhibits 2, 3 and 5". */
export function citeExhibits(numbers: readonly number[]): string {
  if (numbers.length === 1) return `Exhibit ${numbers[0]}`;
  const head = numbers.slice(0, -1).join(', ');
  return `Exhibits ${head} and ${numbers[numbers.length - 1]}`;
}

const shipping = (f: SlotFields): string => {
  const tracking = normaliseTrackingNumber(f.trackingNumber);
  return [f.carrier?.trim(), tracking].filter(Boolean).join(' ');
};

/** A slot's exhibit title, as the letter's list and the builder's pages show it: "Proof of
 * delivery (UPS 1Z999AA10123456784)"; `part` when the slot holds several files. */
export function slotTitle(slot: SlotId, slots: Slots | undefined, part?: { n: number; of: number }): string {
  const ship = shipping({ ...slots?.tracking?.fields });
  const base: Record<SlotId, string> = {
    tracking: `Carrier tracking${ship ? ` (${ship})` : ''}`,
    delivery: `Proof of delivery${ship ? ` (${ship})` : ''}`,
    receipt: 'Receipt or invoice',
    communication: 'Customer communication',
    policy: 'Refund and cancellation policy',
  };
  return part && part.of > 1 ? `${base[slot]}, part ${part.n} of ${part.of}` : base[slot];
}

/** What an exhibit outside the slots is called until the merchant names it: what its file name
 * says it shows ("UPS tracking.pdf": "Delivery record"), else what kind of file it is; never the
 * camera's file name ("IMG_4411.HEIC"), which tells the issuer nothing. */
const kindTitles: Record<ExhibitKind, string> = {
  authorization: 'Authorization record',
  authentication: '3-D Secure result',
  delivery: 'Delivery record',
  receipt: 'Receipt or order record',
  terminal: 'Card terminal record',
  policy: 'Terms and policy',
  product: 'Product description',
  communication: 'Customer correspondence',
  refund: 'Refund record',
  usage: 'Usage record',
  device: 'Device and IP record',
};

/** An item as the titles need it: its file name and kind of file. */
export interface TitledItem {
  name: string;
  kind: string;
}

export function suggestedTitle(item: TitledItem | undefined): string {
  const [kind] = item ? exhibitKindsOf([item.name]) : [];
  if (kind) return kindTitles[kind];
  // "Image" tells the issuer only the file type: say what the merchant sends, an exhibit in support.
  return item?.kind === 'pdf' ? 'Supporting document' : 'Supporting photo or scan';
}

/** Each exhibit's title, by item ID, in the packet's order: the merchant's own title when they
 * wrote one, else a slotted file's slot title, else the suggestion. */
export function exhibitTitles(
  arrangement: Arrangement,
  slots: Slots | undefined,
  itemOf: (itemId: string) => TitledItem | undefined,
): Map<string, string> {
  const titles = new Map<string, string>();
  const order = exhibitOrder(arrangement);
  for (const id of order) {
    const own = slots?.titles?.[id]?.trim();
    const slot = slotOf(slots, id);
    if (own) titles.set(id, own);
    else if (!slot) titles.set(id, suggestedTitle(itemOf(id)));
    else {
      const mine = order.filter((x) => slotOf(slots, x) === slot);
      titles.set(id, slotTitle(slot, slots, { n: mine.indexOf(id) + 1, of: mine.length }));
    }
  }
  return titles;
}
