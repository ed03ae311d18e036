// The database is checked before it is used and copied before it is changed: a file that is empty,
// cut short, not SQLite or failing SQLite's quick_check is never opened as if nothing happened and
// never recreated silently. It is moved aside whole (with its WAL), the newest good backup is put
// in its place (or, with none, an empty database), and the recovery report says exactly what
// happened and what is gone (electron/store/salvage.ts brings back what the damaged file still holds).
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
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

const header = Buffer.from('SQLite format 3\0', 'latin1');
const dailyMs = 24 * 60 * 60_000;
const keepDaily = 7;
const keepBeforeMigration = 3;

export type FileState = { state: 'missing' } | { state: 'ok' } | { state: 'damaged'; reason: string };

export function backupDir(file: string): string {
  return join(dirname(file), 'backups');
}

/** What the file on disk is, read without changing it. */
export function inspectDatabaseFile(file: string): FileState {
  if (!existsSync(file)) return { state: 'missing' };
  const size = statSync(file).size;
  if (size === 0) return { state: 'damaged', reason: 'the database file is empty (0 bytes)' };
  const head = Buffer.alloc(100);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, 100, 0);
  } finally {
    closeSync(fd);
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
    const rows = db.prepare('PRAGMA quick_check(5)').all() as Array<Record<string, string>>;
    const problems = rows.map((r) => Object.values(r)[0]).filter((v) => v !== 'ok');
    if (problems.length) return { state: 'damaged', reason: `SQLite's check failed: ${problems.join('; ')}` };
    return { state: 'ok' };
  } catch (e) {
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
  takenAt: number;
  label: string;
}

/** The backups beside the database, newest first. */
export function listBackups(file: string): Backup[] {
  const dir = backupDir(file);
  if (!existsSync(dir)) return [];
  const stem = basename(file, '.db');
  return readdirSync(dir)
    .map((name) => /^(.+)-(\d{13})-([a-z0-9-]+)\.db$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null && m[1] === stem)
    .map((m) => ({ path: join(dir, m[0]), takenAt: Number(m[2]), label: m[3]! }))
    .sort((a, b) => b.takenAt - a.takenAt);
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
  const path = join(dir, `${basename(file, '.db')}-${now}-${label}.db`);
  const partial = `${path}.partial`;
  rmSync(partial, { force: true });
  db.exec(`VACUUM INTO '${partial.replaceAll("'", "''")}'`);
  renameSync(partial, path);
  const all = listBackups(file);
  const daily = all.filter((b) => b.label === 'daily').slice(keepDaily);
  const migration = all.filter((b) => b.label !== 'daily').slice(keepBeforeMigration);
  for (const old of [...daily, ...migration]) rmSync(old.path, { force: true });
  return { path, takenAt: now, label };
}

/** A daily copy: made when the newest copy (of either kind) is a day old (at open, and on the
 * app's daily timer). */
export function backupIfDue(db: DatabaseSync, file: string, now = Date.now()): Backup | undefined {
  const newest = listBackups(file)[0];
  if (newest && now - newest.takenAt < dailyMs) return undefined;
  return backupDatabase(db, file, 'daily', now);
}

/** Moves the damaged file and its WAL/SHM into damaged/<time>/; nothing is deleted. */
export function setAside(file: string, now = Date.now()): { dir: string; file: string } {
  const dir = join(dirname(file), 'damaged', new Date(now).toISOString().replace(/[:.]/g, '-'));
  mkdirSync(dir, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, join(dir, basename(file) + suffix));
  }
  return { dir, file: join(dir, basename(file)) };
}

/** Puts the newest backup that passes the same check in place of the database, if any does. */
export function restoreNewestGood(
  file: string,
):
  | { backup: Backup; skipped: Array<{ backup: Backup; reason: string }> }
  | { backup: undefined; skipped: Array<{ backup: Backup; reason: string }> } {
  const skipped: Array<{ backup: Backup; reason: string }> = [];
  for (const b of listBackups(file)) {
    const s = inspectDatabaseFile(b.path);
    if (s.state === 'ok') {
      copyFileSync(b.path, `${file}.restoring`);
      renameSync(`${file}.restoring`, file);
      return { backup: b, skipped };
    }
    skipped.push({ backup: b, reason: s.state === 'damaged' ? s.reason : 'missing' });
  }
  return { backup: undefined, skipped };
}
