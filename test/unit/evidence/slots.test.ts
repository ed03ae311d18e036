// Structured evidence: slots in the draft (old drafts still load), files dropped into a slot (a
// refused one named, the others kept), tracking numbers normalised, and the letter written from
// what was provided: a paragraph per filled slot citing its exhibits, exhibits titled by slot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evidenceDraftSchema, type EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { EvidenceItem } from '../../../shared/evidence/items.ts';
import * as edit from '../../../shared/evidence/draft-edits.ts';
import {
  exhibitTitleMax,
  filledSlots,
  normaliseTrackingNumber,
  providedSlots,
  slotExhibits,
  slotFieldLimits,
  typedFields,
} from '../../../shared/evidence/slots.ts';
import { coverLetterTemplate, letterBlanks } from '../../../shared/domain/cover-letter-templates.ts';
import { exhibitTitles } from '../../../shared/domain/exhibit-titles.ts';
import { slotParagraph, slotSuggestions } from '../../../shared/domain/slot-paragraphs.ts';
import type { CoverLetterFacts } from '../../../shared/domain/letter-facts.ts';
import { composeLetter } from '../../../shared/domain/cover-letter-compose.ts';
import type { DisputeCategory } from '../../../shared/domain/reason-codes.ts';
import type { Slots } from '../../../shared/evidence/slots.ts';
import type { Arrangement } from '../../../shared/evidence/items.ts';
import { checklistFilledBy, evidenceGuidance, evidenceSlots } from '../../../shared/domain/evidence-guidance.ts';

const item = (id: string, name: string, pages = 1): EvidenceItem => ({
  id: id.repeat(64).slice(0, 64),
  name,
  kind: 'pdf',
  pages,
  bytes: 100,
  importedAt: 1,
});
const receipt = item('a', 'scan 1.pdf');
const label = item('b', 'IMG_2231.pdf', 2);
const pod = item('c', 'IMG_2232.pdf');
const ok = (i: EvidenceItem) => ({ ok: true as const, item: i, duplicate: false });
const empty: EvidenceDraft = {
  items: [],
  arrangement: { pages: [] },
  preset: 'document',
  pageSize: 'letter',
  rebuttal: 'Dear issuer',
};
const facts: CoverLetterFacts = { chargebackId: 'cb1', reasonCode: '13.1', amountText: '$129.00' };
const items = [receipt, label, pod];
/** The letter as composeLetter writes it from these slots and pages. */
const written = (
  rebuttal: string,
  category: DisputeCategory | undefined,
  slots: Slots | undefined,
  arrangement: Arrangement,
): string =>
  composeLetter({ rebuttal, category, facts, slots, arrangement, itemOf: (id) => items.find((i) => i.id === id) }).text;

test('a draft saved before slots existed loads as it was, and a draft with slots keeps them', () => {
  const old = evidenceDraftSchema.parse(
    JSON.parse(
      '{"items":[],"arrangement":{"pages":[]},"preset":"document","pageSize":"a4","rebuttal":"x","output":"pdf"}',
    ),
  );
  assert.equal(old.slots, undefined);
  assert.equal(old.pageSize, 'a4');
  const d = edit.setSlotField(empty, 'tracking', 'carrier', 'UPS');
  const round = evidenceDraftSchema.parse(JSON.parse(JSON.stringify(d)));
  assert.deepEqual(round.slots, { tracking: { fields: { carrier: 'UPS' }, files: [] } });
  // A slot from a later version, or a field the schema does not know, is dropped, not fatal.
  const later = evidenceDraftSchema.safeParse({
    ...empty,
    slots: { tracking: { fields: { insurer: 'x' } }, warranty: {} },
  });
  assert.ok(later.success);
  assert.deepEqual(later.data.slots, { tracking: { fields: {}, files: [] } });
});

