// Every reason code of the four card networks the contract lists (Visa, Mastercard, American
// Express, Discover; card-networks.ts tells them apart by the code's form), with the network's text and
// the dispute category that decides what evidence wins it (evidence-requirements.md).
import { cardNetworkOf, type CardNetwork } from './card-networks.ts';

export const disputeCategories = [
  'fraud-card-present',
  'fraud-card-absent',
  'not-received',
  'not-as-described',
  'credit-not-processed',
  'cancelled-recurring',
  'duplicate-or-paid-otherwise',
  'authorization',
  'processing-error',
] as const;
export type DisputeCategory = (typeof disputeCategories)[number];

export const categoryLabel: Record<DisputeCategory, string> = {
  'fraud-card-present': 'Fraud – card present',
  'fraud-card-absent': 'Fraud – card not present',
  'not-received': 'Not received',
  'not-as-described': 'Not as described or defective',
  'credit-not-processed': 'Credit not processed or cancelled',
  'cancelled-recurring': 'Cancelled recurring payment',
  'duplicate-or-paid-otherwise': 'Duplicate or paid by other means',
  authorization: 'Authorization',
  'processing-error': 'Processing error',
};

/** What the cardholder or issuer claims, per category, in a merchant's words. */
const categoryClaim: Record<DisputeCategory, string> = {
  'fraud-card-present':
    'The cardholder says they did not make this in-person purchase: the card was counterfeit, lost or stolen.',
  'fraud-card-absent': 'The cardholder says they did not make or allow this online, phone or mail order purchase.',
  'not-received': 'The cardholder says they paid but did not receive the goods or services.',
  'not-as-described': 'The cardholder says what they received was not as described, damaged, defective or counterfeit.',
  'credit-not-processed':
    'The cardholder says they returned or cancelled the purchase and the promised refund never came.',
  'cancelled-recurring': 'The cardholder says they cancelled a recurring payment and were charged anyway.',
  'duplicate-or-paid-otherwise': 'The cardholder says they were charged twice, or paid for this another way.',
  authorization: 'The issuer says the payment was not properly authorized (declined, missing or expired approval).',
  'processing-error':
    'The issuer says the payment was processed wrongly (amount, currency, date, card number or late presentment).',
};

export interface ReasonCodeInfo {
  network: CardNetwork;
  code: string;
  text: string;
  category: DisputeCategory;
}

type Row = readonly [code: string, text: string, category: DisputeCategory];

const visa: readonly Row[] = [
  ['10.1', 'EMV liability shift counterfeit fraud', 'fraud-card-present'],
  ['10.2', 'EMV liability shift non-counterfeit fraud', 'fraud-card-present'],
  ['10.3', 'Other fraud, card-present', 'fraud-card-present'],
  ['10.4', 'Other fraud, card-absent', 'fraud-card-absent'],
  ['10.5', 'Fraud monitoring program', 'fraud-card-absent'],
  ['11.1', 'Card recovery bulletin', 'authorization'],
  ['11.2', 'Declined authorization', 'authorization'],
  ['11.3', 'No authorization', 'authorization'],
  ['12.1', 'Late presentment', 'processing-error'],
  ['12.2', 'Incorrect transaction code', 'processing-error'],
  ['12.3', 'Incorrect currency', 'processing-error'],
  ['12.4', 'Incorrect account number', 'processing-error'],
  ['12.5', 'Incorrect amount', 'processing-error'],
  ['12.6', 'Duplicate processing / paid by other means', 'duplicate-or-paid-otherwise'],
  ['12.7', 'Invalid data', 'processing-error'],
  ['13.1', 'Merchandise/services not received', 'not-received'],
  ['13.2', 'Canceled recurring transaction', 'cancelled-recurring'],
  ['13.3', 'Not as described or defective', 'not-as-described'],
  ['13.4', 'Counterfeit merchandise', 'not-as-described'],
  ['13.5', 'Misrepresentation', 'not-as-described'],
  ['13.6', 'Credit not processed', 'credit-not-processed'],
  ['13.7', 'Canceled merchandise/services', 'credit-not-processed'],
  ['13.8', 'Original credit transaction not accepted', 'processing-error'],
  ['13.9', 'Non-receipt of cash or load value', 'not-received'],
];

