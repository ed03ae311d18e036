// Where the outbox keeps answers' files, inside the data folder: each job's own folder
// (outbox/<job>/), and staging folders (outbox/staging-<pid>-XXXXXX/) that a packet is built
// straight into before its job exists. Both are on one disk, so queuing a staged packet moves its
// files into the job's folder: the packet is written once, by its build.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { withTempFolder } from '../fs/temp-folder.ts';
import { processAlive } from '../store/outbox-repo.ts';
import { MANIFEST, jobFolder, outboxFolder, readManifest } from '../store/outbox-manifest.ts';

const STAGING = 'staging-';

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

/** How long an ended job's manifest is kept: longer than the oldest backup a restore may bring
 * back (a daily one lives a week), so a job that backup still has as queued is known to be over
 * and is never sent again. */
export const KEEP_ENDED_MANIFEST_MS = 60 * 24 * 60 * 60_000;

/** A job's files go when it ends (done, cancelled, dismissed); its manifest, which says it ended,
 * stays a while (KEEP_ENDED_MANIFEST_MS). */
export async function clearEndedJob(home: string, jobId: string): Promise<void> {
  const folder = jobFolder(home, jobId);
  for (const name of await readdir(folder).catch(() => [] as string[]))
    if (name !== MANIFEST) await rm(join(folder, name), { recursive: true, force: true });
}

const endedStates: ReadonlySet<string> = new Set(['done', 'cancelled', 'dismissed']);

/** A process killed as a job ended leaves its files, as a kill (SIGKILL, a power cut) during a
 * build leaves its staging folder. Each sender, when it starts, removes those: only of jobs that
 * are over and of processes that are gone, never a job still to send, nor a folder with no job
 * (the damaged-database salvage reads it). An ended job's folder goes whole once its manifest is
 * old enough (or it has none). */
export async function removeLeftFolders(
  home: string,
  stateOf: (jobId: string) => string | undefined,
  now: number = Date.now(),
): Promise<void> {
  const root = outboxFolder(home);
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const state = stateOf(name);
    const pid = name.startsWith(STAGING) ? Number(name.slice(STAGING.length).split('-')[0]) : undefined;
    const orphanStaging = pid !== undefined && Number.isSafeInteger(pid) && pid !== process.pid && !processAlive(pid);
    if (orphanStaging) await rm(join(root, name), { recursive: true, force: true });
    if (state === undefined || !endedStates.has(state)) continue;
    const own = readManifest(join(root, name));
    const keep = own && 'manifest' in own && now - own.manifest.job.updatedAt < KEEP_ENDED_MANIFEST_MS;
    if (keep) await clearEndedJob(home, name);
    else await rm(join(root, name), { recursive: true, force: true });
  }
}

/** A profile removed takes its jobs with it (the database deletes their rows): their folders go
 * first, so no manifest is left to bring them back. `jobIds`: its jobs the database knows. */
export function removeJobFoldersOf(home: string, profileId: string, jobIds: readonly string[]): void {
  const root = outboxFolder(home);
  const names = existsSync(root) ? readdirSync(root).filter((n) => n.startsWith('job_')) : [];
  for (const name of names) {
    const own = readManifest(join(root, name));
    const its = jobIds.includes(name) || (own && 'manifest' in own && own.manifest.job.profileId === profileId);
    if (its) rmSync(join(root, name), { recursive: true, force: true });
  }
}
