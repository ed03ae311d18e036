// Visa Compelling Evidence 3.0 (issue 22): the rule at every edge. 120 and 365 days qualify, 119
// and 366 do not (Visa's wording, not Stripe's); two elements must match on both earlier purchases,
// one of them the IP address or a device ID; a purchase with its own chargeback or a refund does not
// count; only Visa 10.4, plain or prefixed.
import { letterDay } from '../../../shared/domain/letter-facts.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ce3AppliesTo,
  ce3VerdictSchema,
  compellingEvidence3,
  type Ce3Txn,
  type Ce3Verdict,
} from '../../../shared/domain/compelling-evidence.ts';
import { plainReasonCode } from '../../../shared/domain/reason-codes.ts';
import { composeLetter } from '../../../shared/domain/cover-letter-compose.ts';
import { addDays, parseYmd, type Ymd } from '../../../shared/domain/dates.ts';

const DISPUTED_DATE = '2026-10-01';
const ymd = (v: Ymd): string => `${v.y}-${String(v.m).padStart(2, '0')}-${String(v.d).padStart(2, '0')}`;
const daysBefore = (n: number): string => ymd(addDays(parseYmd(DISPUTED_DATE)!, -n));

const same = {
  ip: '203.0.113.7',
  device: null,
  account: null,
  address: '12 Main St, Springfield, IL 62701, USA',
  email: 'pat@example.com',
};
const txn = (id: string, over: Partial<Ce3Txn> = {}): Ce3Txn => ({
  id,
  date: DISPUTED_DATE,
  amount: 2500,
  currency: 'USD',
  ...same,
  notAPurchase: null,
  refunded: false,
  chargeback: false,
  ...over,
});
const disputed = txn('t1_txn_disputed');
const prior = (id: string, days: number, over: Partial<Ce3Txn> = {}): Ce3Txn =>
  txn(id, { date: daysBefore(days), ...over });

const judge = (earlier: Ce3Txn[], reasonCode = '10.4', d: Ce3Txn = disputed): Ce3Verdict => {
  const v = compellingEvidence3({ reasonCode, disputed: d, earlier });
  assert.ok(ce3VerdictSchema.safeParse(v).success, 'the verdict is a value of its schema');
  return v;
};
const reasonsOf = (v: Ce3Verdict): string[] => {
  assert.equal(v.kind, 'does-not-qualify', JSON.stringify(v));
  return v.kind === 'does-not-qualify' ? v.reasons : [];
};

test('two earlier purchases 120 and 365 days before, IP and address matching, qualify: both named with what matches', () => {
  const v = judge([prior('t1_txn_a', 120), prior('t1_txn_b', 365)]);
  assert.equal(v.kind, 'qualifies');
  if (v.kind !== 'qualifies') return;
  assert.deepEqual(
    v.priors.map((p) => [p.id, p.date, p.daysBefore, p.amount]),
    [
      ['t1_txn_a', '2026-06-03', 120, 2500],
      ['t1_txn_b', '2025-10-01', 365, 2500],
    ],
  );
  assert.deepEqual(v.elements, ['ip', 'address']);
  assert.deepEqual(v.priors[0]!.matching, [
    { element: 'ip', value: '203.0.113.7' },
    { element: 'address', value: '12 Main St, Springfield, IL 62701, USA' },
  ]);
  assert.equal(v.priors[0]!.sameEmail, 'pat@example.com', 'the same email is shown beside them');
});

test('119 days is too recent and 366 too old (Visa: 120 to 365 inclusive); each is named with its days', () => {
  const recent = reasonsOf(judge([prior('t1_txn_a', 119), prior('t1_txn_b', 200)]));
  assert.equal(
    recent[0],
    `Only one earlier purchase (t1_txn_b, ${letterDay(daysBefore(200))}) 120–365 days before the disputed one ` +
      `of ${letterDay('2026-10-01')}; Visa needs two.`,
  );
  assert.ok(
    recent.includes(
      `Earlier purchase t1_txn_a (${letterDay(daysBefore(119))}) is 119 days before, too recent (at least 120).`,
    ),
  );

  const old = reasonsOf(judge([prior('t1_txn_a', 200), prior('t1_txn_b', 366)]));
  assert.ok(
    old.includes(
      `Earlier purchase t1_txn_b (${letterDay(daysBefore(366))}) is 366 days before, too old (at most 365).`,
    ),
  );

  assert.equal(judge([prior('t1_txn_a', 120), prior('t1_txn_b', 200)]).kind, 'qualifies', '120 days counts');
  assert.equal(judge([prior('t1_txn_a', 200), prior('t1_txn_b', 365)]).kind, 'qualifies', '365 days counts');
});

