// isServiceTimestamp checks the records' own form (`YYYY-MM-DD HH:MM:SS(.f+)`) without building its
// parts, since a sync asks it for every record's dates; it must answer exactly as the full parse
// does, for real and impossible dates and times alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isServiceTimestamp, parseServiceTimestamp } from '../../../shared/domain/dates.ts';

test('the quick check of the record form agrees with the full parse, day by day and at the edges', () => {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const texts: string[] = [];
  for (const y of [2023, 2024, 2100])
    for (let m = 0; m <= 13; m++)
      for (const d of [0, 1, 28, 29, 30, 31, 32])
        for (const [hh, mm, ss] of [
          [0, 0, 0],
          [23, 59, 59],
          [24, 0, 0],
          [12, 60, 0],
          [12, 0, 60],
          [2, 30, 0], // inside the spring-forward gap on its day
        ])
          for (const frac of ['', '.5', '.0050', '.9999', '.'])
            texts.push(`${pad(y, 4)}-${pad(m)}-${pad(d)} ${pad(hh!)}:${pad(mm!)}:${pad(ss!)}${frac}`);
  texts.push(' 2024-03-10 02:30:00', '2024-03-10 02:30:00 ', '2024-03-10  02:30:00', '2024-03-10 2:30:00');
  let real = 0;
  for (const s of texts) {
    const parsed = parseServiceTimestamp(s) !== undefined;
    if (parsed) real++;
    assert.equal(isServiceTimestamp(s), parsed, s);
  }
  assert.ok(real > 1000 && real < texts.length, `${real} of ${texts.length} name a real moment`);
});
