// The database is checked before it is used and copied before it is changed: a file that is empty,
// cut short, not SQLite or failing SQLite's quick_check is never opened as if nothing happened and
// never recreated silently. Only that is damage: a lock is waited for, and a full disk, a
// read-only folder or a failing disk are said as what they are (store/open-problems.ts), the
// file left where it is. A damaged file is moved aside whole (with its WAL) only once its
// replacement (the newest good backup, or with none an empty database) is ready beside it, and
// the recovery report says exactly what happened and what is gone (electron/store/salvage.ts
// brings back what the damaged file still holds).
import { DatabaseSync } from 'node:sqlite';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  rmdirSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { openProblemOf, type OpenProblem } from './open-problems.ts';
import { migrate } from './migrate.ts';

const header = Buffer.from('SQLite format 3\0', 'latin1');
const dailyMs = 24 * 60 * 60_000;
/** A backup dated more than this after now was taken while the clock was ahead. */
const clockSkewMs = 10 * 60_000;
const keepDaily = 7;
const keepBeforeMigration = 3;

export type FileState =
  | { state: 'missing' }
  | { state: 'ok' }
  | { state: 'damaged'; reason: string }
  | { state: 'unusable'; problem: OpenProblem; cause: unknown };

export function backupDir(file: string): string {
  return join(dirname(file), 'backups');
}

/** What the file on disk is, read without changing it. A lock held by another process is waited
 * for up to `waitMs`. */
export function inspectDatabaseFile(file: string, waitMs = 5000): FileState {
  if (!existsSync(file)) return { state: 'missing' };
  const size = statSync(file).size;
  if (size === 0) return { state: 'damaged', reason: 'the database file is empty (0 bytes)' };
  const head = Buffer.alloc(100);
  let read: number;
  try {
    const fd = openSync(file, 'r');
    try {
      read = readSync(fd, head, 0, 100, 0);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    const problem = openProblemOf(e, file);
    if (problem) return { state: 'unusable', problem, cause: e };
    throw e;
  }
  if (read < 100 || !head.subarray(0, 16).equals(header))
    return {
      state: 'damaged',
      reason: 'the file does not start with a SQLite header (it was overwritten or is not a database)',
    };
  const rawPageSize = head.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  // The page count in the header counts only while its "valid for" number matches the change counter.
  const pages = head.readUInt32BE(92) === head.readUInt32BE(24) ? head.readUInt32BE(28) : 0;
  // A checkpoint cut off by a crash can leave the header ahead of the file; the WAL then completes it.
  const wal = existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0;
  if (!wal && pages > 0 && size < pages * pageSize)
    return { state: 'damaged', reason: `the file is cut short: ${size} of its ${pages * pageSize} bytes are there` };
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file);
    // Another process writing, checkpointing or closing holds locks for moments: waited for, as
    // the app's own connection does, never read as damage.
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.round(waitMs))}`);
    const rows = db.prepare('PRAGMA quick_check(5)').all() as Array<Record<string, string>>;
    const problems = rows.map((r) => Object.values(r)[0]).filter((v) => v !== 'ok');
    if (problems.length) return { state: 'damaged', reason: `SQLite's check failed: ${problems.join('; ')}` };
    return { state: 'ok' };
  } catch (e) {
    const problem = openProblemOf(e, file);
    if (problem) return { state: 'unusable', problem, cause: e };
    return { state: 'damaged', reason: `SQLite cannot read it: ${(e as Error).message}` };
  } finally {
    try {
      db?.close();
    } catch {
      // A file that failed to open has nothing to close.
    }
  }
}

export interface Backup {
  path: string;
  /** The order the backups were taken in, whatever the clock said (0: named before it was kept). */
  seq: number;
  takenAt: number;
  label: string;
}

const backupName = /^(.+?)-(?:(\d{6})-)?(\d{13})-([a-z0-9-]+)\.db$/;

/** The backups beside the database, newest first: by the order they were taken in, not by the
 * clock's date (a clock that was ahead dates a backup in the future; it is still older than the
 * next one). */
export function listBackups(file: string): Backup[] {
  const dir = backupDir(file);
  if (!existsSync(dir)) return [];
  const stem = basename(file, '.db');
  return readdirSync(dir)
    .map((name) => backupName.exec(name))
    .filter((m): m is RegExpExecArray => m !== null && m[1] === stem)
    .map((m) => ({ path: join(dir, m[0]), seq: Number(m[2] ?? 0), takenAt: Number(m[3]), label: m[4]! }))
    .sort((a, b) => b.seq - a.seq || b.takenAt - a.takenAt);
}

