// One way to run a function in a SQLite transaction (nested calls join the outer one), for the
// app's store and the sandbox's alike.
import type { DatabaseSync } from 'node:sqlite';

export function transactionRunner(db: DatabaseSync): <T>(fn: () => T) => T {
  let depth = 0;
  return <T>(fn: () => T): T => {
    if (depth > 0) return fn();
    depth++;
    db.exec('BEGIN IMMEDIATE');
    try {
      const out = fn();
      db.exec('COMMIT');
      return out;
    } catch (e) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw e;
    } finally {
      depth--;
    }
  };
}