test('files dropped into a slot: a refused one is named, the others go into the slot and the packet', () => {
  const d = edit.addToSlot(empty, 'tracking', [
    ok(label),
    { ok: false, name: 'call.mp4', reason: 'call.mp4 is a video: issuers ignore audio and video.' },
  ]);
  assert.deepEqual(d.slots?.tracking?.files, [label.id]);
  assert.equal(d.arrangement.pages.length, 2, 'every page of the slot file is in the packet');
  const refusedOnly = edit.addToSlot(d, 'delivery', [{ ok: false, name: 'x.docx', reason: 'not a kind' }]);
  assert.equal(refusedOnly, d, 'nothing came in: nothing changes');
  // The same file dropped on another slot moves there: one exhibit, one title.
  const moved = edit.addToSlot(d, 'delivery', [{ ...ok(label), duplicate: true }]);
  assert.deepEqual(moved.slots?.tracking?.files, []);
  assert.deepEqual(moved.slots?.delivery?.files, [label.id]);
  assert.equal(moved.arrangement.pages.length, 2, 'not added twice');
  assert.deepEqual(edit.removeFromSlot(moved, 'delivery', label.id).slots?.delivery?.files, []);
});

test('a tracking number with spaces, dashes or lower case is kept as carriers print it; an empty one goes', () => {
  assert.equal(normaliseTrackingNumber(' 1z 999-aa1 0123 456784 '), '1Z999AA10123456784');
  assert.equal(normaliseTrackingNumber('   '), undefined);
  const typed = edit.setSlotField(empty, 'tracking', 'trackingNumber', '1z 999 aa1');
  assert.equal(typed.slots?.tracking?.fields.trackingNumber, '1z 999 aa1', 'as typed while typing');
  const left = edit.setSlotField(typed, 'tracking', 'trackingNumber', '1z 999 aa1', true);
  assert.equal(left.slots?.tracking?.fields.trackingNumber, '1Z999AA1', 'normalised when the field is left');
  const cleared = edit.setSlotField(left, 'tracking', 'trackingNumber', '  ', true);
  assert.equal('trackingNumber' in (cleared.slots?.tracking?.fields ?? {}), false);
});

test('slots fit the reason; a filled slot ticks its checklist items, an empty one none', () => {
  assert.deepEqual(
    evidenceSlots('not-received').map((s) => s.id),
    ['tracking', 'delivery', 'receipt', 'communication'],
  );
  assert.deepEqual(
    evidenceSlots('credit-not-processed').map((s) => s.id),
    ['receipt', 'policy', 'communication'],
  );
  assert.deepEqual(
    evidenceSlots(undefined).map((s) => s.id),
    ['receipt', 'delivery', 'communication', 'policy'],
  );
  let d = edit.addToSlot(empty, 'receipt', [ok(receipt)]);
  d = edit.setSlotField(d, 'tracking', 'carrier', 'UPS');
  assert.deepEqual(filledSlots(d.slots, d.arrangement), ['receipt'], 'a typed carrier without a file fills nothing');
  const checklist = evidenceGuidance('not-received').checklist.map((i) => i.id);
  const by = checklistFilledBy(d.slots, d.arrangement);
  assert.deepEqual(
    checklist.filter((id) => by.has(id)),
    ['receipt-or-invoice'],
  );
  assert.equal(by.get('receipt-or-invoice'), 'receipt');
  // A slot file whose pages were all taken out of the packet fills nothing.
  assert.deepEqual(filledSlots(d.slots, edit.removePage(d, 0).arrangement), []);
});

test('walk finding 14: a checklist item is ticked only when what it asks for is there', () => {
  const checklist = evidenceGuidance('not-received').checklist.map((i) => i.id);
  const ticked = (d: EvidenceDraft) => checklist.filter((id) => checklistFilledBy(d.slots, d.arrangement).has(id));
  // A typed delivery date is no delivery confirmation; carrier and number without the ship date
  // are not all "carrier, tracking number and ship date" asks for.
  let d = edit.setSlotField(empty, 'delivery', 'deliveryDate', '2026-10-05');
  d = edit.setSlotField(d, 'delivery', 'shippingAddress', '1 High Street');
  d = edit.setSlotField(d, 'tracking', 'carrier', 'UPS');
  d = edit.setSlotField(d, 'tracking', 'trackingNumber', '1Z999AA10123456784');
  assert.deepEqual(providedSlots(d.slots, d.arrangement), ['tracking', 'delivery'], 'both reach the letter');
  assert.deepEqual(ticked(d), []);
  // The ship date typed too: the tracking item is answered; the carrier's confirmation as a file
  // answers the delivery item.
  d = edit.setSlotField(d, 'tracking', 'shipDate', '2026-10-01');
  assert.deepEqual(ticked(d), ['carrier-and-tracking']);
  d = edit.addToSlot(d, 'delivery', [ok(pod)]);
  assert.deepEqual(ticked(d), ['carrier-and-tracking', 'delivery-confirmation']);
  assert.equal(checklistFilledBy(d.slots, d.arrangement).get('delivery-confirmation'), 'delivery');
});

