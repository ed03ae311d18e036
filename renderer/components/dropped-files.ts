// What a drop on the window holds: files, and folders read recursively. Inside a folder, hidden
// and system files are passed over as when a folder is picked, each listed with its reason.
// Each file goes to main as bytes; the window never sees a path.
import type { DragEvent } from 'react';
import { api } from '../bridge.ts';
import type { ImportOutcome } from '../../shared/evidence/items.ts';
import { importSizeRefusal } from '../../shared/evidence/limits.ts';
import { passedOverReason } from '../../shared/evidence/passed-over.ts';

export interface Dropped {
  files: File[];
  /** Folder entries passed over on purpose, as outcomes that say why. */
  skipped: ImportOutcome[];
}

async function collect(entry: FileSystemEntry, into: Dropped): Promise<void> {
  if (entry.isFile) {
    into.files.push(await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej)));
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
    if (batch.length === 0) return;
    for (const e of batch) {
      const reason = passedOverReason(e.name);
      if (reason) into.skipped.push({ ok: false, skipped: true, name: e.name, reason });
      else await collect(e, into);
    }
  }
}

export async function droppedFiles(e: DragEvent): Promise<Dropped> {
  e.preventDefault();
  const entries = [...e.dataTransfer.items].map((i) => i.webkitGetAsEntry()).filter((x): x is FileSystemEntry => !!x);
  if (entries.length === 0) return { files: [...e.dataTransfer.files], skipped: [] };
  const dropped: Dropped = { files: [], skipped: [] };
  for (const entry of entries) await collect(entry, dropped);
  return dropped;
}

/** Imports files one at a time (bounded memory); a file that fails does so alone. */
export async function importFiles(files: readonly File[], onEach?: (done: number, total: number) => void): Promise<ImportOutcome[]> {
  const outcomes: ImportOutcome[] = [];
  for (const f of files) {
    // Said before reading: a dropped video of several GB must not be loaded into the window.
    const tooLarge = importSizeRefusal(f.name, f.size);
    if (tooLarge) {
      outcomes.push({ ok: false, name: f.name, reason: tooLarge });
      onEach?.(outcomes.length, files.length);
      continue;
    }
    const r = await api().importDropped({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) });
    outcomes.push(r.ok ? r.value : { ok: false, name: f.name, reason: r.error.message });
    onEach?.(outcomes.length, files.length);
  }
  return outcomes;
}