test('only one earlier purchase, or none, in the window: said so, and nothing qualifies', () => {
  assert.equal(
    reasonsOf(judge([prior('t1_txn_a', 150)]))[0],
    `Only one earlier purchase (t1_txn_a, ${letterDay(daysBefore(150))}) 120–365 days before the disputed one ` +
      `of ${letterDay('2026-10-01')}; Visa needs two.`,
  );
  assert.equal(
    reasonsOf(judge([]))[0],
    `No earlier undisputed purchase on this card 120–365 days before the disputed one of ${letterDay('2026-10-01')}.`,
  );
  const tooRecent = reasonsOf(judge([prior('t1_txn_a', 30), prior('t1_txn_b', 60)]));
  assert.match(tooRecent[0]!, /^No earlier undisputed purchase/);
  assert.equal(tooRecent.length, 3, 'each too recent purchase is named');
});

test('one matching element is not enough: the IP alone, or the address alone', () => {
  const otherAddress = { address: '9 Elm Rd, Dayton, OH 45402, USA' };
  const ipOnly = reasonsOf(judge([prior('t1_txn_a', 150, otherAddress), prior('t1_txn_b', 200, otherAddress)]));
  assert.match(ipOnly[0]!, /^No two earlier purchases 120–365 days before share two matching details/);
  assert.ok(ipOnly.includes('Full delivery address differs on t1_txn_a.'));
  assert.ok(ipOnly.includes('Full delivery address differs on t1_txn_b.'));

  const addressOnly = reasonsOf(
    judge([prior('t1_txn_a', 150, { ip: '198.51.100.1' }), prior('t1_txn_b', 200, { ip: '198.51.100.1' })]),
  );
  assert.ok(addressOnly.includes('IP address differs on t1_txn_a.'));
  assert.ok(addressOnly.includes('IP address differs on t1_txn_b.'));
});

test('the same email never counts as one of the two elements (supporting detail only)', () => {
  const v = judge([
    prior('t1_txn_a', 150, { address: '9 Elm Rd, Dayton, OH 45402, USA' }),
    prior('t1_txn_b', 200, { address: '9 Elm Rd, Dayton, OH 45402, USA' }),
  ]);
  assert.equal(v.kind, 'does-not-qualify', 'IP and email match, yet only the IP is an element');
});

test('two matching elements without the IP or a device ID do not qualify: account and address', () => {
  const withAccount = { account: 'cust-881', ip: null };
  const v = judge([prior('t1_txn_a', 150, withAccount), prior('t1_txn_b', 200, withAccount)], '10.4', {
    ...disputed,
    ip: null,
    account: 'cust-881',
  });
  assert.deepEqual(reasonsOf(v), [
    'The disputed purchase t1_txn_disputed has no IP address or device ID on record; Visa needs one of them to match.',
  ]);
  // With the IP recorded on the disputed purchase but not on the earlier ones: account + address
  // match, the IP is not recorded there.
  const noIp = reasonsOf(
    judge([prior('t1_txn_a', 150, withAccount), prior('t1_txn_b', 200, withAccount)], '10.4', {
      ...disputed,
      account: 'cust-881',
    }),
  );
  assert.ok(noIp.includes('IP address not recorded on t1_txn_a.'));
});

test('a device ID counts like the IP: device and account qualify with the IP different', () => {
  const d = { ...disputed, ip: '203.0.113.7', device: 'fp-77AB', account: 'cust-881', address: null };
  const p = { ip: '198.51.100.1', device: 'FP-77ab', account: 'cust-881', address: null };
  const v = judge([prior('t1_txn_a', 150, p), prior('t1_txn_b', 200, p)], '10.4', d);
  assert.equal(v.kind, 'qualifies');
  if (v.kind === 'qualifies') assert.deepEqual(v.elements, ['device', 'account']);
});

test('the same two elements must match on both: IP+address on one and IP+account on the other do not', () => {
  const d = { ...disputed, account: 'cust-881' };
  const v = judge(
    [
      prior('t1_txn_a', 150, { account: 'other' }),
      prior('t1_txn_b', 200, { address: '9 Elm Rd, Dayton, OH 45402, USA', account: 'cust-881' }),
    ],
    '10.4',
    d,
  );
  assert.equal(v.kind, 'does-not-qualify');
});

test('an earlier purchase with its own chargeback, or refunded, does not count and is named', () => {
  const disputedPrior = reasonsOf(judge([prior('t1_txn_a', 150, { chargeback: true }), prior('t1_txn_b', 200)]));
  assert.ok(
    disputedPrior.includes(`Earlier purchase t1_txn_a (${letterDay(daysBefore(150))}) has its own chargeback.`),
  );
  assert.match(disputedPrior[0]!, /^Only one earlier purchase/);

  const refunded = reasonsOf(judge([prior('t1_txn_a', 150), prior('t1_txn_b', 200, { refunded: true })]));
  assert.ok(refunded.includes(`Earlier purchase t1_txn_b (${letterDay(daysBefore(200))}) was refunded.`));

  // With a third clean one the card still qualifies, without the disputed purchase.
  const v = judge([prior('t1_txn_a', 150, { chargeback: true }), prior('t1_txn_b', 200), prior('t1_txn_c', 300)]);
  assert.equal(v.kind, 'qualifies');
  if (v.kind === 'qualifies')
    assert.deepEqual(
      v.priors.map((p) => p.id),
      ['t1_txn_b', 't1_txn_c'],
    );
});

