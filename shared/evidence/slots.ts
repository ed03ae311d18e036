// The structured evidence of a draft: slots for the kinds of evidence that win disputes
// (tracking and carrier, proof of delivery, receipt, customer communication, refund and
// cancellation policy), each with the facts the merchant types and the files that fill it. A slot
// is filled when one of its files is in the packet; a filled slot ticks its checklist items and
// gives its files their exhibit titles. A slot with a file or a typed fact writes its paragraph of
// the cover letter (domain/slot-paragraphs.ts, cover-letter-compose.ts). Which slots a dispute
// shows is evidence-guidance.ts's rule.
import { z } from 'zod';
import type { Arrangement } from './items.ts';
import { paymentStatementsSchema } from '../domain/payment-facts.ts';

export const slotIds = ['tracking', 'delivery', 'receipt', 'communication', 'policy'] as const;
export const slotIdSchema = z.enum(slotIds);
export type SlotId = z.infer<typeof slotIdSchema>;

/** The longest each typed field may be: the schema's rule, the inputs' maxLength and the edit's
 * clamp, so a field is never longer than a draft may be saved with. A tracking field holds several
 * numbers for a parcel sent in parts. */
export const slotFieldLimits = {
  carrier: 60,
  trackingNumber: 200,
  /** Calendar dates as YYYY-MM-DD (a date input's value). */
  shipDate: 10,
  deliveryDate: 10,
  shippingAddress: 300,
  policyUrl: 500,
  /** Where the customer saw the policy ("at checkout, above the Pay button"). */
  policyShown: 300,
} as const;
const typed = (max: number) => z.string().max(max).optional();

/** What the merchant types into the slots; every field may be left empty. */
export const slotFieldsSchema = z.object({
  carrier: typed(slotFieldLimits.carrier),
  trackingNumber: typed(slotFieldLimits.trackingNumber),
  shipDate: typed(slotFieldLimits.shipDate),
  deliveryDate: typed(slotFieldLimits.deliveryDate),
  shippingAddress: typed(slotFieldLimits.shippingAddress),
  policyUrl: typed(slotFieldLimits.policyUrl),
  policyShown: typed(slotFieldLimits.policyShown),
});
export type SlotFields = z.infer<typeof slotFieldsSchema>;
export type SlotField = keyof SlotFields;

export const slotFillSchema = z.object({
  fields: slotFieldsSchema.default({}),
  /** Evidence item IDs (content hashes) of the files that fill the slot, in the order added. */
  files: z.array(z.string().max(200)).max(100).default([]),
});
export type SlotFill = z.infer<typeof slotFillSchema>;

/** The longest title the merchant may give an exhibit. */
export const exhibitTitleMax = 120;

/** Every slot is optional: a draft saved before slots existed, or with none used, has none. */
export const slotsSchema = z.object({
  tracking: slotFillSchema.optional(),
  delivery: slotFillSchema.optional(),
  receipt: slotFillSchema.optional(),
  communication: slotFillSchema.optional(),
  policy: slotFillSchema.optional(),
  /** The merchant's own title of each exhibit, by evidence item ID, in place of the suggested
   * one (domain/exhibit-titles.ts exhibitTitles). Kept with the slots so it travels wherever the
   * letter is written from them: the estimate, the preview, the answer and batch. */
  titles: z.record(z.string().max(200), z.string().max(exhibitTitleMax)).optional(),
  /** The payment's facts the merchant confirmed, and their own statements where they correct one
   * (payment-facts.ts): the letter says those as theirs, never as the record's. */
  payment: paymentStatementsSchema.optional(),
});
export type Slots = z.infer<typeof slotsSchema>;

/** A tracking number as carriers print it: no spaces or dashes, capitals ("1z 999-aa1" → "1Z999AA1");
 * undefined when nothing is left. */
export function normaliseTrackingNumber(v: string | undefined): string | undefined {
  const n = (v ?? '').replace(/[\s\-–.]+/g, '').toUpperCase();
  return n ? n : undefined;
}

/** A typed field as kept: trimmed, a tracking number normalised, an empty one gone. */
export function cleanField(field: SlotField, v: string | undefined): string | undefined {
  if (field === 'trackingNumber') return normaliseTrackingNumber(v);
  const t = (v ?? '').trim();
  return t ? t : undefined;
}

/** The packet's exhibits in the order the cover letter lists them: each file once, by its first page. */
export function exhibitOrder(arrangement: Arrangement): string[] {
  return [...new Set(arrangement.pages.map((p) => p.itemId))];
}

/** The slot a file fills, if any (a file is in one slot at most). */
export function slotOf(slots: Slots | undefined, itemId: string): SlotId | undefined {
  return slotIds.find((id) => slots?.[id]?.files.includes(itemId));
}

/** A slot's files that are in the packet, as exhibit numbers (1-based, the letter's order). */
export function slotExhibits(slots: Slots | undefined, slot: SlotId, arrangement: Arrangement): number[] {
  const order = exhibitOrder(arrangement);
  return (slots?.[slot]?.files ?? [])
    .map((id) => order.indexOf(id) + 1)
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
}

/** The slots with at least one of their files in the packet. */
export function filledSlots(slots: Slots | undefined, arrangement: Arrangement): SlotId[] {
  return slotIds.filter((id) => slotExhibits(slots, id, arrangement).length > 0);
}

/** The fields of a slot the merchant typed something into (whitespace is nothing). */
export function typedFields(slots: Slots | undefined, slot: SlotId): SlotField[] {
  const fields: SlotFields = slots?.[slot]?.fields ?? {};
  return (Object.keys(fields) as SlotField[]).filter((f) => cleanField(f, fields[f]) !== undefined);
}

/** The slots that give the letter something: a file in the packet, or a typed fact. A section
 * with only typed facts is not empty: its facts reach the letter without a file. */
export function providedSlots(slots: Slots | undefined, arrangement: Arrangement): SlotId[] {
  return slotIds.filter((id) => slotExhibits(slots, id, arrangement).length > 0 || typedFields(slots, id).length > 0);
}
