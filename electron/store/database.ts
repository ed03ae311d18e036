// The app's one database file (node:sqlite): WAL so a crash never corrupts it, foreign keys on,
// and the migrations run at start-up, each in its own transaction. The file is checked before it
// is used (store/integrity.ts), copied before any migration and once a day, and a damaged one is
// recovered in the open, never silently replaced (store/recovery.ts): only while no other process
// has it open (store/open-lock.ts), and only when it is damaged, not when it is locked, on a full
// disk or in a read-only folder (store/open-problems.ts). The outbox's queue is brought back from
// its own files when the database lacks it (outbox-rebuild.ts).
import { DatabaseSync } from 'node:sqlite';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { backupDatabase, backupIfDue, inspectDatabaseFile, listBackups, type FileState } from './integrity.ts';
import { recoverDamaged, restoreMissing, type RecoveryReport } from './recovery.ts';
import { salvageInto } from './salvage.ts';
import { migrations } from './migrations/index.ts';
import { migrate, schemaVersion } from './migrate.ts';
import { holdOpenLock, type OpenLock } from './open-lock.ts';
import { folderWritable, openProblemError, openProblemOf } from './open-problems.ts';
import { rebuildFromManifests } from './outbox-rebuild.ts';
import { MANIFEST, outboxFolder } from './outbox-manifest.ts';
import type { Connection } from './connection.ts';
import { transactionRunner } from '../fs/sqlite-transaction.ts';
import { AppError } from '../../shared/errors.ts';

export { migrate, schemaVersion };

export interface Database extends Connection {
  /** Set when this open recovered the file (damaged, or missing with backups) or put outbox jobs
   * back from their own files: what the CLI prints and the app's recovery screen shows. */
  recovery?: RecoveryReport | undefined;
}

export interface OpenOptions {
  migrateUpTo?: number;
  now?: number;
  /** How long a lock held by another process is waited for (SQLite's busy timeout). */
  busyTimeoutMs?: number;
}

/** A problem opening the file, in the merchant's words; damage is not one (it is recovered). */
function asOpenError(e: unknown, file: string): unknown {
  if (e instanceof AppError) return e;
  const problem = openProblemOf(e, file);
  return problem ? openProblemError(problem, file, e) : e;
}

const hasManifests = (home: string): boolean => {
  const root = outboxFolder(home);
  return existsSync(root) && readdirSync(root).some((n) => n.startsWith('job_') && existsSync(join(root, n, MANIFEST)));
};

export function openDatabase(file: string, opts: OpenOptions = {}): Database {
  if (file === ':memory:') return openConnection(file, opts, undefined, undefined);
  const home = dirname(file);
  const waitMs = opts.busyTimeoutMs ?? 5000;
  try {
    mkdirSync(home, { recursive: true });
  } catch (e) {
    throw asOpenError(e, file);
  }
  if (!folderWritable(home)) throw openProblemError({ problem: 'read-only' }, file);
  let lock: OpenLock;
  try {
    // Waits (longer than for a lock) while another process repairs the database.
    lock = holdOpenLock(file, Math.max(waitMs, 30_000));
  } catch (e) {
    throw asOpenError(e, file);
  }
  try {
    let recovery: RecoveryReport | undefined;
    let found = inspectDatabaseFile(file, waitMs);
    if (found.state === 'unusable') throw openProblemError(found.problem, file, found.cause);
    const missingWithBackups = found.state === 'missing' && listBackups(file).length > 0;
    if (found.state === 'damaged' || missingWithBackups) {
      const now = opts.now ?? Date.now();
      const alone = recoveryStep(file, found, () =>
        lock.alone(() => {
          // Looked at again as the only user: another process may have repaired it meanwhile.
          const again = inspectDatabaseFile(file, waitMs);
          if (again.state === 'damaged') return { again, recovery: recoverDamaged(file, again.reason, now) };
          if (again.state === 'missing' && listBackups(file).length > 0)
            return { again, recovery: restoreMissing(file, now) };
          return { again, recovery: undefined };
        }),
      );
      if (!alone) {
        throw new AppError(
          'conflict',
          (found.state === 'damaged'
            ? `The database in ${home} failed its check (${found.reason}), `
            : `The database file in ${home} is missing, `) +
            'but another Dispute Desk (a window or a command) has it open, so nothing was moved or ' +
            'restored. Close the other Dispute Desk windows and commands, then start again.',
        );
      }
      found = alone.value.again;
      recovery = alone.value.recovery;
      if (found.state === 'unusable') throw openProblemError(found.problem, file, found.cause);
    }
    const existed = found.state === 'ok' && !recovery;
    const created = found.state === 'missing' && !recovery;
    let database: Database;
    try {
      database = openConnection(file, opts, recovery, lock);
    } catch (e) {
      // A database this open created and could not finish (a full disk) is not left behind
      // empty, to be taken for the merchant's later.
      if (created && existsSync(file) && statSync(file).size === 0)
        for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
      throw asOpenError(e, file);
    }
    try {
      if (recovery?.keptFile) recovery.salvage = salvageInto(database, recovery.keptFile, outboxFolder(home));
      if (recovery || !created || hasManifests(home)) {
        const outbox = rebuildFromManifests(database, home);
        if (outbox.rebuilt.length || outbox.unusable.length) {
          recovery ??= {
            at: opts.now ?? Date.now(),
            found: created ? 'missing' : 'behind',
            reason: created ? 'the database file was missing' : 'outbox jobs missing from the database',
            restored: undefined,
            skippedBackups: [],
          };
          recovery.outbox = outbox;
          database.recovery = recovery;
        }
      }
      if (existed) backupIfDue(database.db, file, opts.now);
    } catch (e) {
      database.close();
      throw asOpenError(e, file);
    }
    return database;
  } catch (e) {
    lock.release();
    throw e;
  }
}

