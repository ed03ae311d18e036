// Each outbox job's own record of itself, beside its files (outbox/<job>/job.json): the
// chargeback, the answer and its amount, its documents, each step's request token and state,
// and what the service held before the job wrote (its baseline). It is written atomically after
// every change the database commits and before any request that change leads to, so it is never
// behind what was sent. A database that is lost, emptied or restored from an older copy gets its
// queue back from these (outbox-rebuild.ts), with the same request tokens: the service refuses a token it
// has seen, and a step that may have gone is read back before anything is resent.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { outboxJobSchema } from '../../shared/outbox.ts';
import { profileSchema } from '../../shared/profiles.ts';
import { writeAtomicSync } from '../fs/write-atomic.ts';
import { AppError } from '../../shared/errors.ts';

/** Where the outbox keeps its jobs' folders, inside the data folder, and one job's folder. */
export const outboxFolder = (home: string): string => join(home, 'outbox');
export const jobFolder = (home: string, jobId: string): string => join(outboxFolder(home), jobId);

export const MANIFEST = 'job.json';

export const baselineSchema = z.object({
  messages: z.array(z.string()).optional(),
  documents: z.array(z.string()),
  /** The first step not yet done when the baseline was read. */
  from: z.number().int(),
});

/** The profile as the job was queued under it, without its alert receiver (whose secret stays in
 * the database): what a database lost with its profiles needs to send the job. The key is in the
 * keychain, under the profile's ID. */
const manifestProfileSchema = profileSchema.omit({ alertReceiver: true });

export const manifestSchema = z.object({
  version: z.literal(1),
  /** Counts the job's changes: of the database's copy and this one, the higher is the newer. */
  rev: z.number().int().nonnegative(),
  job: outboxJobSchema,
  /** Each step's file (its name in the job's folder; none for the message) and request token. */
  files: z.array(z.object({ position: z.number().int(), name: z.string(), requestToken: z.string().min(1) })),
  baseline: baselineSchema.optional(),
  profile: manifestProfileSchema.optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const manifestPath = (folder: string): string => join(folder, MANIFEST);

/** The name a step's file is kept under in its job's folder (never a path: the data folder may
 * have moved since). */
export const fileName = (path: string): string => (path ? basename(path) : '');

export function writeManifest(folder: string, m: Manifest): void {
  try {
    writeAtomicSync(manifestPath(folder), JSON.stringify(manifestSchema.parse(m)));
  } catch (e) {
    throw new AppError(
      'internal',
      `The outbox could not save its record of job ${m.job.id} in ${folder} ` +
        `(${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); nothing more of it is sent ` +
        'until it can. Free some space or check the folder, then try again.',
      { cause: e },
    );
  }
}

/** The job's manifest, `undefined` when there is none, or why it cannot be used. */
export function readManifest(folder: string): { manifest: Manifest } | { problem: string } | undefined {
  const path = manifestPath(folder);
  if (!existsSync(path)) return undefined;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (!parsed.success) return { problem: `its record ${path} is not one Dispute Desk wrote` };
    if (parsed.data.job.id !== basename(folder)) return { problem: `its record ${path} names another job` };
    return { manifest: parsed.data };
  } catch (e) {
    return { problem: `its record ${path} cannot be read (${(e as Error).message})` };
  }
}
