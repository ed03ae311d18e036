// The payment's facts as evidence (issue 22): from transactions in the recorded core API shape
// (test/fixtures/recorded/txns-expanded.json) and variants of it, each fact in the record's words,
// the checklist ticked only where the record supports it, the letter stating each fact only as the
// record gives it, and the merchant's own statement said as theirs. The merchant's mistake this
// guards: an attempted 3-D Secure (origin 6) read as an authenticated one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  cardReadOf,
  checklistFromRecord,
  paymentFacts,
  withConfirmed,
  withStatement,
  type PaymentFactId,
} from '../../../shared/domain/payment-facts.ts';
import { coverLetterFor } from '../../../electron/evidence/cover-letter-facts.ts';
import { hasTypedFacts } from '../../../shared/domain/answer-readiness.ts';
import { evidenceGuidance } from '../../../shared/domain/evidence-guidance.ts';
import { chargebackSchema, txnSchema, type Txn } from '../../../shared/api/index.ts';

const recorded = (): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL('../../fixtures/recorded/txns-expanded.json', import.meta.url), 'utf8')).response
    .data[0];
/** The recorded transaction with some fields as another recording would have them. */
const txn = (change: Record<string, unknown> = {}): Txn => txnSchema.parse({ ...recorded(), ...change });
const fraud = chargebackSchema.parse({
  id: 't1_chb_abc',
  status: 'open',
  cycle: 'first',
  reasonCode: 'V1040',
  reason: 'Other fraud',
  total: 4999,
  currency: 'USD',
  txn: 't1_txn_6941bb1c19a1e4c7989bfc7',
  actionable: 1,
});
const words = (t: Txn, category = 'fraud-card-absent' as const) =>
  Object.fromEntries(paymentFacts(t, category).map((f) => [f.id, f.record])) as Record<PaymentFactId, string>;
const authenticatedWords = /authenticated with 3-D Secure|cardholder (was )?authenticated|3-D Secure succeeded/i;

test('the recorded transaction as it is: every fact said as absent, none supports, nothing ticked', () => {
  const t = txn();
  assert.deepEqual(words(t), {
    'three-d-secure': 'No 3-D Secure result in the record',
    'avs-cvv': 'No security code (CVV) result; no address check (AVS) result in the record',
    // ipCreated (172.56.88.104) is where the request came from, not the cardholder: never offered.
    'ip-device': 'No customer IP or device in the record',
    'entry-mode': 'No entry mode in the record',
    'billing-address': 'No billing address in the record',
    'delivery-address': 'No delivery address in the record',
  });
  assert.ok(paymentFacts(t, 'fraud-card-absent').every((f) => !f.supports && !f.present));
  assert.equal(checklistFromRecord(paymentFacts(t, 'fraud-card-absent')).size, 0);
  assert.doesNotMatch(JSON.stringify(paymentFacts(t, 'fraud-card-absent')), /172\.56\.88\.104/);
});

test('two more recorded transactions as they are: the customer IP and billing address in their words', () => {
  const [given, silent] = (
    JSON.parse(readFileSync(new URL('../../fixtures/recorded/txns.json', import.meta.url), 'utf8')).response
      .data as unknown[]
  ).map((r) => txnSchema.parse(r));
  assert.deepEqual(words(given!), {
    'three-d-secure': 'No 3-D Secure result in the record',
    'avs-cvv': 'No security code (CVV) was given with the payment; no address check (AVS) result in the record',
    'ip-device': 'Customer IP 77.123.33.122; no device ID in the record',
    'entry-mode': 'No entry mode in the record',
    'billing-address': '1614 Vermont St, Farmington, MO, 77593, USA',
    'delivery-address': 'No delivery address in the record',
  });
  // An IP alone ticks nothing: it supports the case when it matches earlier orders (CE 3.0's check).
  assert.deepEqual([...checklistFromRecord(paymentFacts(given!, 'fraud-card-absent')).keys()], []);
  const letter = coverLetterFor(fraud, { txn: given }).rebuttal;
  assert.match(letter, /The order was placed from IP address 77\.123\.33\.122\./);
  assert.match(
    letter,
    /The billing address on the transaction record is 1614 Vermont St, Farmington, MO, 77593, USA\./,
  );
  assert.doesNotMatch(letter, /CVV2\) given with the order matched|3-D Secure/);
  // No clientIp, only the address the request came from: no IP is offered as the customer's.
  assert.equal(words(silent!)['ip-device'], 'No customer IP or device in the record');
  assert.doesNotMatch(coverLetterFor(fraud, { txn: silent }).rebuttal, /IP address/);
  assert.match(words(silent!)['billing-address'], /^85 The Bridle Path, Toronto, ON, M3C 2P1, CAN$/);
});

