import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readReceipt } from '../../../electron/app/batch/receipt-facts.ts';
import { matchContent, type OurShop } from '../../../electron/app/batch/match-content.ts';
import { compareAddress, parseShopAddress } from '../../../shared/domain/shop-address.ts';
import type { MatchCandidate } from '../../../electron/app/batch/match-files.ts';

const c = (id: string, o: Partial<MatchCandidate> = {}): MatchCandidate => ({
  id,
  txn: `t1_txn_${id.slice(-4)}`,
  refs: [],
  total: 12900,
  currency: 'USD',
  dates: [20261006],
  answerable: true,
  order: null,
  authCode: null,
  last4: null,
  ...o,
});

test(
  'facts read from OCR text: amounts with currency, dates ' + 'in every common form, card last four, order numbers',
  () => {
    const f = readReceipt(
      'Harbor Lane Goods\nDate: 6 Oct 2026\nOrder number: ORD-48213\n2 x Oak spoon 12.50\nTotal charged: ' +
        '$129.00\nEUR 1.234,50  99,95 €  ¥12,000\nCard: Visa ' +
        'ending 4242\nPaid Oct 7, 2026 · 2026-10-08 · 10/09/2026',
    );
    assert.deepEqual(
      f.amounts.map((a) => [a.value, a.currency ?? (a.dollar ? '$' : '')]),
      [
        ['129.00', '$'],
        ['1234.50', 'EUR'],
        ['99.95', 'EUR'],
        ['12000', 'JPY'],
      ],
    );
    assert.deepEqual(
      f.dates.map((d) => d.ymd).sort(),
      [20261006, 20261007, 20261008, 20260910, 20261009].sort(),
      '10/09/2026 is kept both ways',
    );
    assert.deepEqual(f.last4, ['4242']);
    assert.deepEqual(f.orders, ['0RD48213']);
    assert.ok(f.tokens.has('0RD48213'));
  },
);

test("an unmatched invoice quotes the amount it reads as its total, never its first line's $0.00", () => {
  const lines = Array.from({ length: 50 }, (_, i) => `Item ${i + 1} ... $${(((i * 317) % 15533) / 100).toFixed(2)}`);
  const invoice = ['INVOICE', 'Item 0 ... $0.00', ...lines, 'Subtotal $143.82', 'Tax $11.51', 'Total $155.33'].join(
    '\n',
  );
  const none = matchContent(readReceipt(invoice), [c('t1_chb_a1', { order: 'ORD-48213', total: 99999 })]);
  assert.equal(none.status, 'unmatched');
  assert.match(none.reason, /^The scan shows \$155\.33, but nothing on it matches/, 'the walk quoted "$0.00"');
  assert.doesNotMatch(none.reason, /\$0\.00/);
  // No line says which is the total: the largest amount printed, still not a zero line first.
  const unlabelled = matchContent(readReceipt('Gift wrap $0.00\nOak spoon $12.50\nOak bowl $48.00'), [c('t1_chb_a1')]);
  assert.match(unlabelled.reason, /^The scan shows \$48\.00, but/);
  // Only zeros: no amount is quoted at all.
  const zeros = matchContent(readReceipt('Sample $0.00'), [c('t1_chb_a1')]);
  assert.match(zeros.reason, /^The scan was read, but nothing on it matches/);
});

test('OCR look-alikes (O/0, l/1, B/8) still match an order number', () => {
  const f = readReceipt('Order number: 0RD-4B2l3\nTotal: $129.00');
  const m = matchContent(f, [
    c('t1_chb_a1', { order: 'ORD-48213', total: 5000 }),
    c('t1_chb_b2', { order: 'ORD-11111', total: 5000 }),
  ]);
  assert.equal(m.status, 'matched');
  assert.equal((m as { chargebackId: string }).chargebackId, 't1_chb_a1');
});

