// What a drop on the window holds: files, and folders read recursively (hidden files skipped).
// Each file goes to main as bytes; the window never sees a path.
import type { DragEvent } from 'react';
import { api } from '../bridge.ts';
import type { ImportOutcome } from '../../shared/evidence/items.ts';
import { maxImportBytes } from '../../shared/evidence/limits.ts';

async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) return [await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej))];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const all: File[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
    if (batch.length === 0) return all;
    for (const e of batch) if (!e.name.startsWith('.')) all.push(...(await filesOf(e)));
  }
}

export async function droppedFiles(e: DragEvent): Promise<File[]> {
  e.preventDefault();
  const entries = [...e.dataTransfer.items].map((i) => i.webkitGetAsEntry()).filter((x): x is FileSystemEntry => !!x);
  return entries.length ? (await Promise.all(entries.map(filesOf))).flat() : [...e.dataTransfer.files];
}

/** Imports files one at a time (bounded memory); a file that fails does so alone. */
export async function importFiles(files: readonly File[], onEach?: (done: number, total: number) => void): Promise<ImportOutcome[]> {
  const outcomes: ImportOutcome[] = [];
  for (const f of files) {
    // Said before reading: a dropped video of several GB must not be loaded into the window.
    if (f.size > maxImportBytes) {
      outcomes.push({ ok: false, name: f.name, reason: `${f.name} is larger than 200 MB: split it or export it at a lower resolution.` });
      onEach?.(outcomes.length, files.length);
      continue;
    }
    const r = await api().importDropped({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) });
    outcomes.push(r.ok ? r.value : { ok: false, name: f.name, reason: r.error.message });
    onEach?.(outcomes.length, files.length);
  }
  return outcomes;
}
