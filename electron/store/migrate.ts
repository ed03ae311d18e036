// The schema's version and its migrations: each runs in its own transaction, and the database
// records how many ran in PRAGMA user_version.
import type { DatabaseSync } from 'node:sqlite';
import { migrations } from './migrations/index.ts';
import { AppError } from '../../shared/errors.ts';

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
