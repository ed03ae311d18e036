// The app's own copy of every imported file, addressed by the SHA-256 of its content: a draft
// survives the original being moved or deleted, and a file imported twice is stored once.
// Writes go to a temporary name first and are renamed into place: nothing is half-written.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, readdir, stat, realpath, lstat } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import { writeAtomic } from '../fs/write-atomic.ts';
import { readRegularFile, notAFile, type NotAFile } from '../fs/read-regular-file.ts';
import { importSizeRefusal, maxImportBytes } from '../../shared/evidence/limits.ts';
import { passedOverReason } from '../../shared/evidence/passed-over.ts';
import { basename, join, sep } from 'node:path';
import { evidenceItemSchema, type EvidenceItem, type ImportOutcome } from '../../shared/evidence/items.ts';
import { sniff } from './sniff.ts';
import { asDecodeError, probeImage, DecodeError } from './decode.ts';
import { drawSearchPage } from './card-mask/search-page.ts';
import { probePdfSafely } from './pdf-raster.ts';
import { displayName } from './safe-names.ts';
import { createPageCache } from './packet/page-cache.ts';
import { mapLimited } from '../../shared/map-limited.ts';

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

/** A special file, named for what it is: never opened for reading. */
function notAFileReason(name: string, what: NotAFile): string {
  switch (what) {
    case 'pipe':
      return `${name} is a pipe between programs, not a file, and was skipped.`;
    case 'socket':
      return `${name} is a socket (a connection between programs), not a file, and was skipped.`;
    case 'device':
      return `${name} is a device, not a file, and was skipped.`;
    case 'folder':
      return `${name} became a folder while being added and was skipped. Add it again.`;
    case 'special':
      return `${name} is not a regular file and was skipped.`;
  }
}

/** A file found by the walk: its real path, and which file it was (device and inode). */
interface Listed {
  path: string;
  name: string;
  dev: number;
  ino: number;
}

