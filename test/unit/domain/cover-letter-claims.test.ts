// Letters say only what the record and the packet support (issue 13, finding 2; issue 21): no
// blanks in a generated letter, a claim about an exhibit only when that exhibit is enclosed, the
// payment dated by its authorization, 3-D Secure and the security code only as the transaction
// record states them, and every sentence left out of the draft named with why. The transactions
// are the recorded core API shape (test/fixtures/recorded/txns-expanded.json) and variants of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { coverLetterTemplate, letterBlanks } from '../../../shared/domain/cover-letter-templates.ts';
import { exhibitKindsOf } from '../../../shared/domain/exhibit-kinds.ts';
import { composeLetter } from '../../../shared/domain/cover-letter-compose.ts';
import { disputeCategories } from '../../../shared/domain/reason-codes.ts';
import {
  authorizationDay,
  coverLetterFor,
  draftRebuttal,
  letterFacts,
  letterProblem,
} from '../../../electron/evidence/cover-letter-facts.ts';
import { chargebackSchema, txnSchema, type Txn } from '../../../shared/api/index.ts';
import type { Arrangement } from '../../../shared/evidence/items.ts';
import type { Slots } from '../../../shared/evidence/slots.ts';
import { cvvResult } from '../../../shared/domain/payment-facts.ts';

const facts = { chargebackId: 't1_chb_abc', reasonCode: '10.4', amountText: '$49.99', merchantName: 'Corner Shop' };

const recordedTxn = (): Record<string, unknown> => {
  const body = JSON.parse(readFileSync(new URL('../../fixtures/recorded/txns-expanded.json', import.meta.url), 'utf8'));
  return body.response.data[0];
};
/** The recorded transaction with some fields as another recording would have them. */
const txn = (change: Record<string, unknown> = {}): Txn => txnSchema.parse({ ...recordedTxn(), ...change });
const fraud = chargebackSchema.parse({
  id: 't1_chb_abc',
  status: 'open',
  cycle: 'first',
  reasonCode: '10.4',
  reason: 'Other fraud',
  total: 4999,
  currency: 'USD',
  txn: 't1_txn_6941bb1c19a1e4c7989bfc7',
  actionable: 1,
});

/** A packet of these files, one page each, in order. */
function packet(...names: string[]): {
  arrangement: Arrangement;
  itemOf: (id: string) => { name: string; kind: string };
} {
  const ids = names.map((_, i) => String(i).repeat(64));
  return {
    arrangement: { pages: ids.map((itemId) => ({ itemId, page: 0, rotation: 0 as const })) },
    itemOf: (id) => ({ name: names[ids.indexOf(id)] ?? '', kind: 'png' }),
  };
}

test('no generated letter has a blank in it', () => {
  for (const c of [...disputeCategories, undefined])
    assert.deepEqual(letterBlanks(coverLetterTemplate(c, facts)), [], c ?? 'general');
});

test('exhibit kinds are read from file names; a name that says nothing supports nothing', () => {
  assert.deepEqual([...exhibitKindsOf(['terms.png'])], ['policy']);
  assert.deepEqual([...exhibitKindsOf(['UPS_tracking-1Z999.pdf'])], ['delivery']);
  assert.deepEqual([...exhibitKindsOf(['auth approval.pdf', '3DS result.png'])].sort(), [
    'authentication',
    'authorization',
  ]);
  assert.deepEqual([...exhibitKindsOf(['scan 3.jpg', 'IMG_2024.HEIC'])], []);
  assert.deepEqual([...exhibitKindsOf(['shipping label.jpg'])], ['delivery'], '"ship" is not the IP address');
});

