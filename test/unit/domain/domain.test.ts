import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  reasonCodes,
  reasonCodeInfo,
  explainReasonCode,
  disputeCategories,
} from '../../../shared/domain/reason-codes.ts';
import { evidenceGuidance } from '../../../shared/domain/evidence-guidance.ts';
import { coverLetterTemplate } from '../../../shared/domain/cover-letter-templates.ts';
import { currencyCodes, currencyExponent } from '../../../shared/domain/currencies.ts';
import { formatAmount, majorToMinor } from '../../../shared/domain/money.ts';
import {
  messageTypesForCycle,
  messageTypesOrdered,
  messageTypeRules,
} from '../../../shared/domain/message-type-rules.ts';
import { messageTypes, cycles } from '../../../shared/domain/enums.ts';
import { cycleLabel } from '../../../shared/domain/cycles.ts';
import { networkFromSaved } from '../../../shared/domain/card-networks.ts';
import { describeTransaction, ledgerEventLabel } from '../../../shared/domain/labels.ts';

test('every reason code of the contract is present, per network', () => {
  const count = (n: string) => reasonCodes.filter((r) => r.network === n).length;
  assert.deepEqual([count('visa'), count('mastercard'), count('amex'), count('discover')], [24, 19, 34, 24]);
  for (const code of ['10.4', '13.1', '4837', '4860', 'FR2', 'M49', 'UA01', 'RN2', 'NC'])
    assert.ok(reasonCodeInfo(code), code);
  assert.equal(new Set(reasonCodes.map((r) => r.code)).size, reasonCodes.length, 'codes are unique');
});

