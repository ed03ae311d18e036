// After a damaged database was replaced (by a backup or an empty one): what the damaged file can
// still tell is brought back, newest first, and the outbox's folders rebuild its queue. A damaged
// file often still reads in part (a cut tail, a bad page): each profile and each outbox job whose
// rows read cleanly is taken from it, since it is newer than any backup. An outbox folder whose
// job cannot be read anywhere is left as it is and named, with its files, in the report.
import { DatabaseSync } from 'node:sqlite';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Connection } from './connection.ts';
import { transactionRunner } from '../fs/sqlite-transaction.ts';
import { createOutboxRepo, publicJob } from './outbox-repo.ts';
import { manifestPath, readManifest } from './outbox-manifest.ts';
import { profileSchema } from '../../shared/profiles.ts';

export interface SalvageReport {
  /** Profiles read from the damaged file (added or changed after the backup, or with no backup). */
  profiles: string[];
  /** Outbox jobs put back in the queue from the damaged file. */
  jobsRebuilt: Array<{ id: string; chargebackId: string; state: string }>;
  /** Outbox folders whose job is known nowhere: kept on disk, not queued. */
  foldersNotQueued: Array<{ folder: string; files: string[] }>;
}

/** A copy of the damaged file that SQLite agrees to read: SQLite refuses a whole file that is
 * shorter than its header says (a cut tail) or has no header, though most pages are intact. The
 * copy is padded to full pages (missing ones read as empty, so only their rows are lost), given a
 * header when it lost its own, and marked as a rollback-journal file so it opens read-only alone. */
export function readableCopy(damagedFile: string): string | undefined {
  if (!existsSync(damagedFile)) return undefined;
  const bytes = readFileSync(damagedFile);
  if (bytes.length < 512) return undefined;
  const magic = bytes.subarray(0, 16).toString('latin1') === 'SQLite format 3\0';
  const raw = magic ? bytes.readUInt16BE(16) : 4096;
  const pageSize = raw === 1 ? 65536 : raw >= 512 && (raw & (raw - 1)) === 0 ? raw : 4096;
  const declared = magic ? bytes.readUInt32BE(28) : 0;
  const pages = Math.max(declared, Math.ceil(bytes.length / pageSize));
  const copy = Buffer.alloc(pages * pageSize);
  bytes.copy(copy);
  if (!magic) {
    copy.fill(0, 0, 100);
    copy.write('SQLite format 3\0', 0, 'latin1');
    copy.writeUInt16BE(pageSize === 65536 ? 1 : pageSize, 16);
    copy.set([64, 32, 32], 21);
    copy.writeUInt32BE(1, 40); // schema cookie
    copy.writeUInt32BE(4, 44); // schema format
    copy.writeUInt32BE(1, 56); // UTF-8
    copy.writeUInt32BE(3045000, 96);
  }
  copy.set([1, 1], 18); // read and write versions: rollback journal, not WAL
  copy.writeUInt32BE(1, 24);
  copy.writeUInt32BE(pages, 28);
  copy.writeUInt32BE(1, 92);
  const path = join(dirname(damagedFile), 'readable-copy.db');
  writeFileSync(path, copy);
  return path;
}

function readOnly(file: string): DatabaseSync | undefined {
  const copy = readableCopy(file);
  if (!copy) return undefined;
  try {
    return new DatabaseSync(copy, { readOnly: true });
  } catch {
    return undefined;
  }
}

/** Each row read on its own: one bad page loses its rows, not the table. */
function tryRead<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

export function salvageInto(target: Connection, damagedFile: string, outboxDir: string): SalvageReport {
  const report: SalvageReport = { profiles: [], jobsRebuilt: [], foldersNotQueued: [] };
  const old = readOnly(damagedFile);
  const oldDb: Connection | undefined = old && {
    db: old,
    file: damagedFile,
    transaction: transactionRunner(old),
    close: () => old.close(),
  };
  try {
    if (old) {
      const ids =
        tryRead(() => (old.prepare('SELECT id FROM profiles').all() as Array<{ id: string }>).map((r) => r.id)) ?? [];
      const upsert = target.db.prepare(
        'INSERT INTO profiles (id, json, created_at) VALUES (?, ' +
          '?, ?) ON CONFLICT (id) DO UPDATE SET json = excluded.json',
      );
      for (const id of ids) {
        const row = tryRead(
          () =>
            old.prepare('SELECT json, created_at FROM profiles WHERE id = ?').get(id) as
              { json: string; created_at: number } | undefined,
        );
        const parsed = row && tryRead(() => profileSchema.parse(JSON.parse(row.json)));
        if (!row || !parsed) continue;
        upsert.run(id, JSON.stringify(parsed), row.created_at);
        report.profiles.push(parsed.name);
      }
    }
    const into = createOutboxRepo(target);
    const from = oldDb && tryRead(() => createOutboxRepo(oldDb));
    const oldJobIds =
      (old &&
        tryRead(() => (old.prepare('SELECT id FROM outbox_jobs').all() as Array<{ id: string }>).map((r) => r.id))) ??
      [];
    const folders = existsSync(outboxDir) ? readdirSync(outboxDir).filter((n) => n.startsWith('job_')) : [];
    const known = (id: string): boolean =>
      target.db.prepare('SELECT 1 FROM outbox_jobs WHERE id = ?').get(id) !== undefined;
    for (const id of new Set([...oldJobIds, ...folders])) {
      const job = from && tryRead(() => from.get(id));
      const own = folders.includes(id) ? readManifest(join(outboxDir, id)) : undefined;
      // The job's own record, when newer than the damaged file's row, is the one rebuilt.
      const newerOnDisk = own && 'manifest' in own && own.manifest.rev > (job?.control.rev ?? 0);
      if (job && !newerOnDisk && target.db.prepare('SELECT 1 FROM profiles WHERE id = ?').get(job.profileId)) {
        target.transaction(() => {
          // The damaged file's version is the newer one: it replaces the backup's.
          target.db.prepare('DELETE FROM outbox_jobs WHERE id = ?').run(id);
          into.insert(publicJob(job), job.files, {
            ...(job.control.baseline ? { baseline: job.control.baseline } : {}),
            ...(job.control.rev !== undefined ? { rev: job.control.rev } : {}),
          });
        });
        report.jobsRebuilt.push({ id, chargebackId: job.chargebackId, state: job.state });
      } else if (!known(id) && folders.includes(id) && !existsSync(manifestPath(join(outboxDir, id)))) {
        // A folder with its own record is the outbox's to rebuild (outbox-rebuild.ts).
        report.foldersNotQueued.push({ folder: join(outboxDir, id), files: readdirSync(join(outboxDir, id)).sort() });
      }
    }
  } finally {
    old?.close();
  }
  return report;
}