const mastercard: readonly Row[] = [
  ['4837', 'No cardholder authorization', 'fraud-card-absent'],
  ['4840', 'Fraudulent processing of transactions', 'fraud-card-absent'],
  ['4849', 'Questionable merchant activity', 'fraud-card-absent'],
  ['4863', 'Cardholder does not recognize / potential fraud', 'fraud-card-absent'],
  ['4870', 'Chip liability shift', 'fraud-card-present'],
  ['4871', 'Chip/PIN liability shift, lost/stolen/never received fraud', 'fraud-card-present'],
  ['4807', 'Warning bulletin file', 'authorization'],
  ['4808', 'Authorization-related', 'authorization'],
  ['4812', 'Account number not on file', 'processing-error'],
  ['4831', 'Transaction amount differs', 'processing-error'],
  ['4834', 'Point of interaction error', 'duplicate-or-paid-otherwise'],
  ['4842', 'Late presentment', 'processing-error'],
  ['4846', 'Incorrect currency code', 'processing-error'],
  ['4841', 'Canceled recurring or digital goods', 'cancelled-recurring'],
  ['4853', 'Cardholder dispute', 'not-as-described'],
  ['4854', 'Cardholder dispute not elsewhere classified', 'not-as-described'],
  ['4855', 'Goods or services not provided', 'not-received'],
  ['4859', 'No show / addendum / ATM dispute', 'not-received'],
  ['4860', 'Credit not processed', 'credit-not-processed'],
];

const amex: readonly Row[] = [
  ['FR2', 'Fraud full recourse program', 'fraud-card-absent'],
  ['FR4', 'Immediate chargeback program', 'fraud-card-absent'],
  ['FR6', 'Partial immediate chargeback program', 'fraud-card-absent'],
  ['F10', 'Missing imprint', 'fraud-card-present'],
  ['F14', 'Missing signature', 'fraud-card-present'],
  ['F24', 'No cardmember authorization', 'fraud-card-absent'],
  ['F29', 'Card not present', 'fraud-card-absent'],
  ['F30', 'EMV counterfeit', 'fraud-card-present'],
  ['F31', 'EMV lost/stolen/non-received inquiry/miscellaneous', 'fraud-card-present'],
  ['R03', 'Insufficient reply', 'processing-error'],
  ['R13', 'No reply', 'processing-error'],
  ['M01', 'Chargeback authorization', 'authorization'],
  ['A01', 'Charge exceeds authorization amount', 'authorization'],
  ['A02', 'No valid authorization', 'authorization'],
  ['A08', 'Authorization approval expired', 'authorization'],
  ['P01', 'Unassigned card number', 'processing-error'],
  ['P03', 'Credit processed as charge', 'processing-error'],
  ['P04', 'Charge processed as credit', 'processing-error'],
  ['P05', 'Incorrect charge amount', 'processing-error'],
  ['P07', 'Late submission', 'processing-error'],
  ['P08', 'Duplicate charge', 'duplicate-or-paid-otherwise'],
  ['P22', 'Non-matching card number', 'processing-error'],
  ['P23', 'Currency discrepancy', 'processing-error'],
  ['C02', 'Credit not processed', 'credit-not-processed'],
  ['C04', 'Goods/services returned or refused', 'credit-not-processed'],
  ['C05', 'Goods/services canceled', 'credit-not-processed'],
  ['C08', 'Goods/services not received or partially received', 'not-received'],
  ['C14', 'Paid by other means', 'duplicate-or-paid-otherwise'],
  ['C18', 'Rental no-show or car deposit canceled', 'credit-not-processed'],
  ['C28', 'Canceled recurring billing', 'cancelled-recurring'],
  ['C31', 'Not as described', 'not-as-described'],
  ['C32', 'Damaged or defective', 'not-as-described'],
  ['M10', 'Vehicle rental capital damages', 'not-as-described'],
  ['M49', 'Vehicle rental theft or loss of use', 'not-as-described'],
];

