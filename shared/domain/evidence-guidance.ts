// What evidence wins each kind of dispute (evidence-requirements.md), as a checklist the
// merchant ticks on the dispute screen, and the slots of structured evidence that fill it. Item
// ids are stable: ticks are stored by id.
import type { DisputeCategory } from './reason-codes.ts';
import type { Arrangement } from '../evidence/items.ts';
import { slotExhibits, slotIds, typedFields, type SlotField, type SlotId, type Slots } from '../evidence/slots.ts';

export interface ChecklistItem {
  id: string;
  label: string;
  detail: string;
}

export interface EvidenceGuidance {
  summary: string;
  checklist: ChecklistItem[];
}

const item = (id: string, label: string, detail: string): ChecklistItem => ({ id, label, detail });

const everyKind: ChecklistItem[] = [
  item(
    'receipt-or-invoice',
    'Receipt or invoice',
    'The receipt or invoice for the disputed payment, showing amount, date and what was bought.',
  ),
  item(
    'customer-signature',
    'Customer signature',
    "The customer's signature where there is one (signed receipt, delivery signature, signed contract).",
  ),
  item(
    'withdrawal-letter',
    "Cardholder's withdrawal",
    'Any message or letter in which the cardholder withdraws the dispute or admits the purchase.',
  ),
  item(
    'cover-letter',
    'Cover letter listing the exhibits',
    'A short letter that states your case, lists the exhibits in order and refers to each one.',
  ),
];

const byCategory: Record<DisputeCategory, EvidenceGuidance> = {
  'fraud-card-absent': {
    summary: 'Show that the real cardholder made or allowed the purchase.',
    checklist: [
      item(
        '3ds-authentication',
        '3-D Secure authentication',
        'Proof the payment passed 3-D Secure: the strongest answer to card-absent fraud.',
      ),
      item(
        'avs-cvv-match',
        'AVS and CVV match',
        'The authorization showing the address (AVS) and security code (CVV) matched.',
      ),
      item(
        'delivery-to-billing-address',
        'Delivery to the billing address',
        "Proof of delivery to the cardholder's billing address.",
      ),
      item(
        'ip-and-device',
        'Customer IP address and device',
        "The IP address and device used for the order, ideally matching the cardholder's earlier orders.",
      ),
      item('login-history', 'Account login history', "Logins to the customer's account around the purchase."),
      item(
        'prior-undisputed-payments',
        'Two earlier undisputed payments',
        'Two or more earlier undisputed payments on the same card 120–365 days before, ' +
          'with matching IP, device, address or account (Visa Compelling Evidence 3.0).',
      ),
    ],
  },
  'fraud-card-present': {
    summary: 'Show the card was physically present and correctly read.',
    checklist: [
      item('chip-read', 'Chip read or PIN record', 'The terminal record showing the chip was read or the PIN entered.'),
      item('signed-receipt', 'Signed receipt', 'The receipt signed by the cardholder.'),
      item('terminal-record', 'Terminal record', "The terminal's transaction log for the payment."),
    ],
  },
  'not-received': {
    summary: 'Show the goods or services reached the cardholder.',
    checklist: [
      item('carrier-and-tracking', 'Carrier and tracking number', 'The carrier, tracking number and ship date.'),
      item('delivery-confirmation', 'Delivery confirmation', "Confirmation of delivery to the cardholder's address."),
      item('delivery-signature', 'Delivery signature', 'A signature on delivery, especially for high amounts.'),
      item(
        'service-provided',
        'Proof the service was provided',
        'For services: the service date and proof it took place (booking record, usage log, photos).',
      ),
    ],
  },
  'not-as-described': {
    summary: 'Show the item matched its description and your policy was followed.',
    checklist: [
      item(
        'product-description',
        'Product description at purchase',
        'The product page or listing as the customer saw it when buying.',
      ),
      item('product-photos', 'Photos of the item', 'Photos of the item as shipped.'),
      item('customer-messages', 'Customer messages', 'Your correspondence with the customer about the item.'),
      item(
        'return-policy',
        'Refund and return policy',
        'The policy shown at checkout, and proof the item was not returned.',
      ),
    ],
  },
  'credit-not-processed': {
    summary: 'Show the refund was made, or why none was due under your policy.',
    checklist: [
      item('refund-record', 'Refund record', 'If you refunded: the refund record with its date and amount.'),
      item(
        'policy-at-checkout',
        'Policy shown at checkout',
        'If you refused: the refund or cancellation policy shown at checkout.',
      ),
      item(
        'policy-acceptance',
        "Customer's acceptance of the policy",
        'Proof the customer accepted the policy (checkbox, signed terms).',
      ),
      item('customer-messages', 'Customer messages', 'Your correspondence about the return or cancellation.'),
    ],
  },
  'cancelled-recurring': {
    summary: 'Show the customer agreed to the subscription and did not cancel as required.',
    checklist: [
      item(
        'cancellation-policy',
        'Cancellation policy and its disclosure',
        'The cancellation policy and where the customer saw it.',
      ),
      item(
        'no-timely-cancellation',
        'No cancellation as required',
        'Proof the customer did not cancel before the charge as the policy requires.',
      ),
      item(
        'continued-use',
        'Continued use of the service',
        'Logs showing the customer kept using the service after the claimed cancellation.',
      ),
    ],
  },
  'duplicate-or-paid-otherwise': {
    summary: 'Show the charges are distinct, or that the other payment never happened.',
    checklist: [
      item('both-receipts', 'Receipts of both charges', 'Both receipts, showing they are for different purchases.'),
      item(
        'other-payment-missing',
        'Proof the other payment did not happen',
        'Your records showing no other payment was received for this purchase.',
      ),
    ],
  },
  authorization: {
    summary: 'Show the payment was properly authorized.',
    checklist: [
      item('authorization-record', 'Authorization approval record', 'The approval with its code and date.'),
      item(
        'receipt-amount-date',
        'Receipt with amount, currency and date',
        'The receipt matching the authorized amount, currency and date.',
      ),
    ],
  },
  'processing-error': {
    summary: 'Show the payment was processed correctly and on time.',
    checklist: [
      item('authorization-record', 'Authorization approval record', 'The approval with its code and date.'),
      item(
        'receipt-amount-date',
        'Receipt with amount, currency and date',
        'The receipt showing the correct amount, currency and date.',
      ),
      item('presentment-date', 'Presentment date', 'When the payment was presented for settlement.'),
    ],
  },
};

