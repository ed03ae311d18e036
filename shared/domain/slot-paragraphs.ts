// The letter written from the evidence sections the merchant filled (shared/evidence/slots.ts): the
// kind of exhibit each section's files are, and the paragraph each section adds, citing its
// exhibits and stating only the facts the merchant typed.
import { normaliseTrackingNumber, slotIds, type SlotFields, type SlotId, type Slots } from '../evidence/slots.ts';
import { exhibitKindsOf, type ExhibitKind } from './exhibit-kinds.ts';
import type { EvidenceDraft } from '../evidence/draft.ts';
import type { EvidenceItem } from '../evidence/items.ts';
import { letterDay } from './letter-facts.ts';
import { citeExhibits } from './exhibit-titles.ts';

/** The kind of exhibit each slot's files are, whatever their names. */
export const slotKind: Record<SlotId, ExhibitKind> = {
  tracking: 'delivery',
  delivery: 'delivery',
  receipt: 'receipt',
  communication: 'communication',
  policy: 'policy',
};

/** Files in the packet, in no section, whose names say they are what `slot` holds ("receipt.jpg"
 * beside "Receipt or invoice"): the section offers to take them, since a file the app titles by
 * its name still fills no section (nor ticks its checklist) until it is put there. */
export function slotSuggestions(draft: EvidenceDraft, slot: SlotId): EvidenceItem[] {
  const inSlots = new Set(slotIds.flatMap((id) => draft.slots?.[id]?.files ?? []));
  const inPacket = new Set(draft.arrangement.pages.map((p) => p.itemId));
  return draft.items.filter(
    (i) => inPacket.has(i.id) && !inSlots.has(i.id) && exhibitKindsOf([i.name]).has(slotKind[slot]),
  );
}

/** The paragraph a slot adds to the letter: citing its exhibits when it has files in the packet,
 * stating the typed facts either way; only what was provided is said. None for a slot with
 * neither, or with nothing typed that a paragraph could say without a file. */
export function slotParagraph(slot: SlotId, slots: Slots | undefined, exhibits: readonly number[]): string | undefined {
  const f: SlotFields = { ...slots?.[slot]?.fields };
  const filed = exhibits.length > 0;
  const lead = (what: string): string => (filed ? `${citeExhibits(exhibits)} (${what})` : capital(what));
  switch (slot) {
    case 'tracking': {
      const tracking = normaliseTrackingNumber(f.trackingNumber);
      const carrier = f.carrier?.trim();
      const shipped = letterDay(f.shipDate);
      if (!filed && !tracking && !carrier && !shipped) return undefined;
      return (
        `${lead('carrier tracking')}: the order was shipped${carrier ? ` with ${carrier}` : ''}` +
        `${shipped ? ` on ${shipped}` : ''}${tracking ? ` under tracking number ${tracking}` : ''}.`
      );
    }
    case 'delivery': {
      const day = letterDay(f.deliveryDate);
      const address = f.shippingAddress?.trim();
      if (!filed && !day && !address) return undefined;
      // Delivered is said on a delivery date or a proof; an address alone is where it was sent.
      if (!filed && !day) return `${lead('delivery address')}: the order was sent to ${address}.`;
      return (
        `${lead('proof of delivery')}: the order was delivered${day ? ` on ${day}` : ''}` +
        `${address ? ` to ${address}` : day ? '' : " to the cardholder's address"}.`
      );
    }
    case 'receipt':
      return filed
        ? `${lead('receipt or invoice')}: the purchase as the cardholder made it, with its amount, its date and what was bought.`
        : undefined;
    case 'communication':
      return filed
        ? `${lead('customer communication')}: our correspondence with the cardholder about this order.`
        : undefined;
    case 'policy': {
      const shown = f.policyShown?.trim();
      const url = f.policyUrl?.trim();
      if (!filed && !shown && !url) return undefined;
      return (
        `${lead('refund and cancellation policy')}: the policy the cardholder agreed to` +
        `${shown ? `, shown to them ${shown.charAt(0).toLowerCase()}${shown.slice(1)}` : ''}` +
        `${url ? `; it is published at ${url}` : ''}.`
      );
    }
  }
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
