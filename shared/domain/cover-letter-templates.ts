// A strong first draft of the rebuttal per kind of dispute, made only of sentences the packet can
// prove. Each claim names what supports it: an exhibit of a kind (read from the exhibits' names)
// or a fact of the transaction. The draft offers every claim the chargeback's facts allow; when
// the packet is built, a generated claim whose exhibit is not in it is left out (tieClaims), and
// a letter with a blank still in it ("[tracking number]") is never sent (letterBlanks).
import type { DisputeCategory } from './reason-codes.ts';
import type { Arrangement } from '../evidence/items.ts';
import {
  exhibitOrder,
  filledSlots,
  normaliseTrackingNumber,
  slotExhibits,
  slotOf,
  type SlotFields,
  type SlotId,
  type Slots,
} from '../evidence/slots.ts';
import { formatCalendarDate } from './merchant-format.ts';

export interface CoverLetterFacts {
  merchantName?: string;
  chargebackId: string;
  reasonCode: string;
  amountText: string;
  transactionDate?: string;
  /** From the disputed transaction, when the store has it. */
  authCode?: string;
  clientIp?: string;
  chipRead?: boolean;
  signed?: boolean;
}

export const exhibitKinds = [
  'authorization',
  'authentication',
  'delivery',
  'receipt',
  'policy',
  'product',
  'communication',
  'refund',
  'usage',
  'device',
] as const;
export type ExhibitKind = (typeof exhibitKinds)[number];

// Words in an exhibit's file name that say what it is. Only names are read: a file called
// "scan 3.jpg" supports no specific claim, so the letter then makes none about it.
const kindWords: Record<ExhibitKind, RegExp> = {
  authorization: /\b(auth(ori[sz]ation)?|approval|avs|cvv|cvc)\b/i,
  authentication: /\b(3ds|3-?d ?secure|authenticat\w*|secure ?code|verified by)\b/i,
  delivery:
    /\b(deliver\w*|tracking|track|shipp?\w*|carrier|pod|proof of delivery|ups|usps|fedex|dhl|royal mail|parcel|courier)\b/i,
  receipt: /\b(receipt|invoice|order|checkout|sale|bill(ing)?|terminal|slip)\b/i,
  policy: /\b(terms|tos|t&c|conditions|polic(y|ies)|returns?|cancell?ation|agreement|contract)\b/i,
  product: /\b(product|listing|description|photos?|pictures?|item|catalog(ue)?)\b/i,
  communication: /\b(emails?|messages?|chat|correspondence|letter|conversation|support)\b/i,
  refund: /\b(refund\w*|credit|reversal)\b/i,
  usage: /\b(usage|log ?ins?|login|access|activity|download\w*|history)\b/i,
  device: /\b(ip|device|fingerprint|session)\b/i,
};

/** The kinds of exhibit a packet holds, from its files' names ("UPS tracking.pdf" → delivery). */
export function exhibitKindsOf(names: readonly string[]): Set<ExhibitKind> {
  const kinds = new Set<ExhibitKind>();
  for (const name of names) {
    const words = name.replace(/\.[a-z0-9]{2,5}$/i, '').replace(/[_\-.]+/g, ' ');
    for (const k of exhibitKinds) if (kindWords[k].test(words)) kinds.add(k);
  }
  return kinds;
}

/** One sentence of the body and what must be true for it to be said. */
interface Claim {
  text: string;
  /** Said only when the packet holds one of these kinds of exhibit. */
  exhibits?: readonly ExhibitKind[];
}

const claim = (text: string, exhibits?: readonly ExhibitKind[]): Claim => ({ text, ...(exhibits ? { exhibits } : {}) });
const when = (test: unknown, c: () => Claim): Claim[] => (test ? [c()] : []);