test('with terms.png the only exhibit, the letter claims no enclosed record, and says why each is left out', () => {
  const f = { ...facts, threeDSecure: 'authenticated' as const };
  const template = coverLetterTemplate('fraud-card-absent', f);
  assert.match(template, /The enclosed authorization record shows/);
  // The merchant has written in the draft: the app's claims in it are checked and marked.
  const draft = template.replace('We ask the issuer', 'The customer knew the shop. We ask the issuer');
  const p = packet('terms.png');
  const letter = composeLetter({ rebuttal: draft, category: 'fraud-card-absent', facts: f, slots: undefined, ...p });
  assert.doesNotMatch(
    letter.text,
    /enclosed authorization record|enclosed 3-D Secure|device|delivery record|order record/,
  );
  assert.equal(
    letter.text,
    'We respond to chargeback t1_chb_abc (reason code 10.4) for $49.99.\n\n' +
      'The cardholder states that they did not authorize this purchase.\n\n' +
      'The cardholder was authenticated with 3-D Secure for this payment.\n\n' +
      'The customer knew the shop. We ask the issuer to reverse this chargeback. ' +
      'The exhibits are listed below in the order they are enclosed.' +
      '\n\nCorner Shop',
  );
  assert.deepEqual(
    letter.leftOut.map((l) => l.why),
    [
      'no exhibit in the packet is an authorization record (name or title one so, or add it)',
      'no exhibit in the packet is a 3-D Secure result (name or title one so, or add it)',
      'no exhibit in the packet is a device or IP record (name or title one so, or add it)',
      'no exhibit in the packet is a receipt, invoice or order record (name or title one so, or add it)',
      'no exhibit in the packet is a delivery record (name or title one so, or add it)',
    ],
  );
  // The parts are the text with each left-out sentence where it stood: the editor marks them inline.
  assert.equal(letter.parts.flatMap((x) => (x.kind === 'left-out' ? [] : [x.text])).join(''), letter.text);
  const at = letter.parts.findIndex((x) => x.kind === 'left-out');
  assert.match(letter.parts[at - 1]!.kind === 'text' ? letter.parts[at - 1]!.text : '', /purchase\.(\n\n)?$/);
  const kept = composeLetter({
    rebuttal: draft,
    category: 'fraud-card-absent',
    facts: f,
    ...packet('authorization.pdf'),
  });
  assert.match(kept.text, /The enclosed authorization record shows the issuer approved the payment\./);
});

test("a letter with nothing enclosed lists no exhibits; the merchant's own sentences are never taken out", () => {
  const mine = 'The parcel was left at the front door on 3 November. The enclosed authorization record shows it all.';
  const letter = composeLetter({
    rebuttal:
      `${mine}\n\nWe ask the issuer to reverse this chargeback. ` +
      'The exhibits are listed below in the order they are enclosed.',
    category: 'not-received',
    facts,
    arrangement: { pages: [] },
    itemOf: () => undefined,
  });
  assert.equal(letter.text, `${mine}\n\nWe ask the issuer to reverse this chargeback.`);
  assert.deepEqual(letter.leftOut, [
    { text: 'The exhibits are listed below in the order they are enclosed.', why: 'nothing is enclosed' },
  ]);
});

test('the recorded transaction (authDate, cvvStatus, authentication null; origin 2) lets the letter claim none of them', () => {
  const f = letterFacts(fraud, { txn: txn() });
  assert.deepEqual(f, { chargebackId: 't1_chb_abc', reasonCode: '10.4', amountText: '$49.99' });
  const draft = draftRebuttal(fraud, { txn: txn() });
  assert.match(draft, /^We respond to chargeback t1_chb_abc \(reason code 10\.4\) for \$49\.99\.\n/);
  assert.doesNotMatch(draft, /2025-12-16|3-D Secure|security code|authorization code/);
  // A draft that says more than the record (as the editor's old draft did) loses those sentences,
  // each with the record's reason, even with exhibits named for them.
  const letter = coverLetterFor(fraud, {
    txn: txn(),
    rebuttal:
      'The enclosed 3-D Secure result shows the cardholder authenticated the payment. ' +
      'The enclosed authorization record shows the issuer approved the payment and that the address and ' +
      "security code matched. The card's security code (CVV2) given with the order matched.",
    ...packet('3DS result.png', 'auth approval.pdf'),
  });
  assert.equal(letter.rebuttal, '');
  assert.deepEqual(
    letter.leftOut.map((l) => l.why),
    [
      'the transaction record states no security code (CVV) match',
      'the transaction record shows no 3-D Secure authentication',
      'the transaction record states no address check (AVS) result',
    ],
  );
});

