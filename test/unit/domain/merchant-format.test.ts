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
  formatReplyDay,
  formatSize,
  formatTimeOfMoment,
  inWords,
  messageText,
  relativeDays,
  statusStepText,
} from '../../../shared/domain/merchant-format.ts';
import { describeTransaction } from '../../../shared/domain/labels.ts';
import { deadlineWords } from '../../../shared/domain/deadline-words.ts';
import { daysLeft } from '../../../shared/domain/dates.ts';

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
  assert.equal(formatMoment('2026-10-07 14:49:00.1234', berlin), 'Wed, 7 Oct 2026, 20:49 CEST');
  assert.equal(formatMoment('2026-10-07T18:49:00Z', berlin), 'Wed, 7 Oct 2026, 20:49 CEST', 'the ISO form alike');
  // Written as a calendar date is, weekday first, then the time as the locale writes it.
  assert.equal(formatMoment('2026-10-07 14:49', newYork), 'Wed, Oct 7, 2026, 2:49 PM EDT');
  assert.ok(formatMoment('2026-10-07 14:49', newYork).startsWith(formatCalendarDate('2026-10-07', newYork)));
  assert.equal(formatMoment('not a time', berlin), '');
});

test('the reply deadline: the service’s reply day with its zone, the moment on the merchant’s clock, and how far', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const inBerlin = describeReplyBy('2026-12-01', now, berlin)!;
  // The day is the service's, written as it states it; 1 Dec ends at 23:59 in New York, 05:59 on
  // 2 Dec in Berlin, which is said beside it, never in its place.
  assert.equal(inBerlin.text, 'Reply by Tue, 1 Dec 2026, end of day US Eastern');
  assert.equal(inBerlin.yourClock, 'Wed, 2 Dec 2026, 05:59 CET');
  assert.equal(inBerlin.iso, '2026-12-02T04:59:59.000Z');
  // How far is counted in the service's days, as the deadline words count (Wed 25 Nov to Tue 1 Dec).
  assert.equal(inBerlin.relative, 'in 6 days');
  const ny = describeReplyBy(20261201, now, newYork)!;
  assert.equal(ny.text, 'Reply by Tue, Dec 1, 2026, end of day US Eastern');
  assert.equal(ny.yourClock, undefined, 'on the service’s own clock the moment adds nothing');
  assert.equal(ny.relative, 'in 6 days');
  assert.equal(describeReplyBy('2026-11-26', now, newYork)!.relative, 'tomorrow');
  assert.equal(describeReplyBy('2026-11-25', now, newYork)!.relative, 'today');
  assert.equal(describeReplyBy('2026-11-22', now, newYork)!.relative, '3 days ago');
  // The walk's mistake: a reply day of Thu 26 Nov, read late on Wed 25 Nov in New York (Thu in
  // Berlin and in UTC), said "tomorrow" beside a badge counting "due today". Every zone now counts
  // the same service days as the badge: from Berlin it is "tomorrow" too, not "today".
  const lateEvening = new Date('2026-11-26T03:30:00Z'); // 22:30 Wed in New York, 04:30 Thu in Berlin
  for (const l of [berlin, newYork, { locale: 'en-US', timeZone: 'UTC' }]) {
    assert.equal(describeReplyBy('2026-11-26', lateEvening, l)!.relative, 'tomorrow', l.timeZone);
    assert.equal(
      deadlineWords({
        status: 'open',
        actionable: true,
        daysLeft: daysLeft(20261126, lateEvening)!,
        sendByDaysLeft: null,
        replyInvalid: null,
      }).text,
      '1 day left',
    );
  }
  const la = { locale: 'en-US', timeZone: 'America/Los_Angeles' };
  assert.equal(describeReplyBy('2026-11-26', lateEvening, la)!.yourClock, 'Thu, Nov 26, 2026, 8:59 PM PST');
  assert.equal(describeReplyBy(null, now, berlin), undefined);
  assert.equal(describeReplyBy('20261399', now, berlin), undefined, 'no real date, no deadline text');
  assert.equal(formatReplyDay(20261229, newYork), 'Tue, Dec 29, 2026, end of day US Eastern');
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