export const generalAdvice =
  'Issuers read documents only: they do not follow links and ignore audio ' +
  'or video. Put everything on paper, in order, behind a cover letter.';

export function evidenceGuidance(category: DisputeCategory | undefined): EvidenceGuidance {
  const base = category
    ? byCategory[category]
    : { summary: 'Show the purchase was genuine and delivered as agreed.', checklist: [] };
  const seen = new Set(base.checklist.map((i) => i.id));
  return { summary: base.summary, checklist: [...base.checklist, ...everyKind.filter((i) => !seen.has(i.id))] };
}

/** A field of a slot, as the dispute page asks for it. */
export interface SlotFieldSpec {
  field: SlotField;
  label: string;
  input: 'text' | 'date' | 'url';
  placeholder?: string;
}

/** A slot of structured evidence: what it holds, what it asks, which checklist items it fulfils. */
export interface EvidenceSlotSpec {
  id: SlotId;
  label: string;
  /** What to put in it, in a line. */
  hint: string;
  fields: SlotFieldSpec[];
  /** The checklist items (by id) a file in the slot ticks, where the dispute's checklist has them. */
  ticks: readonly string[];
  /** The items typed facts alone tick, only once every field the item asks for is typed: a date
   * typed is no delivery confirmation, a carrier without its ship date not all it asks for. */
  typedTicks?: Readonly<Record<string, readonly SlotField[]>>;
}

