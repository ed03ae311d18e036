import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeChargeback, findChargebacks, fitOf, type BatchChargeback } from '../../../shared/batch-find.ts';
import { deadlineBadge, rowStateWords } from '../../../shared/domain/deadline-words.ts';
import { formatReplyDay } from '../../../shared/domain/merchant-format.ts';

const cb = (id: string, o: Partial<BatchChargeback> = {}): BatchChargeback => ({
  id,
  customer: null,
  email: null,
  order: null,
  total: 14442,
  currency: 'USD',
  dated: { kind: 'paid', day: 20261029 },
  cycle: 'first',
  answerable: true,
  status: 'open',
  actionable: true,
  reply: 20261130,
  replyInvalid: null,
  daysLeft: 4,
  sendBy: 20261123,
  sendByDaysLeft: -3,
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

test('a chargeback reads in the batch as on its inbox row: the reply day with its zone, days to send, a date that says what it is', () => {
  // The walk's chargeback: reply Sun, Jan 10, 2027; its send-by date 5 business days before (Jan 4).
  const c = cb('t1_chb_ana', {
    customer: 'Ana Okafor',
    order: 'ORD-98236',
    total: 91050,
    currency: 'JPY',
    dated: { kind: 'paid', day: 20261108 },
    reply: 20270110,
    daysLeft: 45,
    sendBy: 20270104,
    sendByDaysLeft: 39,
  });
  const line = describeChargeback(c);
  assert.equal(
    line,
    'Ana Okafor · order ORD-98236 · ¥91,050 · paid Sun, Nov 8, 2026 · reply by Sun, Jan 10, 2027, end of day US Eastern',
  );
  assert.ok(line.includes(`reply by ${formatReplyDay(20270110)}`), 'the inbox row writes the reply day so');
  assert.doesNotMatch(line, /\d{4}-\d{2}-\d{2}/, 'the walk: ISO dates with no zone and no name');
  const inbox = rowStateWords({ ...c, answer: { stage: 'not-answered', label: '' }, delivery: null }, String);
  assert.equal(deadlineBadge(c).text, '39 days to send', 'the walk: "45 days left" counted to the reply date');
  assert.equal(deadlineBadge(c).text, inbox.text);
  assert.equal(deadlineBadge(c).className, inbox.className);
  const disputed = describeChargeback(cb('t1_chb_x', { dated: { kind: 'disputed', day: 20261101 } }));
  assert.match(disputed, / · disputed Sun, Nov 1, 2026 · /, 'without a transaction, the issue day named as such');
});

test('past its send-by date, the batch says what the inbox says: late, with the days to reply', () => {
  const c = cb('t1_chb_late');
  assert.equal(deadlineBadge(c).text, 'Late · 4 days to reply');
  assert.equal(deadlineBadge(cb('t1_chb_lost', { status: 'lost' })).text, 'Lost');
});
