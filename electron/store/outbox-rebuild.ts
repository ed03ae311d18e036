// The queue from the outbox's own files, at every open of the database: a job whose manifest is
// newer than the database's row (or that the database lost: it was emptied, replaced, or restored
// from an older backup) is put back as its manifest says, request tokens and baseline included,
// so it is never sent twice: a step that may have gone is read back before anything is resent,
// and the service refuses a token it has seen. A job the database knows and whose manifest is
// missing or behind (queued before manifests were kept, or a write that failed) gets its manifest.
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection } from './connection.ts';
import { profileSchema } from '../../shared/profiles.ts';
import { createOutboxRepo, type StepFile } from './outbox-repo.ts';
import { MANIFEST, jobFolder, manifestPath, outboxFolder, readManifest, type Manifest } from './outbox-manifest.ts';

export interface RebuildReport {
  /** Jobs put back from their manifests. */
  rebuilt: Array<{ id: string; chargebackId: string; state: string }>;
  /** Profiles put back from a manifest, as the database had lost them (their keys are in the
   * keychain under the same ID, or must be given again). */
  profiles: string[];
  /** Job folders whose manifest could not be used, and why. */
  unusable: Array<{ folder: string; problem: string }>;
}

const ended = new Set(['done', 'cancelled', 'dismissed']);

export function rebuildFromManifests(d: Connection, home: string): RebuildReport {
  const report: RebuildReport = { rebuilt: [], profiles: [], unusable: [] };
  const root = outboxFolder(home);
  if (!existsSync(root)) return report;
  const repo = createOutboxRepo(d);
  const revOf = (id: string): number | undefined => {
    const row = d.db.prepare('SELECT json FROM outbox_jobs WHERE id = ?').get(id) as { json: string } | undefined;
    return row ? ((JSON.parse(row.json) as { rev?: number }).rev ?? 0) : undefined;
  };
  for (const id of readdirSync(root).filter((n) => n.startsWith('job_'))) {
    const folder = jobFolder(home, id);
    // One folder that cannot be put back (a manifest that does not fit together, a file another
    // process renamed meanwhile, a manifest that cannot be written) is reported, never a reason
    // for the database not to open.
    try {
      const read = readManifest(folder);
      if (!read) {
        const job = repo.get(id);
        if (job && !ended.has(job.state)) repo.saveManifest(id);
        continue;
      }
      if ('problem' in read) {
        if (revOf(id) !== undefined) repo.saveManifest(id);
        else {
          // Named once: kept under another name, so each later open does not say it again.
          renameSync(manifestPath(folder), `${manifestPath(folder)}.unreadable`);
          report.unusable.push({ folder, problem: `${read.problem} (kept as ${MANIFEST}.unreadable)` });
        }
        continue;
      }
      const m = read.manifest;
      const dbRev = revOf(id);
      if (dbRev !== undefined && dbRev > m.rev) repo.saveManifest(id);
      if (dbRev !== undefined && dbRev >= m.rev) continue;
      // Checked again inside the write: two processes opening at once rebuild a job once.
      const outcome = repo.transaction(() => {
        const now = revOf(id);
        if (now !== undefined && now >= m.rev) return 'current';
        const profileKnown = d.db.prepare('SELECT 1 FROM profiles WHERE id = ?').get(m.job.profileId) !== undefined;
        if (!profileKnown && !m.profile) return 'no-profile';
        if (!profileKnown) restoreProfile(d, m);
        d.db.prepare('DELETE FROM outbox_jobs WHERE id = ?').run(id);
        repo.insert(m.job, filesOf(folder, m), { ...(m.baseline ? { baseline: m.baseline } : {}), rev: m.rev });
        return profileKnown ? 'rebuilt' : 'rebuilt-with-profile';
      });
      if (outcome === 'no-profile')
        report.unusable.push({
          folder,
          problem: `its profile ${m.job.profileId} is in neither the database nor the record`,
        });
      if (outcome === 'rebuilt' || outcome === 'rebuilt-with-profile')
        report.rebuilt.push({ id, chargebackId: m.job.chargebackId, state: m.job.state });
      if (outcome === 'rebuilt-with-profile' && m.profile) report.profiles.push(m.profile.name);
    } catch (e) {
      report.unusable.push({ folder, problem: `could not be put back: ${e instanceof Error ? e.message : String(e)}` });
    }
  }
  return report;
}

function filesOf(folder: string, m: Manifest): Map<number, StepFile> {
  return new Map(
    m.files.map((f) => [f.position, { path: f.name ? join(folder, f.name) : '', requestToken: f.requestToken }]),
  );
}

function restoreProfile(d: Connection, m: Manifest): void {
  const profile = profileSchema.parse(m.profile);
  d.db
    .prepare('INSERT INTO profiles (id, json, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING')
    .run(profile.id, JSON.stringify(profile), m.job.createdAt);
}
