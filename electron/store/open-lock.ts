// Who has the database open, told by SQLite's own file locks on a small file beside it
// (`<database>.users`). Every process holds a shared lock on it for as long as it has the
// database open; moving the database aside or putting a backup in its place needs the exclusive
// lock, so it never happens under another process (a window, a CLI loop) that is reading or
// writing the file.
//
// Why SQLite's locks and not a lock file of our own: they are the OS's locks (POSIX advisory
// locks, LockFileEx on Windows) that SQLite already relies on for the database itself, so they
// work wherever the database works; the OS drops them when a process dies, however it dies, so
// there is no stale lock to guess about (a PID file needs liveness checks and is fooled by a
// reused PID); and SQLite keeps them straight between two connections of one process too. The
// file is never written: only its locks are used.
import { DatabaseSync } from 'node:sqlite';

export interface OpenLock {
  /** Runs `fn` as the only process with the database open; `undefined` when another has it
   * open (then `fn` did not run). The shared lock is held again afterwards. */
  alone<T>(fn: () => T): { value: T } | undefined;
  release(): void;
}

/** SQLite's "database is locked" (SQLITE_BUSY, SQLITE_LOCKED and their extended codes). */
export function isLockedError(e: unknown): boolean {
  const code = (e as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' && ((code & 0xff) === 5 || (code & 0xff) === 6);
}

export const lockFileOf = (file: string): string => `${file}.users`;

/** Takes the shared lock, waiting up to `waitMs` while another process repairs the database. */
export function holdOpenLock(file: string, waitMs: number): OpenLock {
  const db = new DatabaseSync(lockFileOf(file));
  const shared = (): void => {
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.round(waitMs))}`);
    db.exec('BEGIN');
    try {
      // A read takes SQLite's shared lock and keeps it until the transaction ends.
      db.prepare('SELECT count(*) FROM sqlite_schema').get();
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }
  };
  try {
    shared();
  } catch (e) {
    db.close();
    throw e;
  }
  let released = false;
  return {
    alone<T>(fn: () => T): { value: T } | undefined {
      db.exec('COMMIT');
      try {
        // No wait: a process that has the database open keeps it open.
        db.exec('PRAGMA busy_timeout = 0');
        try {
          db.exec('BEGIN EXCLUSIVE');
        } catch (e) {
          // Whatever it took on the way (SQLite's pending lock) goes with the attempt.
          if (db.isTransaction) db.exec('ROLLBACK');
          if (isLockedError(e)) return undefined;
          throw e;
        }
        try {
          return { value: fn() };
        } finally {
          db.exec('COMMIT');
        }
      } finally {
        shared();
      }
    },
    release(): void {
      if (released) return;
      released = true;
      try {
        if (db.isTransaction) db.exec('COMMIT');
      } finally {
        db.close();
      }
    },
  };
}
