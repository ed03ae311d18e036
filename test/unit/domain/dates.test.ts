import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseYmd,
  formatYmd,
  parseMdy,
  parseCalendarDate,
  describeDeadline,
  isServiceTimestamp,
  parseServiceTimestamp,
  formatServiceTimestamp,
  toSearchDate,
  daysLeft,
  deadlineState,
  describeDaysLeft,
} from '../../../shared/domain/dates.ts';

test('YYYYMMDD and MM-DD-YYYY parse; impossible dates do not', () => {
  assert.deepEqual(parseYmd(20250314), { y: 2025, m: 3, d: 14 });
  assert.deepEqual(parseYmd('2025-03-14'), { y: 2025, m: 3, d: 14 });
  assert.equal(parseYmd(20250230), undefined);
  assert.equal(parseYmd(null), undefined);
  assert.equal(formatYmd(20250314), '2025-03-14');
  assert.deepEqual(parseMdy('03-14-2025'), { y: 2025, m: 3, d: 14 });
  assert.equal(parseMdy('14-03-2025'), undefined);
  assert.equal(parseMdy('02-29-2025'), undefined);
});

test('calendar dates in every listed form, real ones only', () => {
  for (const v of [20250314, '20250314', '2025-03-14', '03-14-2025', ' 20250314 '])
    assert.deepEqual(parseCalendarDate(v), { y: 2025, m: 3, d: 14 }, String(v));
  for (const v of [
    20250231,
    '20250431',
    '2025-02-29',
    '02-30-2025',
    '00-10-2025',
    20251301,
    20250100,
    '2025314',
    'soon',
    '',
    null,
    undefined,
  ])
    assert.equal(parseCalendarDate(v), undefined, String(v));
  assert.deepEqual(parseCalendarDate(20240229), { y: 2024, m: 2, d: 29 });
  assert.equal(describeDeadline(undefined, '20250231'), 'Reply date unreadable ("20250231")');
  assert.equal(describeDeadline(undefined, null), 'No deadline');
  assert.equal(describeDeadline(2, null), '2 days left');
});

test('record timestamps: real moments only, in every listed form', () => {
  for (const s of [
    '2025-03-14 10:22:33.1234',
    '2025-03-14 10:22:33.123',
    '2025-03-14 10:22:33',
    '2025-03-14 10:22',
    '2025-03-14',
    '2025-03-14T15:22:33.123Z',
    '2025-03-14T10:22:33-05:00',
    '2025-03-14T10:22:33+0100',
  ])
    assert.ok(isServiceTimestamp(s), s);
  for (const s of [
    '2025-02-29 10:00:00',
    '2025-02-31T10:00:00.000Z',
    '2025-03-14 24:00:00',
    '2025-03-14 10:60:00',
    '2025-03-14 10:00:60',
    '2025-03-14T10:00:00+24:00',
    '2025-03-14 10:00:00Z',
    '2025-3-14 10:00:00',
    '',
  ]) {
    assert.equal(isServiceTimestamp(s), false, s);
    assert.equal(parseServiceTimestamp(s), undefined, s);
  }
  assert.equal(parseServiceTimestamp('2025-03-14T10:22:33-05:00')?.toISOString(), '2025-03-14T15:22:33.000Z');
  assert.equal(parseServiceTimestamp('2025-03-14T10:22:33+0100')?.toISOString(), '2025-03-14T09:22:33.000Z');
});

test('record timestamps are Eastern time, across both DST changes', () => {
  assert.equal(parseServiceTimestamp('2025-01-14 10:22:33.1234')?.toISOString(), '2025-01-14T15:22:33.123Z'); // EST
  assert.equal(parseServiceTimestamp('2025-07-14 10:22:33.123')?.toISOString(), '2025-07-14T14:22:33.123Z'); // EDT
  // Just after spring forward, before fall back, after fall back.
  assert.equal(parseServiceTimestamp('2025-03-09 03:30:00')?.toISOString(), '2025-03-09T07:30:00.000Z');
  assert.equal(parseServiceTimestamp('2025-11-02 00:30:00')?.toISOString(), '2025-11-02T04:30:00.000Z');
  assert.equal(parseServiceTimestamp('2025-11-02 02:30:00')?.toISOString(), '2025-11-02T07:30:00.000Z');
  assert.equal(parseServiceTimestamp('2025-03-14T15:22:33.123Z')?.toISOString(), '2025-03-14T15:22:33.123Z');
  assert.equal(parseServiceTimestamp('yesterday'), undefined);
});

test('search values are written in Eastern time', () => {
  const t = new Date('2025-07-01T03:30:00Z'); // 23:30 on June 30 in New York
  assert.equal(formatServiceTimestamp(t), '2025-06-30 23:30:00');
  assert.equal(toSearchDate(t), '20250630');
  const round = parseServiceTimestamp(formatServiceTimestamp(new Date('2025-12-01T12:00:00Z')));
  assert.equal(round?.toISOString(), '2025-12-01T12:00:00.000Z');
});

test('days left count Eastern calendar days to the reply date', () => {
  assert.equal(daysLeft(20250701, new Date('2025-07-01T03:30:00Z')), 1, 'still June 30 in New York');
  assert.equal(daysLeft(20250701, new Date('2025-07-01T04:30:00Z')), 0, 'due today');
  assert.equal(daysLeft('20250630', new Date('2025-07-01T12:00:00Z')), -1, 'overdue');
  assert.equal(daysLeft(null, new Date()), undefined);
  assert.deepEqual(
    [-1, 0, 2, 5, 30, undefined].map((d) => deadlineState(d)),
    ['overdue', 'due-today', 'due-soon', 'upcoming', 'later', 'none'],
  );
  assert.equal(describeDaysLeft(-3), 'Overdue by 3 days');
  assert.equal(describeDaysLeft(1), '1 day left');
});
