// The outbox's durable state: jobs and their steps in the database, each change committed
// before the network is touched, so a crash always leaves a state the outbox can resume from.
// Who is working a job is recorded too (a lease), so two senders — two rounds in one process,
// or the app and the CLI on the same data folder — never send the same job at once.
// After every change is committed, and before the request it leads to, the job's manifest in its
// folder is brought up to date (manifest.ts): the queue outlives the database.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';
import type { Connection } from './connection.ts';
import { outboxJobSchema, outboxStepSchema, type OutboxJob, type OutboxStep } from '../../shared/outbox.ts';
import { profileSchema } from '../../shared/profiles.ts';
import { fileName, jobFolder, writeManifest, type baselineSchema, type Manifest } from './outbox-manifest.ts';

export interface StepFile {
  path: string;
  requestToken: string;
}

/** The sender holding a job: an outbox instance in a process, until a time it keeps renewing. */
export interface Lease {
  owner: string;
  pid: number;
  until: number;
}

/** What the service held for the chargeback before this job sent anything since it last knew
 * exactly where it stood: a record not in here that fits a step is that step's write. */
export type Baseline = z.infer<typeof baselineSchema>;

export interface JobControl {
  lease?: Lease;
  baseline?: Baseline;
  /** Counts the job's changes, as its manifest does: the higher of the two is the newer. */
  rev?: number;
}

export type StoredJob = OutboxJob & { files: Map<number, StepFile>; control: JobControl };

/** A job as the window and the CLI see it: without its files' paths and its sender's control. */
export function publicJob(j: OutboxJob & { files?: unknown; control?: unknown }): OutboxJob {
  const { files: _files, control: _control, ...rest } = j;
  return rest;
}

type JobRow = { id: string; json: string; state: string };
type StepRow = { position: number; json: string; state: string; request_token: string };

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lease counts while it is in time and its process lives: a sender killed mid-job leaves a
 * lease that the next sender may take over at once. */
export function leaseLive(lease: Lease | undefined, now: number): lease is Lease {
  if (!lease || lease.until <= now) return false;
  return lease.pid === process.pid || processAlive(lease.pid);
}