// The contract's reason codes with their texts, network by network, as the contract words them.
const contractCodes: Record<number, Array<[string, string]>> = {
  1: [
    ['10.1', 'EMV liability shift counterfeit fraud'],
    ['10.2', 'EMV liability shift non-counterfeit fraud'],
    ['10.3', 'other fraud, card-present'],
    ['10.4', 'other fraud, card-absent'],
    ['10.5', 'fraud monitoring program'],
    ['11.1', 'card recovery bulletin'],
    ['11.2', 'declined authorization'],
    ['11.3', 'no authorization'],
    ['12.1', 'late presentment'],
    ['12.2', 'incorrect transaction code'],
    ['12.3', 'incorrect currency'],
    ['12.4', 'incorrect account number'],
    ['12.5', 'incorrect amount'],
    ['12.6', 'duplicate processing / paid by other means'],
    ['12.7', 'invalid data'],
    ['13.1', 'merchandise/services not received'],
    ['13.2', 'canceled recurring transaction'],
    ['13.3', 'not as described or defective'],
    ['13.4', 'counterfeit merchandise'],
    ['13.5', 'misrepresentation'],
    ['13.6', 'credit not processed'],
    ['13.7', 'canceled merchandise/services'],
    ['13.8', 'original credit transaction not accepted'],
    ['13.9', 'non-receipt of cash or load value'],
  ],
  2: [
    ['4837', 'no cardholder authorization'],
    ['4840', 'fraudulent processing of transactions'],
    ['4849', 'questionable merchant activity'],
    ['4863', 'cardholder does not recognize / potential fraud'],
    ['4870', 'chip liability shift'],
    ['4871', 'chip/PIN liability shift, lost/stolen/never received fraud'],
    ['4807', 'warning bulletin file'],
    ['4808', 'authorization-related'],
    ['4812', 'account number not on file'],
    ['4831', 'transaction amount differs'],
    ['4834', 'point of interaction error'],
    ['4842', 'late presentment'],
    ['4846', 'incorrect currency code'],
    ['4841', 'canceled recurring or digital goods'],
    ['4853', 'cardholder dispute'],
    ['4854', 'cardholder dispute not elsewhere classified'],
    ['4855', 'goods or services not provided'],
    ['4859', 'no show / addendum / ATM dispute'],
    ['4860', 'credit not processed'],
  ],
  3: [
    ['FR2', 'fraud full recourse program'],
    ['FR4', 'immediate chargeback program'],
    ['FR6', 'partial immediate chargeback program'],
    ['F10', 'missing imprint'],
    ['F14', 'missing signature'],
    ['F24', 'no cardmember authorization'],
    ['F29', 'card not present'],
    ['F30', 'EMV counterfeit'],
    ['F31', 'EMV lost/stolen/non-received inquiry/miscellaneous'],
    ['R03', 'insufficient reply'],
    ['R13', 'no reply'],
    ['M01', 'chargeback authorization'],
    ['A01', 'charge exceeds authorization amount'],
    ['A02', 'no valid authorization'],
    ['A08', 'authorization approval expired'],
    ['P01', 'unassigned card number'],
    ['P03', 'credit processed as charge'],
    ['P04', 'charge processed as credit'],
    ['P05', 'incorrect charge amount'],
    ['P07', 'late submission'],
    ['P08', 'duplicate charge'],
    ['P22', 'non-matching card number'],
    ['P23', 'currency discrepancy'],
    ['C02', 'credit not processed'],
    ['C04', 'goods/services returned or refused'],
    ['C05', 'goods/services canceled'],
    ['C08', 'goods/services not received or partially received'],
    ['C14', 'paid by other means'],
    ['C18', 'rental no-show or car deposit canceled'],
    ['C28', 'canceled recurring billing'],
    ['C31', 'not as described'],
    ['C32', 'damaged or defective'],
    ['M10', 'vehicle rental capital damages'],
    ['M49', 'vehicle rental theft or loss of use'],
  ],
  4: [
    ['UA01', 'fraud card-present'],
    ['UA02', 'fraud card-not-present'],
    ['UA05', 'fraud counterfeit chip'],
    ['UA06', 'fraud chip-and-PIN'],
    ['UA10', 'request transaction receipt (swiped)'],
    ['UA11', 'cardholder claims fraud (swiped, no signature)'],
    ['AT', 'authorization non-compliance'],
    ['DA', 'declined authorization'],
    ['EX', 'expired card'],
    ['NA', 'no authorization'],
    ['IN', 'invalid card number'],
    ['LP', 'late presentment'],
    ['AA', 'cardholder does not recognize'],
    ['AP', 'canceled recurring transaction'],
    ['AW', 'altered amount'],
    ['CD', 'credit posted as card sale'],
    ['DP', 'duplicate processing'],
    ['IC', 'illegible sales data'],
    ['NF', 'non-receipt of cash from ATM'],
    ['PM', 'paid by other means'],
    ['RG', 'non-receipt of goods or services'],
    ['RM', 'quality discrepancy'],
    ['RN2', 'credit not received'],
    ['NC', 'not classified'],
  ],
};

test("every reason code carries the contract's text, on its network, and no code is extra", () => {
  // The tables start a text with a capital for display; the words are the contract's.
  const words = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);
  for (const [network, rows] of Object.entries(contractCodes)) {
    // The contract numbers the networks; 1 to 4 are Visa, Mastercard, American Express, Discover.
    const n = networkFromSaved(Number(network));
    assert.deepEqual(
      reasonCodes
        .filter((r) => r.network === n)
        .map((r) => r.code)
        .sort(),
      rows.map(([code]) => code).sort(),
      `network ${n}: the same codes`,
    );
    for (const [code, text] of rows) {
      const info = reasonCodeInfo(code);
      assert.equal(info?.network, n, code);
      assert.equal(words(info!.text), words(text), code);
    }
  }
});

