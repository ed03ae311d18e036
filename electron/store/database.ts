// The app's one database file (node:sqlite): WAL so a crash never corrupts it, foreign keys on,
// and the migrations run at start-up, each in its own transaction.
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrations } from './migrations/index.ts';
import { transactionRunner } from '../fs/sqlite-transaction.ts';
import { AppError } from '../../shared/errors.ts';

export interface Database {
  readonly db: DatabaseSync;
  readonly file: string;
  transaction<T>(fn: () => T): T;
  close(): void;
}

export function schemaVersion(db: DatabaseSync): number {
  return (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
}

/** Runs the migrations the database has not seen yet, up to `upTo` (tests stop early). */
export function migrate(db: DatabaseSync, upTo: number = migrations.length): void {
  const current = schemaVersion(db);
  if (current > migrations.length) {
    throw new AppError('internal', `This database was written by a newer Dispute Desk (schema ${current}); update the app to open it.`);
  }
  for (let v = current; v < upTo; v++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(migrations[v]!);
      db.exec(`PRAGMA user_version = ${v + 1}`);
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw new AppError('internal', `The database could not be upgraded (step ${v + 1}); it was left as it was.`, { cause: e });
    }
  }
}

export function openDatabase(file: string, opts: { migrateUpTo?: number } = {}): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  // A full sync commits hundreds of pages, each touching a few hundred index pages: with the
  // default checkpoint every 1,000 WAL pages (4 MB) it stopped every few commits to copy and
  // fsync the database, a sixth of its time. Every 10,000 (40 MB) copies each page once for many
  // commits. Nothing else changes: each commit is still in the WAL when it returns (kill -9
  // loses nothing committed), and under synchronous = NORMAL the WAL is made durable at the
  // checkpoints, as before, only less often; a power cut rolls back whole transactions, never
  // part of one, and a sync page goes with its cursor.
  db.exec('PRAGMA wal_autocheckpoint = 10000;');
  migrate(db, opts.migrateUpTo);
  return {
    db,
    file,
    transaction: transactionRunner(db),
    close() {
      db.close();
    },
  };
}
