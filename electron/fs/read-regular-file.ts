// Reads a file someone chose, once and within bounds. What the walk saw may be swapped before it
// is read (a file replaced by a pipe hangs a read for ever; a link to /proc/self/pagemap says
// "0 bytes" and reads until memory runs out), so the check is made on the opened descriptor: no
// link followed at the last step, no waiting on a pipe, only a regular file, the very file the
// walk saw, and never more than the size it declared plus one byte to catch a lie.
import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';

export type NotAFile = 'pipe' | 'socket' | 'device' | 'folder' | 'special';

export type RegularFileRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; why: NotAFile }
  | { ok: false; why: 'too-large'; size: number }
  /** Replaced, grown or shrunk since it was listed or while it was read. */
  | { ok: false; why: 'changed' }
  /** Says it is empty yet gives bytes: a system file whose contents are made as it is read. */
  | { ok: false; why: 'generated' };

/** What a non-regular file is, for its refusal. */
export function notAFile(info: Stats): NotAFile | undefined {
  if (info.isFile()) return undefined;
  if (info.isFIFO()) return 'pipe';
  if (info.isSocket()) return 'socket';
  if (info.isBlockDevice() || info.isCharacterDevice()) return 'device';
  if (info.isDirectory()) return 'folder';
  return 'special';
}

/** Opens `path` without following a link in its last part and without blocking (a pipe with no
 * writer opens at once), then reads it only if it is a regular file of at most `maxBytes` and,
 * when `expect` is given, the same file (device and inode) as the one listed. System errors
 * (missing, no permission) are thrown for the caller to word. */
export async function readRegularFile(
  path: string,
  o: { maxBytes: number; expect?: { dev: number; ino: number } },
): Promise<RegularFileRead> {
  // Windows has neither flag; there a pipe or device is not reachable by a plain path.
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  let fh;
  try {
    fh = await open(path, flags);
  } catch (e) {
    // O_NOFOLLOW refuses a link with ELOOP: the walk saw a file here, so it was swapped for one.
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') return { ok: false, why: 'changed' };
    throw e;
  }
  try {
    const info = await fh.stat();
    const not = notAFile(info);
    if (not) return { ok: false, why: not };
    if (o.expect && (info.dev !== o.expect.dev || info.ino !== o.expect.ino)) return { ok: false, why: 'changed' };
    if (info.size > o.maxBytes) return { ok: false, why: 'too-large', size: info.size };
    // One byte more than declared catches a lie; a few KB at least, as some system files refuse
    // reads smaller than a record (/proc/self/pagemap reads in eights).
    const buf = Buffer.alloc(Math.max(info.size + 1, 4096));
    let got = 0;
    while (got < buf.length) {
      const { bytesRead } = await fh.read(buf, got, buf.length - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    if (got > info.size) return { ok: false, why: info.size === 0 ? 'generated' : 'changed' };
    if (got < info.size) return { ok: false, why: 'changed' };
    return { ok: true, bytes: buf.subarray(0, got) };
  } finally {
    await fh.close();
  }
}
