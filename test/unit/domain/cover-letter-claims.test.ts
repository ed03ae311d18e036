// Letters say only what the packet proves (issue 13, finding 2): no blanks in a generated
// letter, a claim about an exhibit only when that exhibit is enclosed, facts only when the
// transaction has them, and a letter with a blank left in it is refused with the blanks listed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  coverLetterTemplate,
  exhibitKindsOf,
  letterBlanks,
  tieClaims,
} from '../../../shared/domain/cover-letter-templates.ts';
import { disputeCategories } from '../../../shared/domain/reason-codes.ts';
import { coverLetterFor, letterProblem } from '../../../electron/evidence/cover-letter-facts.ts';
import { chargebackSchema } from '../../../shared/api/index.ts';

const facts = { chargebackId: 't1_chb_abc', reasonCode: '10.4', amountText: '$49.99', merchantName: 'Corner Shop' };

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

test('finding 2: with terms.png the only exhibit, the letter does not claim an enclosed authorization record', () => {
  const letter = coverLetterTemplate('fraud-card-absent', facts);
  assert.match(letter, /The enclosed authorization record shows/);
  const tied = tieClaims(letter, 'fraud-card-absent', facts, exhibitKindsOf(['terms.png']), true);
  assert.doesNotMatch(tied.text, /authorization record|3-D Secure|IP address and device|delivery record|order record/);
  assert.match(
    tied.text,
    /^We respond to chargeback t1_chb_abc \(reason code 10\.4\) for \$49\.99\.\n\nThe cardholder states that they did not authorize this purchase\.\n\nWe ask the issuer to reverse this chargeback\. The exhibits are listed below in the order they are enclosed\.\n\nCorner Shop$/,
  );
  assert.equal(tied.leftOut.length, 5);
  const kept = tieClaims(letter, 'fraud-card-absent', facts, exhibitKindsOf(['authorization.pdf']), true);
  assert.match(kept.text, /The enclosed authorization record shows the issuer approved the payment/);
});

test("a letter with nothing enclosed lists no exhibits; the merchant's own sentences are never taken out", () => {
  const mine = 'The parcel was left at the front door on 3 November. The enclosed authorization record shows it all.';
  const tied = tieClaims(
    `${mine}\n\nWe ask the issuer to reverse this chargeback. ` +
      'The exhibits are listed below in the order they are enclosed.',
    'not-received',
    facts,
    new Set(),
    false,
  );
  assert.equal(tied.text, `${mine}\n\nWe ask the issuer to reverse this chargeback.`);
});

test('facts of the transaction are claimed only when it has them', () => {
  const cb = chargebackSchema.parse({
    id: 't1_chb_abc',
    status: 'open',
    cycle: 'first',
    reasonCode: '10.4',
    reason: 'Other fraud',
    total: 4999,
    currency: 'USD',
    txn: 't1_txn_1',
    actionable: 1,
  });
  const bare = coverLetterFor(cb, { exhibits: [] });
  assert.doesNotMatch(bare.rebuttal, /authorization code|IP address/);
  const txn = {
    id: 't1_txn_1',
    authCode: 'A1B2C3',
    clientIp: '198.51.100.20',
    created: '2026-03-02 10:00:00.0000',
  } as never;
  const withFacts = coverLetterFor(cb, { txn, exhibits: [] });
  assert.match(
    withFacts.rebuttal,
    /The issuer authorized the payment \(authorization code A1B2C3\)\. The order was placed from IP address 198\.51\.100\.20\./,
  );
  assert.match(withFacts.rebuttal, /for \$49\.99, a payment of 2026-03-02\./);
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
