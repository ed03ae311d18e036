// Intl's formatters are made once per locale and options (shared/domain/intl-formats.ts): the
// inbox formats amounts, dates and rates on every row, and making a formatter costs far more than
// using one. The same call gives the same formatter; any difference in locale or options, another.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from '../../../shared/domain/intl-formats.ts';
import { formatAmount } from '../../../shared/domain/money.ts';
import { describeRate, describeRatesAge } from '../../../shared/domain/reference-rates.ts';

test('the same locale and options give the same formatter; other options or locales, another', () => {
  const usd = numberFormat('en-US', { style: 'currency', currency: 'USD' });
  assert.equal(numberFormat('en-US', { style: 'currency', currency: 'USD' }), usd);
  assert.notEqual(numberFormat('en-US', { style: 'currency', currency: 'EUR' }), usd);
  assert.notEqual(numberFormat('de-DE', { style: 'currency', currency: 'USD' }), usd);
  assert.match(numberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(1.5), /^1,50\s\$$/);

  const month = dateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  assert.equal(dateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }), month);
  assert.notEqual(dateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'Asia/Tokyo' }), month);
  // Kinds never share a key: a number and a date formatter with the same (empty) options differ.
  assert.notEqual(dateTimeFormat('en-US', {}), numberFormat('en-US', {}) as unknown);
  assert.equal(relativeTimeFormat('fr', { numeric: 'auto' }).format(1, 'day'), 'demain');
  assert.equal(relativeTimeFormat('en', { numeric: 'auto' }).format(1, 'day'), 'tomorrow');
});

test('what the kept formatters write is what new ones would', () => {
  for (let i = 0; i < 2; i++) {
    assert.equal(formatAmount(123456, 'USD'), '$1,234.56');
    assert.equal(formatAmount(1000, 'JPY'), '¥1,000');
    assert.equal(describeRate('KWD', 'USD', 3.27), '1 KWD = $3.27');
    assert.equal(describeRate('JPY', 'USD', 0.0069), '100 JPY = $0.69');
    assert.equal(
      describeRatesAge(new Date(Date.UTC(2026, 10, 27)), '2025-06'),
      'rates of June 2025, approximate (17 months old)',
    );
  }
});