test('the letter is written from what was provided: a paragraph per filled slot citing its exhibits', () => {
  let d = edit.addToSlot(empty, 'receipt', [ok(receipt)]);
  d = edit.addToSlot(d, 'tracking', [ok(label)]);
  d = edit.addToSlot(d, 'delivery', [ok(pod)]);
  d = edit.setSlotField(d, 'tracking', 'carrier', 'UPS');
  d = edit.setSlotField(d, 'tracking', 'trackingNumber', '1z999aa1 0123456784', true);
  d = edit.setSlotField(d, 'tracking', 'shipDate', '2026-10-03');
  d = edit.setSlotField(d, 'delivery', 'deliveryDate', '2026-10-05');
  d = edit.setSlotField(d, 'delivery', 'shippingAddress', '12 High Street, Springfield');
  assert.deepEqual(slotExhibits(d.slots, 'delivery', d.arrangement), [3]);
  const template = coverLetterTemplate('not-received', facts);
  const text = written(template, 'not-received', d.slots, d.arrangement);
  assert.ok(
    text.includes(
      'Exhibit 2 (carrier tracking): the order was shipped with UPS on Sat, Oct 3, 2026 under tracking number 1Z999AA10123456784.',
    ),
    text,
  );
  assert.ok(
    text.includes(
      'Exhibit 3 (proof of delivery): the order was delivered on Mon, Oct 5, 2026 to 12 High Street, Springfield.',
    ),
  );
  assert.ok(text.includes('Exhibit 1 (receipt or invoice)'));
  assert.ok(!text.includes('communication'), 'no paragraph for an empty slot');
  assert.ok(
    !text.includes('the enclosed delivery record shows the carrier'),
    'the generic claim gives way to the slots',
  );
  assert.ok(text.indexOf('Exhibit 3') < text.indexOf('We ask the issuer to reverse this chargeback.'));
  assert.deepEqual(letterBlanks(text), []);
  // Without any slot given, no paragraph is written from them.
  assert.doesNotMatch(written(template, 'not-received', undefined, d.arrangement), /Exhibits? \d+ \(/);

  const titles = exhibitTitles(d.arrangement, d.slots, (id) => items.find((i) => i.id === id));
  assert.deepEqual(
    [...titles.values()],
    ['Receipt or invoice', 'Carrier tracking (UPS 1Z999AA10123456784)', 'Proof of delivery (UPS 1Z999AA10123456784)'],
  );
  const unslotted = edit.removeFromSlot(d, 'receipt', receipt.id);
  // Out of its slot, a file is titled by what it is, never by the camera's file name.
  assert.equal(
    exhibitTitles(unslotted.arrangement, unslotted.slots, () => receipt).get(receipt.id),
    'Supporting document',
  );
});

test('a slot with no details says only what it shows; an empty tracking number is never a blank', () => {
  assert.equal(
    slotParagraph('tracking', { tracking: { fields: { carrier: 'DHL' }, files: [] } }, [2, 3]),
    'Exhibits 2 and 3 (carrier tracking): the order was shipped with DHL.',
  );
  assert.equal(
    slotParagraph('delivery', undefined, [4]),
    "Exhibit 4 (proof of delivery): the order was delivered to the cardholder's address.",
  );
  assert.equal(
    slotParagraph('policy', { policy: { fields: { policyShown: 'At checkout, above Pay' }, files: [] } }, [1]),
    'Exhibit 1 (refund and cancellation policy): the policy the cardholder agreed to, shown to them at checkout, above Pay.',
  );
  // A blank typed into a field is a blank in the letter: refused like any other.
  const d = edit.setSlotField(edit.addToSlot(empty, 'tracking', [ok(label)]), 'tracking', 'carrier', '[carrier]');
  assert.deepEqual(letterBlanks(written('We ask.', undefined, d.slots, d.arrangement)), ['[carrier]']);
});

test('a field typed or pasted too long keeps what fits, so the draft can always be saved', () => {
  // Four parcels' numbers pasted at once, and a year typed with five digits.
  const many = Array.from({ length: 12 }, (_, i) => `1Z999AA1012345678${i}`).join(', ');
  let d = edit.setSlotField(empty, 'tracking', 'trackingNumber', many);
  d = edit.setSlotField(d, 'delivery', 'deliveryDate', '20266-10-06');
  d = edit.setSlotField(d, 'tracking', 'carrier', 'U'.repeat(500), true);
  assert.equal(d.slots?.tracking?.fields.trackingNumber?.length, slotFieldLimits.trackingNumber);
  assert.equal(d.slots?.delivery?.fields.deliveryDate, '20266-10-0');
  assert.equal(d.slots?.tracking?.fields.carrier?.length, slotFieldLimits.carrier);
  assert.equal(evidenceDraftSchema.safeParse(d).success, true, 'what the edits keep, main accepts');
});

test('typed facts count for their section; whitespace is nothing typed', () => {
  let d = edit.setSlotField(empty, 'tracking', 'carrier', '   ');
  assert.deepEqual(providedSlots(d.slots, d.arrangement), [], 'spaces are no carrier');
  d = edit.setSlotField(d, 'tracking', 'trackingNumber', '1z 999', true);
  d = edit.setSlotField(d, 'delivery', 'shippingAddress', '12 High Street');
  assert.deepEqual(typedFields(d.slots, 'tracking'), ['trackingNumber']);
  assert.deepEqual(providedSlots(d.slots, d.arrangement), ['tracking', 'delivery']);
  assert.deepEqual(filledSlots(d.slots, d.arrangement), [], 'filled still means a file in the packet');
  // With no file, each says what was typed and cites nothing; an address alone is where it was sent.
  assert.equal(
    written('We ask the issuer to reverse this chargeback.', 'not-received', d.slots, d.arrangement),
    'Carrier tracking: the order was shipped under tracking number 1Z999.\n\n' +
      'Delivery address: the order was sent to 12 High Street.\n\n' +
      'We ask the issuer to reverse this chargeback.',
  );
});

test('an exhibit title the merchant writes is kept to its length; emptied and left, the suggestion is back', () => {
  const id = receipt.id;
  let d = edit.addImported(empty, [ok(receipt)]);
  d = edit.setExhibitTitle(d, id, 'x'.repeat(500));
  assert.equal(d.slots?.titles?.[id]?.length, exhibitTitleMax);
  assert.equal(evidenceDraftSchema.safeParse(d).success, true, 'what the edit keeps, main accepts');
  d = edit.setExhibitTitle(d, id, '');
  assert.equal(d.slots?.titles?.[id], '', 'an emptied field stays empty while typing');
  assert.equal(
    exhibitTitles(d.arrangement, d.slots, () => receipt).get(id),
    'Supporting document',
    'the letter uses the suggestion',
  );
  d = edit.setExhibitTitle(d, id, '  ', true);
  assert.equal(d.slots?.titles?.[id], undefined);
  d = edit.setExhibitTitle(d, id, '  Till receipt, signed  ', true);
  assert.equal(exhibitTitles(d.arrangement, d.slots, () => receipt).get(id), 'Till receipt, signed');
});

test('a file in the packet whose name says what a section holds is offered to that section until it is in one', () => {
  const named = item('d', 'receipt.jpg');
  const tracking = item('e', 'UPS tracking.pdf');
  let d = edit.addImported(empty, [ok(named), ok(tracking), ok(receipt)]);
  // The walk: receipt.jpg in the packet, titled "Receipt or order record", yet the section "Empty".
  assert.deepEqual(
    slotSuggestions(d, 'receipt').map((i) => i.name),
    ['receipt.jpg'],
  );
  assert.deepEqual(
    slotSuggestions(d, 'tracking').map((i) => i.name),
    ['UPS tracking.pdf'],
  );
  assert.deepEqual(slotSuggestions(d, 'policy'), [], 'a name that says nothing is offered nowhere');
  // Put there (what the offer's button does), it fills the section and is offered no more.
  d = edit.addToSlot(d, 'receipt', [{ ok: true, item: named, duplicate: true }]);
  assert.deepEqual(d.slots?.receipt?.files, [named.id]);
  assert.deepEqual(slotSuggestions(d, 'receipt'), []);
  // Out of the packet, it is offered nowhere.
  d = edit.removePage(
    d,
    d.arrangement.pages.findIndex((p) => p.itemId === tracking.id),
  );
  assert.deepEqual(slotSuggestions(d, 'tracking'), []);
});
