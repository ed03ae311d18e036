// Why a database could not be opened or read, told apart, and said in words a merchant can act
// on. Only SQLite saying the file itself is not a sound database counts as damage (and only
// damage ever leads to moving the file aside): a lock held by another process, a full disk, a
// read-only folder or a disk that fails to answer leave the file exactly where it is.
import { accessSync, constants, statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '../../shared/errors.ts';
import { isLockedError } from './open-lock.ts';

/** Why the file could not be used, when the file itself is not at fault. */
export type OpenProblem =
  | { problem: 'locked' }
  | { problem: 'disk-full' }
  | { problem: 'read-only' }
  | { problem: 'io'; detail: string }
  | { problem: 'cannot-open'; detail: string };

/** SQLite's primary result codes that mean the file's content is not a database. */
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;
const SQLITE_FULL = 13;
const SQLITE_IOERR = 10;

/** Less than this free on the disk, an I/O failure is taken as the disk being full (SQLite
 * reports a full disk while it makes its `-shm` file as "disk I/O error", not as "full"). */
const NEARLY_FULL_BYTES = 1024 * 1024;

const primaryCode = (e: unknown): number | undefined => {
  const code = (e as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' ? code & 0xff : undefined;
};

/** SQLite found the file's content to be no sound database. */
export function isDamageError(e: unknown): boolean {
  const code = primaryCode(e);
  return code === SQLITE_CORRUPT || code === SQLITE_NOTADB;
}

export function folderWritable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function diskNearlyFull(dir: string): boolean {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}

/** What an error from opening or reading `file` says about its surroundings; undefined when it
 * is damage (or nothing this module knows). */
export function openProblemOf(e: unknown, file: string): OpenProblem | undefined {
  if (isDamageError(e)) return undefined;
  const dir = dirname(file);
  const code = primaryCode(e);
  const errno = (e as NodeJS.ErrnoException | null)?.code;
  const detail = (e as Error | null)?.message ?? String(e);
  if (isLockedError(e)) return { problem: 'locked' };
  if (code === SQLITE_FULL || errno === 'ENOSPC' || errno === 'EDQUOT') return { problem: 'disk-full' };
  if (errno === 'EROFS' || !folderWritable(dir)) return { problem: 'read-only' };
  if (code === SQLITE_IOERR || errno === 'EIO')
    return diskNearlyFull(dir) ? { problem: 'disk-full' } : { problem: 'io', detail };
  if (code !== undefined || errno !== undefined) return { problem: 'cannot-open', detail };
  return undefined;
}

/** The merchant's words for a problem: what it is, that nothing was changed, what to do. */
export function openProblemError(p: OpenProblem, file: string, cause?: unknown): AppError {
  const dir = dirname(file);
  const kept = 'Nothing was changed: the database is where it was.';
  const options = cause ? { cause } : undefined;
  switch (p.problem) {
    case 'locked':
      return new AppError(
        'conflict',
        `The database in ${dir} is busy: another Dispute Desk (a window or a command) kept it locked ` +
          `longer than Dispute Desk waits. ${kept} Try again in a moment; if it stays busy, close the ` +
          'other Dispute Desk windows and commands first.',
        options,
      );
    case 'disk-full':
      return new AppError(
        'internal',
        `The disk that holds ${dir} is full, so the database cannot be opened. ${kept} ` +
          'Free some space, then start again.',
        options,
      );
    case 'read-only':
      return new AppError(
        'internal',
        `The data folder ${dir} is read-only, so Dispute Desk cannot open its database there. ${kept} ` +
          'Make the folder writable (or mount its disk read-write), or choose another data folder with ' +
          '--home or DISPUTE_DESK_HOME, then start again.',
        options,
      );
    case 'io':
      return new AppError(
        'internal',
        `The disk that holds ${dir} failed to read or write (${p.detail}). ${kept} ` +
          'Check the disk is connected and healthy, then start again.',
        options,
      );
    case 'cannot-open':
      return new AppError('internal', `The database in ${dir} could not be opened (${p.detail}). ${kept}`, options);
  }
}