test('only the fraud and authorization reasons get the payment facts', () => {
  const t = txn({ origin: 5 });
  for (const c of ['fraud-card-absent', 'fraud-card-present', 'authorization'] as const)
    assert.equal(paymentFacts(t, c).length, 6, c);
  for (const c of ['not-received', 'not-as-described', 'processing-error', undefined] as const)
    assert.deepEqual(paymentFacts(t, c), [], String(c));
  assert.deepEqual(paymentFacts(null, 'fraud-card-absent'), []);
});

test('3-D Secure succeeded (origin 5) supports the case and ticks its item in the record’s words', () => {
  const facts = paymentFacts(txn({ origin: 5 }), 'fraud-card-absent');
  const secure = facts.find((f) => f.id === 'three-d-secure')!;
  assert.equal(secure.record, '3-D Secure succeeded: the cardholder was authenticated');
  assert.equal(secure.supports, true);
  assert.deepEqual([...checklistFromRecord(facts)], [['3ds-authentication', secure.record]]);
  assert.ok(evidenceGuidance('fraud-card-absent').checklist.some((i) => i.id === '3ds-authentication'));
});

test('3-D Secure attempted (origin 6) is said as attempted, ticks nothing, and no letter claims it authenticated', () => {
  const t = txn({ origin: 6, authDate: 20261014 });
  const facts = paymentFacts(t, 'fraud-card-absent');
  const secure = facts.find((f) => f.id === 'three-d-secure')!;
  assert.equal(secure.record, '3-D Secure attempted, not authenticated');
  assert.equal(secure.supports, false);
  assert.equal(secure.present, true);
  assert.equal(checklistFromRecord(facts).has('3ds-authentication'), false);

  // The letter the app writes says attempted, never authenticated.
  const drafted = coverLetterFor(fraud, { txn: t });
  assert.match(drafted.rebuttal, /3-D Secure authentication of the cardholder was attempted for this payment\./);
  assert.doesNotMatch(drafted.rebuttal, authenticatedWords);
  // A merchant who writes the app's authenticated sentences into the draft: both are left out, with why.
  const claimed =
    'The cardholder was authenticated with 3-D Secure for this payment. ' +
    'The enclosed 3-D Secure result shows the cardholder authenticated the payment.';
  const letter = coverLetterFor(fraud, { txn: t, rebuttal: `Mine. ${claimed}` });
  assert.doesNotMatch(letter.rebuttal, authenticatedWords);
  assert.ok(letter.leftOut.some((l) => /only attempted/.test(l.why)));
});

test('AVS and CVV: a match is said as the record says it; the record has no AVS, so the box stays for the merchant', () => {
  const facts = paymentFacts(txn({ cvvStatus: 'M' }), 'fraud-card-absent');
  const check = facts.find((f) => f.id === 'avs-cvv')!;
  assert.equal(check.record, 'Security code (CVV) matched; no address check (AVS) result in the record');
  assert.equal(check.supports, false, 'the item asks for both checks');
  const unknown = paymentFacts(txn({ cvvStatus: 'P' }), 'fraud-card-absent').find((f) => f.id === 'avs-cvv')!;
  assert.match(unknown.record, /^Security code result “P”, which does not say whether it matched;/);
  assert.doesNotMatch(
    coverLetterFor(fraud, { txn: txn({ cvvStatus: 'P' }) }).rebuttal,
    /CVV2\) given with the order matched/,
  );
});