test('order, amount and date together give a sure match and a reason a merchant can read', () => {
  const f = readReceipt('Date: 6 Oct 2026\nOrder number: ORD-48213\nTotal charged: $129.00');
  const m = matchContent(f, [
    c('t1_chb_a1', { order: 'ORD-48213' }),
    c('t1_chb_b2', { order: 'ORD-55555', total: 4000 }),
  ]);
  assert.equal(m.status, 'matched');
  assert.equal((m as { rule: string }).rule, 'content');
  assert.match(
    m.reason,
    /^Order ORD-48213 and \$129\.00 on 6 Oct 2026 match this chargeback's transaction\. \(read from the scan, 91% sure\)$/,
  );
});

test('the amount and date of two chargebacks: ambiguous, the merchant chooses', () => {
  const f = readReceipt('6 Oct 2026   Total $129.00');
  const m = matchContent(f, [c('t1_chb_a1'), c('t1_chb_b2'), c('t1_chb_c3', { total: 100 })]);
  assert.equal(m.status, 'ambiguous');
  assert.deepEqual((m as { candidates: string[] }).candidates.sort(), ['t1_chb_a1', 't1_chb_b2']);
  assert.match(m.reason, /fit 2 chargebacks; choose one/);
});

test('a weak read (the amount alone) asks rather than matches; nothing fitting stays unmatched', () => {
  const weak = matchContent(readReceipt('Total $129.00'), [c('t1_chb_a1', { dates: [20250101] })]);
  assert.equal(weak.status, 'ambiguous', 'an amount alone is not enough to send evidence on');
  const none = matchContent(readReceipt('Total $18.40 on 3 Mar 2026, order ORD-99999'), [
    c('t1_chb_a1', { order: 'ORD-48213' }),
  ]);
  assert.equal(none.status, 'unmatched');
  assert.match(none.reason, /^The scan shows \$18\.40 and 3 Mar 2026, but nothing on it matches/);
});

test('a different order number printed on the receipt outweighs an equal amount and date', () => {
  const f = readReceipt('Order number: ORD-70000\n6 Oct 2026 Total $129.00');
  const m = matchContent(f, [c('t1_chb_a1', { order: 'ORD-48213' })]);
  assert.notEqual(m.status, 'matched');
});

test('an order number read with one character wrong is a misread, not another purchase', () => {
  // OCR takes a hex order's "b" for a "6": the order counts, for less, with amount and date.
  const m = matchContent(readReceipt('Order number: ORD-3b0e1\n6 Oct 2026 Total $129.00'), [
    c('t1_chb_a1', { order: 'ORD-360e1' }),
  ]);
  assert.equal(m.status, 'matched');
  assert.match(m.reason, /Order ORD-360e1 \(one character read differently\)/, 'said as a misread');
  const two = matchContent(readReceipt('Order number: ORD-3b0f7\n6 Oct 2026 Total $129.00'), [
    c('t1_chb_a1', { order: 'ORD-360e1' }),
  ]);
  assert.notEqual(two.status, 'matched', 'two characters apart is another order');
});

test('currency must agree: €129.00 is not a $129.00 chargeback, and 129 is not 129.00', () => {
  // Amount and date alone no longer make a match (issue 24): a card's last four digits is the third fact.
  const card = 'Visa ending 4242';
  const cb = c('t1_chb_a1', { last4: '4242' });
  assert.equal(matchContent(readReceipt(`6 Oct 2026 Total €129.00 ${card}`), [cb]).status === 'matched', false);
  const m = matchContent(readReceipt(`6 Oct 2026 Total 129.00 EUR ${card}`), [{ ...cb, currency: 'EUR' }]);
  assert.equal(m.status, 'matched');
  assert.equal(matchContent(readReceipt(`Oct 6, 2026 $129 ${card}`), [cb]).status === 'matched', false);
});

test('a chargeback or transaction ID printed on the scan is enough', () => {
  const m = matchContent(readReceipt('Ref t1_chb_68aa00ff'), [
    c('t1_chb_68aa00ff', { total: 1 }),
    c('t1_chb_b2', { total: 1 }),
  ]);
  assert.equal(m.status, 'matched');
  assert.match(m.reason, /This scan shows the chargeback ID t1_chb_68aa00ff\./);
});

