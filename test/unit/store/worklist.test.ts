// The inbox as a worklist (issue 15): sections in the order a merchant works them, each with its
// count and money per currency; sorts within sections; the customer and order on each row and in
// the search; all of it answered from the inbox indexes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../electron/store/database.ts';
import { openStore } from '../../../electron/store/index.ts';
import { txnSchema } from '../../../shared/api/index.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { inboxSection, sectionOrderNote } from '../../../shared/domain/inbox-sections.ts';
import { deadlineState } from '../../../shared/domain/dates.ts';
import {
  inboxCountsSql,
  overStoredColumns,
  worklistSummarySql,
} from '../../../electron/store/portfolio/worklist-sql.ts';
import { openChargeback } from '../../support/chargeback-records.ts';

const profile: Profile = { ...profileDefaults, id: 'p1', name: 'Shop', deployment: 'test', url: 'http://127.0.0.1:1' };
const now = new Date('2026-11-22T15:00:00Z');

const cb = (id: string, fields: Record<string, unknown> = {}) => openChargeback(id, { txn: `txn_${id}`, ...fields });
const txn = (id: string, fields: Record<string, unknown> = {}) => txnSchema.parse({ id: `txn_${id}`, ...fields });

function seeded() {
  const store = openStore(':memory:');
  store.profiles.save(profile);
  // A transaction saved before its chargeback, and one after: both reach the row.
  store.portfolio.saveTxn(
    'p1',
    txn('now1', { first: 'Ana', last: 'Lima', email: 'ana.lima@example.com', order: 'ORD-12345' }),
  );
  store.portfolio.upsertChargebacks('p1', [
    cb('now1', { reply: 20261125, total: 1000 }),
    cb('now2', { reply: 20261210, total: 25000, reasonCode: '10.4', cycle: 'preArbitration' }),
    cb('now3', { reply: null, currency: 'JPY', total: 90 }),
    cb('past1', { reply: 20261120, total: 7000 }),
    cb('past2', { reply: 20261101, currency: 'EUR', total: 3000 }),
    cb('wait1', { actionable: 0, reply: 20261130 }),
    cb('sent1', { reply: 20261126, total: 2000 }),
    cb('won1', { status: 'won', modified: '2026-11-05 10:00:00.0000' }),
    cb('lost1', { status: 'lost', modified: '2026-11-06 10:00:00.0000' }),
    cb('closed1', { status: 'closed', modified: '2026-11-04 10:00:00.0000' }),
  ]);
  store.portfolio.saveTxn('p1', txn('now2', { company: 'Brennan & Co', order: 'ORD-55555' }));
  return store;
}

test(
  'worklist: answer now by deadline, awaiting the issuer, ' +
    'decided, past the deadline; counts and money per section',
  () => {
    const store = seeded();
    const w = store.portfolio.listWorklist({ profileId: 'p1', now, answered: ['sent1'] });
    assert.deepEqual(
      w.rows.map((r) => r.id),
      ['now1', 'now2', 'now3', 'sent1', 'wait1', 'lost1', 'won1', 'closed1', 'past2', 'past1'],
    );
    assert.deepEqual(
      w.rows.map((r) => r.section),
      [
        'answer-now',
        'answer-now',
        'answer-now',
        'awaiting-issuer',
        'awaiting-issuer',
        'decided',
        'decided',
        'decided',
        'past-deadline',
        'past-deadline',
      ],
    );
    assert.deepEqual(
      w.sections.map((s) => [s.section, s.count]),
      [
        ['answer-now', 3],
        ['awaiting-issuer', 2],
        ['decided', 3],
        ['past-deadline', 2],
      ],
    );
    assert.deepEqual(
      w.sections[0]!.amounts,
      [
        { currency: 'JPY', total: 90 },
        { currency: 'USD', total: 26000 },
      ],
      'never added across currencies',
    );
    assert.deepEqual(w.sections[3]!.amounts, [
      { currency: 'EUR', total: 3000 },
      { currency: 'USD', total: 7000 },
    ]);
    // The store's SQL and the shared rule agree on every row.
    for (const r of w.rows) {
      const rule = inboxSection({
        status: r.status,
        actionable: r.actionable,
        deadline: deadlineState(r.daysLeft ?? undefined, r.replyInvalid),
        answer: r.id === 'sent1' ? 'sent' : 'not-answered',
      });
      assert.equal(r.section, rule, r.id);
    }
    // Folded: counted, not listed; paging runs over what is listed.
    const folded = store.portfolio.listWorklist({
      profileId: 'p1',
      now,
      answered: ['sent1'],
      collapsed: ['past-deadline'],
    });
    assert.equal(folded.total, 8);
    assert.equal(folded.sections[3]!.count, 2);
    assert.ok(!folded.rows.some((r) => r.section === 'past-deadline'));
    const paged = [0, 3, 6].flatMap((offset) =>
      store.portfolio
        .listWorklist({ profileId: 'p1', now, answered: ['sent1'], offset, limit: 3 })
        .rows.map((r) => r.id),
    );
    assert.deepEqual(paged, w.rows.map((r) => r.id).slice(0, 9));
    store.close();
  },
);

