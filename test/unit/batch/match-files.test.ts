import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchFile, candidateOf, type MatchCandidate } from '../../../electron/app/batch/match-files.ts';
import { openStore } from '../../../electron/store/index.ts';
import { chargebackSchema, txnSchema } from '../../../shared/api/index.ts';
import { profileDefaults } from '../../../shared/profiles.ts';

const c = (id: string, o: Partial<MatchCandidate> = {}): MatchCandidate => ({
  id,
  txn: `t1_txn_${id.slice(-4)}`,
  refs: [],
  total: 4999,
  currency: 'USD',
  dates: [20250314],
  answerable: true,
  ...o,
});
const all = [
  c('t1_chb_6800000000000000000aaaa', { refs: ['R1234567', 'BR-ABCD1234'], total: 4999, dates: [20250314] }),
  c('t1_chb_6800000000000000000bbbb', { refs: ['R7654321'], total: 12000, currency: 'JPY', dates: [20250315] }),
  c('t1_chb_6800000000000000000cccc', { refs: ['R5550000'], total: 2500, dates: [20250320] }),
  c('t1_chb_6800000000000000000dddd', { refs: ['R5550001'], total: 2500, dates: [20250320] }),
];

test('matched by chargeback ID, transaction ID, reference, bank reference, amount and date', () => {
  const m = (name: string) => matchFile(name, all);
  assert.deepEqual(m('receipt t1_chb_6800000000000000000bbbb.jpg'), {
    status: 'matched',
    chargebackId: 't1_chb_6800000000000000000bbbb',
    rule: 'chargeback-id',
    reason: 'The name contains the chargeback ID t1_chb_6800000000000000000bbbb.',
  });
  assert.equal((m('T1_TXN_AAAA scan.png') as { rule?: string }).rule, 'transaction-id');
  assert.equal((m('t1_txn_aaaa.png') as { chargebackId?: string }).chargebackId, 't1_chb_6800000000000000000aaaa');
  assert.equal(
    (m('invoice R7654321 page 2.pdf') as { chargebackId?: string }).chargebackId,
    't1_chb_6800000000000000000bbbb',
  );
  assert.equal((m('br-abcd1234.jpg') as { rule?: string }).rule, 'reference');
  const byAmount = m('2025-03-14 49.99.jpg');
  assert.equal(byAmount.status, 'matched');
  assert.equal((byAmount as { rule: string }).rule, 'amount-and-date');
  assert.equal(
    (m('receipt 03-15-2025 12000.jpg') as { chargebackId?: string }).chargebackId,
    't1_chb_6800000000000000000bbbb',
    'zero-decimal currency: 12000 JPY',
  );
  assert.equal(m('20250314_49.99.jpg').status, 'matched');
});

test('ambiguous and unmatched files wait for the merchant, with the reason', () => {
  const amb = matchFile('2025-03-20 25.00.jpg', all);
  assert.equal(amb.status, 'ambiguous');
  assert.deepEqual((amb as { candidates: string[] }).candidates.sort(), [
    't1_chb_6800000000000000000cccc',
    't1_chb_6800000000000000000dddd',
  ]);
  const wrongDate = matchFile('2025-04-01 49.99.jpg', all);
  assert.equal(wrongDate.status, 'unmatched');
  assert.match(wrongDate.reason, /No chargeback has the amount 49\.99 on 2025-04-01/);
  assert.match(matchFile('IMG_2041.jpg', all).reason, /Assign it by hand/);
  assert.equal(matchFile('R12345678.jpg', all).status, 'unmatched', 'a longer number is not the reference');
});

test('candidates carry the transaction date and the issue date', () => {
  const cand = candidateOf(
    {
      id: 'x',
      txn: 't',
      ref: 'R1',
      bankRef: null,
      chargebackRef: 'CB9',
      total: 100,
      currency: 'USD',
      issued: 20250320,
      status: 'open',
      actionable: 1,
    },
    { created: '2025-03-14 21:30:00.0000', authDate: 20250313 },
  );
  assert.deepEqual(cand.dates.sort(), [20250313, 20250314, 20250320]);
  assert.deepEqual(cand.refs, ['R1', 'CB9']);
  assert.equal(cand.answerable, true);
});