export function createEvidenceStore(dir: string) {
  const pathOf = (id: string): string => join(dir, id.slice(0, 2), id);
  const metaOf = (id: string): string => `${pathOf(id)}.json`;
  const inflight = new Map<string, Promise<ImportOutcome>>();
  const pages = createPageCache();

  async function get(id: string): Promise<EvidenceItem | undefined> {
    if (!/^[0-9a-f]{64}$/.test(id)) return undefined;
    try {
      return evidenceItemSchema.parse(JSON.parse(await readFile(metaOf(id), 'utf8')));
    } catch {
      return undefined;
    }
  }

  async function importBuffer(
    name: string,
    bytes: Buffer,
    o: { searchFollows?: boolean } = {},
  ): Promise<ImportOutcome> {
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
    const work = storeNew(id, shown, kind.kind, bytes, o.searchFollows === true);
    inflight.set(id, work);
    try {
      return await work;
    } finally {
      inflight.delete(id);
    }
  }

  /** `searchFollows`: the caller searches the file for card numbers soon (a build, the window's
   * evidence builder), so a picture of one page is proved by drawing the page that search reads,
   * kept for it while the page cache has room; otherwise (batch planning, which reads its pages
   * otherwise) by decoding a small version. */
  async function storeNew(
    id: string,
    shown: string,
    kind: EvidenceItem['kind'],
    bytes: Buffer,
    searchFollows: boolean,
  ): Promise<ImportOutcome> {
    const existing = await get(id);
    // Stored once; the outcome still carries the name this copy was added under.
    if (existing) return { ok: true, item: { ...existing, name: shown }, duplicate: true };
    const unusable = (e: DecodeError): ImportOutcome => ({
      ok: false,
      name: shown,
      reason: `${shown} could not be used: ${e.message}.`,
    });
    let facts: { pages: number; width?: number; height?: number; proved: boolean };
    try {
      facts =
        kind === 'pdf'
          ? { ...(await probePdfSafely(bytes)), proved: true }
          : await probeImage(bytes, kind, { drawsSinglePage: searchFollows && pages.roomToDrawAhead() });
    } catch (e) {
      if (e instanceof DecodeError) return unusable(e);
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
    // Bytes already stored (same content, same address) may be another process's record's, being
    // written now: they are never removed here.
    const fresh = !(await stat(pathOf(id)).then(
      (st) => st.size === bytes.length,
      () => false,
    ));
    if (fresh) await writeAtomic(pathOf(id), bytes);
    if (!facts.proved && kind !== 'pdf') {
      // A picture of one page is proved whole by drawing the page the card-number search reads
      // (from the stored file, so a JPEG is decoded already shrunk), kept for that search while
      // the page cache has room for it (else the probe decoded a small version).
      try {
        await drawSearchPage(bytes, kind, pathOf(id), pages.grayOf(id));
      } catch (e) {
        // Nothing is kept of a file that cannot be used: the item is its record, written last.
        if (fresh) await rm(pathOf(id), { force: true });
        return unusable(asDecodeError(e));
      }
    }
    await writeAtomic(metaOf(id), JSON.stringify(item));
    return { ok: true, item, duplicate: false };
  }

  /** Files and folders (recursive). Each file succeeds or fails alone; links that loop are noticed.
   * Inside a chosen folder nothing outside it is read: a link (to a file or a folder) is followed
   * only where it stays within the folder. Each file is read once, as the file the walk saw. */
  async function importPaths(
    paths: readonly string[],
    o: {
      signal?: AbortSignal;
      onProgress?: (done: number, total: number, outcome: ImportOutcome) => void;
      /** A card-number search of the files follows soon (see storeNew). */
      searchFollows?: boolean;
    } = {},
  ): Promise<ImportOutcome[]> {
    const files: Array<Listed | ImportOutcome> = [];
    const seenDirs = new Set<string>();
    /** `root` is the real path of the folder the merchant chose; undefined for what they chose. */
    async function walk(path: string, root: string | undefined): Promise<void> {
      const name = displayName(basename(path));
      let info;
      let real;
      try {
        info = await stat(path);
        real = await realpath(path);
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
      if (root !== undefined && real !== root && !real.startsWith(root.endsWith(sep) ? root : root + sep)) {
        files.push({
          ok: false,
          skipped: true,
          name,
          reason:
            `${name} is a link to a place outside the folder being added and was skipped: ` +
            'only what is inside the chosen folder is added.',
        });
        return;
      }
      if (info.isDirectory()) {
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
          await walk(join(path, entry.name), root ?? real);
        }
        return;
      }
      // Never opened: reading a pipe or a device could wait forever or never end.
      const not = notAFile(info);
      if (not) files.push({ ok: false, skipped: true, name, reason: notAFileReason(name, not) });
      else files.push({ path: real, name: basename(path), dev: info.dev, ino: info.ino });
    }
    for (const p of paths) await walk(p, undefined);
    let done = 0;
    // Two at a time: one per core; each file is held in memory only while it is imported.
    return mapLimited(
      files,
      2,
      async (f) => {
        const outcome = await importOne(f, o.searchFollows === true);
        o.onProgress?.(++done, files.length, outcome);
        return outcome;
      },
      { signal: o.signal },
    );
  }

  async function importOne(f: Listed | ImportOutcome, searchFollows: boolean): Promise<ImportOutcome> {
    if ('ok' in f) return f;
    const name = displayName(f.name);
    let read;
    try {
      // Opened once; refused from its size before it is read into memory.
      read = await readRegularFile(f.path, { maxBytes: maxImportBytes, expect: { dev: f.dev, ino: f.ino } });
    } catch (e) {
      return { ok: false, name, reason: unreadable(name, (e as NodeJS.ErrnoException).code) };
    }
    if (read.ok) return importBuffer(f.name, read.bytes, { searchFollows });
    if (read.why === 'too-large') return { ok: false, name, reason: importSizeRefusal(name, read.size)! };
    if (read.why === 'changed')
      return {
        ok: false,
        name,
        reason:
          `${name} changed while it was being added (replaced, or still being written). ` +
          'Add it again once it is complete.',
      };
    if (read.why === 'generated')
      return {
        ok: false,
        skipped: true,
        name,
        reason:
          `${name} says it is empty but is not: it is a system file made up as it is read, ` +
          'not a document, and was skipped.',
      };
    return { ok: false, skipped: true, name, reason: notAFileReason(name, read.why) };
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
    /** Its pages as the packet builder drew and measured them, kept while the store lives. */
    pages,
    async remove(id: string): Promise<void> {
      pages.forget(id);
      await rm(pathOf(id), { force: true });
      await rm(metaOf(id), { force: true });
    },
  };
}
export type EvidenceStore = ReturnType<typeof createEvidenceStore>;