// The merchant's shoebox (issue 24): what a person reads as the same purchase is one.
test('"Order #40449" on the receipt is the order ORD-40449: prefix, #, spaces and leading zeros aside', () => {
  for (const printed of ['Order #40449', 'Order number: ORD 40449', 'ORDER NO. 0040449', 'Order: ord-40449']) {
    const f = readReceipt(`${printed}\nTotal $129.00\n6 Oct 2026`);
    const m = matchContent(f, [c('t1_chb_a1', { order: 'ORD-40449' }), c('t1_chb_b2', { order: 'ORD-11111' })]);
    assert.equal(m.status, 'matched', printed);
    assert.equal((m as { chargebackId: string }).chargebackId, 't1_chb_a1', printed);
    assert.match(m.reason, /Order ORD-40449/, printed);
  }
  // The significant part must agree whole: 140449 is another order, not ORD-40449 with noise.
  const other = matchContent(readReceipt('Order #140449\nTotal $129.00\n6 Oct 2026'), [
    c('t1_chb_a1', { order: 'ORD-40449' }),
  ]);
  assert.notEqual(other.status, 'matched');
  assert.match(JSON.stringify(other.against), /another order number/);
});

test('the CA$144.42, 10/29/2026 receipt whose auth code OCR read as EQ55D2 matches auth E055D2', () => {
  const f = readReceipt('Corner Shop\nDate 10/29/2026\nAuth code: EQ55D2\nTotal CA$144.42');
  const m = matchContent(f, [
    c('t1_chb_a1', { total: 14442, currency: 'CAD', dates: [20261029], authCode: 'E055D2' }),
    c('t1_chb_b2', { total: 14442, currency: 'CAD', dates: [20261029], authCode: 'A11111' }),
  ]);
  assert.equal(m.status, 'matched');
  assert.equal((m as { chargebackId: string }).chargebackId, 't1_chb_a1');
  assert.match(m.reason, /authorization code E055D2 and CA\$144\.42 on 29 Oct 2026/);
  // Every confusable pair folds: l/1/I, S/5, B/8, Z/2, O/Q/0.
  for (const [read, code] of [
    ['7lI5B2', '711582'],
    ['Q0O8S1', '000851'],
    ['ZB5l1Q', '285110'],
  ] as const) {
    const g = readReceipt(`Authorization code: ${read}`);
    assert.equal(matchContent(g, [c('t1_chb_a1', { authCode: code, total: 1 })]).status, 'matched', read);
  }
});

