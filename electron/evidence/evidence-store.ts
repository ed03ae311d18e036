// The app's own copy of every imported file, addressed by the SHA-256 of its content: a draft
// survives the original being moved or deleted, and a file imported twice is stored once.
// Writes go to a temporary name first and are renamed into place: nothing is half-written.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, readdir, stat, realpath, lstat } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import { writeAtomic } from '../fs/write-atomic.ts';
import { importSizeRefusal } from '../../shared/evidence/limits.ts';
import { passedOverReason } from '../../shared/evidence/passed-over.ts';
import { basename, join } from 'node:path';
import { evidenceItemSchema, type EvidenceItem, type ImportOutcome } from '../../shared/evidence/items.ts';
import { sniff } from './sniff.ts';
import { probeImage, DecodeError } from './decode.ts';
import { probePdf } from './pdf-facts.ts';
import { displayName } from './safe-names.ts';

/** Why a file or folder could not be read, and what to do, from the system's error code. */
function unreadable(name: string, code: string | undefined, folder = false): string {
  const what = folder ? `The folder ${name}` : name;
  if (code === 'EACCES' || code === 'EPERM')
    return (
      `${what} could not be read: this account has no permission to open it. Copy ` +
      'it somewhere you can open it, or ask whoever owns it, then add the copy.'
    );
  if (code === 'ENOENT') return `${what} no longer exists: it was moved or deleted while being added.`;
  if (code === 'EIO') return `${what} could not be read from the disk. Copy it to another place and add the copy.`;
  if (code === 'ENAMETOOLONG')
    return `${what} has a name or folder path too long to open. Move it to a shorter path and add it again.`;
  return `${what} could not be read. Copy it to another place and add the copy.`;
}

