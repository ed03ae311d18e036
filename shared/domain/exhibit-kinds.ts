// What an exhibit shows, read from its file's name ("UPS tracking.pdf": a delivery record), and the
// words the letter's reasons use for each kind. Only names are read: the letter claims nothing on
// the strength of a file whose name says nothing.
export const exhibitKinds = [
  'authorization',
  'authentication',
  'delivery',
  'receipt',
  'terminal',
  'policy',
  'product',
  'communication',
  'refund',
  'usage',
  'device',
] as const;
export type ExhibitKind = (typeof exhibitKinds)[number];

// Words in an exhibit's file name that say what it is: "scan 3.jpg" supports no specific claim.
const kindWords: Record<ExhibitKind, RegExp> = {
  authorization: /\b(auth(ori[sz]ation)?|approval|avs|cvv|cvc)\b/i,
  authentication: /\b(3ds|3-?d ?secure|authenticat\w*|secure ?code|verified by)\b/i,
  delivery:
    /\b(deliver\w*|tracking|track|shipp?\w*|carrier|pod|proof of delivery|ups|usps|fedex|dhl|royal mail|parcel|courier)\b/i,
  receipt: /\b(receipt|invoice|order|checkout|sale|bill(ing)?|slip)\b/i,
  // A card terminal's own record of the payment (its log, journal or chip data), not any receipt.
  terminal: /\b(terminal|pos|point of sale|chip|emv|contactless|pin ?pad|card reader|journal)\b/i,
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
  terminal: "a card terminal's record of the payment",
  policy: 'a policy or terms',
  product: 'a product description or photos',
  communication: 'customer correspondence',
  refund: 'a refund record',
  usage: 'a usage record',
  device: 'a device or IP record',
};
