// Work folders in the system's temp folder (a packet built before it is queued, a preview): made
// and removed in one place, so each is removed on every way out. The work's own `finally`
// removes it when the work ends, fails or is cancelled; a process that exits while the work is
// still running (process.exit, a second Ctrl-C, an uncaught error) removes it on its 'exit'
// event. Only SIGKILL or a power cut can leave one, and then only in the temp folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const live = new Set<string>();
let exitHookSet = false;

function removeLiveSync(): void {
  for (const dir of live) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Exiting: a folder that cannot go now is the OS's to clear.
    }
  }
  live.clear();
}

/** Runs `fn` with a fresh folder `<tmp>/<prefix>XXXXXX`, removed when `fn` settles or the process exits.
 * `parent` puts it elsewhere (the outbox's staging folders live in the data folder, so that what is
 * built there is moved into a job, not copied). */
export async function withTempFolder<T>(
  prefix: string,
  fn: (dir: string) => Promise<T>,
  parent = tmpdir(),
): Promise<T> {
  if (!exitHookSet) {
    process.on('exit', removeLiveSync);
    exitHookSet = true;
  }
  const dir = await mkdtemp(join(parent, prefix));
  live.add(dir);
  try {
    return await fn(dir);
  } finally {
    try {
      await rm(dir, { recursive: true, force: true });
      live.delete(dir);
    } catch {
      // Still in use (a viewer holding a file on Windows): the exit hook tries again.
    }
  }
}

/** Work folders in use now (tests). */
export function liveTempFolders(): string[] {
  return [...live];
}
