// A strong first draft of the rebuttal per kind of dispute, made only of sentences the packet can
// prove. Each claim names what supports it: an exhibit of a kind (read from the exhibits' names
// and titles) or a fact of the transaction record. The draft offers every claim the record
// supports; the letter as sent is composed from it by cover-letter-compose.ts, which leaves out a
// claim whose exhibit is not in the packet and says why, and a letter with a blank still in it
// ("[tracking number]") is never sent (letterBlanks).
import { reasonCodeText, type DisputeCategory } from './reason-codes.ts';
import { letterDay, type CoverLetterFacts } from './letter-facts.ts';
import { exhibitKinds, type ExhibitKind } from './exhibit-kinds.ts';

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
      // Only a terminal's own record shows how the card was read (a receipt or an invoice need
      // not), and only where the processor's record says the chip or a tap read it.
      claim('The enclosed terminal record shows the card was read at the point of sale.', ['terminal'], (f) =>
        f.chipRead || f.contactless
          ? undefined
          : 'the transaction record does not say the card was read by its chip or tapped contactless',
      ),
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
    `We respond to chargeback ${facts.chargebackId} (reason code ${reasonCodeText(facts.reasonCode)}) for ` +
    `${facts.amountText}${facts.authorizedOn ? `, a payment authorized on ${letterDay(facts.authorizedOn)}` : ''}.`
  );
}

/** The first sentence as any version of the app wrote it (earlier ones dated the payment by the
 * record's creation: "a payment of …"), so a saved draft's opening is written again from the record. */
export const generatedOpening =
  /We respond to chargeback \S+ \(reason code [^()\n]*(?: \([^()\n]*\))?\) for [^\n]*?(?:, a payment (?:of|authorized on) (?:\d{4}-\d{2}-\d{2}|[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}))?\.(?=\s|$)/;

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