const slotSpecs: Record<SlotId, EvidenceSlotSpec> = {
  tracking: {
    id: 'tracking',
    label: 'Tracking and carrier',
    hint: "The carrier's shipping label or tracking page, showing the ship date.",
    fields: [
      { field: 'carrier', label: 'Carrier', input: 'text', placeholder: 'UPS, DHL, Royal Mail…' },
      { field: 'trackingNumber', label: 'Tracking number', input: 'text' },
      { field: 'shipDate', label: 'Ship date', input: 'date' },
    ],
    ticks: ['carrier-and-tracking'],
    typedTicks: { 'carrier-and-tracking': ['carrier', 'trackingNumber', 'shipDate'] },
  },
  delivery: {
    id: 'delivery',
    label: 'Proof of delivery',
    hint: "The carrier's delivery confirmation, with a signature or photo where there is one.",
    fields: [
      { field: 'deliveryDate', label: 'Delivery date', input: 'date' },
      { field: 'shippingAddress', label: 'Shipping address', input: 'text' },
    ],
    ticks: ['delivery-confirmation', 'delivery-to-billing-address'],
  },
  receipt: {
    id: 'receipt',
    label: 'Receipt or invoice',
    hint: 'The receipt or invoice showing the amount, the date and what was bought.',
    fields: [],
    ticks: ['receipt-or-invoice', 'receipt-amount-date', 'both-receipts'],
  },
  communication: {
    id: 'communication',
    label: 'Customer communication',
    hint: 'Emails or chats with the customer about this order, as screenshots or PDFs.',
    fields: [],
    ticks: ['customer-messages'],
  },
  policy: {
    id: 'policy',
    label: 'Refund and cancellation policy',
    hint: 'The policy as the customer saw it, and where it was shown.',
    fields: [
      { field: 'policyUrl', label: 'Policy URL', input: 'url', placeholder: 'https://…' },
      { field: 'policyShown', label: 'Where it was shown', input: 'text', placeholder: 'At checkout, above Pay' },
    ],
    ticks: ['return-policy', 'policy-at-checkout', 'cancellation-policy'],
  },
};

// Which slots each kind of dispute asks for, in the order they make the case
// (evidence-requirements.md, "Evidence that wins").
const slotsByCategory: Record<DisputeCategory, readonly SlotId[]> = {
  'not-received': ['tracking', 'delivery', 'receipt', 'communication'],
  'fraud-card-absent': ['receipt', 'tracking', 'delivery', 'communication'],
  'not-as-described': ['receipt', 'communication', 'policy', 'delivery'],
  'credit-not-processed': ['receipt', 'policy', 'communication'],
  'cancelled-recurring': ['policy', 'receipt', 'communication'],
  'duplicate-or-paid-otherwise': ['receipt', 'communication'],
  'fraud-card-present': ['receipt'],
  authorization: ['receipt'],
  'processing-error': ['receipt'],
};
const generalSlots: readonly SlotId[] = ['receipt', 'delivery', 'communication', 'policy'];

/** The slots a dispute of this kind shows, in order. */
export function evidenceSlots(category: DisputeCategory | undefined): EvidenceSlotSpec[] {
  return (category ? slotsByCategory[category] : generalSlots).map((id) => slotSpecs[id]);
}

/** The checklist items the evidence sections fulfil, by the section that fulfils each: a file of
 * the section in the packet ticks its items; typed facts tick only the items they fully answer. */
export function checklistFilledBy(slots: Slots | undefined, arrangement: Arrangement): Map<string, SlotId> {
  const by = new Map<string, SlotId>();
  for (const id of slotIds) {
    const spec = slotSpecs[id];
    const filed = slotExhibits(slots, id, arrangement).length > 0;
    const typed = typedFields(slots, id);
    for (const item of spec.ticks) {
      const answered = filed || (spec.typedTicks?.[item]?.every((f) => typed.includes(f)) ?? false);
      if (answered && !by.has(item)) by.set(item, id);
    }
  }
  return by;
}

export const slotLabel = (id: SlotId): string => slotSpecs[id].label;
