import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findChargebacks, fitOf, type BatchChargeback } from '../../../shared/batch-find.ts';

const cb = (id: string, o: Partial<BatchChargeback> = {}): BatchChargeback => ({
  id,
  customer: null,
  email: null,
  order: null,
  total: 14442,
  currency: 'USD',
  date: '2026-10-29',
  reply: '2026-11-30',
  daysLeft: 4,
  cycle: 'first',
  answerable: true,
  ...o,
});
const list = [
  cb('t1_chb_aaa1', { order: 'ORD-51658', customer: 'Maria Lopez', email: 'maria.lopez@example.com' }),
  cb('t1_chb_bbb2', { order: 'ORD-40449', customer: 'John Smith', email: 'john.smith@example.com', total: 2500 }),
  cb('t1_chb_ccc3', { order: 'ORD-77001', customer: 'Maria Chen', total: 14442, currency: 'CAD' }),
];
const ids = (text: string) => findChargebacks(list, text).map((c) => c.id);

test('the merchant names a chargeback by its order number, however typed, not only by its ID', () => {
  assert.deepEqual(ids('ORD-51658'), ['t1_chb_aaa1'], 'the mistake of issue 24: an order is not "not in this profile"');
  assert.deepEqual(ids('51658'), ['t1_chb_aaa1']);
  assert.deepEqual(ids('#51658'), ['t1_chb_aaa1']);
  assert.deepEqual(ids('ord 051658'), ['t1_chb_aaa1']);
  assert.deepEqual(ids('t1_chb_bbb2'), ['t1_chb_bbb2']);
});

test('by customer name, email or amount; several when several fit; nothing for what names none', () => {
  assert.deepEqual(ids('john smith'), ['t1_chb_bbb2']);
  assert.deepEqual(ids('maria'), ['t1_chb_aaa1', 't1_chb_ccc3'], 'two Marias: both suggested');
  assert.deepEqual(ids('maria.lopez@example.com'), ['t1_chb_aaa1']);
  assert.deepEqual(ids('$25.00'), ['t1_chb_bbb2']);
  assert.deepEqual(ids('144.42'), ['t1_chb_aaa1', 't1_chb_ccc3'], 'the same amount in two currencies');
  assert.deepEqual(ids('144,42'), ['t1_chb_aaa1', 't1_chb_ccc3']);
  assert.deepEqual(ids('ORD-99999'), []);
  assert.deepEqual(ids('x'), [], 'one letter names nothing');
  assert.equal(fitOf(list[0]!, '144.4'), 0, 'an amount must agree to the cent');
});
