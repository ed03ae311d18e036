// Saved inbox filters (issue 15): per profile, by name, kept across a restart; the merchant's
// mistakes (no name, a name in use, nothing filtered) refused with a message and nothing lost; a
// filter naming a value that no longer exists listed with what is wrong and applied without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../../electron/store/index.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { isAppError } from '../../../shared/errors.ts';
import { describeView, sameView, usableView } from '../../../shared/domain/saved-filters.ts';
import { chargebackSchema } from '../../../shared/api/index.ts';
import type { CardNetwork } from '../../../shared/domain/card-networks.ts';

const profile = (id: string): Profile => ({
  ...profileDefaults,
  id,
  name: `Shop ${id}`,
  deployment: 'test',
  url: 'http://127.0.0.1:1',
});

function refused(fn: () => unknown, kind: string, message: RegExp): void {
  assert.throws(fn, (e) => isAppError(e) && e.kind === kind && message.test(e.message));
}

test('saved filters are per profile, listed by name, renamed, deleted, and survive a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dd-saved-'));
  const file = join(dir, 'db.sqlite');
  try {
    let store = openStore(file);
    store.profiles.save(profile('p1'));
    store.profiles.save(profile('p2'));
    const mine = store.savedFilters.save('p1', '  Fraud   over 100 ', {
      search: ' mug ',
      status: 'open',
      category: 'fraud-card-absent',
      sort: 'amount',
      dir: 'desc',
    });
    assert.equal(mine.name, 'Fraud over 100', 'trimmed, inner spaces made one');
    assert.deepEqual(mine.view, {
      search: 'mug',
      status: 'open',
      category: 'fraud-card-absent',
      sort: 'amount',
      dir: 'desc',
    });
    assert.deepEqual(mine.problems, []);
    store.savedFilters.save('p1', 'arbitration', { cycle: 'arbitration' });
    // A window of the version before names had the network's number: kept as its name.
    store.savedFilters.save('p2', 'Fraud over 100', { network: 2 });
    assert.deepEqual(
      store.savedFilters.list('p1').map((f) => f.name),
      ['arbitration', 'Fraud over 100'],
      'by name, case-blind',
    );
    assert.deepEqual(
      store.savedFilters.list('p2').map((f) => [f.name, f.view]),
      [['Fraud over 100', { network: 'mastercard' }]],
      'another profile has its own, the same name too',
    );
    store.close();

    // A restart: the same file, the same filters.
    store = openStore(file);
    assert.deepEqual(store.savedFilters.list('p1')[1], mine);
    const renamed = store.savedFilters.rename('p1', mine.id, 'Big fraud');
    assert.equal(renamed.name, 'Big fraud');
    assert.deepEqual(renamed.view, mine.view, 'renaming keeps the view');
    assert.equal(store.savedFilters.rename('p1', mine.id, 'BIG FRAUD').name, 'BIG FRAUD', 'its own name in new case');
    assert.equal(store.savedFilters.remove('p1', mine.id), true);
    assert.equal(store.savedFilters.remove('p1', mine.id), false, 'already gone');
    assert.deepEqual(
      store.savedFilters.list('p1').map((f) => f.name),
      ['arbitration'],
    );
    refused(() => store.savedFilters.rename('p1', mine.id, 'x'), 'not-found', /no longer exists/);
    // Removing a profile removes its filters.
    store.profiles.remove('p2');
    assert.deepEqual(store.savedFilters.list('p2'), []);
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a merchant's mistakes are refused with a message and change nothing", () => {
  const store = openStore(':memory:');
  store.profiles.save(profile('p1'));
  const kept = store.savedFilters.save('p1', 'Open USD', { status: 'open', search: 'usd' });
  const before = store.savedFilters.list('p1');

  refused(() => store.savedFilters.save('p1', '   ', { status: 'won' }), 'validation', /Give the filter a name/);
  refused(() => store.savedFilters.save('p1', 'x'.repeat(61), { status: 'won' }), 'validation', /under 61/);
  refused(
    () => store.savedFilters.save('p1', ' open  usd ', { status: 'lost' }),
    'conflict',
    /already called “Open USD”/,
  );
  refused(
    () => store.savedFilters.save('p1', 'Sorted', { sort: 'amount', dir: 'desc', search: '  ' }),
    'validation',
    /Nothing is filtered yet/,
  );
  const other = store.savedFilters.save('p1', 'Won', { status: 'won' });
  refused(() => store.savedFilters.rename('p1', other.id, 'OPEN usd'), 'conflict', /already called/);
  refused(() => store.savedFilters.rename('p1', other.id, ''), 'validation', /Give the filter a name/);

  assert.deepEqual(
    store.savedFilters.list('p1').filter((f) => f.id !== other.id),
    before,
    'the filters already saved are untouched',
  );
  assert.equal(store.savedFilters.get('p1', other.id).name, 'Won');
  assert.deepEqual(store.savedFilters.get('p1', kept.id).view, { status: 'open', search: 'usd' });
  store.close();
});

