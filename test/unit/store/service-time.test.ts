// The sync's cheap reading of record timestamps gives what parseServiceTimestamp gives: on
// ordinary days, on the days the clocks change (skipped and repeated hours), and for text that
// names no moment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceTimestampMs } from '../../../electron/store/service-time.ts';
import { parseServiceTimestamp } from '../../../shared/domain/dates.ts';

const same = (s: string | null | undefined): void =>
  assert.equal(serviceTimestampMs(s), parseServiceTimestamp(s)?.getTime(), String(s));

test('every minute of ordinary and clock-change days reads as parseServiceTimestamp reads it', () => {
  for (const day of [
    '2025-01-15',
    '2025-03-08',
    '2025-03-09',
    '2025-03-10',
    '2025-07-04',
    '2025-11-01',
    '2025-11-02',
    '2025-11-03',
    '2024-02-29',
  ]) {
    for (let h = 0; h < 24; h++) {
      for (let m = 0; m < 60; m += 7) {
        const two = (n: number): string => String(n).padStart(2, '0');
        const t = `${day} ${two(h)}:${two(m)}:${two((h * m) % 60)}`;
        same(t);
        same(`${t}.1234`);
        same(`${t}.999`);
        same(`${t}.99995`);
      }
    }
  }
});

test('other forms and text that names no moment', () => {
  for (const s of [
    '2025-03-09T07:30:00Z',
    '2025-11-02T05:30:00.123Z',
    '2025-06-01T12:00:00+02:00',
    ' 2025-06-01 12:00:00.0000 ',
    '2025-06-01',
    '2025-06-01 12:00',
    '2025-02-29 10:00:00',
    '2025-02-31 10:00:00.0000',
    '2025-06-01 24:00:00',
    '2025-06-01 12:60:00',
    '2025-06-01 12:00:60',
    'yesterday',
    '',
    null,
    undefined,
  ])
    same(s);
});
