// A file is written under a temporary name and renamed into place: readers and crashes see the
// old file or the new one, never half of it.
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

export async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** The same, synchronously and made durable: the data is flushed to the disk before the rename,
 * so a power cut leaves the old file or the whole new one. For small records that must be on
 * disk before the caller goes on (an outbox job's manifest, before its request is sent). */
export function writeAtomicSync(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const fd = openSync(tmp, 'w');
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