/** The body of each kind: what the cardholder states (true: it is the claim), then the answers. */
const bodies: Record<DisputeCategory | 'general', (f: CoverLetterFacts) => Claim[][]> = {
  'fraud-card-absent': (f) => [
    [claim('The cardholder states that they did not authorize this purchase.')],
    [
      ...when(f.authCode, () => claim(`The issuer authorized the payment (authorization code ${f.authCode}).`)),
      claim(
        'The enclosed authorization record shows the issuer approved ' +
          'the payment and that the address and security code matched.',
        ['authorization'],
      ),
      claim('The enclosed 3-D Secure result shows the cardholder authenticated the payment.', ['authentication']),
      ...when(f.clientIp, () => claim(`The order was placed from IP address ${f.clientIp}.`)),
      claim('The enclosed records show the IP address and device used for the order.', ['device']),
      claim('The enclosed order record shows the billing and delivery details the cardholder gave.', ['receipt']),
      claim("The order was delivered to the cardholder's address, as the enclosed delivery record shows.", [
        'delivery',
      ]),
    ],
  ],
  'fraud-card-present': (f) => [
    [claim('The cardholder states that they did not make this purchase.')],
    [
      ...when(f.chipRead, () =>
        claim(`The card was present: its chip was read${f.transactionDate ? ` on ${f.transactionDate}` : ''}.`),
      ),
      claim('The enclosed terminal record shows the card was read at the point of sale.', ['receipt']),
      ...when(f.signed, () => claim('The cardholder signed for the payment.')),
    ],
  ],
  'not-received': () => [
    [claim('The cardholder states that they did not receive what they paid for.')],
    [
      claim(
        'The order was delivered: the enclosed delivery record shows the carrier, the ' +
          "tracking number, the ship date and the delivery to the cardholder's address.",
        ['delivery'],
      ),
    ],
  ],
  'not-as-described': () => [
    [claim('The cardholder states that the item was not as described.')],
    [
      claim(
        'The item matched its description at the time of purchase, ' +
          'as the enclosed product description and photos show.',
        ['product'],
      ),
      claim('Our return policy, shown at checkout and enclosed, offered the cardholder a return.', ['policy']),
    ],
  ],
  'credit-not-processed': () => [
    [claim('The cardholder states that a credit was not processed.')],
    [
      claim('The enclosed record shows the refund that was made.', ['refund']),
      claim(
        'The enclosed cancellation and refund policy, which the ' +
          'cardholder accepted at checkout, sets out when a refund is due.',
        ['policy'],
      ),
    ],
  ],
  'cancelled-recurring': () => [
    [claim('The cardholder states that they cancelled this recurring payment.')],
    [
      claim('The cardholder agreed to the subscription terms enclosed, which say how to cancel.', ['policy']),
      claim('The enclosed records show the service was used after the date of the claimed cancellation.', ['usage']),
    ],
  ],
  'duplicate-or-paid-otherwise': () => [
    [claim('The cardholder states that this charge is a duplicate or was paid by other means.')],
    [claim('The enclosed receipts show that each charge is for a distinct purchase.', ['receipt'])],
  ],
  authorization: (f) => [
    [claim('The issuer states that the payment was not properly authorized.')],
    [
      ...when(f.authCode, () => claim(`The issuer approved this payment (authorization code ${f.authCode}).`)),
      claim('The enclosed authorization record shows the issuer approved this payment for the amount charged.', [
        'authorization',
      ]),
    ],
  ],
  'processing-error': () => [
    [claim('The issuer states that the payment was processed in error.')],
    [
      claim(
        'The enclosed records show the payment was authorized and ' +
          'presented correctly, for the right amount and currency, on time.',
        ['authorization', 'receipt'],
      ),
    ],
  ],
  general: () => [
    [claim('We dispute this chargeback.')],
    [
      claim(
        'The enclosed exhibits show that the purchase was genuine ' +
          'and that the goods or services were provided as agreed.',
        ['receipt', 'delivery', 'product', 'communication', 'usage', 'authorization'],
      ),
    ],
  ],
};

const anyExhibit = exhibitKinds;
const closingClaims = [
  claim('We ask the issuer to reverse this chargeback.'),
  // Said only when something is enclosed: a letter alone lists nothing.
  claim('The exhibits are listed below in the order they are enclosed.', anyExhibit),
];

function paragraphs(category: DisputeCategory | undefined, facts: CoverLetterFacts): Claim[][] {
  const opening = claim(
    `We respond to chargeback ${facts.chargebackId} (reason code ${facts.reasonCode}) for ` +
      `${facts.amountText}${facts.transactionDate ? `, a payment of ${facts.transactionDate}` : ''}.`,
  );
  return [[opening], ...bodies[category ?? 'general'](facts).filter((p) => p.length > 0), closingClaims];
}

export function coverLetterTemplate(category: DisputeCategory | undefined, facts: CoverLetterFacts): string {
  const signature = facts.merchantName ? `\n\n${facts.merchantName}` : '';
  return (
    paragraphs(category, facts)
      .map((p) => p.map((c) => c.text).join(' '))
      .join('\n\n') + signature
  );
}

/** The letter as it may be sent with these exhibits: each generated claim whose kind of exhibit
 * is not in the packet is taken out (the merchant's own sentences stay as written); returns the
 * text and the claims left out, so the window can say why. */
export function tieClaims(
  rebuttal: string,
  category: DisputeCategory | undefined,
  facts: CoverLetterFacts,
  exhibits: ReadonlySet<ExhibitKind>,
  hasExhibits: boolean,
): { text: string; leftOut: string[] } {
  const leftOut: string[] = [];
  let text = rebuttal;
  for (const p of paragraphs(category, facts)) {
    for (const c of p) {
      if (!c.exhibits) continue;
      const supported = c.exhibits === anyExhibit ? hasExhibits : c.exhibits.some((k) => exhibits.has(k));
      if (supported || !text.includes(c.text)) continue;
      text = text.replace(c.text, '');
      leftOut.push(c.text);
    }
  }
  // Tidy what removal leaves: doubled spaces, a space before a line end, empty paragraphs.
  text = text
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, leftOut };
}

