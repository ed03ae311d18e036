// The packets the merchant previewed, kept as built in <data>/previews/: the preview can be opened
// in the system's viewer or saved as a copy, and an answer sent unchanged takes the previewed files
// instead of building them again. An entry is named by the caller's key (what the packet is built
// from, electron/app/answer/packets.ts). Only the last preview of each chargeback is kept, at most
// `keep` chargebacks' (the oldest go), none once its chargeback's answer is queued and none from an
// earlier run; nothing of a packet is held in memory but its file names.
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { BuildResult } from '../../shared/evidence/items.ts';
import { AppError } from '../../shared/errors.ts';
import { safeBaseName } from './safe-names.ts';

interface Shown {
  key: string;
  dir: string;
  result: BuildResult;
}

export function createPreviews(root: string, o: { keep?: number } = {}) {
  const keep = o.keep ?? 8;
  /** By chargeback, the least recently shown first. */
  const shown = new Map<string, Shown>();
  /** Folders being built into now: never cleared away under their build. */
  const building = new Set<string>();
  let made = 0;

  /** A folder still open in a viewer (which locks it on Windows) goes at a later clearing. */
  const discard = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true }).catch(() => undefined);

  /** Every folder that is not a kept preview or a build under way: replaced previews, ones pushed
   * out, an earlier run's. */
  async function clearUnshown(): Promise<void> {
    const live = new Set([...[...shown.values()].map((s) => s.dir), ...building]);
    for (const chargeback of await readdir(root).catch(() => [] as string[])) {
      for (const name of await readdir(join(root, chargeback)).catch(() => [] as string[])) {
        if (!live.has(join(root, chargeback, name))) await discard(join(root, chargeback, name));
      }
    }
  }

  /** Its files are all still there (nothing outside the app removed them). */
  async function intact(s: Shown): Promise<boolean> {
    for (const f of s.result.files)
      if (!(await stat(join(s.dir, f.name)).catch(() => undefined))?.isFile()) return false;
    return true;
  }

  return {
    /** The preview of a packet: the one already shown when its key is the same, else `build`
     * into a folder of its own (an earlier preview still open in a viewer never blocks it). A
     * packet that does not fit writes nothing, and the last preview stays the one to open. */
    async show(
      chargebackId: string,
      key: string,
      build: (dir: string) => Promise<BuildResult>,
    ): Promise<{ dir: string; result: BuildResult }> {
      const last = shown.get(chargebackId);
      if (last?.key === key && (await intact(last))) {
        shown.delete(chargebackId);
        shown.set(chargebackId, last);
        return last;
      }
      const dir = join(root, safeBaseName(chargebackId), `${Date.now()}-${++made}`);
      building.add(dir);
      let result: BuildResult;
      try {
        result = await build(dir);
        if (result.ok) {
          shown.delete(chargebackId);
          shown.set(chargebackId, { key, dir, result });
          for (const oldest of shown.keys()) {
            if (shown.size <= keep) break;
            shown.delete(oldest);
          }
        }
      } finally {
        building.delete(dir);
      }
      await clearUnshown();
      return { dir, result };
    },

    /** The files of the packet `key` names, moved into `into`, when it is the chargeback's last
     * preview: its build was their one write. Undefined when it is not (then nothing moves). */
    async take(chargebackId: string, key: string, into: string): Promise<BuildResult | undefined> {
      const last = shown.get(chargebackId);
      if (last?.key !== key) return undefined;
      // Taken at once: a second answer sent at the same moment builds its own.
      shown.delete(chargebackId);
      if (!(await intact(last))) return undefined;
      await mkdir(into, { recursive: true });
      for (const f of last.result.files) {
        const from = join(last.dir, f.name);
        const to = join(into, f.name);
        // A viewer holding the file (on Windows) makes the move a copy.
        await rename(from, to).catch(() => copyFile(from, to));
      }
      await discard(last.dir);
      return last.result;
    },

    /** The chargeback's answer is queued: its preview is of no more use. */
    async forget(chargebackId: string): Promise<void> {
      const last = shown.get(chargebackId);
      shown.delete(chargebackId);
      if (last) await discard(last.dir);
    },

    /** A file of the chargeback's last preview, to open or copy. */
    async fileOf(chargebackId: string, name: string): Promise<string> {
      const last = shown.get(chargebackId);
      const file = last?.result.files.find((f) => f.name === basename(name));
      const path = last && file ? join(last.dir, file.name) : '';
      if (!path || !(await stat(path).catch(() => undefined))?.isFile())
        throw new AppError('not-found', 'That preview is gone: preview the packet again.');
      return path;
    },
  };
}
export type Previews = ReturnType<typeof createPreviews>;
