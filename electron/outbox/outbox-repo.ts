// The outbox's durable state: jobs and their steps in the database, each change committed
// before the network is touched, so a crash always leaves a state the outbox can resume from.
import type { Database } from '../store/database.ts';
import { outboxJobSchema, outboxStepSchema, type OutboxJob, type OutboxStep } from '../../shared/outbox.ts';

export interface StepFile {
  path: string;
  requestToken: string;
}

type JobRow = { id: string; json: string; state: string };
type StepRow = { position: number; json: string; state: string; request_token: string };

export function createOutboxRepo(d: Database) {
  const db = d.db;
  const jobRow = db.prepare('SELECT id, json, state FROM outbox_jobs WHERE id = ?');
  const stepRows = db.prepare('SELECT position, json, state, request_token FROM outbox_steps WHERE job_id = ? ORDER BY position');

  function hydrate(row: JobRow): OutboxJob & { files: Map<number, StepFile> } {
    const steps = stepRows.all(row.id) as StepRow[];
    const files = new Map<number, StepFile>();
    const parsedSteps: OutboxStep[] = steps.map((s) => {
      const j = JSON.parse(s.json) as OutboxStep & { path?: string };
      files.set(s.position, { path: j.path ?? '', requestToken: s.request_token });
      const { path: _path, ...rest } = j;
      return outboxStepSchema.parse({ ...rest, state: s.state });
    });
    return { ...outboxJobSchema.parse({ ...JSON.parse(row.json), id: row.id, state: row.state, steps: parsedSteps }), files };
  }

  return {
    insert(job: OutboxJob, files: Map<number, StepFile>): void {
      d.transaction(() => {
        const { steps, ...rest } = job;
        db.prepare('INSERT INTO outbox_jobs (id, profile_id, chargeback_id, state, json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(job.id, job.profileId, job.chargebackId, job.state, JSON.stringify(rest), job.createdAt, job.updatedAt);
        for (const s of steps) {
          const f = files.get(s.position)!;
          db.prepare('INSERT INTO outbox_steps (job_id, position, kind, state, request_token, json) VALUES (?, ?, ?, ?, ?, ?)').run(job.id, s.position, s.kind, s.state, f.requestToken, JSON.stringify({ ...s, path: f.path }));
        }
      });
    },
    get(id: string) {
      const row = jobRow.get(id) as JobRow | undefined;
      return row ? hydrate(row) : undefined;
    },
    list(o: { states?: readonly string[]; profileId?: string } = {}) {
      const rows = db.prepare('SELECT id, json, state FROM outbox_jobs ORDER BY created_at, id').all() as JobRow[];
      return rows.filter((r) => !o.states || o.states.includes(r.state)).map(hydrate).filter((j) => !o.profileId || j.profileId === o.profileId);
    },
    setJob(id: string, patch: Partial<Pick<OutboxJob, 'state' | 'error' | 'warnings'>>, now = Date.now()): void {
      const row = jobRow.get(id) as JobRow;
      const json = { ...JSON.parse(row.json), ...patch, updatedAt: now };
      delete json.state;
      if (patch.error === undefined && 'error' in patch) delete json.error;
      db.prepare('UPDATE outbox_jobs SET state = ?, json = ?, updated_at = ? WHERE id = ?').run(patch.state ?? row.state, JSON.stringify(json), now, id);
    },
    setStep(jobId: string, position: number, patch: Partial<OutboxStep>): void {
      const row = db.prepare('SELECT json, state FROM outbox_steps WHERE job_id = ? AND position = ?').get(jobId, position) as { json: string; state: string };
      const json = { ...JSON.parse(row.json), ...patch };
      for (const k of Object.keys(patch) as Array<keyof OutboxStep>) if (patch[k] === undefined) delete json[k];
      db.prepare('UPDATE outbox_steps SET state = ?, json = ? WHERE job_id = ? AND position = ?').run(patch.state ?? row.state, JSON.stringify(json), jobId, position);
    },
    remove(id: string): void {
      db.prepare('DELETE FROM outbox_jobs WHERE id = ?').run(id);
    },
  };
}
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