test('worklist sorts within sections: amount in major units, reason, customer, stage, either way', () => {
  const store = seeded();
  const ids = (sort: 'amount' | 'reason' | 'customer' | 'stage' | 'deadline', dir: 'asc' | 'desc' = 'asc') =>
    store.portfolio
      .listWorklist({ profileId: 'p1', now, sort, dir, collapsed: ['awaiting-issuer', 'decided', 'past-deadline'] })
      .rows.map((r) => r.id);
  assert.deepEqual(
    ids('amount'),
    ['now3', 'now1', 'sent1', 'now2'],
    '¥90 (about $0.62 by the reference rates) sorts before $10.00, not by its 90 major units',
  );
  assert.deepEqual(ids('amount', 'desc'), ['now2', 'sent1', 'now1', 'now3']);
  assert.deepEqual(ids('deadline', 'desc'), ['now3', 'now2', 'sent1', 'now1']);
  assert.deepEqual(ids('reason'), ['now2', 'now1', 'now3', 'sent1']);
  assert.deepEqual(ids('customer'), ['now1', 'now2', 'now3', 'sent1'], 'Ana Lima, Brennan & Co, then no customer');
  assert.deepEqual(ids('customer', 'desc'), ['now2', 'now1', 'now3', 'sent1'], 'no customer stays last');
  assert.deepEqual(ids('stage'), ['now1', 'sent1', 'now3', 'now2']);
  store.close();
});

