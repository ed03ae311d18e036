// Where the outbox keeps answers' files, inside the data folder: each job's own folder
// (outbox/<job>/), and staging folders (outbox/staging-<pid>-XXXXXX/) that a packet is built
// straight into before its job exists. Both are on one disk, so queuing a staged packet moves its
// files into the job's folder: the packet is written once, by its build.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { withTempFolder } from '../fs/temp-folder.ts';
import { processAlive } from './outbox-repo.ts';

const STAGING = 'staging-';

export const outboxFolder = (home: string): string => join(home, 'outbox');
export const jobFolder = (home: string, jobId: string): string => join(outboxFolder(home), jobId);

/** Runs `fn` with a staging folder of its own, removed when `fn` settles, however it settles, or
 * when the process exits under it. What `fn` queues from it has been moved out by then. */
export async function withStagingFolder<T>(home: string, fn: (dir: string) => Promise<T>): Promise<T> {
  await mkdir(outboxFolder(home), { recursive: true });
  return withTempFolder(`${STAGING}${process.pid}-`, fn, outboxFolder(home));
}

/** A file in one of this data folder's staging folders: its job may take it over (move it). */
export function isStaged(home: string, path: string): boolean {
  const inside = relative(outboxFolder(home), path);
  return inside.startsWith(STAGING) && !inside.startsWith('..') && inside.includes(sep);
}

/** A job's files go when it ends (done, cancelled, dismissed); a process killed between the two
 * leaves the folder, as a kill (SIGKILL, a power cut) during a build leaves its staging folder.
 * Each sender, when it starts, removes those: only of jobs that are over and of processes that
 * are gone, never a job still to send, nor a folder with no job (the damaged-database salvage
 * reads it). */
export async function removeLeftFolders(home: string, stateOf: (jobId: string) => string | undefined): Promise<void> {
  const root = outboxFolder(home);
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const state = stateOf(name);
    const ended = state === 'done' || state === 'cancelled' || state === 'dismissed';
    const pid = name.startsWith(STAGING) ? Number(name.slice(STAGING.length).split('-')[0]) : undefined;
    const orphanStaging = pid !== undefined && Number.isSafeInteger(pid) && pid !== process.pid && !processAlive(pid);
    if (ended || orphanStaging) await rm(join(root, name), { recursive: true, force: true });
  }
}