const discover: readonly Row[] = [
  ['UA01', 'Fraud card-present', 'fraud-card-present'],
  ['UA02', 'Fraud card-not-present', 'fraud-card-absent'],
  ['UA05', 'Fraud counterfeit chip', 'fraud-card-present'],
  ['UA06', 'Fraud chip-and-PIN', 'fraud-card-present'],
  ['UA10', 'Request transaction receipt (swiped)', 'fraud-card-present'],
  ['UA11', 'Cardholder claims fraud (swiped, no signature)', 'fraud-card-present'],
  ['AT', 'Authorization non-compliance', 'authorization'],
  ['DA', 'Declined authorization', 'authorization'],
  ['EX', 'Expired card', 'authorization'],
  ['NA', 'No authorization', 'authorization'],
  ['IN', 'Invalid card number', 'processing-error'],
  ['LP', 'Late presentment', 'processing-error'],
  ['AA', 'Cardholder does not recognize', 'fraud-card-absent'],
  ['AP', 'Canceled recurring transaction', 'cancelled-recurring'],
  ['AW', 'Altered amount', 'processing-error'],
  ['CD', 'Credit posted as card sale', 'processing-error'],
  ['DP', 'Duplicate processing', 'duplicate-or-paid-otherwise'],
  ['IC', 'Illegible sales data', 'processing-error'],
  ['NF', 'Non-receipt of cash from ATM', 'not-received'],
  ['PM', 'Paid by other means', 'duplicate-or-paid-otherwise'],
  ['RG', 'Non-receipt of goods or services', 'not-received'],
  ['RM', 'Quality discrepancy', 'not-as-described'],
  ['RN2', 'Credit not received', 'credit-not-processed'],
  ['NC', 'Not classified', 'not-as-described'],
];

export const reasonCodes: readonly ReasonCodeInfo[] = Object.freeze(
  (
    [
      ['visa', visa],
      ['mastercard', mastercard],
      ['amex', amex],
      ['discover', discover],
    ] as const
  ).flatMap(([network, rows]) =>
    rows.map(([code, text, category]) => Object.freeze({ network, code, text, category })),
  ),
);

const byCode = new Map<string, ReasonCodeInfo[]>();
for (const r of reasonCodes) {
  const key = r.code.toUpperCase();
  byCode.set(key, [...(byCode.get(key) ?? []), r]);
}

/**
 * The code as the tables write it. The core API sends Visa's codes network-prefixed,
 * without the dot: `V1305` is 13.5 (the vendor's alert examples, records of its test
 * deployment); the other networks' codes come plain there (`4837`, `F14`), and a prefix on
 * them was seen nowhere, so none is guessed. `V13.5` and `V1305` read alike.
 */
export function plainReasonCode(code: string): string {
  const c = code.trim().toUpperCase();
  const visa = /^V(\d{2})\.?(\d{1,2})$/.exec(c);
  if (!visa) return c;
  // Two digits after the family are seen both ways: `V1305` is 13.5 and the spec's `V1040` is 10.4
  // (no Visa code has a second digit after its dot, so a trailing 0 after a digit is padding).
  const minor = /^[1-9]0$/.test(visa[2]!) ? visa[2]![0] : String(Number(visa[2]));
  return `${visa[1]}.${minor}`;
}

/** Looks a code up (trimmed, any case, network-prefixed or plain). Codes are unique across the
 * four networks today; the network argument still disambiguates should a processor send one
 * that is not. */
export function reasonCodeInfo(code: string, network?: CardNetwork): ReasonCodeInfo | undefined {
  const found = byCode.get(plainReasonCode(code));
  if (!found) return undefined;
  return network === undefined ? found[0] : found.find((r) => r.network === network);
}

/** The code as the merchant and the issuer read it everywhere (inbox, dispute page, letter): the
 * network's form, with the processor's beside it where they differ (`13.5 (V1305)`); a code the
 * tables do not know, as the processor sent it. */
export function reasonCodeText(code: string): string {
  const info = reasonCodeInfo(code);
  const sent = code.trim();
  if (!info) return sent;
  return sent.toUpperCase() === info.code.toUpperCase() ? info.code : `${info.code} (${sent})`;
}

export interface ReasonExplanation {
  title: string;
  plainWords: string;
  category: DisputeCategory | undefined;
  /** By the code's form (card-networks.ts), known to the tables or not. */
  network: CardNetwork | undefined;
}

export function explainReasonCode(code: string): ReasonExplanation {
  const info = reasonCodeInfo(code);
  if (!info) {
    return {
      title: `Reason code ${code.trim() || '(none)'}`,
      plainWords:
        `Reason code ${code.trim() || '(none)'} is not in Dispute Desk's tables. Read the reason text from ` +
        'the processor and answer with the receipt, proof of delivery or service, and your customer messages.',
      category: undefined,
      network: cardNetworkOf(code),
    };
  }
  return {
    title: `${reasonCodeText(code)} · ${info.text}`,
    plainWords: categoryClaim[info.category],
    category: info.category,
    network: cardNetworkOf(code),
  };
}