/** Runs a recovery; one that cannot complete (a full disk as the replacement is made) has moved
 * nothing back and forth for good, and says so. */
function recoveryStep<T>(file: string, found: FileState, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof AppError) throw e;
    const problem = openProblemOf(e, file);
    const why =
      problem?.problem === 'disk-full'
        ? 'the disk is full'
        : problem?.problem === 'read-only'
          ? 'the folder is read-only'
          : (e as Error).message;
    throw new AppError(
      'internal',
      `The database in ${dirname(file)} ${found.state === 'damaged' ? `is damaged (${found.reason})` : 'is missing'}` +
        `, and its replacement could not be made: ${why}. Nothing was moved: ` +
        `${found.state === 'damaged' ? 'the damaged file is where it was' : 'no database was made'}. ` +
        'Free some space or make the folder writable, then start again.',
      { cause: e },
    );
  }
}

/** The page size a new database file is made with (an existing file keeps its own). */
export const PAGE_BYTES = 16_384;
/** How much the WAL grows before SQLite copies it back into the file (see openConnection). */
export const CHECKPOINT_BYTES = 40 * 1024 * 1024;

/** The connection, set up and migrated; `lock` is released when it closes. */
function openConnection(
  file: string,
  opts: OpenOptions,
  recovery: RecoveryReport | undefined,
  lock: OpenLock | undefined,
): Database {
  const onDisk = file !== ':memory:';
  const db = new DatabaseSync(file);
  try {
    // A new file gets 16 KB pages (SQLite's default is 4 KB): a full sync of 10,000 chargebacks
    // writes about 110 MB, and SQLite writes the WAL and copies it back one page per system call,
    // so a quarter as many pages cost its commits less than half the CPU (0.30 s to 0.12 s of a
    // full sync's). The rows are a few hundred bytes to 2 KB, so a page still holds several. Set
    // before anything is written; a file made with other pages keeps them (the pragma is ignored).
    db.exec(`PRAGMA page_size = ${PAGE_BYTES}`);
    db.exec(
      `PRAGMA busy_timeout = ${opts.busyTimeoutMs ?? 5000}; PRAGMA journal_mode = WAL; ` +
        'PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;',
    );
    // A full sync commits hundreds of pages, each touching a few hundred index pages: with the
    // default checkpoint every 1,000 WAL pages (4 MB of 4 KB pages) it stopped every few commits to
    // copy and fsync the database, a sixth of its time. Every 40 MB (10,000 pages of 4 KB, 2,500 of
    // 16 KB: counted in the file's own pages) copies each page once for many commits. Nothing else
    // changes: each commit is still in the WAL when it returns (kill -9 loses nothing committed),
    // and under synchronous = NORMAL the WAL is made durable at the checkpoints, as before, only
    // less often; a power cut rolls back whole transactions, never part of one, and a sync page
    // goes with its cursor.
    const pageBytes = (db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size;
    db.exec(`PRAGMA wal_autocheckpoint = ${Math.ceil(CHECKPOINT_BYTES / pageBytes)};`);
    // SQLite's default page cache (2 MB) is smaller than one sync batch with the index pages it
    // touches: a full sync of 10,000 chargebacks read 490 MB back from the file and spilled pages
    // to the WAL before their commit (400 MB written). With 16 MB it reads 210 MB and writes 300
    // MB, for a little more of the app's memory while a sync runs.
    db.exec('PRAGMA cache_size = -16000;');
    const version = schemaVersion(db);
    // A copy before the schema changes: a migration that goes wrong never costs the merchant's data.
    if (onDisk && version > 0 && version < (opts.migrateUpTo ?? migrations.length))
      backupDatabase(db, file, `before-schema-${version + 1}`, opts.now);
    migrate(db, opts.migrateUpTo);
  } catch (e) {
    db.close();
    throw e;
  }
  return {
    db,
    file,
    transaction: transactionRunner(db),
    close() {
      try {
        db.close();
      } finally {
        lock?.release();
      }
    },
    ...(recovery ? { recovery } : {}),
  };
}