test('the payment is dated by its authorization, not by when the record was created', () => {
  const t = txn({ authDate: 20261014, created: '2026-10-20 09:12:33.1234' });
  const draft = draftRebuttal(fraud, { txn: t });
  // In the letter's date words, the same as every other date of the letter (letterDay).
  assert.match(draft, /for \$49\.99, a payment authorized on Wed, Oct 14, 2026\./);
  assert.doesNotMatch(draft, /2026-10-20|Oct 20/);
  // A draft saved by an earlier version, dated by the record's creation, is dated again from the record.
  const saved = 'We respond to chargeback t1_chb_abc (reason code 10.4) for $49.99, a payment of 2026-10-20.\n\nMine.';
  const letter = coverLetterFor(fraud, { txn: t, rebuttal: saved });
  assert.equal(
    letter.rebuttal,
    'We respond to chargeback t1_chb_abc (reason code 10.4) for $49.99, a payment authorized on Wed, Oct 14, 2026.\n\nMine.',
  );
  assert.equal(letter.authorized, 'Wed, Oct 14, 2026');
  // A draft saved by the version that wrote the day as 2026-10-14 is written again in words.
  const iso =
    'We respond to chargeback t1_chb_abc (reason code 10.4) for $49.99, a payment authorized on 2026-10-14.\n\nMine.';
  assert.equal(coverLetterFor(fraud, { txn: t, rebuttal: iso }).rebuttal, letter.rebuttal);
  // The heading's dates are in the same words as the body's.
  const dated = coverLetterFor(chargebackSchema.parse({ ...fraud, issued: 20261020, reply: 20261119 }), {
    txn: t,
    now: new Date(2026, 10, 2, 12),
  });
  assert.deepEqual(
    [dated.issued, dated.reply, dated.date],
    ['Tue, Oct 20, 2026', 'Thu, Nov 19, 2026', 'Mon, Nov 2, 2026'],
  );
  // No authorization date in the record: the letter states no day at all.
  const undated = coverLetterFor(fraud, { txn: txn({ created: '2026-10-20 09:12:33.1234' }), rebuttal: saved });
  assert.match(
    undated.rebuttal,
    /^We respond to chargeback t1_chb_abc \(reason code 10\.4\) for \$49\.99\.\n\nMine\.$/,
  );
  assert.equal(undated.authorized, undefined);
  assert.equal(authorizationDay('2026-10-14'), '2026-10-14');
  assert.equal(authorizationDay(20261131), undefined, 'no such day');
  assert.equal(authorizationDay(null), undefined);
});

test('3-D Secure attempted is not authenticated: the draft says attempted, the authenticated claim is left out', () => {
  const attempted = txn({ origin: 6 });
  const draft = draftRebuttal(fraud, { txn: attempted });
  assert.match(draft, /3-D Secure authentication of the cardholder was attempted for this payment\./);
  assert.doesNotMatch(draft, /authenticated the payment|was authenticated/);
  const old = `${draft} The enclosed 3-D Secure result shows the cardholder authenticated the payment.`;
  const letter = coverLetterFor(fraud, { txn: attempted, rebuttal: old, ...packet('3DS result.png') });
  assert.doesNotMatch(letter.rebuttal, /authenticated the payment/);
  assert.deepEqual(
    letter.leftOut.find((l) => /3-D Secure/.test(l.text)),
    {
      text: 'The enclosed 3-D Secure result shows the cardholder authenticated the payment.',
      why: 'the transaction record says 3-D Secure was only attempted, not that the cardholder was authenticated',
    },
  );
  // Succeeded (origin 5) with the result enclosed: said.
  const done = coverLetterFor(fraud, { txn: txn({ origin: 5 }), ...packet('3DS result.png') });
  assert.match(done.rebuttal, /The enclosed 3-D Secure result shows the cardholder authenticated the payment\./);
});

