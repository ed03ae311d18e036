// What happens when the database fails its check at open, in the order it happens, and the one
// account of it that the CLI prints and the app's recovery screen shows.
import { setAside, restoreNewestGood, type Backup } from './integrity.ts';
import type { SalvageReport } from './salvage.ts';

export interface RecoveryReport {
  at: number;
  reason: string;
  /** Where the damaged file (and its WAL) now is, untouched. */
  keptAt: string;
  keptFile: string;
  restored: Backup | undefined;
  skippedBackups: Array<{ path: string; reason: string }>;
  salvage?: SalvageReport;
}

/** Moves the damaged file aside and puts the newest good backup in its place (none: the caller
 * starts an empty database, and the report says so). */
export function setAsideAndRestore(file: string, reason: string, now = Date.now()): RecoveryReport {
  const kept = setAside(file, now);
  const r = restoreNewestGood(file);
  return {
    at: now,
    reason,
    keptAt: kept.dir,
    keptFile: kept.file,
    restored: r.backup,
    skippedBackups: r.skipped.map((s) => ({ path: s.backup.path, reason: s.reason })),
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
  const lines = [`The database was damaged: ${r.reason}. It was kept, untouched, in ${r.keptAt}.`];
  for (const s of r.skippedBackups) lines.push(`The backup ${s.path} was damaged too (${s.reason}) and was not used.`);
  if (r.restored) {
    lines.push(`The last good backup, taken ${when(r.restored.takenAt)}, was restored.`);
    lines.push(
      'Chargebacks, statuses and ledger entries come back with the next sync. Changes to drafts, ' +
        `checklists and settings made after ${when(r.restored.takenAt)} are lost unless listed below.`,
    );
  } else {
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
  for (const f of s?.foldersNotQueued ?? []) {
    lines.push(
      `Not queued: the answer in ${f.folder} could not be read back (its chargeback ` +
        `and message are lost); its files are kept there: ${f.files.join(', ') || 'none'}.`,
    );
  }
  return lines.join('\n');
}
