// A file is written under a temporary name and renamed into place: readers and crashes see the
// old file or the new one, never half of it.
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

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
