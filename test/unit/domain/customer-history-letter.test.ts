// The letter cites the customer's earlier orders once the merchant added them to the packet: the
// paragraph names the exhibit by its number (in the window, before the exhibit exists, the number it
// will have: after the merchant's files and the CE 3.0 exhibit), and names no order the exhibit
// does not list. Without the exhibit, nothing is claimed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { composeLetter, type LetterAsk } from '../../../shared/domain/cover-letter-compose.ts';
import { customerHistoryParagraph, type PastOrder } from '../../../shared/domain/customer-history-letter.ts';

const facts = { chargebackId: 't1_chb_abc', reasonCode: '13.1', amountText: '$49.99', merchantName: 'Corner Shop' };
const order = (id: string, date: string, amount: number | null = 2500): PastOrder => ({
  id,
  date,
  amount,
  currency: 'USD',
  order: null,
});
const orders = [
  order('t1_txn_c', '2026-09-02'),
  order('t1_txn_b', '2026-05-14', null),
  order('t1_txn_a', '2026-01-03'),
];
const receipt = { pages: [{ itemId: 'receipt', page: 0, rotation: 0 as const }] };
const itemOf = (id: string) => ({ name: `${id}.pdf`, kind: 'pdf' as const });
const compose = (over: Partial<LetterAsk>): string =>
  composeLetter({ rebuttal: undefined, category: 'not-received', facts, arrangement: receipt, itemOf, ...over }).text;

test('the letter names the earlier orders the exhibit lists and cites the exhibit by its number', () => {
  const withExhibit = { pages: [...receipt.pages, { itemId: 'history', page: 0, rotation: 0 as const }] };
  const sent = compose({
    arrangement: withExhibit,
    customerHistory: { email: 'kofi@example.com', orders, itemId: 'history' },
  });
  assert.match(
    sent,
    /Exhibit 2 \(the customer’s earlier undisputed orders\): before the disputed purchase, the customer with the email kofi@example\.com placed 3 earlier orders with us that were never disputed or refunded: transactions t1_txn_c on Wed, Sep 2, 2026 \(\$25\.00\), t1_txn_b on Thu, May 14, 2026 \(amount not recorded\) and t1_txn_a on Sat, Jan 3, 2026 \(\$25\.00\), as the processor’s transaction records show\./,
  );
  // In the window the exhibit is not in the arrangement yet: the paragraph is the same.
  const shown = compose({ customerHistory: { email: 'kofi@example.com', orders, itemId: undefined } });
  assert.equal(
    shown.match(/Exhibit \d \(the customer’s[^\n]*/)?.[0],
    sent.match(/Exhibit \d \(the customer’s[^\n]*/)?.[0],
  );
  // Before the closing request, as the sections' paragraphs are.
  assert.ok(sent.indexOf('kofi@example.com') < sent.lastIndexOf('\n\n'));
});

test('one order is said in the singular; more than five are named five and counted', () => {
  assert.match(
    customerHistoryParagraph({ email: 'a@b.co', orders: [orders[0]!], itemId: undefined }, 3)!,
    /placed an earlier order with us that was never disputed or refunded: transaction t1_txn_c on/,
  );
  const many = Array.from({ length: 8 }, (_, i) => order(`t1_txn_${i}`, `2026-0${i + 1}-10`));
  const text = customerHistoryParagraph({ email: 'a@b.co', orders: many, itemId: undefined }, 3)!;
  assert.match(text, /placed 8 earlier orders/);
  assert.match(text, /t1_txn_4 on [^)]*\) and 3 more, as the processor’s/);
  assert.doesNotMatch(text, /t1_txn_5/);
});

test('without the exhibit, or with no orders, the letter claims no history', () => {
  assert.doesNotMatch(compose({}), /earlier undisputed orders|kofi/);
  assert.doesNotMatch(
    compose({ customerHistory: { email: 'kofi@example.com', orders: [], itemId: undefined } }),
    /earlier undisputed orders|kofi/,
  );
});
