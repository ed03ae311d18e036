// The money rule every path that sends an amount asks: a concession is positive whole minor
// units, in the chargeback's currency, never more than the amount disputed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  answerAmountProblem,
  concessionMeaning,
  concessionProblem,
  parseConcession,
} from '../../../shared/domain/concession.ts';

const gbp = { total: 55_362, currency: 'GBP' };

test('a concession up to the disputed amount passes; one penny more is refused with both amounts', () => {
  assert.equal(concessionProblem(55_362, 'GBP', gbp), undefined);
  assert.equal(concessionProblem(1, 'gbp', gbp), undefined, 'the currency is compared without its case');
  const over = concessionProblem(55_363, 'GBP', gbp);
  assert.equal(over?.kind, 'validation');
  assert.equal(over?.message, '£553.63 is more than the £553.62 disputed: you can concede at most £553.62.');
  assert.equal(over?.fields?.[0]?.field, 'amount');
});

test('finding 1: 999999 typed on a £553.62 chargeback is refused, not sent as 99,999,900 pence', () => {
  const r = parseConcession('999999', gbp);
  assert.ok('error' in r);
  assert.match(r.error.message, /^£999,999\.00 is more than the £553\.62 disputed/);
});

test('zero, negative, fractional minor units, non-numbers and another currency are refused', () => {
  assert.match(concessionProblem(0, 'GBP', gbp)!.message, /more than zero/);
  assert.match(concessionProblem(-100, 'GBP', gbp)!.message, /more than zero/);
  assert.equal(
    concessionProblem(10.5, 'GBP', gbp)!.message,
    'The amount conceded must be more than zero, in GBP with at most 2 decimals.',
  );
  assert.equal(
    concessionProblem(-5, 'JPY', { ...gbp, currency: 'JPY' })!.message,
    'The amount conceded must be more than zero, in whole JPY.',
  );
  assert.match(concessionProblem(Number.NaN, 'GBP', gbp)!.message, /more than zero/);
  assert.equal(
    concessionProblem(100, 'USD', gbp)!.message,
    'This chargeback is in GBP; the amount conceded cannot be in USD.',
  );
  const typed = (text: string) => {
    const r = parseConcession(text, gbp);
    return 'error' in r ? r.error.message : r.amount;
  };
  assert.equal(typed('553.62'), 55_362);
  assert.equal(typed(' 10 '), 1000);
  assert.equal(typed(''), 'Enter the amount conceded in GBP, like 553.62.');
  assert.match(
    String(typed('5.555')),
    /"5\.555" is not an amount in GBP: write it like 553\.62, with at most 2 decimals/,
  );
  assert.match(String(typed('abc')), /is not an amount in GBP/);
  assert.match(String(typed('-5')), /more than zero/);
  assert.match(String(typed('0.00')), /more than zero/);
});

test('currencies with other precisions: yen has no decimals, dinars have three', () => {
  const jpy = { total: 1000, currency: 'JPY' };
  assert.deepEqual(parseConcession('1000', jpy), { amount: 1000 });
  assert.ok('error' in parseConcession('1001', jpy));
  assert.ok('error' in parseConcession('999.5', jpy), 'no fractions of a yen');
  const bhd = { total: 1234, currency: 'BHD' };
  assert.deepEqual(parseConcession('1.234', bhd), { amount: 1234 });
  assert.ok('error' in parseConcession('1.235', bhd));
});

test('an unknown disputed amount concedes nothing', () => {
  assert.match(
    concessionProblem(100, 'USD', { total: null, currency: 'USD' })!.message,
    /disputed amount of this chargeback is not known/,
  );
  assert.match(concessionProblem(100, 'USD', { total: 0, currency: 'USD' })!.message, /not known/);
});

test('only accepting liability carries an amount, and it must carry one', () => {
  assert.equal(
    answerAmountProblem({ messageType: 'acceptLiability', amount: 55_362, currency: 'GBP' }, gbp),
    undefined,
  );
  assert.equal(
    answerAmountProblem({ messageType: 'acceptLiability' }, gbp)!.message,
    'Accept liability needs the amount conceded, in GBP.',
  );
  assert.match(
    answerAmountProblem({ messageType: 'acceptLiability', amount: 99_999_900, currency: 'GBP' }, gbp)!.message,
    /more than the £553\.62 disputed/,
  );
  assert.equal(answerAmountProblem({ messageType: 'respond' }, gbp), undefined);
  assert.equal(
    answerAmountProblem({ messageType: 'notate', amount: 100 }, gbp)!.message,
    'Add a note carries no amount; only accepting liability concedes money.',
  );
});

test('the confirmation restates the amount, the currency and what conceding means', () => {
  assert.equal(
    concessionMeaning(55_362, gbp),
    'You concede £553.62 (GBP), the whole amount disputed. The cardholder keeps ' +
      'it, the processor records the chargeback as lost, and this cannot be undone.',
  );
  assert.match(concessionMeaning(10_000, gbp), /^You concede £100\.00 \(GBP\) of the £553\.62 disputed\./);
});