export function createEvidenceStore(dir: string) {
  const pathOf = (id: string): string => join(dir, id.slice(0, 2), id);
  const metaOf = (id: string): string => `${pathOf(id)}.json`;
  const inflight = new Map<string, Promise<ImportOutcome>>();

  async function get(id: string): Promise<EvidenceItem | undefined> {
    if (!/^[0-9a-f]{64}$/.test(id)) return undefined;
    try {
      return evidenceItemSchema.parse(JSON.parse(await readFile(metaOf(id), 'utf8')));
    } catch {
      return undefined;
    }
  }

  async function importBuffer(name: string, bytes: Buffer): Promise<ImportOutcome> {
    const shown = displayName(name);
    const tooLarge = importSizeRefusal(shown, bytes.length);
    if (tooLarge) return { ok: false, name: shown, reason: tooLarge };
    const kind = sniff(shown, bytes);
    if (!kind.ok) return { ok: false, name: shown, reason: kind.reason };
    const id = createHash('sha256').update(bytes).digest('hex');
    const pending = inflight.get(id);
    if (pending) {
      // The same content is being imported right now (two copies in one batch): wait for it.
      const first = await pending;
      return first.ok ? { ok: true, item: { ...first.item, name: shown }, duplicate: true } : { ...first, name: shown };
    }
    const work = storeNew(id, shown, kind.kind, bytes);
    inflight.set(id, work);
    try {
      return await work;
    } finally {
      inflight.delete(id);
    }
  }

  async function storeNew(
    id: string,
    shown: string,
    kind: EvidenceItem['kind'],
    bytes: Buffer,
  ): Promise<ImportOutcome> {
    const existing = await get(id);
    // Stored once; the outcome still carries the name this copy was added under.
    if (existing) return { ok: true, item: { ...existing, name: shown }, duplicate: true };
    let facts: { pages: number; width?: number; height?: number };
    try {
      facts = kind === 'pdf' ? await probePdf(bytes) : await probeImage(bytes, kind);
    } catch (e) {
      if (e instanceof DecodeError)
        return { ok: false, name: shown, reason: `${shown} could not be used: ${e.message}.` };
      throw e;
    }
    const item: EvidenceItem = {
      id,
      name: shown,
      kind,
      pages: facts.pages,
      bytes: bytes.length,
      ...(facts.width ? { width: facts.width, height: facts.height! } : {}),
      importedAt: Date.now(),
    };
    await mkdir(join(dir, id.slice(0, 2)), { recursive: true });
    await writeAtomic(pathOf(id), bytes);
    await writeAtomic(metaOf(id), JSON.stringify(item));
    return { ok: true, item, duplicate: false };
  }

  /** Files and folders (recursive). Each file succeeds or fails alone; links that loop are noticed. */
  async function importPaths(
    paths: readonly string[],
    o: { signal?: AbortSignal; onProgress?: (done: number, total: number, outcome: ImportOutcome) => void } = {},
  ): Promise<ImportOutcome[]> {
    const files: Array<{ path: string; name: string } | ImportOutcome> = [];
    const seenDirs = new Set<string>();
    async function walk(path: string): Promise<void> {
      const name = displayName(basename(path));
      let info;
      try {
        info = await stat(path);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        const linkLoop =
          code === 'ELOOP' || ((await lstat(path).catch(() => undefined))?.isSymbolicLink() && code === 'ENOENT');
        files.push({
          ok: false,
          name,
          reason:
            code === 'ELOOP'
              ? `${name} is a link that points back to itself and was skipped.`
              : linkLoop
                ? `${name} is a link to something that no longer exists.`
                : code === 'ENOENT'
                  ? `${name} no longer exists.`
                  : unreadable(name, code),
        });
        return;
      }
      if (info.isDirectory()) {
        const real = await realpath(path);
        if (seenDirs.has(real)) {
          files.push({
            ok: false,
            name,
            reason: `${name} leads back into a folder already being added (a link loop) and was skipped.`,
          });
          return;
        }
        seenDirs.add(real);
        let entries: Dirent[];
        try {
          entries = (await readdir(path, { withFileTypes: true })).sort((a, b) =>
            a.name.localeCompare(b.name, undefined, { numeric: true }),
          );
        } catch (e) {
          files.push({ ok: false, name, reason: unreadable(name, (e as NodeJS.ErrnoException).code, true) });
          return;
        }
        for (const entry of entries) {
          // Passed over, never silently: each is listed with the reason.
          const shown = displayName(entry.name);
          const passedOver = passedOverReason(entry.name, shown);
          if (passedOver) {
            files.push({ ok: false, skipped: true, name: shown, reason: passedOver });
            continue;
          }
          await walk(join(path, entry.name));
        }
        return;
      }
      if (info.isFile()) files.push({ path, name: basename(path) });
      // Never opened: reading a pipe or a device could wait forever or never end.
      else if (info.isFIFO())
        files.push({
          ok: false,
          skipped: true,
          name,
          reason: `${name} is a pipe between programs, not a file, and was skipped.`,
        });
      else if (info.isSocket())
        files.push({
          ok: false,
          skipped: true,
          name,
          reason: `${name} is a socket (a connection between programs), not a file, and was skipped.`,
        });
      else if (info.isBlockDevice() || info.isCharacterDevice())
        files.push({ ok: false, skipped: true, name, reason: `${name} is a device, not a file, and was skipped.` });
      else files.push({ ok: false, skipped: true, name, reason: `${name} is not a regular file and was skipped.` });
    }
    for (const p of paths) await walk(p);
    const out: ImportOutcome[] = new Array(files.length);
    let done = 0;
    let next = 0;
    // Two at a time: one per core; each file is held in memory only while it is imported.
    const worker = async (): Promise<void> => {
      while (next < files.length) {
        o.signal?.throwIfAborted();
        const i = next++;
        out[i] = await importOne(files[i]!);
        o.onProgress?.(++done, files.length, out[i]!);
      }
    };
    await Promise.all([worker(), worker()]);
    return out;
  }

  async function importOne(f: { path: string; name: string } | ImportOutcome): Promise<ImportOutcome> {
    {
      let outcome: ImportOutcome;
      if ('ok' in f) outcome = f;
      else {
        try {
          // Refused from its size, before it is read into memory.
          const tooLarge = importSizeRefusal(displayName(f.name), (await stat(f.path)).size);
          outcome = tooLarge
            ? { ok: false, name: displayName(f.name), reason: tooLarge }
            : await importBuffer(f.name, await readFile(f.path));
        } catch (e) {
          outcome = {
            ok: false,
            name: displayName(f.name),
            reason: unreadable(displayName(f.name), (e as NodeJS.ErrnoException).code),
          };
        }
      }
      return outcome;
    }
  }

  return {
    dir,
    importPaths,
    importBuffer,
    get,
    pathOf,
    async bytes(id: string): Promise<Buffer> {
      return readFile(pathOf(id));
    },
    async list(): Promise<EvidenceItem[]> {
      const out: EvidenceItem[] = [];
      for (const sub of await readdir(dir).catch(() => [] as string[])) {
        for (const f of await readdir(join(dir, sub)).catch(() => [] as string[])) {
          if (f.endsWith('.json')) {
            const item = await get(f.slice(0, -5));
            if (item) out.push(item);
          }
        }
      }
      return out.sort((a, b) => a.importedAt - b.importedAt);
    },
    async remove(id: string): Promise<void> {
      await rm(pathOf(id), { force: true });
      await rm(metaOf(id), { force: true });
    },
  };
}
export type EvidenceStore = ReturnType<typeof createEvidenceStore>;
