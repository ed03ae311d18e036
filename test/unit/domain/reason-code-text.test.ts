// One form of a reason code wherever the merchant or the issuer reads it (the inbox row, the
// dispute page's title, the letter's opening): the network's, with the processor's beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explainReasonCode, reasonCodeText } from '../../../shared/domain/reason-codes.ts';
import { composeLetter } from '../../../shared/domain/cover-letter-compose.ts';
import { coverLetterTemplate } from '../../../shared/domain/cover-letter-templates.ts';

const facts = { chargebackId: 't1_chb_abc', reasonCode: 'V1301', amountText: '$97.87' };

test('a code is written in the network’s form with the processor’s beside it, everywhere', () => {
  assert.equal(reasonCodeText('V1305'), '13.5 (V1305)');
  assert.equal(reasonCodeText(' v1040 '), '10.4 (v1040)');
  assert.equal(reasonCodeText('13.1'), '13.1');
  assert.equal(reasonCodeText('4837'), '4837');
  assert.equal(reasonCodeText('ZZ99'), 'ZZ99', 'a code the tables do not know, as sent');
  assert.match(explainReasonCode('V1305').title, /^13\.5 \(V1305\) · /);
  const letter = composeLetter({
    rebuttal: undefined,
    category: 'not-received',
    facts,
    arrangement: { pages: [] },
    itemOf: () => undefined,
  });
  assert.match(letter.text, /^We respond to chargeback t1_chb_abc \(reason code 13\.1 \(V1301\)\) for \$97\.87\./);
  // A draft saved with this opening (the template as the app wrote it) is still the app's own.
  const again = composeLetter({
    // …written when the disputed amount was another: the opening is written again from the record.
    rebuttal: coverLetterTemplate('not-received', { ...facts, amountText: '$90.00' }),
    category: 'not-received',
    facts,
    arrangement: { pages: [] },
    itemOf: () => undefined,
  });
  assert.equal(again.untouched, true);
  assert.match(again.text, /\(reason code 13\.1 \(V1301\)\) for \$97\.87\./);
});