test('a saved filter naming a status or stage that no longer exists lists what is wrong and applies the rest', () => {
  const store = openStore(':memory:');
  store.profiles.save(profile('p1'));
  // Saved by an older version, whose statuses differed, and one this version cannot read at all.
  const insert = store.database.db.prepare(
    'INSERT INTO saved_filters (profile_id, name, name_key, view, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)',
  );
  insert.run(
    'p1',
    'Pending big',
    'pending big',
    JSON.stringify({ status: 'pending', cycle: 'oldStage', search: 'mug' }),
  );
  insert.run('p1', 'Broken', 'broken', '{"sort": 42');
  const [broken, pending] = store.savedFilters.list('p1');
  assert.deepEqual(pending!.problems, [
    'the status “pending” no longer exists',
    'the stage “oldStage” no longer exists',
  ]);
  assert.deepEqual(usableView(pending!.view), { search: 'mug' }, 'the search still applies');
  assert.deepEqual(broken!.problems, ['it was saved in a form this version cannot read']);
  assert.deepEqual(broken!.view, {});
  store.close();
});

test('a view in words, and two views that show the same rows are the same', () => {
  assert.equal(
    describeView({
      search: 'mug',
      status: 'open',
      cycle: 'first',
      category: 'fraud-card-absent',
      sort: 'amount',
      dir: 'desc',
    }),
    '“mug” · Open · First chargeback · Fraud – card not present · by Amount ↓',
  );
  assert.ok(sameView({ status: 'open' }, { status: 'open', sort: 'deadline', dir: 'asc', search: ' ' }));
  assert.ok(!sameView({ status: 'open' }, { status: 'open', sort: 'amount' }));
});

test('a filter saved when networks had numbers still selects the same chargebacks, now by name', () => {
  const store = openStore(':memory:');
  store.profiles.save(profile('p1'));
  const cb = (id: string, reasonCode: string) =>
    chargebackSchema.parse({
      id,
      total: 4999,
      cycle: 'first',
      reasonCode,
      status: 'open',
      actionable: 1,
      currency: 'USD',
      reply: 20261201,
      modified: '2026-11-01 10:00:00.0000',
    });
  store.portfolio.upsertChargebacks('p1', [
    cb('visa1', '10.4'),
    cb('visa2', 'V1305'),
    cb('mc1', '4837'),
    cb('amex1', 'F29'),
    cb('disc1', 'UA02'),
    cb('odd1', 'ZZ9'),
  ]);
  // As the version before stored them: the contract's number, 1 for Visa, 3 for American Express.
  const insert = store.database.db.prepare(
    'INSERT INTO saved_filters (profile_id, name, name_key, view, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)',
  );
  insert.run('p1', 'Old visa', 'old visa', JSON.stringify({ network: 1, status: 'open' }));
  insert.run('p1', 'Old amex', 'old amex', JSON.stringify({ network: 3 }));
  insert.run('p1', 'Gone', 'gone', JSON.stringify({ network: 7, search: 'mug' }));
  const [gone, amex, visa] = store.savedFilters.list('p1');
  assert.deepEqual(visa!.problems, []);
  assert.deepEqual(usableView(visa!.view), { network: 'visa', status: 'open' });
  assert.equal(describeView(visa!.view), 'Open · Visa');
  assert.equal(describeView(amex!.view), 'American Express');
  const rows = (network: CardNetwork | undefined) =>
    store.portfolio
      .listWorklist({ profileId: 'p1', now: new Date('2026-11-22T15:00:00Z'), ...(network ? { network } : {}) })
      .rows.map((r) => r.id)
      .sort();
  assert.deepEqual(rows(usableView(visa!.view).network as CardNetwork), ['visa1', 'visa2']);
  assert.deepEqual(rows(usableView(amex!.view).network as CardNetwork), ['amex1']);
  // A number no network ever had is said, and the rest of the filter still applies.
  assert.deepEqual(gone!.problems, ['the network “7” no longer exists']);
  assert.deepEqual(usableView(gone!.view), { search: 'mug' });
  // Each row names its network; a code of no network's form names none.
  const named = Object.fromEntries(
    store.portfolio
      .listWorklist({ profileId: 'p1', now: new Date('2026-11-22T15:00:00Z') })
      .rows.map((r) => [r.id, r.network]),
  );
  assert.deepEqual(named, {
    visa1: 'visa',
    visa2: 'visa',
    mc1: 'mastercard',
    amex1: 'amex',
    disc1: 'discover',
    odd1: null,
  });
  assert.ok(sameView({ network: 1 }, { network: 'visa' }), 'the old and the new form are the same view');
  store.close();
});
