// The merchant's CSV exports: the inbox as shown (its filter, its order) and the ledger of a date
// window, each written where the merchant chose in a save dialog. The ledger's window is read as
// the ledger screen reads it (ledger-window.ts) and refused, before a file is asked for, when it is
// not a window; a dialog closed without a choice writes nothing.
import type { InboxRow } from '../../shared/views/inbox-row.ts';
import type { EntryLine } from '../../shared/domain/entry-kinds.ts';
import type { WorklistQuery } from '../store/portfolio/index.ts';
import type { FileDialogs } from '../platform/types.ts';
import { toCsv } from '../export/csv.ts';
import { inboxCsvColumns, ledgerCsvColumns } from '../export/worklist-csv.ts';
import { ledgerWindow } from './ledger-window.ts';
import { done, type Outcome } from './outcome.ts';

/** What an export reads: the worklist's rows as the inbox lists them, every one matching the
 * query; the ledger's lines created in [from, to), by currency. */
export interface ExportReads {
  inboxRows(q: WorklistQuery): readonly InboxRow[];
  ledgerLines(profileId: string, from: Date, to: Date): readonly EntryLine[];
}

/** Where a file goes: the merchant's choice in a save dialog (none when they close it), then
 * written there. */
export interface ExportTarget {
  choose: FileDialogs['saveFile'];
  write(path: string, text: string): Promise<void>;
}

export interface ExportDeps {
  reads: ExportReads;
  target: ExportTarget;
  /** Today, as 2026-11-28: the inbox's file is named for it. */
  today(): string;
}

const csvFilter = [{ name: 'CSV', extensions: ['csv'] }];
const fileName = (path: string): string => path.split(/[\\/]/).at(-1) ?? path;

export async function exportInboxCsv(
  deps: ExportDeps,
  q: WorklistQuery,
): Promise<Outcome<{ saved: false; rows: number } | { saved: true; name: string; rows: number }>> {
  const rows = deps.reads.inboxRows(q);
  const path = await deps.target.choose({
    title: 'Export the inbox as shown',
    defaultName: `chargebacks ${deps.today()}.csv`,
    filters: csvFilter,
  });
  if (!path) return done({ saved: false, rows: rows.length });
  await deps.target.write(path, toCsv(inboxCsvColumns, rows));
  return done({ saved: true, name: fileName(path), rows: rows.length });
}

export async function exportLedgerCsv(
  deps: ExportDeps,
  profileId: string,
  from: string,
  to: string,
): Promise<Outcome<{ saved: false } | { saved: true; name: string }>> {
  const w = ledgerWindow(from, to);
  if (!w.ok) return w;
  // Read before the dialog: a window the merchant typed wrong is said before a file is asked for.
  const lines = deps.reads.ledgerLines(profileId, w.value.from, w.value.to);
  const path = await deps.target.choose({
    title: 'Export ledger entries',
    defaultName: `ledger ${from} to ${to}.csv`,
    filters: csvFilter,
  });
  if (!path) return done({ saved: false });
  await deps.target.write(path, toCsv(ledgerCsvColumns, lines));
  return done({ saved: true, name: fileName(path) });
}