test('reason codes map to the categories the evidence guide names', () => {
  const expect: Record<string, string> = {
    '10.4': 'fraud-card-absent',
    '4837': 'fraud-card-absent',
    F24: 'fraud-card-absent',
    F29: 'fraud-card-absent',
    UA02: 'fraud-card-absent',
    '10.1': 'fraud-card-present',
    '4870': 'fraud-card-present',
    F30: 'fraud-card-present',
    UA05: 'fraud-card-present',
    '13.1': 'not-received',
    '4855': 'not-received',
    C08: 'not-received',
    RG: 'not-received',
    '13.3': 'not-as-described',
    '4853': 'not-as-described',
    C31: 'not-as-described',
    C32: 'not-as-described',
    RM: 'not-as-described',
    '13.6': 'credit-not-processed',
    '4860': 'credit-not-processed',
    C02: 'credit-not-processed',
    RN2: 'credit-not-processed',
    '13.2': 'cancelled-recurring',
    '4841': 'cancelled-recurring',
    C28: 'cancelled-recurring',
    AP: 'cancelled-recurring',
    '12.6': 'duplicate-or-paid-otherwise',
    P08: 'duplicate-or-paid-otherwise',
    C14: 'duplicate-or-paid-otherwise',
    DP: 'duplicate-or-paid-otherwise',
    PM: 'duplicate-or-paid-otherwise',
    '11.2': 'authorization',
    A02: 'authorization',
    DA: 'authorization',
    '12.5': 'processing-error',
    P05: 'processing-error',
    LP: 'processing-error',
  };
  for (const [code, category] of Object.entries(expect)) assert.equal(reasonCodeInfo(code)?.category, category, code);
});

