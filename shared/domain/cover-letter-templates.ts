// A strong first draft of the rebuttal per kind of dispute, made only of sentences the packet can
// prove. Each claim names what supports it: an exhibit of a kind (read from the exhibits' names
// and titles) or a fact of the transaction record. The draft offers every claim the record
// supports; the letter as sent is composed from it by cover-letter-compose.ts, which leaves out a
// claim whose exhibit is not in the packet and says why, and a letter with a blank still in it
// ("[tracking number]") is never sent (letterBlanks).
import { z } from 'zod';
import type { DisputeCategory } from './reason-codes.ts';
import type { Arrangement } from '../evidence/items.ts';
import {
  exhibitOrder,
  normaliseTrackingNumber,
  slotOf,
  type SlotFields,
  type SlotId,
  type Slots,
} from '../evidence/slots.ts';
import { formatCalendarDate } from './merchant-format.ts';

/** A calendar date as the letter writes every date (English, the issuer's reading): "Wed, Oct
 * 14, 2026". The one formatter of the letter's dates: its heading, the record's and the typed. */
export function letterDay(v: string | number | null | undefined): string | undefined {
  return v ? formatCalendarDate(v, { locale: 'en-US' }) || undefined : undefined;
}

/** What the letter may state from the chargeback and its transaction record: each field only
 * where the record states it (electron/evidence/cover-letter-facts.ts reads them). */
export const coverLetterFactsSchema = z.object({
  merchantName: z.string().optional(),
  chargebackId: z.string(),
  reasonCode: z.string(),
  amountText: z.string(),
  /** The day the issuer authorized the payment (YYYY-MM-DD), from the record's `authDate`; never
   * the record's `created`, which is when the record was made. */
  authorizedOn: z.string().optional(),
  authCode: z.string().optional(),
  clientIp: z.string().optional(),
  chipRead: z.boolean().optional(),
  /** The card was tapped (the record's entry mode 6). */
  contactless: z.boolean().optional(),
  /** The record says a PIN was entered. */
  pinEntered: z.boolean().optional(),
  signed: z.boolean().optional(),
  /** The billing address in the record's words (payment-facts.ts billingAddressOf). */
  billingAddress: z.string().optional(),
  /** 3-D Secure as the record states it (`origin` 5: succeeded, 6: attempted); attempted is not
   * authenticated. */
  threeDSecure: z.enum(['authenticated', 'attempted']).optional(),
  /** The security code check, from a `cvvStatus` the app can read; an unknown code states nothing. */
  cvv: z.enum(['matched', 'not-matched']).optional(),
});
export type CoverLetterFacts = z.infer<typeof coverLetterFactsSchema>;

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

/** The kind of exhibit, as the letter's reasons name it. */
export const exhibitKindNames: Record<ExhibitKind, string> = {
  authorization: 'an authorization record',
  authentication: 'a 3-D Secure result',
  delivery: 'a delivery record',
  receipt: 'a receipt, invoice or order record',
  policy: 'a policy or terms',
  product: 'a product description or photos',
  communication: 'customer correspondence',
  refund: 'a refund record',
  usage: 'a usage record',
  device: 'a device or IP record',
};

/** One sentence of the body and what must be true for it to be said. */
export interface Claim {
  text: string;
  /** Said only when the packet holds one of these kinds of exhibit. */
  exhibits?: readonly ExhibitKind[];
  /** Why the transaction record does not support it, or undefined when it does. */
  unsupported?: (f: CoverLetterFacts) => string | undefined;
}

const claim = (text: string, exhibits?: readonly ExhibitKind[], unsupported?: Claim['unsupported']): Claim => ({
  text,
  ...(exhibits ? { exhibits } : {}),
  ...(unsupported ? { unsupported } : {}),
});
const when = (test: unknown, c: () => Claim): Claim[] => (test ? [c()] : []);

/** Why the record does not support 3-D Secure authentication, or undefined when it does. */
const notAuthenticated = (f: CoverLetterFacts): string | undefined =>
  f.threeDSecure === 'authenticated'
    ? undefined
    : f.threeDSecure === 'attempted'
      ? 'the transaction record says 3-D Secure was only attempted, not that the cardholder was authenticated'
      : 'the transaction record shows no 3-D Secure authentication';
// Always known claims (not only when the record supports them): a draft that says the cardholder
// was authenticated, typed or copied, is checked against the record like the app's own sentence.
const authenticatedByRecord = claim(
  'The cardholder was authenticated with 3-D Secure for this payment.',
  undefined,
  notAuthenticated,
);
const attemptedByRecord = claim(
  '3-D Secure authentication of the cardholder was attempted for this payment.',
  undefined,
  (f) => (f.threeDSecure === 'attempted' ? undefined : 'the transaction record does not say 3-D Secure was attempted'),
);
const authenticated = claim(
  'The enclosed 3-D Secure result shows the cardholder authenticated the payment.',
  ['authentication'],
  notAuthenticated,
);
const cvvMatched = claim("The card's security code (CVV2) given with the order matched.", undefined, (f) =>
  f.cvv === 'matched' ? undefined : 'the transaction record states no security code (CVV) match',
);
/** Sentences earlier versions of the app wrote into drafts that the record cannot support: found
 * in a saved draft, each is left out with its reason. */
