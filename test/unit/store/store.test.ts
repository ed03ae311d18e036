import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openDatabase, schemaVersion } from '../../../electron/store/database.ts';
import { openStore } from '../../../electron/store/index.ts';
import { migrations } from '../../../electron/store/migrations/index.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { dueReminders } from '../../../electron/sync/reminders.ts';
import { daysLeft } from '../../../shared/domain/dates.ts';
import { openChargeback } from '../../support/chargeback-records.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'dd-store-'));
const profile: Profile = {
  ...profileDefaults,
  reminderThresholdDays: [7, 3, 1],
  id: 'p1',
  name: 'Shop',
  deployment: 'test',
  url: 'http://127.0.0.1:1',
};

const cb = (id: string, fields: Record<string, unknown> = {}) => openChargeback(id, { txn: `t1_txn_${id}`, ...fields });

test('an older database is upgraded, never wiped', () => {
  const dir = tmp();
  try {
    const file = join(dir, 'dd.db');
    const v1 = openDatabase(file, { migrateUpTo: 1 });
    assert.equal(schemaVersion(v1.db), 1);
    v1.db
      .prepare('INSERT INTO profiles (id, json, created_at) VALUES (?, ?, ?)')
      .run(profile.id, JSON.stringify(profile), 1);
    v1.db
      .prepare(
        'INSERT INTO events (profile_id, key, kind, title, body, ' +
          "created_at) VALUES ('p1', 'k', 'new-chargeback', 't', 'b', 1)",
      )
      .run();
    // As an older version stored them: its check let day 31 of February through.
    const insertCb = v1.db.prepare(
      'INSERT INTO chargebacks (profile_id, id, json, status, cycle, actionable, ' +
        'reply, reason_code, currency, total, search_text, first_seen_at) ' +
        "VALUES ('p1', ?, ?, 'open', 'first', 1, ?, '13.1', 'USD', 100, '', 1)",
    );
    insertCb.run('good', JSON.stringify({ id: 'good', reply: 20250228 }), 20250228);
    insertCb.run('bad', JSON.stringify({ id: 'bad', reply: 20250231 }), 20250231);
    v1.close();
    const store = openStore(file);
    assert.equal(schemaVersion(store.database.db), migrations.length);
    assert.equal(store.profiles.get('p1')?.name, 'Shop', 'data kept');
    assert.equal(store.events.recent('p1')[0]?.read, false, 'new column added to old rows');
    assert.deepEqual(store.events.claimUnannounced('p1'), [], 'events of an older database were announced when raised');
    const old = store.portfolio.listWorklist({ profileId: 'p1', now: new Date('2025-02-01T12:00:00Z') }).rows;
    assert.deepEqual(
      old.map((r) => [r.id, r.reply, r.replyInvalid]),
      [
        ['good', 20250228, null],
        ['bad', null, '20250231'],
      ],
      'an impossible reply date saved before the check is flagged',
    );
    assert.deepEqual(store.portfolio.getChargeback('p1', 'bad')?.invalidDates, { reply: '20250231' });
    store.database.db.prepare("INSERT INTO checklist_ticks VALUES ('p1', 'c', 'i', 1)").run();
    store.close();
    const raw = new DatabaseSync(file);
    raw.exec(`PRAGMA user_version = ${migrations.length + 1}`);
    raw.close();
    assert.throws(() => openStore(file), /newer Dispute Desk/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('inbox in the worklist order: answer now by deadline, awaiting the issuer, decided; filters; indexed', () => {
  const store = openStore(':memory:');
  store.profiles.save(profile);
  store.portfolio.upsertChargebacks('p1', [
    cb('a', { reply: 20261210 }),
    cb('b', { reply: 20261125 }),
    cb('c', { reply: null }),
    cb('d', { status: 'won', modified: '2026-11-05 10:00:00.0000' }),
    cb('e', { actionable: 0, reply: 20261120, modified: '2026-11-06 10:00:00.0000' }),
    cb('f', { reasonCode: '10.4', currency: 'JPY', total: 1000, reply: 20261130 }),
  ]);
  const now = new Date('2026-11-22T15:00:00Z');
  const all = store.portfolio.listWorklist({ profileId: 'p1', now });
  assert.deepEqual(
    all.rows.map((r) => r.id),
    ['b', 'f', 'a', 'c', 'e', 'd'],
  );
  assert.equal(all.rows[0]?.daysLeft, 3);
  const paged = [
    ...store.portfolio.listWorklist({ profileId: 'p1', now, limit: 4 }).rows,
    ...store.portfolio.listWorklist({ profileId: 'p1', now, limit: 4, offset: 4 }).rows,
  ];
  assert.deepEqual(
    paged.map((r) => r.id),
    all.rows.map((r) => r.id),
  );
  assert.deepEqual(
    store.portfolio.listWorklist({ profileId: 'p1', now, category: 'fraud-card-absent' }).rows.map((r) => r.id),
    ['f'],
  );
  assert.deepEqual(
    store.portfolio.listWorklist({ profileId: 'p1', now, search: '10.00' }).rows.map((r) => r.id),
    [],
    'JPY 1000 is ¥1,000, not 10.00',
  );
  assert.deepEqual(
    store.portfolio.listWorklist({ profileId: 'p1', now, search: 't1_txn_a' }).rows.map((r) => r.id),
    ['a'],
  );
  assert.deepEqual(
    store.portfolio.listWorklist({ profileId: 'p1', now, dueWithinDays: 3 }).rows.map((r) => r.id),
    ['b', 'e'],
  );
  // Open counts every chargeback the service says is open, as Insights does (one not answerable too).
  assert.deepEqual(store.portfolio.inboxCounts('p1', { now }), { total: 6, open: 5, dueSoon: 1, overdue: 0 });
  const plan = store.database.db
    .prepare(
      'EXPLAIN QUERY PLAN SELECT id FROM chargebacks WHERE profile_id ' +
        "= 'p1' AND open_actionable = 1 ORDER BY reply_sort, id LIMIT 50",
    )
    .all() as Array<{ detail: string }>;
  assert.ok(
    plan.some((p) => /USING (COVERING )?INDEX chargebacks_inbox_open/.test(p.detail)),
    JSON.stringify(plan),
  );
  assert.ok(!plan.some((p) => /TEMP B-TREE/.test(p.detail)), 'no sort step');
  store.close();
});

test('inbox search: a literal, case-blind substring, with the status filter; answered from the index', () => {
  const store = openStore(':memory:');
  store.profiles.save(profile);
  store.portfolio.upsertChargebacks('p1', [
    cb('a', { description: '50% off_sale' }),
    cb('b', { description: '50 percent off sale', reply: 20261125 }),
    cb('c', { status: 'won', reason: 'Not Received either' }),
    cb('d', { reason: 'Fraud' }),
  ]);
  const now = new Date('2026-11-22T15:00:00Z');
  const ids = (q: { search: string; status?: string }) =>
    store.portfolio.listWorklist({ profileId: 'p1', now, ...q }).rows.map((r) => r.id);
  assert.deepEqual(ids({ search: 'NOT received' }), ['b', 'a', 'c']);
  assert.deepEqual(ids({ search: 'not received', status: 'open' }), ['b', 'a']);
  assert.deepEqual(ids({ search: '%' }), ['a'], '% is a character, not a wildcard');
  assert.deepEqual(ids({ search: 'off_' }), ['a'], '_ is a character, not a wildcard');
  assert.equal(store.portfolio.listWorklist({ profileId: 'p1', now, search: 'received' }).total, 3);
  for (const r of store.portfolio.listWorklist({ profileId: 'p1', now }).rows)
    assert.equal(r.daysLeft, daysLeft(r.reply, now) ?? null, r.id);
  // The search and status are in the inbox indexes (migration 005), so they are tested there,
  // before a row is read; no statement scans the table.
  for (const sql of [
    'SELECT COUNT(*), SUM(open_actionable) FROM chargebacks WHERE profile_id ' +
      "= 'p1' AND status = 'open' AND search_text LIKE '%x%' ESCAPE '\\'",
    "SELECT id FROM chargebacks WHERE profile_id = 'p1' AND search_text LIKE " +
      "'%x%' ESCAPE '\\' AND open_actionable = 1 ORDER BY reply_sort, id LIMIT 100",
  ]) {
    const plan = store.database.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>;
    assert.ok(
      plan.every((p) => /USING (COVERING )?INDEX chargebacks_inbox_(open|rest)/.test(p.detail)),
      JSON.stringify(plan),
    );
  }
  const columns = (name: string) =>
    (store.database.db.prepare(`PRAGMA index_info(${name})`).all() as Array<{ name: string }>).map((c) => c.name);
  assert.deepEqual(columns('chargebacks_inbox_open').slice(-2), ['status', 'search_text']);
  assert.deepEqual(columns('chargebacks_inbox_rest').slice(-2), ['status', 'search_text']);
  store.close();
});

test('upserts report new chargebacks and status changes once', () => {
  const store = openStore(':memory:');
  store.profiles.save(profile);
  assert.deepEqual(
    store.portfolio.upsertChargebacks('p1', [cb('a')]).map((c) => c.isNew),
    [true],
  );
  assert.deepEqual(store.portfolio.upsertChargebacks('p1', [cb('a')]), []);
  assert.deepEqual(store.portfolio.upsertChargebacks('p1', [cb('a', { status: 'won' })]), [
    { id: 'a', isNew: false, previousStatus: 'open', status: 'won' },
  ]);
  assert.equal(store.events.raise('p1', { key: 'x', kind: 'k', title: 't', body: 'b' }), true);
  assert.equal(store.events.raise('p1', { key: 'x', kind: 'k', title: 't', body: 'b' }), false);
  store.close();
});

test('stored events are announced once: claimed in order, then never handed out again', () => {
  const store = openStore(':memory:');
  store.profiles.save(profile);
  store.events.raise('p1', { key: 'a', kind: 'decision', chargebackId: 'x', title: 'A', body: 'b' });
  store.events.raise('p1', { key: 'b', kind: 'ledger', title: 'B', body: 'b' });
  assert.deepEqual(
    store.events.claimUnannounced('p1').map((e) => e.title),
    ['A', 'B'],
  );
  assert.deepEqual(store.events.claimUnannounced('p1'), []);
  store.events.raise('p1', { key: 'a', kind: 'decision', title: 'A again', body: 'b' });
  store.events.raise('p1', { key: 'c', kind: 'decision', title: 'C', body: 'b' });
  assert.deepEqual(
    store.events.claimUnannounced('p1').map((e) => e.title),
    ['C'],
    'a known key is neither stored nor announced again',
  );
  assert.equal(store.events.recent('p1').length, 3);
  store.close();
});

test('events are marked read up to the newest one shown; one that came later stays new', () => {
  const store = openStore(':memory:');
  store.profiles.save(profile);
  store.events.raise('p1', { key: 'a', kind: 'decision', title: 'A', body: 'b' });
  store.events.raise('p1', { key: 'b', kind: 'ledger', title: 'B', body: 'b' });
  const shown = Math.max(...store.events.recent('p1').map((e) => e.id));
  store.events.raise('p1', { key: 'c', kind: 'decision', title: 'C', body: 'b' });
  store.events.markRead('p1', Date.now(), shown);
  assert.deepEqual(
    store.events
      .recent('p1')
      .map((e) => [e.title, e.read])
      .sort(),
    [
      ['A', true],
      ['B', true],
      ['C', false],
    ],
  );
  store.events.markRead('p1');
  assert.ok(store.events.recent('p1').every((e) => e.read));
  store.close();
});

test('a reply date that is no real date: listed with the text as sent, possibly due, reminded once', () => {
  const store = openStore(':memory:');
  store.profiles.save(profile);
  store.portfolio.upsertChargebacks('p1', [
    cb('bad', { reply: 20261131 }),
    cb('soon', { reply: 20261124 }),
    cb('later', { reply: 20261230 }),
  ]);
  const now = new Date('2026-11-22T15:00:00Z');
  const row = store.portfolio.listWorklist({ profileId: 'p1', now }).rows.find((r) => r.id === 'bad');
  assert.deepEqual([row?.reply, row?.replyInvalid, row?.daysLeft], [null, '20261131', null]);
  assert.deepEqual(
    store.portfolio
      .listWorklist({ profileId: 'p1', now, dueWithinDays: 3 })
      .rows.map((r) => r.id)
      .sort(),
    ['bad', 'soon'],
  );
  const first = dueReminders(store.database, store.portfolio, 'p1', [7, 3, 1], now);
  assert.deepEqual(first.map((r) => r.chargebackId).sort(), ['bad', 'soon']);
  assert.match(first.find((r) => r.chargebackId === 'bad')!.body, /"20261131", which is not a real date/);
  assert.deepEqual(
    dueReminders(store.database, store.portfolio, 'p1', [7, 3, 1], new Date('2026-11-23T15:00:00Z')).map(
      (r) => `${r.chargebackId}:${r.threshold}`,
    ),
    ['soon:1'],
    'the unreadable date once',
  );
  store.portfolio.upsertChargebacks('p1', [cb('bad', { reply: 20261130 })]);
  assert.deepEqual(
    dueReminders(store.database, store.portfolio, 'p1', [7, 3, 1], new Date('2026-11-24T15:00:00Z')).map(
      (r) => `${r.chargebackId}:${r.threshold}`,
    ),
    ['bad:7'],
    'a corrected date follows the thresholds',
  );
  store.close();
});

test('reminders fire once per threshold as the deadline comes closer', () => {
  const store = openStore(':memory:');
  store.profiles.save(profile);
  store.portfolio.upsertChargebacks('p1', [
    cb('a', { reply: 20261210 }),
    cb('late', { reply: 20261101 }),
    cb('shut', { reply: 20261123, status: 'closed' }),
  ]);
  const at = (iso: string) =>
    dueReminders(store.database, store.portfolio, 'p1', [7, 3, 1], new Date(iso)).map(
      (r) => `${r.chargebackId}:${r.threshold}`,
    );
  assert.deepEqual(at('2026-11-22T15:00:00Z'), ['late:-1'], '18 days left: nothing for a; the overdue one once');
  assert.deepEqual(at('2026-11-22T16:00:00Z'), []);
  assert.deepEqual(at('2026-12-03T15:00:00Z'), ['a:7']);
  assert.deepEqual(at('2026-12-03T20:00:00Z'), []);
  assert.deepEqual(at('2026-12-09T15:00:00Z'), ['a:1'], 'jumping past 3 straight to 1 day left gives one reminder');
  assert.deepEqual(at('2026-12-09T18:00:00Z'), []);
  assert.deepEqual(at('2026-12-10T15:00:00Z'), [], 'the 3-day threshold was marked when 1 day fired');
  assert.deepEqual(at('2026-12-11T15:00:00Z'), ['a:-1']);
  assert.deepEqual(at('2026-12-12T15:00:00Z'), []);
  store.close();
});

test('a chargeback read before the stored one was (a refresh racing a pass) never overwrites the newer decision', () => {
  const dir = tmp();
  const store = openStore(join(dir, 'dd.db'));
  try {
    store.profiles.save(profile);
    store.portfolio.upsertChargebacks(profile.id, [cb('c1', { status: 'won', modified: '2026-11-02 09:00:00' })]);
    const changes = store.portfolio.upsertChargebacks(profile.id, [
      cb('c1', { status: 'open', modified: '2026-11-01 10:00:00' }),
    ]);
    assert.deepEqual(changes, [], 'the older record changed nothing');
    assert.equal(store.portfolio.getChargeback(profile.id, 'c1')?.status, 'won');
    // A newer record, and one at the same moment, are taken.
    store.portfolio.upsertChargebacks(profile.id, [cb('c1', { status: 'lost', modified: '2026-11-02 09:00:00' })]);
    assert.equal(store.portfolio.getChargeback(profile.id, 'c1')?.status, 'lost');
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