test('a name with two chargeback IDs is ambiguous between both, not matched by a weaker rule', () => {
  const m = matchFile('t1_chb_6800000000000000000aaaa and t1_chb_6800000000000000000cccc R7654321.pdf', all);
  assert.equal(m.status, 'ambiguous');
  assert.deepEqual((m as { candidates: string[] }).candidates, [
    't1_chb_6800000000000000000aaaa',
    't1_chb_6800000000000000000cccc',
  ]);
  assert.match(m.reason, /contains 2 chargeback IDs/);
});

// Records as the service sends them (integers as strings, the `ChargebackRef` spelling, its
// timestamps), read by the app's schemas, stored, and read back as batch matching reads them.
test('transaction ID and bank reference match through candidateOf on stored records', () => {
  const store = openStore(':memory:');
  try {
    store.profiles.save({
      ...profileDefaults,
      reminderThresholdDays: [7, 3, 1],
      id: 'p',
      name: 'Shop',
      deployment: 'test',
      url: 'http://127.0.0.1:1',
    });
    const record = (id: string, txn: string, extra: Record<string, unknown>) =>
      chargebackSchema.parse({
        id,
        created: '2025-03-20 10:00:00.0000',
        modified: '2025-03-20 10:00:00.0000',
        creator: 't1_log_1',
        modifier: 't1_log_1',
        merchant: 't1_mer_1',
        txn,
        mid: '000123456789',
        description: '',
        total: '4999',
        representedTotal: null,
        paymentMethod: '2',
        cycle: 'first',
        currency: 'USD',
        platform: 'PLATFORM_PROCESSOR_1',
        ref: `R${id.slice(-7)}`,
        reason: 'Merchandise/services not received',
        reasonCode: '13.1',
        issued: '20250320',
        received: null,
        reply: '20250410',
        status: 'open',
        lastStatusChange: null,
        inactive: '0',
        frozen: '0',
        actionable: '1',
        shadow: '0',
        ...extra,
      });
    const a = record('t1_chb_67dbe0c00000000000000a1', 't1_txn_67d3f7c0000000000000a11', {
      bankRef: 'BR-77AB12CD',
      ChargebackRef: 'CB100200',
    });
    const b = record('t1_chb_67dbe0c00000000000000b2', 't1_txn_67d3f7c0000000000000b22', {
      bankRef: 'BR-99EF34GH',
      chargebackRef: 'CB300400',
    });
    store.portfolio.upsertChargebacks('p', [a, b]);
    store.portfolio.saveTxn(
      'p',
      txnSchema.parse({
        id: a.txn,
        created: '2025-03-14 21:30:00.0000',
        modified: '2025-03-14 21:30:00.0000',
        authDate: '20250314',
        total: '4999',
        currency: 'USD',
      }),
    );
    const candidates = store.portfolio.chargebackIds('p').map((id) => {
      const d = store.portfolio.detail('p', id)!;
      return candidateOf(d.chargeback, d.txn);
    });
    assert.equal(candidates.length, 2);
    const byTxn = matchFile('scan T1_TXN_67D3F7C0000000000000A11.jpg', candidates);
    assert.deepEqual(byTxn, {
      status: 'matched',
      chargebackId: a.id,
      rule: 'transaction-id',
      reason: `The name contains the transaction ID ${a.txn}.`,
    });
    const byBankRef = matchFile('bank letter br-99ef34gh.pdf', candidates);
    assert.deepEqual(byBankRef, {
      status: 'matched',
      chargebackId: b.id,
      rule: 'reference',
      reason: 'The name contains the reference BR-99EF34GH.',
    });
    assert.equal(
      (matchFile('CB100200.png', candidates) as { chargebackId?: string }).chargebackId,
      a.id,
      'the ChargebackRef spelling too',
    );
    assert.equal(
      (matchFile('2025-03-14 49.99.jpg', candidates) as { chargebackId?: string }).chargebackId,
      a.id,
      "the transaction's date from its stored record",
    );
    assert.equal(
      matchFile('br-99ef34 partial.pdf', candidates).status,
      'unmatched',
      'a part of a reference is not the reference',
    );
  } finally {
    store.close();
  }
});