const retiredClaims: readonly Claim[] = [
  claim(
    'The enclosed authorization record shows the issuer approved ' +
      'the payment and that the address and security code matched.',
    ['authorization'],
    // The recorded transaction carries no address check result at all.
    () => 'the transaction record states no address check (AVS) result',
  ),
];

/** The body of each kind: what the cardholder states (true: it is the claim), then the answers. */
const bodies: Record<DisputeCategory | 'general', (f: CoverLetterFacts) => Claim[][]> = {
  'fraud-card-absent': (f) => [
    [claim('The cardholder states that they did not authorize this purchase.')],
    [
      ...when(f.authCode, () => claim(`The issuer authorized the payment (authorization code ${f.authCode}).`)),
      claim('The enclosed authorization record shows the issuer approved the payment.', ['authorization']),
      cvvMatched,
      authenticatedByRecord,
      attemptedByRecord,
      authenticated,
      ...when(f.clientIp, () => claim(`The order was placed from IP address ${f.clientIp}.`)),
      ...when(f.billingAddress, () => claim(`The billing address on the transaction record is ${f.billingAddress}.`)),
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
        claim(`The card was present: its chip was read${f.authorizedOn ? ` on ${letterDay(f.authorizedOn)}` : ''}.`),
      ),
      ...when(f.contactless && !f.chipRead, () =>
        claim(
          `The card was present: it was tapped contactless${f.authorizedOn ? ` on ${letterDay(f.authorizedOn)}` : ''}.`,
        ),
      ),
      ...when(f.pinEntered, () => claim("The cardholder's PIN was entered for the payment.")),
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

export const anyExhibit = exhibitKinds;
export const closingClaims = [
  claim('We ask the issuer to reverse this chargeback.'),
  // Said only when something is enclosed: a letter alone lists nothing.
  claim('The exhibits are listed below in the order they are enclosed.', anyExhibit),
];

/** The first sentence, from the record: the payment is dated by its authorization, or not at all. */
export function openingSentence(facts: CoverLetterFacts): string {
  return (
    `We respond to chargeback ${facts.chargebackId} (reason code ${facts.reasonCode}) for ` +
    `${facts.amountText}${facts.authorizedOn ? `, a payment authorized on ${letterDay(facts.authorizedOn)}` : ''}.`
  );
}

/** The first sentence as any version of the app wrote it (earlier ones dated the payment by the
 * record's creation: "a payment of …"), so a saved draft's opening is written again from the record. */
export const generatedOpening =
  /We respond to chargeback \S+ \(reason code [^)\n]*\) for [^\n]*?(?:, a payment (?:of|authorized on) (?:\d{4}-\d{2}-\d{2}|[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}))?\.(?=\s|$)/;

function paragraphs(category: DisputeCategory | undefined, facts: CoverLetterFacts): Claim[][] {
  return [
    [claim(openingSentence(facts))],
    ...bodies[category ?? 'general'](facts).filter((p) => p.length > 0),
    closingClaims,
  ];
}

/** Every generated sentence a draft may hold, retired ones and other kinds' included (a sentence
 * copied from another letter is checked like one written here): the claims the letter is checked
 * against, each once. */
export function knownClaims(category: DisputeCategory | undefined, facts: CoverLetterFacts): Claim[] {
  const all = [
    ...paragraphs(category, facts).flat(),
    ...(Object.keys(bodies) as Array<keyof typeof bodies>).flatMap((k) => bodies[k](facts).flat()),
    ...retiredClaims,
  ];
  return all.filter((c, i) => all.findIndex((x) => x.text === c.text) === i);
}

/** A new draft: every claim the record supports (those needing an exhibit stay until the build
 * finds none). */
export function coverLetterTemplate(category: DisputeCategory | undefined, facts: CoverLetterFacts): string {
  const signature = facts.merchantName ? `\n\n${facts.merchantName}` : '';
  return (
    paragraphs(category, facts)
      .map((p) =>
        p
          .filter((c) => !c.unsupported?.(facts))
          .map((c) => c.text)
          .join(' '),
      )
      .filter(Boolean)
      .join('\n\n') + signature
  );
}

/** Blanks left for the merchant to fill ("[tracking number]", "____"): a letter with any is not sent. */
export function letterBlanks(text: string): string[] {
  const found = [...text.matchAll(/\[[^\]\n]{0,120}\]|_{3,}/g)].map((m) => m[0]);
  return [...new Set(found)];
}

// ---- The letter written from the slots the merchant filled (shared/evidence/slots.ts). ----

/** The kind of exhibit each slot's files are, whatever their names. */
export const slotKind: Record<SlotId, ExhibitKind> = {
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
  return item?.kind === 'pdf' ? 'Document' : 'Image';
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