/** Blanks left for the merchant to fill ("[tracking number]", "____"): a letter with any is not sent. */
export function letterBlanks(text: string): string[] {
  const found = [...text.matchAll(/\[[^\]\n]{0,120}\]|_{3,}/g)].map((m) => m[0]);
  return [...new Set(found)];
}

// ---- The letter written from the slots the merchant filled (shared/evidence/slots.ts). ----

/** The kind of exhibit each slot's files are, whatever their names. */
const slotKind: Record<SlotId, ExhibitKind> = {
  tracking: 'delivery',
  delivery: 'delivery',
  receipt: 'receipt',
  communication: 'communication',
  policy: 'policy',
};

/** "Exhibit 2", "Exhibits 2 and 3", "Exhibits 2, 3 and 5". */
export function citeExhibits(numbers: readonly number[]): string {
  if (numbers.length === 1) return `Exhibit ${numbers[0]}`;
  const head = numbers.slice(0, -1).join(', ');
  return `Exhibits ${head} and ${numbers[numbers.length - 1]}`;
}

/** A date the merchant typed, as the letter writes dates (English, the issuer's reading). */
const letterDay = (v: string | undefined): string | undefined =>
  v ? formatCalendarDate(v, { locale: 'en-US' }) || undefined : undefined;

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

/** Each exhibit's title, by item ID: a slotted file's slot title, any other its file name. */
export function exhibitTitles(
  arrangement: Arrangement,
  slots: Slots | undefined,
  nameOf: (itemId: string) => string,
): Map<string, string> {
  const titles = new Map<string, string>();
  const order = exhibitOrder(arrangement);
  for (const id of order) {
    const slot = slotOf(slots, id);
    if (!slot) {
      titles.set(id, nameOf(id));
      continue;
    }
    const mine = order.filter((x) => slotOf(slots, x) === slot);
    titles.set(id, slotTitle(slot, slots, { n: mine.indexOf(id) + 1, of: mine.length }));
  }
  return titles;
}

/** The paragraph a filled slot adds to the letter, citing its exhibits; only what was provided is said. */
export function slotParagraph(slot: SlotId, slots: Slots | undefined, exhibits: readonly number[]): string {
  const f: SlotFields = { ...slots?.[slot]?.fields };
  const cite = citeExhibits(exhibits);
  switch (slot) {
    case 'tracking': {
      const tracking = normaliseTrackingNumber(f.trackingNumber);
      const carrier = f.carrier?.trim();
      const shipped = letterDay(f.shipDate);
      return (
        `${cite} (carrier tracking): the order was shipped${carrier ? ` with ${carrier}` : ''}` +
        `${shipped ? ` on ${shipped}` : ''}${tracking ? ` under tracking number ${tracking}` : ''}.`
      );
    }
    case 'delivery': {
      const day = letterDay(f.deliveryDate);
      const address = f.shippingAddress?.trim();
      return (
        `${cite} (proof of delivery): the order was delivered${day ? ` on ${day}` : ''}` +
        `${address ? ` to ${address}` : day ? '' : " to the cardholder's address"}.`
      );
    }
    case 'receipt':
      return `${cite} (receipt or invoice): the purchase as the cardholder made it, with its amount, its date and what was bought.`;
    case 'communication':
      return `${cite} (customer communication): our correspondence with the cardholder about this order.`;
    case 'policy': {
      const shown = f.policyShown?.trim();
      const url = f.policyUrl?.trim();
      return (
        `${cite} (refund and cancellation policy): the policy the cardholder agreed to` +
        `${shown ? `, shown to them ${shown.charAt(0).toLowerCase()}${shown.slice(1)}` : ''}` +
        `${url ? `; it is published at ${url}` : ''}.`
      );
    }
  }
}

/** The letter with a paragraph for each filled slot, before the closing request (or at the end);
 * a generated claim that only says what a filled slot's paragraph now says is taken out. Empty
 * slots add nothing; the merchant's own sentences stay as written. */
export function writeSlotParagraphs(
  rebuttal: string,
  category: DisputeCategory | undefined,
  facts: CoverLetterFacts,
  slots: Slots | undefined,
  arrangement: Arrangement,
): string {
  const filled = filledSlots(slots, arrangement);
  if (filled.length === 0) return rebuttal;
  const covered = new Set(filled.map((s) => slotKind[s]));
  let text = rebuttal;
  for (const p of paragraphs(category, facts))
    for (const c of p)
      if (c.exhibits && c.exhibits !== anyExhibit && c.exhibits.every((k) => covered.has(k)))
        text = text.replace(c.text, '');
  const added = filled.map((s) => slotParagraph(s, slots, slotExhibits(slots, s, arrangement))).join('\n\n');
  const closing = closingClaims[0]!.text;
  const at = text.indexOf(closing);
  text = at >= 0 ? `${text.slice(0, at)}${added}\n\n${text.slice(at)}` : `${text.trimEnd()}\n\n${added}`;
  return text
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