test('the security code is claimed only on a match the record states; no code claims an address check', () => {
  assert.equal(cvvResult('M'), 'matched');
  assert.equal(cvvResult('matched'), 'matched');
  assert.equal(cvvResult('N'), 'not-matched');
  for (const unknown of ['P', 'U', 'X', '', null, 1]) assert.equal(cvvResult(unknown), undefined, String(unknown));
  const matched = draftRebuttal(fraud, { txn: txn({ cvvStatus: 'M', authCode: 'A1B2C3' }) });
  assert.match(matched, /The issuer authorized the payment \(authorization code A1B2C3\)\./);
  assert.match(matched, /The card's security code \(CVV2\) given with the order matched\./);
  assert.doesNotMatch(matched, /address (and security code )?matched|AVS/i, 'the recorded shape has no address check');
  for (const code of ['N', 'P'])
    assert.doesNotMatch(draftRebuttal(fraud, { txn: txn({ cvvStatus: code }) }), /security code/, code);
});

test('facts of the transaction are claimed only when it has them', () => {
  const bare = coverLetterFor(fraud, {});
  assert.doesNotMatch(bare.rebuttal, /authorization code|IP address/);
  const withFacts = coverLetterFor(fraud, { txn: txn({ authCode: 'A1B2C3', clientIp: '198.51.100.20' }) });
  assert.match(
    withFacts.rebuttal,
    /The issuer authorized the payment \(authorization code A1B2C3\)\. The order was placed from IP address 198\.51\.100\.20\./,
  );
});

test('an exhibit is named by its title: a camera file name gives way, and a title the merchant wrote supports its claim', () => {
  const p = packet('IMG_4411.HEIC');
  const plain = coverLetterFor(fraud, { ...p });
  assert.deepEqual(Object.values(plain.exhibitTitles ?? {}), ['Supporting photo or scan']);
  assert.doesNotMatch(plain.rebuttal, /enclosed order record/);
  const id = p.arrangement.pages[0]!.itemId;
  const titled = coverLetterFor(fraud, { ...p, slots: { titles: { [id]: 'Order confirmation from checkout' } } });
  assert.deepEqual(titled.exhibitTitles, { [id]: 'Order confirmation from checkout' });
  assert.match(titled.rebuttal, /The enclosed order record shows the billing and delivery details/);
});

test('a letter with blanks is refused, naming each blank', () => {
  assert.equal(letterProblem({ chargebackId: 'c', rebuttal: 'Delivered on 3 March.' }), undefined);
  const p = letterProblem({
    chargebackId: 't1_chb_abc',
    rebuttal: 'Tracking number [tracking number], shipped on [date]. Signed: ____',
  });
  assert.equal(p?.kind, 'bad-input');
  assert.equal(
    p?.message,
    'The cover letter for t1_chb_abc still has 3 blanks to fill: [tracking number], [date], ' +
      '____. Write in what belongs there, or take the sentence out; nothing was queued.',
  );
});

test('a paragraph written from a section stands on its own before the closing request', () => {
  const letter = composeLetter({
    rebuttal: 'Our customer received the parcel. We ask the issuer to reverse this chargeback.',
    category: 'not-received',
    facts,
    arrangement: { pages: [] },
    slots: { tracking: { fields: { carrier: 'UPS' }, files: [] } },
    itemOf: () => undefined,
  });
  assert.equal(
    letter.text,
    'Our customer received the parcel.\n\nCarrier tracking: the order was shipped with UPS.\n\n' +
      'We ask the issuer to reverse this chargeback.',
  );
  assert.deepEqual(
    letter.parts.map((p) => p.kind),
    ['text', 'added', 'text'],
  );
});

test('a generated sentence copied from another kind of letter is checked like one of this kind', () => {
  const letter = composeLetter({
    rebuttal: 'Delivered. The enclosed 3-D Secure result shows the cardholder authenticated the payment.',
    category: 'not-received',
    facts: { ...facts, threeDSecure: 'attempted' },
    ...packet('3DS result.png'),
  });
  assert.equal(letter.text, 'Delivered.');
  assert.match(letter.leftOut[0]!.why, /only attempted/);
});

test('walk finding 4: the untouched draft holds only sentences the packet supports, and follows it as it changes', () => {
  const template = coverLetterTemplate('not-received', facts);
  const compose = (rebuttal: string, p: ReturnType<typeof packet> | undefined, slots?: Slots) =>
    composeLetter({
      rebuttal,
      category: 'not-received',
      facts,
      slots,
      ...(p ?? { arrangement: { pages: [] }, itemOf: () => undefined }),
    });
  // Typed facts only, the draft as the app wrote it: no struck-out sentence, no exhibit claimed or listed.
  const typed: Slots = { tracking: { fields: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }, files: [] } };
  for (const rebuttal of [template, '', template.replace(/\n/g, '\r\n')]) {
    const alone = compose(rebuttal, undefined, typed);
    assert.equal(alone.untouched, true);
    assert.deepEqual(alone.leftOut, [], 'the app strikes out none of its own sentences');
    assert.deepEqual(
      alone.parts.map((x) => x.kind),
      ['text', 'added', 'text'],
    );
    assert.doesNotMatch(alone.text, /enclosed delivery record|exhibits are listed below/);
    assert.match(
      alone.text,
      /Carrier tracking: the order was shipped with UPS under tracking number 1Z999AA10123456784\./,
    );
    assert.doesNotMatch(
      alone.draft,
      /enclosed delivery record|exhibits are listed below/,
      'the draft the editor shows',
    );
  }
  // A delivery record added outside the sections: the untouched draft now says what it shows, and lists it.
  const filed = compose(template, packet('UPS delivery.pdf'));
  assert.deepEqual(filed.leftOut, []);
  assert.match(filed.draft, /The order was delivered: the enclosed delivery record shows/);
  assert.match(filed.text, /The exhibits are listed below in the order they are enclosed\./);
  // The same file taken away again: the sentences go with it.
  const removed = compose(template, undefined);
  assert.doesNotMatch(removed.text, /enclosed delivery record|exhibits are listed below/);
  assert.deepEqual(removed.leftOut, []);
  // Once the merchant writes in it, the draft is theirs: an unsupported claim is marked, not dropped.
  const mine = compose(`${template} Signed for at the door.`, undefined);
  assert.equal(mine.untouched, false);
  assert.deepEqual(
    mine.leftOut.map((l) => l.why),
    ['no exhibit in the packet is a delivery record (name or title one so, or add it)', 'nothing is enclosed'],
  );
});

