import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../../electron/store/index.ts';
import { dueReminders } from '../../../electron/sync/reminders.ts';
import { openChargeback } from '../../support/chargeback-records.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';

const profile: Profile = { ...profileDefaults, id: 'p1', name: 'Shop', deployment: 'test', url: 'http://127.0.0.1:1' };

const cb = openChargeback;

test('a reminder names the amount, currency and reason the last sync read, and each threshold fires once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dd-remind-'));
  const store = openStore(join(dir, 'dd.db'));
  try {
    store.profiles.save(profile);
    const remind = (iso: string) => dueReminders(store.database, store.portfolio, 'p1', [7, 3, 1], new Date(iso));
    store.portfolio.upsertChargebacks('p1', [cb('a', { reply: 20261130 }), cb('unread', { reply: 20261131 })]);
    const first = remind('2026-11-24T15:00:00Z');
    assert.deepEqual(
      first.map((r) => `${r.chargebackId}:${r.threshold}`),
      ['a:7', 'unread:-2'],
    );
    assert.match(first[0]!.body, /^Chargeback a for \$49\.99, reason 13\.1\./);
    // The service corrected the amount, currency and reason before the next threshold: the next
    // reminder says what the merchant now sees, and nothing fired before fires again.
    store.portfolio.upsertChargebacks('p1', [
      cb('a', { reply: 20261130, total: 120000, currency: 'jpy', reasonCode: '10.4' }),
      cb('b', { reply: 20261130 }),
    ]);
    const next = remind('2026-11-27T15:00:00Z');
    assert.deepEqual(
      next.map((r) => `${r.chargebackId}:${r.threshold}`),
      ['a:3', 'b:3'],
    );
    assert.match(next[0]!.title, /\b3 days\b/);
    assert.match(next[0]!.body, /^Chargeback a for ¥120,000, reason 10\.4\./);
    assert.deepEqual(remind('2026-11-27T16:00:00Z'), [], 'no threshold is reminded of twice');
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
