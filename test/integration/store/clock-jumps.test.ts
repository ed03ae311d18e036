// A clock that jumps ahead (a year) and back never stops the daily backups: backups are ordered by
// the order they were taken in, and one dated ahead of now holds no later one back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../electron/store/database.ts';
import { databaseFile } from '../../../electron/store/index.ts';
import { listBackups } from '../../../electron/store/integrity.ts';

const day = 24 * 60 * 60_000;

test('a clock a year ahead, then put right, does not stop the daily backups; the newest are kept', () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-clock-'));
  try {
    const file = databaseFile(home);
    const t0 = Date.parse('2026-03-01T09:00:00Z');
    openDatabase(file, { now: t0 }).close();
    openDatabase(file, { now: t0 + 365 * day }).close(); // the clock a year ahead
    const ahead = listBackups(file);
    assert.equal(ahead.length, 1);
    assert.equal(ahead[0]!.takenAt, t0 + 365 * day);
    for (let d = 1; d <= 9; d++) {
      openDatabase(file, { now: t0 + d * day }).close(); // the clock put right
      openDatabase(file, { now: t0 + d * day + 60_000 }).close();
      const newest = listBackups(file)[0]!;
      assert.equal(newest.takenAt, t0 + d * day, `day ${d}: that day's backup is taken, and is the newest`);
    }
    const daily = listBackups(file).filter((b) => b.label === 'daily');
    assert.deepEqual(
      daily.map((b) => (b.takenAt - t0) / day),
      [9, 8, 7, 6, 5, 4, 3],
      'the seven newest are kept; the one dated a year ahead went first',
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