test("a card-present letter claims the terminal record shows the card read only with a terminal's record and a record that says so", () => {
  const claimText = 'The enclosed terminal record shows the card was read at the point of sale.';
  const present = { ...facts, reasonCode: '10.1' };
  const letter = (f: typeof present & { chipRead?: true; contactless?: true }, ...names: string[]) =>
    composeLetter({
      rebuttal: undefined,
      category: 'fraud-card-present',
      facts: f,
      slots: undefined,
      ...packet(...names),
    });
  // The merchant's mistake: an online order confirmation or a plain receipt as "the terminal record".
  const receipt = letter({ ...present, chipRead: true }, 'order confirmation.pdf', 'receipt.jpg');
  assert.ok(!receipt.text.includes(claimText), receipt.text);
  assert.match(receipt.text, /its chip was read/, 'the record itself is still stated');
  // The terminal's own log, but the processor's record says the card was keyed in.
  const keyed = letter(present, 'terminal log.pdf');
  assert.ok(!keyed.text.includes(claimText), keyed.text);
  assert.doesNotMatch(keyed.text, /chip|contactless/);
  // The terminal's log and a record of the chip (or a tap): said.
  assert.ok(letter({ ...present, chipRead: true }, 'terminal log.pdf').text.includes(claimText));
  assert.ok(letter({ ...present, contactless: true }, 'POS journal.pdf').text.includes(claimText));
  // A draft that keeps the sentence is told why it was left out.
  const draft = coverLetterTemplate('fraud-card-present', { ...present, chipRead: true });
  const kept = composeLetter({
    rebuttal: draft.replace('We ask the issuer', 'The customer paid in the shop. We ask the issuer'),
    category: 'fraud-card-present',
    facts: present,
    ...packet('terminal log.pdf'),
  });
  assert.deepEqual(
    kept.leftOut.filter((l) => l.text === claimText).map((l) => l.why),
    ['the transaction record does not say the card was read by its chip or tapped contactless'],
  );
  assert.deepEqual(
    composeLetter({
      rebuttal: draft.replace('We ask the issuer', 'The customer paid in the shop. We ask the issuer'),
      category: 'fraud-card-present',
      facts: { ...present, chipRead: true },
      ...packet('receipt.jpg'),
    })
      .leftOut.filter((l) => l.text === claimText)
      .map((l) => l.why),
    ["no exhibit in the packet is a card terminal's record of the payment (name or title one so, or add it)"],
  );
  assert.deepEqual([...exhibitKindsOf(['terminal log.pdf'])], ['terminal']);
  assert.deepEqual([...exhibitKindsOf(['sales slip.jpg'])], ['receipt'], 'a slip is a receipt, not a terminal log');
});
