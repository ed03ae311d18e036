import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reasonCodes, reasonCodeInfo, explainReasonCode, disputeCategories } from '../../../shared/domain/reason-codes.ts';
import { evidenceGuidance } from '../../../shared/domain/evidence-guidance.ts';
import { coverLetterTemplate } from '../../../shared/domain/cover-letter-templates.ts';
import { currencyCodes, currencyExponent } from '../../../shared/domain/currencies.ts';
import { formatAmount, majorToMinor } from '../../../shared/domain/money.ts';
import { messageTypesForCycle, messageTypesOrdered, messageTypeRules } from '../../../shared/domain/message-type-rules.ts';
import { messageTypes, cycles } from '../../../shared/domain/enums.ts';
import { cycleLabel } from '../../../shared/domain/cycles.ts';
import { describeTransaction, ledgerEventLabel } from '../../../shared/domain/labels.ts';

test('every reason code of the contract is present, per network', () => {
  const count = (n: number) => reasonCodes.filter((r) => r.network === n).length;
  assert.deepEqual([count(1), count(2), count(3), count(4)], [24, 19, 34, 24]);
  for (const code of ['10.4', '13.1', '4837', '4860', 'FR2', 'M49', 'UA01', 'RN2', 'NC']) assert.ok(reasonCodeInfo(code), code);
  assert.equal(new Set(reasonCodes.map((r) => r.code)).size, reasonCodes.length, 'codes are unique');
});

test('reason codes map to the categories the evidence guide names', () => {
  const expect: Record<string, string> = {
    '10.4': 'fraud-card-absent', '4837': 'fraud-card-absent', F24: 'fraud-card-absent', F29: 'fraud-card-absent', UA02: 'fraud-card-absent',
    '10.1': 'fraud-card-present', '4870': 'fraud-card-present', F30: 'fraud-card-present', UA05: 'fraud-card-present',
    '13.1': 'not-received', '4855': 'not-received', C08: 'not-received', RG: 'not-received',
    '13.3': 'not-as-described', '4853': 'not-as-described', C31: 'not-as-described', C32: 'not-as-described', RM: 'not-as-described',
    '13.6': 'credit-not-processed', '4860': 'credit-not-processed', C02: 'credit-not-processed', RN2: 'credit-not-processed',
    '13.2': 'cancelled-recurring', '4841': 'cancelled-recurring', C28: 'cancelled-recurring', AP: 'cancelled-recurring',
    '12.6': 'duplicate-or-paid-otherwise', P08: 'duplicate-or-paid-otherwise', C14: 'duplicate-or-paid-otherwise', DP: 'duplicate-or-paid-otherwise', PM: 'duplicate-or-paid-otherwise',
    '11.2': 'authorization', A02: 'authorization', DA: 'authorization', '12.5': 'processing-error', P05: 'processing-error', LP: 'processing-error',
  };
  for (const [code, category] of Object.entries(expect)) assert.equal(reasonCodeInfo(code)?.category, category, code);
});

test('lookups are trimmed and case-insensitive; unknown codes explain themselves', () => {
  assert.equal(reasonCodeInfo(' ua02 ')?.network, 4);
  assert.equal(reasonCodeInfo('4837', 1), undefined);
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
    const text = coverLetterTemplate(c, { chargebackId: 't1_chb_abc', reasonCode: '13.1', amountText: '$49.99', merchantName: 'Corner Shop' });
    assert.match(text, /t1_chb_abc/);
    assert.match(text, /\$49\.99/);
    assert.match(text, /Corner Shop$/);
  }
  assert.ok(evidenceGuidance(undefined).checklist.length >= 4);
});

test('currency exponents: zero, two, three and four decimals', () => {
  assert.equal(currencyCodes.length, 176, "the contract lists 176 codes");
  assert.deepEqual(['JPY', 'KRW', 'USD', 'EUR', 'BHD', 'KWD', 'CLF', 'XAU'].map(currencyExponent), [0, 0, 2, 2, 3, 3, 4, 0]);
  assert.equal(currencyExponent('???'), 2);
});

test('formatAmount and majorToMinor round-trip exactly', () => {
  assert.equal(formatAmount(4999, 'USD'), '$49.99');
  assert.equal(formatAmount(1000, 'JPY'), '¥1,000');
  assert.equal(formatAmount(1234, 'BHD'), 'BHD 1.234');
  assert.equal(formatAmount(-4999, 'USD'), '-$49.99');
  for (const [text, cur, minor] of [['49.99', 'USD', 4999], ['1,234.50', 'USD', 123450], ['1000', 'JPY', 1000], ['1.234', 'BHD', 1234], ['0.1', 'USD', 10], ['19.99', 'EUR', 1999]] as const) {
    assert.equal(majorToMinor(text, cur), minor, `${text} ${cur}`);
  }
  for (const [text, cur] of [['10.5', 'JPY'], ['1.001', 'USD'], ['abc', 'USD'], ['', 'USD'], ['1e3', 'USD']] as const) assert.equal(majorToMinor(text, cur), undefined, text);
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
  const facts = describeTransaction({ first: 'Ana', last: 'Lima', email: null, entryMode: 5, origin: 5, emv: 1, address1: '1 Main St', city: 'Springfield' });
  assert.deepEqual(facts.map((f) => f.label), ['Cardholder', 'Billing address', 'Entry mode', 'Origin', 'Chip (EMV)']);
  assert.equal(facts.find((f) => f.label === 'Origin')?.value, '3-D Secure succeeded');
  assert.equal(ledgerEventLabel(94), 'Chargeback reversal');
  assert.equal(ledgerEventLabel(123), 'Event 123');
});

test('dollars of other countries are never shown as US dollars', () => {
  assert.equal(formatAmount(4999, 'AUD'), 'A$49.99');
  assert.equal(formatAmount(4999, 'CAD'), 'CA$49.99');
});
