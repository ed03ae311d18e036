// The dispute page's values in words and in the merchant's locale and zone: no raw codes, no
// YYYYMMDD, the reply deadline with its time and zone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chargebackStatusText,
  describeReplyBy,
  documentStatusText,
  formatCalendarDate,
  formatMoment,
  formatMonth,
  formatSize,
  formatTimeOfMoment,
  inWords,
  messageText,
  relativeDays,
  statusStepText,
} from '../../../shared/domain/merchant-format.ts';
import { describeTransaction } from '../../../shared/domain/labels.ts';

const berlin = { locale: 'en-GB', timeZone: 'Europe/Berlin' };
const newYork = { locale: 'en-US', timeZone: 'America/New_York' };

test('a calendar date in the merchant’s words, never shifted by a zone', () => {
  assert.equal(formatCalendarDate(20261006, berlin), 'Tue, 6 Oct 2026');
  assert.equal(formatCalendarDate('2026-10-06', newYork), 'Tue, Oct 6, 2026');
  assert.equal(
    formatCalendarDate('2026-10-06', { locale: 'de-DE', timeZone: 'Pacific/Kiritimati' }),
    'Di., 6. Okt. 2026',
  );
  assert.equal(formatCalendarDate('20260231', berlin), '', 'no February 31');
  assert.equal(formatCalendarDate(null, berlin), '');
});

test('a record time (service clock, US Eastern) shows in the merchant’s zone with its name', () => {
  assert.equal(formatMoment('2026-10-07 14:49:00.1234', berlin), '7 Oct 2026, 20:49 CEST');
  assert.equal(formatMoment('2026-10-07T18:49:00Z', berlin), '7 Oct 2026, 20:49 CEST', 'the ISO form alike');
  assert.equal(formatMoment('2026-10-07 14:49', newYork), 'Oct 7, 2026, 02:49 PM EDT');
  assert.equal(formatMoment('not a time', berlin), '');
});

test('the reply deadline: the end of the reply day on the service’s clock, in the merchant’s zone, and how far', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const inBerlin = describeReplyBy('2026-12-01', now, berlin)!;
  // 1 Dec ends at 23:59 in New York, which is 05:59 on 2 Dec in Berlin.
  assert.equal(inBerlin.text, 'Reply by Wed, 2 Dec 2026, 05:59 CET');
  // How far is counted on the calendar the time is written in: Wed 25 Nov to Wed 2 Dec in Berlin.
  assert.equal(inBerlin.relative, 'in 7 days');
  assert.equal(inBerlin.iso, '2026-12-02T04:59:59.000Z');
  assert.equal(describeReplyBy(20261201, now, newYork)!.text, 'Reply by Tue, Dec 1, 2026, 11:59 PM EST');
  assert.equal(describeReplyBy(20261201, now, newYork)!.relative, 'in 6 days');
  assert.equal(describeReplyBy('2026-11-26', now, newYork)!.relative, 'tomorrow');
  assert.equal(describeReplyBy('2026-11-25', now, newYork)!.relative, 'today');
  assert.equal(describeReplyBy('2026-11-22', now, newYork)!.relative, '3 days ago');
  // Today's reply date in New York ends at 05:59 tomorrow in Berlin: the line never says "today"
  // beside a time that is tomorrow (nor the other way in Los Angeles, where it ends at 20:59 today).
  const today = describeReplyBy('2026-11-25', now, berlin)!;
  assert.deepEqual([today.text, today.relative], ['Reply by Thu, 26 Nov 2026, 05:59 CET', 'tomorrow']);
  const lateInLa = new Date('2026-11-26T05:30:00Z'); // 21:30 on the 25th in Los Angeles
  const la = { locale: 'en-US', timeZone: 'America/Los_Angeles' };
  assert.equal(describeReplyBy('2026-11-26', lateInLa, la)!.relative, 'tomorrow');
  assert.match(describeReplyBy('2026-11-26', lateInLa, la)!.text, /Thu, Nov 26, 2026, 08:59 PM PST/);
  assert.equal(describeReplyBy(null, now, berlin), undefined);
  assert.equal(describeReplyBy('20261399', now, berlin), undefined, 'no real date, no deadline text');
  assert.equal(relativeDays(6, { locale: 'fr-FR' }), 'dans 6 jours');
});

test('the service’s coded words in plain words', () => {
  assert.equal(chargebackStatusText('open'), 'Open');
  assert.equal(chargebackStatusText('underReview'), 'Under review', 'an unknown status in words, not camelCase');
  assert.equal(statusStepText('open'), 'Opened');
  assert.equal(statusStepText('lost', 'acceptLiability'), 'Lost after “Accept liability”');
  assert.equal(messageText('respond', 'requested'), 'Respond with evidence, waiting for the processor');
  assert.equal(
    messageText('respondToPreArbitration', 'processed'),
    'Respond to pre-arbitration, accepted by the processor',
  );
  assert.equal(messageText('createArbitration', 'onHold'), 'createArbitration, on hold');
  assert.equal(documentStatusText('processed'), 'received by the processor');
  assert.equal(documentStatusText(null), '');
  assert.equal(inWords('chargeback_reversal'), 'Chargeback reversal');
  assert.equal(formatSize(812 * 1024, berlin), '812 KB');
  assert.equal(formatSize(1.45 * 1048576, { locale: 'de-DE' }), '1,5 MB');
});

test('transaction facts: dates typed for the window, codes the tables do not know said in words', () => {
  const facts = describeTransaction({
    authDate: 20261006,
    created: '2026-10-07 14:49:00.1234',
    origin: 1,
    entryMode: 77,
  });
  assert.deepEqual(facts, [
    { label: 'Authorized', value: '2026-10-06', kind: 'date' },
    { label: 'Created', value: '2026-10-07 14:49:00.1234', kind: 'moment' },
    { label: 'Entry mode', value: 'Another entry mode' },
    { label: 'Origin', value: 'Card terminal' },
  ]);
  assert.ok(!facts.some((f) => /^(Origin|Mode) \d/.test(f.value)));
  assert.deepEqual(describeTransaction({ origin: 42, authDate: 'soon' }), [
    { label: 'Authorized', value: 'soon' },
    { label: 'Origin', value: 'Another channel' },
  ]);
});

test('a ledger month is named in the merchant language, whatever their zone', () => {
  assert.equal(formatMonth('2026-10', { locale: 'en-US', timeZone: 'Pacific/Auckland' }), 'Oct 2026');
  assert.equal(formatMonth('2026-01', { locale: 'en-GB' }), 'Jan 2026');
  assert.equal(formatMonth('not a month', { locale: 'en-GB' }), 'not a month');
});

test('a moment the app recorded (milliseconds) reads like one the service wrote, in the merchant zone', () => {
  const at = Date.UTC(2026, 10, 23, 13, 5);
  const l = { locale: 'en-GB', timeZone: 'Europe/Berlin' };
  assert.equal(formatMoment(at, l), formatMoment(new Date(at), l));
  assert.match(formatMoment(at, l), /23 Nov 2026, 14:05/);
  // The time alone on the same day, with the date on another day.
  assert.equal(formatTimeOfMoment(at, at + 3_600_000, l), '14:05');
  assert.match(formatTimeOfMoment(at, at + 2 * 86_400_000, l), /23 Nov 2026, 14:05/);
});