test('refunds, authorizations and failed payments on the card are no earlier purchases', () => {
  const v = judge([prior('t1_txn_a', 150), prior('t1_txn_r', 200, { notAPurchase: 'a refund' })]);
  assert.match(reasonsOf(v)[0]!, /^Only one earlier purchase/);
});

test('more than two qualifying purchases: all that share the elements are listed, newest first', () => {
  const v = judge([prior('t1_txn_c', 300), prior('t1_txn_a', 130), prior('t1_txn_b', 200)]);
  assert.equal(v.kind, 'qualifies');
  if (v.kind === 'qualifies')
    assert.deepEqual(
      v.priors.map((p) => p.id),
      ['t1_txn_a', 't1_txn_b', 't1_txn_c'],
    );
});

test('addresses compare without case or punctuation; an address missing its postcode is no full address', () => {
  const v = judge([
    prior('t1_txn_a', 150, { address: '12 main st. springfield il 62701 usa' }),
    prior('t1_txn_b', 200, { address: '12 MAIN ST, SPRINGFIELD, IL 62701, USA' }),
  ]);
  assert.equal(v.kind, 'qualifies');
});

test('applies only to Visa 10.4, plain or prefixed (V1040); every other code is not applicable', () => {
  // The prefixed form pads Visa's one-digit condition either way: V1040 is 10.4, V1305 is 13.5.
  assert.equal(plainReasonCode('V1040'), '10.4');
  assert.equal(plainReasonCode('V1305'), '13.5');
  assert.equal(plainReasonCode('V1010'), '10.1');
  assert.equal(ce3AppliesTo('10.4'), true);
  assert.equal(ce3AppliesTo('V1040'), true);
  assert.equal(ce3AppliesTo(' v104 '), true);
  assert.equal(ce3AppliesTo('10.3'), false);
  assert.equal(ce3AppliesTo('4837'), false);
  assert.equal(ce3AppliesTo('F29'), false);
  const v = judge([prior('t1_txn_a', 150), prior('t1_txn_b', 200)], '4837');
  assert.equal(v.kind, 'not-applicable');
  assert.equal(judge([prior('t1_txn_a', 150), prior('t1_txn_b', 200)], 'V1040').kind, 'qualifies');
});

test('the letter: a qualifying verdict adds a paragraph naming both purchases and citing its exhibit; no other does', () => {
  const facts = { chargebackId: 't1_chb_abc', reasonCode: '10.4', amountText: '$49.99', merchantName: 'Corner Shop' };
  const receipt = { pages: [{ itemId: 'receipt', page: 0, rotation: 0 as const }] };
  const withExhibit = { pages: [...receipt.pages, { itemId: 'ce3', page: 0, rotation: 0 as const }] };
  const itemOf = (id: string) => ({ name: id === 'ce3' ? 'ce3.pdf' : 'receipt.pdf', kind: 'pdf' as const });
  const compose = (verdict: Ce3Verdict, arrangement = withExhibit, itemId: string | null = 'ce3') =>
    composeLetter({
      rebuttal: undefined,
      category: 'fraud-card-absent',
      facts,
      arrangement,
      itemOf,
      compellingEvidence: { verdict, itemId: itemId ?? undefined },
    }).text;
  const qualifying = judge([prior('t1_txn_a', 150), prior('t1_txn_b', 300)]);
  const text = compose(qualifying);
  assert.match(text, /Exhibit 2 \(Visa Compelling Evidence 3\.0\): the same card was used for 2 earlier purchases/);
  const on = (n: number) => letterDay(daysBefore(n))!;
  assert.ok(text.includes(`t1_txn_a on ${on(150)} ($25.00) and t1_txn_b on ${on(300)}`), text);
  assert.match(text, /the same IP address 203\.0\.113\.7 and the same full delivery address 12 Main St/);
  // Composed in the window, without the exhibit in the arrangement: it is the exhibit after the files.
  assert.match(compose(qualifying, receipt, null), /Exhibit 2 \(Visa Compelling Evidence 3\.0\)/);

  for (const v of [judge([prior('t1_txn_a', 60), prior('t1_txn_b', 90)]), judge([], '4837')])
    assert.doesNotMatch(compose(v), /Compelling Evidence|t1_txn_a/, `${v.kind}: nothing claimed`);
});