test("BOB'S DINER with the same amount and date is not a match: another shop is a reason against", () => {
  const f = readReceipt("BOB'S DINER\n221 Elm Road, Springfield\n6 Oct 2026\nTotal $129.00");
  const m = matchContent(f, [c('t1_chb_a1', { descriptor: 'CORNER SHOP' })], { names: ['Harbor Lane Goods'] });
  assert.equal(m.status, 'unmatched');
  assert.match(m.reason, /the receipt is from BOB'S DINER, not Harbor Lane Goods/);
  assert.deepEqual(m.against, ["the receipt is from BOB'S DINER, not Harbor Lane Goods"]);
  // Two of the merchant's chargebacks with that amount and date: still no candidate, not "several fit".
  const two = matchContent(f, [c('t1_chb_a1'), c('t1_chb_b2')], { names: ['Harbor Lane Goods'] });
  assert.equal(two.status, 'unmatched');
  // The merchant's own receipt, same amount and date: the name is the third fact that agrees.
  const ours = matchContent(
    readReceipt('Harbor Lane Goods\n14 Quay Street\n6 Oct 2026\nTotal $129.00'),
    [c('t1_chb_a1')],
    { names: ['Harbor Lane Goods'] },
  );
  assert.equal(ours.status, 'matched');
  assert.match(ours.reason, /your shop's name \(Harbor Lane Goods\)/);
  // The descriptor alone names the shop when the profile does not.
  const byDescriptor = matchContent(readReceipt('CORNER SHOP\n6 Oct 2026\nTotal $129.00'), [
    c('t1_chb_a1', { descriptor: 'CORNER SHOP' }),
  ]);
  assert.equal(byDescriptor.status, 'matched');
});

test('an amount and a date alone never make a match; one candidate is offered, not "several"', () => {
  const m = matchContent(readReceipt('6 Oct 2026 Total $129.00'), [c('t1_chb_a1'), c('t1_chb_b2', { total: 100 })]);
  assert.equal(m.status, 'ambiguous');
  assert.deepEqual((m as { candidates: string[] }).candidates, ['t1_chb_a1']);
  assert.match(m.reason, /^Only \$129\.00 on 6 Oct 2026 fit t1_chb_a1; nothing else/);
});

test('amounts in every local format and currency sign', () => {
  const cases: Array<[string, number, string]> = [
    ['Total CA$144.42', 14442, 'CAD'],
    ['Total C$ 144.42', 14442, 'CAD'],
    ['USD 144.42', 14442, 'USD'],
    ['144,42 €', 14442, 'EUR'],
    ['€144,42', 14442, 'EUR'],
    ['EUR 1.234,50', 123450, 'EUR'],
    ['1 234,50 €', 123450, 'EUR'],
    ['1\u202f234,50\u00a0€', 123450, 'EUR'],
    ["CHF 1'234.50", 123450, 'CHF'],
    ['144,42 $', 14442, 'CAD'],
    ['£1,234.50', 123450, 'GBP'],
    ['¥12,000', 12000, 'JPY'],
    ['Total: 144.42', 14442, 'USD'],
  ];
  for (const [text, total, currency] of cases) {
    const f = readReceipt(`${text}\nAuth code: AB12CD\n`);
    const s = matchContent(f, [c('t1_chb_a1', { total, currency, authCode: 'AB12CD' })]);
    assert.match(s.reason, currency === 'USD' && !text.includes('USD') ? /\$144\.42/ : /./, text);
    assert.ok(s.agreed?.length === 2, `${text}: ${JSON.stringify(s.agreed)}`);
  }
  const wrong = readReceipt('144,42 €\nAuth code: AB12CD');
  const s = matchContent(wrong, [c('t1_chb_a1', { total: 14442, currency: 'CAD', authCode: 'AB12CD' })]);
  assert.equal(s.agreed?.length, 1, '€ is not a CAD amount');
});

test('dates in every common order and month name (and a month whose O OCR read as 0)', () => {
  const printed = [
    '10/29/2026',
    '29/10/2026',
    '29.10.2026',
    '2026-10-29',
    '29 Oct 2026',
    '29-OCT-26',
    'Oct 29, 2026',
    'October 29th, 2026',
    '29 octobre 2026',
    '29. Oktober 2026',
    '29 de octubre de 2026',
    '2026 Oct 29',
    'OCT-29-2026',
    '29-0CT-26',
  ];
  for (const p of printed)
    assert.ok(
      readReceipt(`Date: ${p}`).dates.some((d) => d.ymd === 20261029),
      `${p}: ${JSON.stringify(readReceipt(p).dates)}`,
    );
  assert.deepEqual(readReceipt('14 Quay Street 2026').dates, [], 'a street is not a month');
});

test("the shop's own name alone points at no chargeback: it fits them all", () => {
  const m = matchContent(readReceipt('CORNER SHOP\nDelivery note\nLeft at the front door'), [
    c('t1_chb_a1', { descriptor: 'CORNER SHOP' }),
  ]);
  assert.equal(m.status, 'unmatched');
  assert.doesNotMatch(m.reason, /t1_chb_a1/);
});

test('twins (same amount and date) are told apart by the card; another card is a reason against', () => {
  const twins = [
    c('t1_chb_a1', { last4: '1356', descriptor: 'CORNER SHOP' }),
    c('t1_chb_b2', { last4: '6340', descriptor: 'CORNER SHOP' }),
  ];
  const m = matchContent(readReceipt('CORNER SHOP\n6 Oct 2026\nTotal $129.00\nVisa ending 1356'), twins);
  assert.equal(m.status, 'matched');
  assert.equal((m as { chargebackId: string }).chargebackId, 't1_chb_a1');
  const neither = matchContent(readReceipt('CORNER SHOP\n6 Oct 2026\nTotal $129.00\nVisa ending 9999'), twins);
  assert.notEqual(neither.status, 'matched');
  assert.match(JSON.stringify(neither.against), /the card ending 9999, not/);
});

// The merchant's shop: "Corner Diner" at 14 Quay Street. Its descriptor shares a word with Bob's.
const diner: OurShop = { names: ['Corner Diner'], address: '14 Quay Street, Portsmouth PO1 3AH' };

test("BOB'S DINER with its own address, the same amount and date is not a match, though 'DINER' is in our name", () => {
  const f = readReceipt("BOB'S DINER\n221 Elm Road, Springfield 62704\n6 Oct 2026\nTotal $129.00");
  const m = matchContent(f, [c('t1_chb_a1')], diner);
  assert.notEqual(m.status, 'matched');
  assert.ok(m.against?.includes('it gives the address 221 Elm Road, not yours (14 Quay Street)'), m.reason);
  assert.match(m.reason, /221 Elm Road, not yours/);
  assert.doesNotMatch(m.reason, /your shop's name/, "DINER alone does not make Bob's receipt ours");
  // Its name cut off: the address alone tells it is another shop's, even with the card agreeing.
  const torn = matchContent(
    readReceipt('221 Elm Road, Springfield 62704\n6 Oct 2026\nTotal $129.00\nVisa ending 4242'),
    [c('t1_chb_a1', { last4: '4242' })],
    diner,
  );
  assert.notEqual(torn.status, 'matched');
  assert.match(torn.reason, /221 Elm Road, not yours \(14 Quay Street\)/);
});

test("a receipt whose name is cut off but whose address is the merchant's matches with the other facts", () => {
  const f = readReceipt('14 Quay St., Portsmouth PO1 3AH\nDate: October 6, 2026\nTotal $129.00');
  assert.deepEqual(f.head, [], 'the date line under the address is not taken for a shop name');
  const m = matchContent(f, [c('t1_chb_a1'), c('t1_chb_b2', { total: 100 })], diner);
  assert.equal(m.status, 'matched');
  assert.match(m.reason, /your shop's address \(14 Quay St\.\)/);
  // Without the address in the profile the same scan is only offered (an amount and a date).
  assert.equal(matchContent(f, [c('t1_chb_a1')], { names: diner.names }).status, 'ambiguous');
  // The address alone, with nothing of the transaction, points at no chargeback.
  assert.equal(matchContent(readReceipt('14 Quay Street\nThank you'), [c('t1_chb_a1')], diner).status, 'unmatched');
});

test('addresses compared as a person would: street type, look-alikes, number first or last, the shop next door', () => {
  const ours = parseShopAddress('14 Quay Street, Portsmouth PO1 3AH')!;
  assert.deepEqual(ours.postcode, 'P013AH');
  const at = (line: string) => compareAddress(readReceipt(`SHOP\n${line}`).address!, ours);
  assert.equal(at('14 QUAY ST'), 'ours');
  assert.equal(at('l4 Quay Str.'), 'ours', 'OCR read 1 as l');
  assert.equal(at('16 Quay Street'), 'other', 'the shop next door');
  assert.equal(at('14 Harbour Road'), 'other');
  const berlin = parseShopAddress('Hauptstraße 12, 10115 Berlin')!;
  assert.equal(compareAddress(readReceipt('Café Krone\nHauptstr. 12\n10115 Berlin').address!, berlin), 'ours');
  assert.equal(compareAddress(readReceipt('Bäckerei\nGartenweg 3\n10117 Berlin').address!, berlin), 'other');
  // A customer's shipping address is not the shop's.
  assert.equal(readReceipt('Harbor Lane Goods\nShip to:\n221 Elm Road').address, undefined);
});