test('lookups are trimmed and case-insensitive; unknown codes explain themselves', () => {
  assert.equal(reasonCodeInfo(' ua02 ')?.network, 'discover');
  assert.equal(reasonCodeInfo('4837', 'visa'), undefined);
  const e = explainReasonCode('ZZ9');
  assert.equal(e.category, undefined);
  assert.match(e.plainWords, /not in Dispute Desk's tables/);
  assert.match(explainReasonCode('13.1').plainWords, /did not receive/);
});

test('guidance and templates exist for every category', () => {
  for (const c of disputeCategories) {
    const g = evidenceGuidance(c);
    assert.ok(g.checklist.length >= 5, c);
    assert.ok(g.checklist.some((i) => i.id === 'cover-letter'));
    assert.equal(new Set(g.checklist.map((i) => i.id)).size, g.checklist.length, `${c} ids unique`);
    const text = coverLetterTemplate(c, {
      chargebackId: 't1_chb_abc',
      reasonCode: '13.1',
      amountText: '$49.99',
      merchantName: 'Corner Shop',
    });
    assert.match(text, /t1_chb_abc/);
    assert.match(text, /\$49\.99/);
    assert.match(text, /Corner Shop$/);
  }
  assert.ok(evidenceGuidance(undefined).checklist.length >= 4);
});

test('each category has a rebuttal of its own, and a not-received code gets the delivery one', () => {
  const facts = { chargebackId: 't1_chb_abc', reasonCode: '13.1', amountText: '$49.99', merchantName: 'Corner Shop' };
  // The body: what lies between the shared opening (first paragraph) and the shared closing.
  const body = (c: (typeof disputeCategories)[number] | undefined) => {
    const paragraphs = coverLetterTemplate(c, facts).split('\n\n');
    const closing = paragraphs.findIndex((p) => p.startsWith('We ask the issuer to reverse this chargeback.'));
    assert.ok(closing > 1, `${c ?? 'general'}: a body between the opening and the closing`);
    return paragraphs.slice(1, closing).join('\n\n');
  };
  const bodies = new Map<string, string>();
  for (const c of [...disputeCategories, undefined]) {
    const b = body(c);
    const same = [...bodies].find(([, other]) => other === b);
    assert.equal(same, undefined, `${c ?? 'general'} has the same body as ${same?.[0]}`);
    bodies.set(c ?? 'general', b);
  }
  assert.equal(
    new Set(bodies.values()).size,
    disputeCategories.length + 1,
    'one distinct body per category, and a general one',
  );

  // Visa-style 13.1 (and its counterparts on the other networks) is not-received: the letter
  // argues delivery, with the carrier and tracking number.
  for (const code of ['13.1', '4855', 'C08', 'RG']) {
    const category = reasonCodeInfo(code)?.category;
    assert.equal(category, 'not-received', code);
    const text = coverLetterTemplate(category, { ...facts, reasonCode: code });
    assert.match(text, /did not receive what they paid for/, code);
    assert.match(text, /The order was delivered/, code);
    assert.match(
      text,
      /the carrier, the tracking number, the ship date and the delivery to the cardholder's address/,
      code,
    );
    assert.match(text, new RegExp(`reason code ${code.replace('.', '\\.')}\\)`), code);
  }
  // Other categories do not argue delivery.
  for (const c of disputeCategories.filter((x) => x !== 'not-received'))
    assert.doesNotMatch(body(c), /tracking number|delivery confirmation/, c);
  assert.doesNotMatch(body(undefined), /tracking number/, 'general');
});

test('currency exponents: zero, two, three and four decimals', () => {
  assert.equal(currencyCodes.length, 176, 'the contract lists 176 codes');
  assert.deepEqual(
    ['JPY', 'KRW', 'USD', 'EUR', 'BHD', 'KWD', 'CLF', 'XAU'].map(currencyExponent),
    [0, 0, 2, 2, 3, 3, 4, 0],
  );
  assert.equal(currencyExponent('???'), 2);
});

test('formatAmount and majorToMinor round-trip exactly', () => {
  assert.equal(formatAmount(4999, 'USD'), '$49.99');
  assert.equal(formatAmount(1000, 'JPY'), '¥1,000');
  assert.equal(formatAmount(1234, 'BHD'), 'BHD 1.234');
  assert.equal(formatAmount(-4999, 'USD'), '-$49.99');
  for (const [text, cur, minor] of [
    ['49.99', 'USD', 4999],
    ['1,234.50', 'USD', 123450],
    ['1000', 'JPY', 1000],
    ['1.234', 'BHD', 1234],
    ['0.1', 'USD', 10],
    ['19.99', 'EUR', 1999],
  ] as const) {
    assert.equal(majorToMinor(text, cur), minor, `${text} ${cur}`);
  }
  for (const [text, cur] of [
    ['10.5', 'JPY'],
    ['1.001', 'USD'],
    ['abc', 'USD'],
    ['', 'USD'],
    ['1e3', 'USD'],
  ] as const)
    assert.equal(majorToMinor(text, cur), undefined, text);
});

test('message types by cycle: all types reachable, fitting ones first', () => {
  assert.deepEqual(messageTypesForCycle('first').slice(0, 2), ['respond', 'represent']);
  assert.ok(messageTypesForCycle('first').includes('acceptLiability'));
  assert.deepEqual(messageTypesForCycle('arbitrationWon'), ['notate']);
  for (const c of cycles) assert.equal(new Set(messageTypesOrdered(c)).size, messageTypes.length, c);
  assert.equal(messageTypeRules.acceptLiability.needsAmount, true);
  assert.equal(messageTypeRules.acceptLiability.needsConfirmation, true);
  assert.equal(cycleLabel('preArbitration'), 'Pre-arbitration');
  assert.equal(cycleLabel('somethingNew'), 'somethingNew');
});

test('transaction facts skip empty values and name entry modes', () => {
  const facts = describeTransaction({
    first: 'Ana',
    last: 'Lima',
    email: null,
    entryMode: 5,
    origin: 5,
    emv: 1,
    address1: '1 Main St',
    city: 'Springfield',
  });
  assert.deepEqual(
    facts.map((f) => f.label),
    ['Cardholder', 'Billing address', 'Entry mode', 'Origin', 'Chip (EMV)'],
  );
  assert.equal(facts.find((f) => f.label === 'Origin')?.value, '3-D Secure succeeded');
  assert.equal(ledgerEventLabel(94), 'Chargeback reversal');
  assert.equal(ledgerEventLabel(123), 'Event 123');
});

test('dollars of other countries are never shown as US dollars', () => {
  assert.equal(formatAmount(4999, 'AUD'), 'A$49.99');
  assert.equal(formatAmount(4999, 'CAD'), 'CA$49.99');
});
