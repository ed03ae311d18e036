// The one currency order: most chargebacks first, then the larger amount, then the code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  compareCurrencyUse,
  currencyOrder,
  inCurrencyOrder,
  tallyCurrencyUse,
} from '../../../shared/domain/currency-order.ts';

test('the currency of most chargebacks comes first, not the first in the alphabet', () => {
  assert.deepEqual(
    currencyOrder([
      { currency: 'AUD', chargebacks: 2, amount: 90_000 },
      { currency: 'USD', chargebacks: 40, amount: 1_000 },
      { currency: 'EUR', chargebacks: 7, amount: 5_000 },
    ]),
    ['USD', 'EUR', 'AUD'],
  );
});

test('a tie in chargebacks goes to the larger amount as written, in major units', () => {
  assert.deepEqual(
    currencyOrder([
      { currency: 'EUR', chargebacks: 3, amount: 2_000 },
      { currency: 'USD', chargebacks: 3, amount: 5_000 },
    ]),
    ['USD', 'EUR'],
  );
  // ¥1,000 is 1,000 minor units and 1,000 major ones; $20.00 is 2,000 minor units but 20 major.
  assert.deepEqual(
    currencyOrder([
      { currency: 'USD', chargebacks: 3, amount: 2_000 },
      { currency: 'JPY', chargebacks: 3, amount: 1_000 },
    ]),
    ['JPY', 'USD'],
  );
  // A negative amount (money pulled) counts by its size.
  assert.deepEqual(
    currencyOrder([
      { currency: 'GBP', chargebacks: 1, amount: -9_000 },
      { currency: 'EUR', chargebacks: 1, amount: 100 },
    ]),
    ['GBP', 'EUR'],
  );
});

test('a full tie goes by code, whatever order the rows came in', () => {
  const uses = [
    { currency: 'SEK', chargebacks: 1, amount: 500 },
    { currency: 'CHF', chargebacks: 1, amount: 500 },
    { currency: 'NOK', chargebacks: 1, amount: 500 },
  ];
  assert.deepEqual(currencyOrder(uses), ['CHF', 'NOK', 'SEK']);
  assert.deepEqual(currencyOrder([...uses].reverse()), ['CHF', 'NOK', 'SEK']);
  assert.equal(compareCurrencyUse(uses[0]!, uses[0]!), 0);
});

test('a currency listed twice is counted once with its uses added', () => {
  assert.deepEqual(
    currencyOrder([
      { currency: 'EUR', chargebacks: 2, amount: 100 },
      { currency: 'USD', chargebacks: 3, amount: 100 },
      { currency: 'EUR', chargebacks: 2, amount: 100 },
    ]),
    ['EUR', 'USD'],
  );
  assert.deepEqual(currencyOrder([]), []);
});

test('entries count each chargeback once; an entry of no chargeback adds money but no chargeback', () => {
  const uses = tallyCurrencyUse([
    { currency: 'USD', chargebackId: 'a', amount: -5_000 },
    { currency: 'USD', chargebackId: 'a', amount: -1_500 },
    { currency: 'USD', chargebackId: null, amount: 200 },
    { currency: 'EUR', chargebackId: 'b', amount: -100 },
    { currency: 'EUR', chargebackId: 'c', amount: -100 },
  ]);
  assert.deepEqual(uses, [
    { currency: 'USD', chargebacks: 1, amount: 6_700 },
    { currency: 'EUR', chargebacks: 2, amount: 200 },
  ]);
  assert.deepEqual(currencyOrder(uses), ['EUR', 'USD']);
});

test('items follow the order, an unknown currency last, items of one currency keep theirs', () => {
  const rows = [
    { c: 'AUD', n: 1 },
    { c: 'XYZ', n: 2 },
    { c: 'USD', n: 3 },
    { c: 'AUD', n: 4 },
    { c: 'USD', n: 5 },
  ];
  assert.deepEqual(
    inCurrencyOrder(rows, ['USD', 'AUD'], (r) => r.c).map((r) => r.n),
    [3, 5, 1, 4, 2],
  );
  assert.deepEqual(
    rows.map((r) => r.n),
    [1, 2, 3, 4, 5],
    'the input is left as it was',
  );
});