/** A consistent copy of the open database (VACUUM INTO reads one snapshot), old ones pruned. */
export function backupDatabase(
  db: DatabaseSync,
  file: string,
  label: 'daily' | `before-schema-${number}`,
  now = Date.now(),
): Backup {
  const dir = backupDir(file);
  mkdirSync(dir, { recursive: true });
  const seq = (listBackups(file)[0]?.seq ?? 0) + 1;
  const path = join(dir, `${basename(file, '.db')}-${String(seq).padStart(6, '0')}-${now}-${label}.db`);
  const partial = `${path}.partial`;
  rmSync(partial, { force: true });
  try {
    db.exec(`VACUUM INTO '${partial.replaceAll("'", "''")}'`);
    renameSync(partial, path);
  } catch (e) {
    // A full disk leaves no half copy behind to be taken for a backup.
    rmSync(partial, { force: true });
    throw e;
  }
  const all = listBackups(file);
  const daily = all.filter((b) => b.label === 'daily').slice(keepDaily);
  const migration = all.filter((b) => b.label !== 'daily').slice(keepBeforeMigration);
  for (const old of [...daily, ...migration]) rmSync(old.path, { force: true });
  return { path, seq, takenAt: now, label };
}

/** A daily copy: made when the newest copy (of either kind) is a day old, or dated ahead of now
 * (taken while the clock was ahead: its age is unknown, so it never holds the next one back).
 * At open, and on the app's daily timer. */
export function backupIfDue(db: DatabaseSync, file: string, now = Date.now()): Backup | undefined {
  const newest = listBackups(file)[0];
  if (newest && now - newest.takenAt < dailyMs && newest.takenAt <= now + clockSkewMs) return undefined;
  return backupDatabase(db, file, 'daily', now);
}

/** The newest backup that passes the same check as the database, and those passed over. */
export function newestGoodBackup(file: string): {
  backup: Backup | undefined;
  skipped: Array<{ backup: Backup; reason: string }>;
} {
  const skipped: Array<{ backup: Backup; reason: string }> = [];
  for (const b of listBackups(file)) {
    const s = inspectDatabaseFile(b.path);
    if (s.state === 'ok') return { backup: b, skipped };
    skipped.push({
      backup: b,
      reason: s.state === 'damaged' ? s.reason : s.state === 'unusable' ? s.problem.problem : 'missing',
    });
  }
  return { backup: undefined, skipped };
}

/** The file that takes the database's place, made in full beside it first: a copy of `backup`,
 * or an empty database at the current schema. A full disk fails here, before anything moved. */
export function prepareReplacement(file: string, backup: Backup | undefined): string {
  const next = `${file}.restoring`;
  rmSync(next, { force: true });
  try {
    if (backup) copyFileSync(backup.path, next);
    else {
      const empty = new DatabaseSync(':memory:');
      try {
        migrate(empty);
        empty.exec(`VACUUM INTO '${next.replaceAll("'", "''")}'`);
      } finally {
        empty.close();
      }
    }
  } catch (e) {
    rmSync(next, { force: true });
    throw e;
  }
  return next;
}

const databaseParts = ['', '-wal', '-shm'] as const;

/** Puts `replacement` in the database's place; whatever was there (the file, its WAL and SHM; a
 * missing database's left-over WAL, which belongs to no backup) goes to damaged/<time>/. All or
 * nothing: a step that fails moves back what had moved, so the original is never left missing.
 * Nothing is deleted. */
export function replaceDatabase(
  file: string,
  replacement: string,
  now: number,
): { dir: string; file: string } | undefined {
  const parts = databaseParts.filter((suffix) => existsSync(file + suffix));
  const kept =
    parts.length > 0
      ? (() => {
          const dir = join(dirname(file), 'damaged', new Date(now).toISOString().replace(/[:.]/g, '-'));
          return { dir, file: join(dir, basename(file)) };
        })()
      : undefined;
  const moved: Array<[string, string]> = [];
  try {
    if (kept) {
      mkdirSync(kept.dir, { recursive: true });
      for (const suffix of parts) {
        const to = join(kept.dir, basename(file) + suffix);
        renameSync(file + suffix, to);
        moved.push([file + suffix, to]);
      }
    }
    renameSync(replacement, file);
    return kept;
  } catch (e) {
    for (const [from, to] of moved.reverse()) renameSync(to, from);
    if (kept)
      try {
        rmdirSync(kept.dir);
      } catch {
        // Not empty or already gone: left as it is.
      }
    rmSync(replacement, { force: true });
    throw e;
  }
}
