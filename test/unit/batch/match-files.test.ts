import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchFile, candidateOf, type MatchCandidate } from '../../../electron/batch/match-files.ts';

const c = (id: string, o: Partial<MatchCandidate> = {}): MatchCandidate => ({ id, txn: `t1_txn_${id.slice(-4)}`, refs: [], total: 4999, currency: 'USD', dates: [20250314], answerable: true, ...o });
const all = [
  c('t1_chb_6800000000000000000aaaa', { refs: ['R1234567', 'BR-ABCD1234'], total: 4999, dates: [20250314] }),
  c('t1_chb_6800000000000000000bbbb', { refs: ['R7654321'], total: 12000, currency: 'JPY', dates: [20250315] }),
  c('t1_chb_6800000000000000000cccc', { refs: ['R5550000'], total: 2500, dates: [20250320] }),
  c('t1_chb_6800000000000000000dddd', { refs: ['R5550001'], total: 2500, dates: [20250320] }),
];

test('matched by chargeback ID, transaction ID, reference, bank reference, amount and date', () => {
  const m = (name: string) => matchFile(name, all);
  assert.deepEqual(m('receipt t1_chb_6800000000000000000bbbb.jpg'), { status: 'matched', chargebackId: 't1_chb_6800000000000000000bbbb', rule: 'chargeback-id', reason: 'The name contains the chargeback ID t1_chb_6800000000000000000bbbb.' });
  assert.equal((m('T1_TXN_AAAA scan.png') as { rule?: string }).rule, 'transaction-id');
  assert.equal((m('t1_txn_aaaa.png') as { chargebackId?: string }).chargebackId, 't1_chb_6800000000000000000aaaa');
  assert.equal((m('invoice R7654321 page 2.pdf') as { chargebackId?: string }).chargebackId, 't1_chb_6800000000000000000bbbb');
  assert.equal((m('br-abcd1234.jpg') as { rule?: string }).rule, 'reference');
  const byAmount = m('2025-03-14 49.99.jpg');
  assert.equal(byAmount.status, 'matched');
  assert.equal((byAmount as { rule: string }).rule, 'amount-and-date');
  assert.equal((m('receipt 03-15-2025 12000.jpg') as { chargebackId?: string }).chargebackId, 't1_chb_6800000000000000000bbbb', 'zero-decimal currency: 12000 JPY');
  assert.equal(m('20250314_49.99.jpg').status, 'matched');
});

test('ambiguous and unmatched files wait for the merchant, with the reason', () => {
  const amb = matchFile('2025-03-20 25.00.jpg', all);
  assert.equal(amb.status, 'ambiguous');
  assert.deepEqual((amb as { candidates: string[] }).candidates.sort(), ['t1_chb_6800000000000000000cccc', 't1_chb_6800000000000000000dddd']);
  const wrongDate = matchFile('2025-04-01 49.99.jpg', all);
  assert.equal(wrongDate.status, 'unmatched');
  assert.match(wrongDate.reason, /No chargeback has the amount 49\.99 on 2025-04-01/);
  assert.match(matchFile('IMG_2041.jpg', all).reason, /Assign it by hand/);
  assert.equal(matchFile('R12345678.jpg', all).status, 'unmatched', 'a longer number is not the reference');
});

test('candidates carry the transaction date and the issue date', () => {
  const cand = candidateOf({ id: 'x', txn: 't', ref: 'R1', bankRef: null, chargebackRef: 'CB9', total: 100, currency: 'USD', issued: 20250320, status: 'open', actionable: 1 }, { created: '2025-03-14 21:30:00.0000', authDate: 20250313 });
  assert.deepEqual(cand.dates.sort(), [20250313, 20250314, 20250320]);
  assert.deepEqual(cand.refs, ['R1', 'CB9']);
  assert.equal(cand.answerable, true);
});