export function createOutboxRepo(d: Connection) {
  const db = d.db;
  // The data folder is the database's; an in-memory database (tests) keeps no manifests.
  const home = d.file === ':memory:' ? undefined : dirname(d.file);
  /** Jobs changed since their manifests were last written. */
  const pending = new Set<string>();
  const jobRow = db.prepare('SELECT id, json, state FROM outbox_jobs WHERE id = ?');
  const stepRows = db.prepare(
    'SELECT position, json, state, request_token FROM outbox_steps WHERE job_id = ? ORDER BY position',
  );

  function hydrate(row: JobRow): StoredJob {
    const steps = stepRows.all(row.id) as StepRow[];
    const files = new Map<number, StepFile>();
    const parsedSteps: OutboxStep[] = steps.map((s) => {
      const j = JSON.parse(s.json) as OutboxStep & { path?: string };
      files.set(s.position, { path: j.path ?? '', requestToken: s.request_token });
      const { path: _path, ...rest } = j;
      return outboxStepSchema.parse({ ...rest, state: s.state });
    });
    const raw = JSON.parse(row.json) as Record<string, unknown> & JobControl;
    const control: JobControl = {
      ...(raw.lease ? { lease: raw.lease } : {}),
      ...(raw.baseline ? { baseline: raw.baseline } : {}),
      ...(raw.rev !== undefined ? { rev: raw.rev } : {}),
    };
    return { ...outboxJobSchema.parse({ ...raw, id: row.id, state: row.state, steps: parsedSteps }), files, control };
  }

  function readJson(id: string): { row: JobRow; json: Record<string, unknown> & JobControl } | undefined {
    const row = jobRow.get(id) as JobRow | undefined;
    return row ? { row, json: JSON.parse(row.json) as Record<string, unknown> & JobControl } : undefined;
  }

  const revOf = (json: { rev?: unknown }): number => (typeof json.rev === 'number' ? json.rev : 0);

  function writeJob(id: string, state: string, json: Record<string, unknown>, now: number): void {
    const { state: _state, ...rest } = json;
    db.prepare('UPDATE outbox_jobs SET state = ?, json = ?, updated_at = ? WHERE id = ?').run(
      state,
      JSON.stringify({ ...rest, updatedAt: now, rev: revOf(rest) + 1 }),
      now,
      id,
    );
    pending.add(id);
  }

  /** The job's manifest as the database now has it. */
  function manifestOf(job: StoredJob): Manifest {
    const row = db.prepare('SELECT json FROM profiles WHERE id = ?').get(job.profileId) as { json: string } | undefined;
    const parsed = row ? profileSchema.safeParse(JSON.parse(row.json)) : undefined;
    const { alertReceiver: _receiver, ...profile } = parsed?.success ? parsed.data : ({} as Record<string, never>);
    return {
      version: 1,
      rev: job.control.rev ?? 0,
      job: publicJob(job),
      files: [...job.files].map(([position, f]) => ({
        position,
        name: fileName(f.path),
        requestToken: f.requestToken,
      })),
      ...(job.control.baseline ? { baseline: job.control.baseline } : {}),
      ...(parsed?.success ? { profile: profile as Manifest['profile'] } : {}),
    };
  }

  /** Writes the manifests of the jobs changed, once what changed them is committed (inside a
   * transaction it waits for the outermost one to end: what is written is what the database
   * holds). A job whose folder is gone (it ended) has none. One that cannot be written stays
   * due; the job named by `strictFor` (about to send a request) then throws, so nothing is sent
   * that its manifest lacks. Another job's failure stays that job's: it never stops this one. */
  function flush(strictFor?: string): void {
    if (!home || db.isTransaction) return;
    let failure: unknown;
    for (const id of [...pending]) {
      pending.delete(id);
      const job = get(id);
      const folder = jobFolder(home, id);
      try {
        if (job && existsSync(folder)) writeManifest(folder, manifestOf(job));
      } catch (e) {
        pending.add(id);
        if (id === strictFor) failure = e;
      }
    }
    if (failure) throw failure;
  }

  /** Runs a change and then brings the manifests up to date. */
  function changing<T>(fn: () => T, strictFor?: string): T {
    const out = d.transaction(fn);
    flush(strictFor);
    return out;
  }

  function setStepRow(jobId: string, position: number, patch: Partial<OutboxStep>): void {
    const row = db
      .prepare('SELECT json, state FROM outbox_steps WHERE job_id = ? AND position = ?')
      .get(jobId, position) as { json: string; state: string };
    const json = { ...JSON.parse(row.json), ...patch };
    for (const k of Object.keys(patch) as Array<keyof OutboxStep>) if (patch[k] === undefined) delete json[k];
    db.prepare('UPDATE outbox_steps SET state = ?, json = ? WHERE job_id = ? AND position = ?').run(
      patch.state ?? row.state,
      JSON.stringify(json),
      jobId,
      position,
    );
    // Bytes sent are only for the progress bar: not worth a manifest (an upload is resent whole).
    if (Object.keys(patch).some((k) => k !== 'sentBytes')) {
      const found = readJson(jobId)!;
      db.prepare('UPDATE outbox_jobs SET json = ? WHERE id = ?').run(
        JSON.stringify({ ...found.json, rev: revOf(found.json) + 1 }),
        jobId,
      );
      pending.add(jobId);
    }
  }

  function setStep(jobId: string, position: number, patch: Partial<OutboxStep>): void {
    changing(() => setStepRow(jobId, position, patch));
  }

  function get(id: string): StoredJob | undefined {
    const row = jobRow.get(id) as JobRow | undefined;
    return row ? hydrate(row) : undefined;
  }

  const working = (state: string): boolean => state === 'queued' || state === 'sending';

  return {
    transaction: <T>(fn: () => T): T => changing(fn),

    /** A new job, or one brought back (from a damaged file, or its manifest) with its baseline
     * and change count; never its lease. */
    insert(job: OutboxJob, files: Map<number, StepFile>, control: Omit<JobControl, 'lease'> = {}): void {
      changing(() => {
        const { steps, ...rest } = job;
        const json = { ...rest, ...(control.baseline ? { baseline: control.baseline } : {}), rev: control.rev ?? 0 };
        db.prepare(
          'INSERT INTO outbox_jobs (id, profile_id, chargeback_id, state, ' +
            'json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).run(job.id, job.profileId, job.chargebackId, job.state, JSON.stringify(json), job.createdAt, job.updatedAt);
        pending.add(job.id);
        for (const s of steps) {
          const f = files.get(s.position)!;
          db.prepare(
            'INSERT INTO outbox_steps (job_id, position, kind, state, request_token, json) VALUES (?, ?, ?, ?, ?, ?)',
          ).run(job.id, s.position, s.kind, s.state, f.requestToken, JSON.stringify({ ...s, path: f.path }));
        }
      });
    },
    get,
    list(o: { states?: readonly string[]; profileId?: string } = {}): StoredJob[] {
      // Insertion order breaks ties: answers made in the same millisecond still go in order.
      const rows = db.prepare('SELECT id, json, state FROM outbox_jobs ORDER BY created_at, rowid').all() as JobRow[];
      return rows
        .filter((r) => !o.states || o.states.includes(r.state))
        .map(hydrate)
        .filter((j) => !o.profileId || j.profileId === o.profileId);
    },
    setJob(id: string, patch: Partial<Pick<OutboxJob, 'state' | 'error' | 'warnings'>>, now = Date.now()): void {
      changing(() => {
        const { row, json } = readJson(id)!;
        const next: Record<string, unknown> = { ...json, ...patch };
        if (patch.error === undefined && 'error' in patch) delete next.error;
        writeJob(id, patch.state ?? row.state, next, now);
      });
    },
    setStep,
    setBaseline(id: string, baseline: Baseline, now = Date.now()): void {
      changing(() => {
        const { row, json } = readJson(id)!;
        writeJob(id, row.state, { ...json, baseline }, now);
      });
    },
    /** The manifest of a job as the database holds it now (rebuild.ts writes missing ones). */
    manifestOf,
    /** Brings the job's manifest up to date with the database now. */
    saveManifest(id: string): void {
      pending.add(id);
      flush();
    },

    /** Takes a waiting job for `owner`: only from queued (or a sending job whose sender is
     * gone), never one another sender holds. One transaction: of two senders, one wins. */
    claim(id: string, owner: string, now: number, leaseMs: number): boolean {
      return changing(() => {
        const found = readJson(id);
        if (!found || !working(found.row.state)) return false;
        const lease = found.json.lease;
        if (lease && lease.owner !== owner && leaseLive(lease, now)) return false;
        writeJob(id, 'sending', { ...found.json, lease: { owner, pid: process.pid, until: now + leaseMs } }, now);
        return true;
      });
    },
    renew(id: string, owner: string, until: number): void {
      d.transaction(() => {
        const found = readJson(id);
        if (found?.json.lease?.owner !== owner) return;
        db.prepare('UPDATE outbox_jobs SET json = ? WHERE id = ?').run(
          JSON.stringify({ ...found.json, lease: { ...found.json.lease, until } }),
          id,
        );
      });
    },
    /** Commits a step's attempt, in the same transaction as the check that the job is still
     * held by `owner` and neither paused nor cancelled: a pause or cancel from anywhere either
     * lands before (nothing is sent) or finds the step already on its way. */
    beginStep(id: string, owner: string, position: number, patch: Partial<OutboxStep>, now: number): boolean {
      // The manifest says "sending" before this returns, so before the request goes.
      return changing(() => {
        const found = readJson(id);
        if (!found || !working(found.row.state) || found.json.lease?.owner !== owner) return false;
        if (found.row.state !== 'sending') writeJob(id, 'sending', found.json, now);
        setStepRow(id, position, patch);
        return true;
      }, id);
    },
    /** Gives a job back. Its state becomes `state` only while it is still being worked (queued
     * or sending): a pause, cancel or dismissal made meanwhile stands; all steps done stands
     * over a pause, as it is a fact. */
    release(
      id: string,
      owner: string,
      outcome: { state: 'queued' | 'failed' | 'done'; error?: string } | undefined,
      now: number,
    ): string | undefined {
      return changing(() => {
        const found = readJson(id);
        if (!found) return undefined;
        const { lease, ...json } = found.json;
        if (lease && lease.owner !== owner) return found.row.state;
        let state = found.row.state;
        if (outcome && (working(state) || (outcome.state === 'done' && state === 'paused'))) {
          state = outcome.state;
          if (outcome.error !== undefined) json.error = outcome.error;
          else if (outcome.state !== 'queued') delete json.error;
        }
        writeJob(id, state, json, now);
        return state;
      });
    },
    remove(id: string): void {
      db.prepare('DELETE FROM outbox_jobs WHERE id = ?').run(id);
    },
  };
}
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
