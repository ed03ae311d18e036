// What happens when the database fails its check at open, or is missing while its backups are
// there, in the order it happens, and the one account of it that the CLI prints and the app's
// recovery screen shows. The replacement is made in full before anything moves (a full disk
// fails before the damaged file is touched), and a database is never started empty in place of a
// missing one that has backups.
import { backupDir, newestGoodBackup, prepareReplacement, replaceDatabase, type Backup } from './integrity.ts';
import type { SalvageReport } from './salvage.ts';
import type { RebuildReport } from './outbox-rebuild.ts';
import { AppError } from '../../shared/errors.ts';

export interface RecoveryReport {
  at: number;
  /** What was found at open: a damaged file, no file while backups were there, or a database
   * that lacked outbox jobs its folders keep (replaced, emptied, or restored by hand). */
  found: 'damaged' | 'missing' | 'behind';
  reason: string;
  /** Where the damaged file (and its WAL) now is, untouched. */
  keptAt?: string | undefined;
  keptFile?: string | undefined;
  restored: Backup | undefined;
  skippedBackups: Array<{ path: string; reason: string }>;
  salvage?: SalvageReport;
  /** Outbox jobs put back from their own manifests. */
  outbox?: RebuildReport;
}

/** Puts the newest good backup (none: an empty database) in place of the damaged file, which
 * is kept in damaged/<time>/. */
export function recoverDamaged(file: string, reason: string, now = Date.now()): RecoveryReport {
  const { backup, skipped } = newestGoodBackup(file);
  const kept = replaceDatabase(file, prepareReplacement(file, backup), now);
  return {
    at: now,
    found: 'damaged',
    reason,
    keptAt: kept?.dir,
    keptFile: kept?.file,
    restored: backup,
    skippedBackups: skipped.map((s) => ({ path: s.backup.path, reason: s.reason })),
  };
}

/** A missing database whose backups are there is restored from the newest good one; with none
 * good, nothing is created and the merchant is told. */
export function restoreMissing(file: string, now = Date.now()): RecoveryReport {
  const { backup, skipped } = newestGoodBackup(file);
  if (!backup)
    throw new AppError(
      'internal',
      `The database file ${file} is missing, and none of its ${skipped.length} backup` +
        `${skipped.length === 1 ? '' : 's'} in ${backupDir(file)} can be read ` +
        `(${skipped.map((s) => s.reason).join('; ')}). Dispute Desk did not start an empty database ` +
        'in its place, as that would hide the loss. Put the database file back; or, to start afresh, ' +
        'move the backups folder elsewhere, then start again.',
    );
  const kept = replaceDatabase(file, prepareReplacement(file, backup), now);
  return {
    at: now,
    found: 'missing',
    reason: 'the database file was missing',
    keptAt: kept?.dir,
    keptFile: kept?.file,
    restored: backup,
    skippedBackups: skipped.map((s) => ({ path: s.backup.path, reason: s.reason })),
  };
}

const when = (ms: number): string =>
  new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');

/** The whole story in plain words: what was wrong, where the damaged file is, what came back,
 * and exactly what did not. */
export function describeRecovery(r: RecoveryReport): string {
  const lines =
    r.found === 'damaged'
      ? [`The database was damaged: ${r.reason}. It was kept, untouched, in ${r.keptAt}.`]
      : r.found === 'missing'
        ? [
            (r.restored
              ? 'The database file was missing; Dispute Desk did not start an empty one in its place.'
              : 'The database file was missing and had no backup, so Dispute Desk started an empty ' +
                "database and put back what the outbox's own files keep (below).") +
              (r.keptAt ? ` What was left of it is kept in ${r.keptAt}.` : ''),
          ]
        : [
            "The database did not hold every answer that the outbox's own files keep (it was replaced, " +
              'emptied or restored from an older copy).',
          ];
  for (const s of r.skippedBackups) lines.push(`The backup ${s.path} was damaged too (${s.reason}) and was not used.`);
  if (r.restored) {
    lines.push(`The last good backup, taken ${when(r.restored.takenAt)}, was restored.`);
    lines.push(
      'Chargebacks, statuses and ledger entries come back with the next sync. Changes to drafts, ' +
        `checklists and settings made after ${when(r.restored.takenAt)} are lost unless listed below.`,
    );
  } else if (r.found === 'damaged') {
    lines.push('There was no good backup to restore, so Dispute Desk started an empty database.');
    lines.push(
      'Chargebacks, statuses and ledger entries come back with the next sync. ' +
        'Drafts, checklists and any profile not listed below are lost: add those profiles ' +
        'again (their keys may still be in the keychain, but must be given again).',
    );
  }
  const s = r.salvage;
  if (s?.profiles.length)
    lines.push(
      `Read back from the damaged file: profile${s.profiles.length > 1 ? 's' : ''} ` +
        `${s.profiles.map((n) => `"${n}"`).join(', ')}.`,
    );
  if (s?.jobsRebuilt.length)
    lines.push(
      'Answers put back in the outbox from the damaged file: ' +
        `${s.jobsRebuilt.map((j) => `${j.id} for ${j.chargebackId} (${j.state})`).join(', ')}.`,
    );
  const o = r.outbox;
  if (o?.profiles.length)
    lines.push(
      `Read back from the outbox's files: profile${o.profiles.length > 1 ? 's' : ''} ` +
        `${o.profiles.map((n) => `"${n}"`).join(', ')} (give ${o.profiles.length > 1 ? 'their keys' : 'its key'} ` +
        'again if Dispute Desk asks for it).',
    );
  if (o?.rebuilt.length)
    lines.push(
      'Answers put back in the outbox from their own files (each is sent once: what may have gone is checked with the service first): ' +
        `${o.rebuilt.map((j) => `${j.id} for ${j.chargebackId} (${j.state})`).join(', ')}.`,
    );
  for (const u of o?.unusable ?? [])
    lines.push(`Not queued: the answer in ${u.folder} could not be read back: ${u.problem}; its files are kept there.`);
  for (const f of s?.foldersNotQueued ?? []) {
    lines.push(
      `Not queued: the answer in ${f.folder} could not be read back (its chargeback ` +
        `and message are lost); its files are kept there: ${f.files.join(', ') || 'none'}.`,
    );
  }
  return lines.join('\n');
}