test('IP, entry mode and billing address come in the record’s exact words and reach the letter', () => {
  const t = txn({
    clientIp: '203.0.113.7',
    entryMode: 5,
    pin: 1,
    address1: '12 Harbour Lane',
    city: 'Portland',
    state: 'ME',
    zip: '04101',
    country: 'USA',
  });
  const w = words(t);
  assert.equal(w['ip-device'], 'Customer IP 203.0.113.7; no device ID in the record');
  assert.equal(w['entry-mode'], 'Chip, PIN entered');
  assert.equal(w['billing-address'], '12 Harbour Lane, Portland, ME, 04101, USA');
  const ticks = checklistFromRecord(paymentFacts(t, 'fraud-card-present'));
  assert.equal(ticks.get('chip-read'), 'Chip, PIN entered');
  const absent = coverLetterFor(fraud, { txn: t }).rebuttal;
  assert.match(absent, /The order was placed from IP address 203\.0\.113\.7\./);
  assert.match(absent, /The billing address on the transaction record is 12 Harbour Lane, Portland, ME, 04101, USA\./);
  const present = coverLetterFor(chargebackSchema.parse({ ...fraud, reasonCode: '10.1' }), { txn: t }).rebuttal;
  assert.match(present, /its chip was read/);
  assert.match(present, /The cardholder's PIN was entered for the payment\./);
  // Keyed is how the card was read, not proof it was present.
  const keyed = paymentFacts(txn({ entryMode: 1 }), 'fraud-card-present').find((f) => f.id === 'entry-mode')!;
  assert.deepEqual([keyed.record, keyed.supports], ['Keyed', false]);
  assert.doesNotMatch(
    coverLetterFor(chargebackSchema.parse({ ...fraud, reasonCode: '10.1' }), { txn: txn({ entryMode: 1 }) }).rebuttal,
    /chip was read|contactless|PIN was entered/,
  );
  // A chip card swiped (the chip flag beside entry mode 2, as the demo's records have it): the
  // entry mode says how it was read; the letter never says the chip was read.
  const swiped = txn({ entryMode: 2, emv: 1, signature: 1 });
  const fact = paymentFacts(swiped, 'fraud-card-present').find((f) => f.id === 'entry-mode')!;
  assert.deepEqual([fact.record, fact.supports], ['Swiped, chip card (EMV flag), not read by its chip, signed', false]);
  assert.equal(checklistFromRecord(paymentFacts(swiped, 'fraud-card-present')).get('chip-read'), undefined);
  const swipedLetter = coverLetterFor(chargebackSchema.parse({ ...fraud, reasonCode: '10.3' }), {
    txn: swiped,
  }).rebuttal;
  assert.doesNotMatch(swipedLetter, /chip was read|tapped contactless|terminal record/);
  // Without an entry mode, the chip flag is the record's only word on it: a chip read.
  assert.equal(cardReadOf(txn({ emv: 1 })).chip, true);
});

test("a merchant's correction is their statement in the letter, never the record's, and never ticks a box", () => {
  const t = txn({ origin: 6 });
  let payment = withConfirmed(undefined, 'three-d-secure', true);
  payment = withStatement(payment, 'three-d-secure', 'Our 3-D Secure provider logged a full authentication');
  payment = withStatement(payment, 'delivery-address', '  ');
  assert.deepEqual(payment.statements, { 'three-d-secure': 'Our 3-D Secure provider logged a full authentication' });
  const letter = coverLetterFor(fraud, { txn: t, slots: { payment } });
  assert.match(
    letter.rebuttal,
    /We state the following ourselves; it is not from the transaction record\. 3-D Secure: Our 3-D Secure provider logged a full authentication\./,
  );
  // What the app writes from the record still says attempted only.
  assert.match(letter.rebuttal, /was attempted for this payment/);
  assert.doesNotMatch(letter.rebuttal.replace(/We state the following ourselves[^\n]*/, ''), authenticatedWords);
  assert.equal(checklistFromRecord(paymentFacts(t, 'fraud-card-absent')).has('3ds-authentication'), false);
  // A confirmation or a statement is something to send: the answer is not empty.
  assert.equal(hasTypedFacts({ payment: withConfirmed(undefined, 'ip-device', true) }), true);
  assert.equal(hasTypedFacts({ payment: withStatement(undefined, 'ip-device', 'x') }), true);
  assert.equal(hasTypedFacts({ payment: withStatement(undefined, 'ip-device', '   ') }), false);
  // Unchecking takes the confirmation back.
  assert.deepEqual(withConfirmed(payment, 'three-d-secure', false).confirmed, []);
});
