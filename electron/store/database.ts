// The app's one database file (node:sqlite): WAL so a crash never corrupts it, foreign keys on,
// and the migrations run at start-up, each in its own transaction. The file is checked before it
// is used (store/integrity.ts), copied before any migration and once a day, and a damaged one is
// recovered in the open, never silently replaced (store/recovery.ts).
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { backupDatabase, backupIfDue, inspectDatabaseFile } from './integrity.ts';
import { setAsideAndRestore, type RecoveryReport } from './recovery.ts';
import { salvageInto } from './salvage.ts';
import { migrations } from './migrations/index.ts';
import { transactionRunner } from '../fs/sqlite-transaction.ts';
import { AppError } from '../../shared/errors.ts';

export interface Database {
  readonly db: DatabaseSync;
  readonly file: string;
  transaction<T>(fn: () => T): T;
  close(): void;
  /** Set when the file failed its check at this open and was recovered. */
  readonly recovery?: RecoveryReport | undefined;
}

export function schemaVersion(db: DatabaseSync): number {
  return (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
}

/** Runs the migrations the database has not seen yet, up to `upTo` (tests stop early). */
export function migrate(db: DatabaseSync, upTo: number = migrations.length): void {
  const current = schemaVersion(db);
  if (current > migrations.length) {
    throw new AppError(
      'internal',
      `This database was written by a newer Dispute Desk (schema ${current}); update the app to open it.`,
    );
  }
  for (let v = current; v < upTo; v++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(migrations[v]!);
      db.exec(`PRAGMA user_version = ${v + 1}`);
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw new AppError('internal', `The database could not be upgraded (step ${v + 1}); it was left as it was.`, {
        cause: e,
      });
    }
  }
}

export function openDatabase(file: string, opts: { migrateUpTo?: number; now?: number } = {}): Database {
  const onDisk = file !== ':memory:';
  let recovery: RecoveryReport | undefined;
  let existed = false;
  if (onDisk) {
    mkdirSync(dirname(file), { recursive: true });
    const found = inspectDatabaseFile(file);
    existed = found.state === 'ok';
    if (found.state === 'damaged') {
      try {
        recovery = setAsideAndRestore(file, found.reason, opts.now);
      } catch (e) {
        throw new AppError(
          'internal',
          `The database is damaged (${found.reason}) and could not be set aside: ${(e as Error).message}. ` +
            `Nothing was changed; free some space or fix the folder's permissions, then start again.`,
          { cause: e },
        );
      }
    }
  }
  const db = new DatabaseSync(file);
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  // A full sync commits hundreds of pages, each touching a few hundred index pages: with the
  // default checkpoint every 1,000 WAL pages (4 MB) it stopped every few commits to copy and
  // fsync the database, a sixth of its time. Every 10,000 (40 MB) copies each page once for many
  // commits. Nothing else changes: each commit is still in the WAL when it returns (kill -9
  // loses nothing committed), and under synchronous = NORMAL the WAL is made durable at the
  // checkpoints, as before, only less often; a power cut rolls back whole transactions, never
  // part of one, and a sync page goes with its cursor.
  db.exec('PRAGMA wal_autocheckpoint = 10000;');
  const version = schemaVersion(db);
  // A copy before the schema changes: a migration that goes wrong never costs the merchant's data.
  if (onDisk && version > 0 && version < (opts.migrateUpTo ?? migrations.length))
    backupDatabase(db, file, `before-schema-${version + 1}`, opts.now);
  migrate(db, opts.migrateUpTo);
  const database: Database = {
    db,
    file,
    transaction: transactionRunner(db),
    close() {
      db.close();
    },
    ...(recovery ? { recovery } : {}),
  };
  if (recovery) recovery.salvage = salvageInto(database, recovery.keptFile, join(dirname(file), 'outbox'));
  if (existed) backupIfDue(db, file, opts.now);
  return database;
}