test(
  'inbox rows carry the customer and order; search finds ' + 'order, name and email, case-blind and literal; indexed',
  () => {
    const store = seeded();
    const rows = store.portfolio.listWorklist({ profileId: 'p1', now }).rows;
    const now1 = rows.find((r) => r.id === 'now1')!;
    assert.deepEqual(
      [now1.customerName, now1.customerEmail, now1.order],
      ['Ana Lima', 'ana.lima@example.com', 'ORD-12345'],
    );
    const now2 = rows.find((r) => r.id === 'now2')!;
    assert.deepEqual([now2.customerName, now2.customerEmail, now2.order], ['Brennan & Co', null, 'ORD-55555']);
    const search = (q: string) =>
      store.portfolio.listWorklist({ profileId: 'p1', now, search: q }).rows.map((r) => r.id);
    assert.deepEqual(search('ord-12345'), ['now1']);
    assert.deepEqual(search('ANA LIMA'), ['now1']);
    assert.deepEqual(search('lima@EXAMPLE'), ['now1']);
    assert.deepEqual(search('brennan'), ['now2']);
    assert.deepEqual(search('ana_lima'), [], '_ is a character, not a wildcard');
    assert.deepEqual(
      store.portfolio.listWorklist({ profileId: 'p1', now, search: 'ORD-555' }).rows.map((r) => r.id),
      ['now2'],
      'the plain listing searches them too',
    );
    // The customer changes on the service (a corrected name): the old name is no longer found, the
    // new one is, and so is the chargeback's own text; a stored search text that does not end in
    // the customer's words (written by an older version) is made again from the record.
    store.portfolio.saveTxn('p1', txn('now1', { first: 'Ana', last: 'Souza', order: 'ORD-12345' }));
    assert.deepEqual(search('lima'), []);
    assert.deepEqual(search('ana souza'), ['now1']);
    assert.deepEqual(search('ord-12345'), ['now1']);
    assert.deepEqual(search('now1'), ['now1']);
    store.database.db.prepare("UPDATE chargebacks SET search_text = 'now1 stale words' WHERE id = 'now2'").run();
    store.portfolio.saveTxn('p1', txn('now2', { company: 'Brennan & Sons', order: 'ORD-55555' }));
    assert.deepEqual(search('stale'), []);
    assert.deepEqual(search('brennan & sons'), ['now2']);
    assert.deepEqual(search('now2'), ['now2']);
    const plan = (sql: string) =>
      (store.database.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((p) => p.detail);
    // The first page of "answer now" by deadline: the index's own order, no sort step, no table scan.
    const first = plan(`SELECT id FROM chargebacks WHERE profile_id = 'p1' AND search_text LIKE '%x%' ESCAPE '\\'
    AND open_actionable = 1 AND reply_sort >= 20261122 AND NOT id IN (SELECT value FROM json_each('[]'))
    ORDER BY reply_sort ASC, id ASC LIMIT 100`);
    assert.ok(
      first.some((d) => /USING (COVERING )?INDEX chargebacks_inbox_open/.test(d)),
      first.join('\n'),
    );
    assert.ok(!first.some((d) => /TEMP B-TREE|^SCAN chargebacks$/.test(d)), first.join('\n'));
    // The section counts and money are found through the inbox index, never a scan of the table.
    const counts = plan(
      'SELECT currency, COUNT(*), SUM(total) FROM chargebacks WHERE profile_id = ' +
        "'p1' AND open_actionable = 1 AND search_text LIKE '%x%' GROUP BY currency",
    );
    assert.ok(
      counts.every((d) => /USING (COVERING )?INDEX chargebacks_inbox_(open|rest)|TEMP B-TREE FOR GROUP BY/.test(d)),
      counts.join('\n'),
    );
    store.close();
  },
);

test('migration 7 fills in the customer of chargebacks stored before it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dd-worklist-'));
  try {
    const file = join(dir, 'dd.db');
    const v6 = openDatabase(file, { migrateUpTo: 6 });
    v6.db.prepare('INSERT INTO profiles (id, json, created_at) VALUES (?, ?, ?)').run('p1', JSON.stringify(profile), 1);
    v6.db
      .prepare("INSERT INTO transactions (profile_id, id, json) VALUES ('p1', 't1', ?)")
      .run(JSON.stringify({ id: 't1', first: 'Kofi', last: 'Reyes', email: 'kofi@example.com', order: 'ORD-1' }));
    v6.db
      .prepare(
        'INSERT INTO chargebacks (profile_id, id, json, status, cycle, actionable, reply, ' +
          "reason_code, currency, total, txn_id, search_text, first_seen_at) VALUES ('p1', " +
          "'c1', '{}', 'open', 'first', 1, 20261201, '13.1', 'USD', 100, 't1', 'c1', 1)",
      )
      .run();
    v6.close();
    const store = openStore(file);
    const [row] = store.portfolio.listWorklist({ profileId: 'p1', now, search: 'kofi reyes' }).rows;
    assert.deepEqual(
      [row?.id, row?.customerName, row?.customerEmail, row?.order],
      ['c1', 'Kofi Reyes', 'kofi@example.com', 'ORD-1'],
    );
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test(
  "the section summary and the toolbar's counts read the inbox index alone, " +
    'with or without filters; the stored expressions are the generated columns',
  () => {
    const store = seeded();
    store.portfolio.upsertChargebacks('p1', [
      cb('noreply', { reply: null, actionable: 0 }),
      cb('x', { status: 'won' }),
    ]);
    const { db } = store.database;
    // What the store says over the expressions is what it says over the generated columns, row by row.
    const differ = db
      .prepare(
        `SELECT id FROM chargebacks WHERE open_actionable IS NOT ${overStoredColumns('open_actionable')}
          OR reply_sort IS NOT ${overStoredColumns('reply_sort')}`,
      )
      .all();
    assert.deepEqual(differ, []);
    assert.equal(overStoredColumns('x_open_actionable_y reply_sorted'), 'x_open_actionable_y reply_sorted');
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((p) => p.detail);
    for (const sql of [
      worklistSummarySql('profile_id = ?'),
      worklistSummarySql("profile_id = ? AND search_text LIKE ? ESCAPE '\\'"),
      worklistSummarySql(
        "profile_id = ? AND status = ? AND cycle = ? AND network = ? AND category = ? AND search_text LIKE ? ESCAPE '\\'",
      ),
      inboxCountsSql,
    ]) {
      const steps = plan(sql);
      assert.ok(
        steps.some((d) => /^SEARCH chargebacks USING COVERING INDEX chargebacks_inbox_rest/.test(d)),
        steps.join('\n'),
      );
      assert.ok(
        !steps.some((d) => /^(SCAN|SEARCH) chargebacks USING (INDEX|PRIMARY KEY)|^SCAN chargebacks$/.test(d)),
        steps.join('\n'),
      );
    }
    // The summary counts what the listing lists, section by section, on this store too.
    const w = store.portfolio.listWorklist({ profileId: 'p1', now, answered: ['sent1'] });
    for (const summary of w.sections)
      assert.equal(summary.count, w.rows.filter((r) => r.section === summary.section).length, summary.section);
    const counts = store.portfolio.inboxCounts('p1', { now });
    // Open, as the service says and Insights counts: now1-3, past1-2, sent1, and the two open ones not
    // answerable through the API (wait1, noreply); due within 3 days, of those answerable: now1
    // (25th); overdue: past1-2.
    assert.deepEqual(counts, { total: 12, open: 8, dueSoon: 1, overdue: 2 });
    // Counted to the send-by date as the badges count (5 business days before the reply date):
    // sent1's reply date (Thu 26th) is a send-by date of Thu 19th, passed: late, so urgent too.
    assert.equal(store.portfolio.inboxCounts('p1', { now, sendByBusinessDays: 5 }).dueSoon, 2);
    store.close();
  },
);

test('sorted by deadline, decided ones are listed by their latest change, and the section says so', () => {
  const store = seeded();
  const decided = (dir: 'asc' | 'desc') =>
    store.portfolio
      .listWorklist({ profileId: 'p1', now, sort: 'deadline', dir, collapsed: ['answer-now', 'awaiting-issuer'] })
      .rows.filter((r) => r.section === 'decided')
      .map((r) => r.id);
  // lost1 changed last (6 Nov), then won1 (5 Nov), then closed1 (4 Nov).
  assert.deepEqual(decided('asc'), ['lost1', 'won1', 'closed1']);
  assert.equal(sectionOrderNote('decided', 'deadline', 'asc'), 'latest change first');
  assert.deepEqual(decided('desc'), ['closed1', 'won1', 'lost1']);
  assert.equal(sectionOrderNote('decided', 'deadline', 'desc'), 'oldest change first');
  // Where the heading says the order, nothing is added.
  assert.equal(sectionOrderNote('answer-now', 'deadline', 'asc'), undefined);
  assert.equal(sectionOrderNote('decided', 'amount', 'asc'), undefined);
});
