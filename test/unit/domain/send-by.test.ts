// The send-by date (issue 21): business days before the reply date, Monday to Friday on the
// service's calendar; 0 is the reply date itself; no clock change moves it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  businessDaysBefore,
  daysToSendBy,
  defaultSendByBusinessDays,
  isBusinessDay,
  lastReplySentBy,
  sendByBusinessDaysOf,
  sendByOf,
} from '../../../shared/domain/send-by.ts';
import { addDays, parseYmd, ymdToInt } from '../../../shared/domain/dates.ts';

test('5 business days before a reply date skip the weekend between', () => {
  // Mon 2026-11-30 → Fri 27, Thu 26, Wed 25, Tue 24, Mon 23.
  assert.equal(sendByOf(20261130, 5), 20261123);
  // Wed 2026-12-02 → Tue 1, Mon 30, Fri 27, Thu 26, Wed 25: a calendar week and no more.
  assert.equal(sendByOf(20261202, 5), 20261125);
  // Fri 2026-12-04 → Thu 3, Wed 2, Tue 1, Mon 30, Fri 27 (text as the service may send it).
  assert.equal(sendByOf('20261204', 5), 20261127);
});

test('a reply date on a weekend counts back from the Friday before', () => {
  // Sat 2026-11-28: Fri 27 is the first business day before it.
  assert.equal(sendByOf(20261128, 1), 20261127);
  assert.equal(sendByOf(20261128, 5), 20261123);
  // Sun 2026-11-29, 2 business days: Fri 27, Thu 26.
  assert.equal(sendByOf(20261129, 2), 20261126);
  assert.equal(isBusinessDay(parseYmd(20261128)!), false);
  assert.equal(isBusinessDay(parseYmd(20261127)!), true);
});

test('a buffer of 0 is the reply date itself, weekend or not; no reply date, no send-by date', () => {
  assert.equal(sendByOf(20261128, 0), 20261128);
  assert.equal(sendByOf(20261130, 0), 20261130);
  assert.equal(sendByOf(null, 5), null);
  assert.equal(sendByOf('20260231', 5), null, 'a reply date that is no real date has no send-by date');
});

test('across the clock change and a month end the count is in calendar days', () => {
  // US clocks went back on Sun 2026-11-01: Wed 2026-11-04 minus 5 business days is Wed 2026-10-28.
  assert.equal(sendByOf(20261104, 5), 20261028);
  // Spring forward, Sun 2026-03-08: Tue 2026-03-10 minus 3 business days is Thu 2026-03-05.
  assert.equal(ymd(businessDaysBefore(parseYmd(20260310)!, 3)), 20260305);
  // Days to it are counted on New York's calendar: at 03:30 UTC on 2026-11-02 it is still
  // Sunday 1 November in New York (EST, UTC-5), so Wed 4 November is 3 days away.
  assert.equal(daysToSendBy(20261104, new Date('2026-11-02T03:30:00Z')), 3);
  assert.equal(daysToSendBy(20261104, new Date('2026-11-02T05:30:00Z')), 2);
  assert.equal(daysToSendBy(20261028, new Date('2026-11-02T15:00:00Z')), -5, 'passed: negative');
});

test("a profile's buffer: its own (0 allowed), else its deployment's default", () => {
  assert.deepEqual(defaultSendByBusinessDays, { core: 5, test: 5, microservice: 0 });
  assert.equal(sendByBusinessDaysOf({ deployment: 'core' }), 5);
  assert.equal(sendByBusinessDaysOf({ deployment: 'test' }), 5);
  assert.equal(sendByBusinessDaysOf({ deployment: 'core', sendByBusinessDays: 0 }), 0);
  assert.equal(sendByBusinessDaysOf({ deployment: 'test', sendByBusinessDays: 2 }), 2);
});

function ymd(v: { y: number; m: number; d: number }): number {
  return v.y * 10000 + v.m * 100 + v.d;
}

test('the last reply date to send by a day: every reply date up to it has its send-by date on or before that day', () => {
  const wed = { y: 2026, m: 11, d: 25 };
  // 5 business days before Wed Dec 2 is Wed Nov 25; Thu Dec 3's is Thu Nov 26.
  assert.deepEqual(lastReplySentBy(wed, 5), { y: 2026, m: 12, d: 2 });
  assert.deepEqual(lastReplySentBy(wed, 0), wed);
  // A Friday, one business day: a reply on Sat, Sun or Mon is sent by that Friday.
  const fri = { y: 2026, m: 11, d: 27 };
  assert.deepEqual(lastReplySentBy(fri, 0), fri);
  assert.deepEqual(lastReplySentBy(fri, 1), { y: 2026, m: 11, d: 30 });
  for (let n = 0; n <= 6; n++) {
    const last = lastReplySentBy(wed, n);
    assert.ok(ymdToInt(businessDaysBefore(last, n)) <= ymdToInt(wed), `n=${n}: its own send-by date is in time`);
    const next = addDays(last, 1);
    assert.ok(ymdToInt(businessDaysBefore(next, n)) > ymdToInt(wed), `n=${n}: the day after is not`);
  }
});
