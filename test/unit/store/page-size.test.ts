import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CHECKPOINT_BYTES, PAGE_BYTES, openDatabase } from '../../../electron/store/database.ts';
import { openStore } from '../../../electron/store/index.ts';
import { migrations } from '../../../electron/store/migrations/index.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';

const profile: Profile = { ...profileDefaults, id: 'p1', name: 'Shop', deployment: 'test', url: 'http://127.0.0.1:1' };

const pragma = (db: DatabaseSync, name: string): number =>
  Number(Object.values(db.prepare(`PRAGMA ${name}`).get() as Record<string, unknown>)[0]);

function inTmp(fn: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'dd-pages-'));
  try {
    fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a new store is made with 16 KB pages and checkpoints its WAL every 40 MB', () =>
  inTmp((dir) => {
    const d = openDatabase(join(dir, 'dd.db'));
    try {
      assert.equal(pragma(d.db, 'page_size'), PAGE_BYTES);
      assert.equal(PAGE_BYTES, 16_384);
      assert.equal((d.db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode, 'wal');
      assert.equal(pragma(d.db, 'wal_autocheckpoint'), CHECKPOINT_BYTES / PAGE_BYTES);
    } finally {
      d.close();
    }
  }));

test('a store an older version made with 4 KB pages keeps them, reads as before and checkpoints at the same size', () =>
  inTmp((dir) => {
    const file = join(dir, 'dd.db');
    // As the versions before this one made it: SQLite's default pages, WAL, the schema as it was.
    const old = new DatabaseSync(file);
    old.exec('PRAGMA journal_mode = WAL;');
    for (const [i, sql] of migrations.entries()) {
      old.exec(sql);
      old.exec(`PRAGMA user_version = ${i + 1}`);
    }
    old
      .prepare('INSERT INTO profiles (id, json, created_at) VALUES (?, ?, ?)')
      .run(profile.id, JSON.stringify(profile), 1);
    old
      .prepare(
        `INSERT INTO entries (profile_id, id, chargeback_id, event, amount, is_fee, created_at, json)
        VALUES ('p1', 'e1', 'cb1', 11, -2500, 0, 1, ?)`,
      )
      .run(JSON.stringify({ id: 'e1', event: 11, amount: -2500, isFee: 0, description: 'Chargeback' }));
    assert.equal(pragma(old, 'page_size'), 4096);
    old.close();

    const store = openStore(file);
    try {
      const db = store.database.db;
      assert.equal(pragma(db, 'page_size'), 4096, 'an existing file is never rebuilt for another page size');
      assert.equal(pragma(db, 'wal_autocheckpoint'), CHECKPOINT_BYTES / 4096);
      assert.equal(store.profiles.get('p1')?.name, 'Shop');
      assert.deepEqual(
        store.ledger.ofChargeback('p1', 'cb1').map((e) => [e.event, e.amount, e.description]),
        [[11, -2500, 'Chargeback']],
      );
    } finally {
      store.close();
    }
  }));
