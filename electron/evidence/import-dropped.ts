// Files and folders dropped on the window, as the preload resolved them to paths: imported by the
// evidence store's one walker, exactly as if picked in main's own dialogs (folders recursively,
// hidden and system files listed as skipped). An item with no path is refused by name.
import type { ImportOutcome } from '../../shared/evidence/items.ts';
import { noPathReason, type DroppedEntry } from '../../shared/ipc/dropped.ts';
import type { EvidenceStore } from './evidence-store.ts';
import { displayName } from './safe-names.ts';

type ImportOptions = Parameters<EvidenceStore['importPaths']>[1];

export async function importDropped(
  evidence: Pick<EvidenceStore, 'importPaths'>,
  dropped: readonly DroppedEntry[],
  o?: ImportOptions,
): Promise<ImportOutcome[]> {
  const paths = dropped.flatMap((d) => ('path' in d ? [d.path] : []));
  const refused = dropped.flatMap((d): ImportOutcome[] =>
    'noPath' in d ? [{ ok: false, name: displayName(d.name), reason: noPathReason(displayName(d.name)) }] : [],
  );
  return [...(paths.length ? await evidence.importPaths(paths, o) : []), ...refused];
}
