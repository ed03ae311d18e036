import type { Handlers } from '../../../shared/ipc/define.ts';
import type { evidenceChannels } from '../../../shared/ipc/channels/evidence.ts';
import type { AppServices } from '../../app-services.ts';
import { estimatePacket, pagePicture, buildPacket } from '../../evidence/index.ts';
import { coverLetterFor, draftRebuttal, exhibitNames } from '../../evidence/cover-letter-facts.ts';
import { AppError } from '../../../shared/errors.ts';
import { safeBaseName } from '../../evidence/safe-names.ts';
import { settingsOfDraft } from '../../../shared/evidence/draft.ts';
import { withTempFolder } from '../../fs/temp-folder.ts';
import { importDropped } from '../../evidence/import-dropped.ts';
import { evidenceDialogFilters } from '../../../shared/evidence/importable-kinds.ts';
import { copyFile, cp, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';

export function evidenceHandlers(s: AppServices): Handlers<typeof evidenceChannels> {
  const context = (profileId: string, chargebackId: string) => {
    const profile = s.store.profiles.get(profileId);
    const cb = s.store.portfolio.getChargeback(profileId, chargebackId);
    if (!profile || !cb) throw new AppError('not-found', 'This chargeback is not in the local store; sync and try again.');
    return { profile, cb };
  };
  // The letter states the transaction's facts (authorization code, IP) only where the store has them.
  const txnOf = (profileId: string, chargebackId: string) => s.store.portfolio.detail(profileId, chargebackId)?.txn;
  // The last preview of each chargeback stays in the data folder until the next one replaces it.
  const previewRoot = (chargebackId: string): string => join(s.home, 'previews', safeBaseName(chargebackId));
  async function previewFile(chargebackId: string, name: string): Promise<string> {
    const root = previewRoot(chargebackId);
    const newest = (await readdir(root).catch(() => [] as string[])).filter((d) => /^\d+$/.test(d)).sort((a, b) => Number(b) - Number(a))[0];
    const path = newest ? join(root, newest, basename(name)) : '';
    if (!path || !(await stat(path).catch(() => undefined))?.isFile()) throw new AppError('not-found', 'That preview is gone: preview the packet again.');
    return path;
  }
  return {
    getDraft: async ({ profileId, chargebackId }) => {
      const { profile, cb } = context(profileId, chargebackId);
      const saved = s.store.drafts.get(profileId, chargebackId);
      if (saved) return saved;
      return { items: [], arrangement: { pages: [] }, preset: profile.preset, pageSize: profile.pageSize, rebuttal: draftRebuttal(cb, { merchantName: profile.merchant ?? profile.name, txn: txnOf(profileId, cb.id) }) };
    },
    saveDraft: async ({ profileId, chargebackId, draft }) => {
      context(profileId, chargebackId);
      s.store.drafts.save(profileId, chargebackId, draft);
      return { ok: true as const };
    },
    previewPacket: async ({ profileId, chargebackId, draft }, call) => {
      call?.signal.throwIfAborted();
      const { profile, cb } = context(profileId, chargebackId);
      // Built aside, then put in place of the last preview: what the merchant opens or saves is
      // exactly what was shown.
      return withTempFolder('dd-preview-', async (dir) => {
        const result = await buildPacket(s.evidence, draft.arrangement, settingsOfDraft(draft, profile.limits, `evidence ${cb.id}`), { outDir: dir, coverLetter: coverLetterFor(cb, { merchantName: profile.merchant ?? profile.name, rebuttal: draft.rebuttal, txn: txnOf(profileId, cb.id), exhibits: await exhibitNames(s.evidence, draft.arrangement) }) });
        // A preview the window stopped waiting for is not read back, nor put in place of the last one.
        call?.signal.throwIfAborted();
        const files = await Promise.all(result.files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await readFile(join(dir, f.name))) })));
        if (result.ok) {
          // Each preview gets its own folder: an earlier one still open in a PDF reader (which
          // locks it on Windows) never blocks the next; earlier ones go when they can.
          const root = previewRoot(chargebackId);
          const kept = join(root, String(Date.now()));
          await mkdir(root, { recursive: true });
          await cp(dir, kept, { recursive: true });
          for (const old of await readdir(root)) if (join(root, old) !== kept) await rm(join(root, old), { recursive: true, force: true }).catch(() => undefined);
        }
        return { result, files };
      });
    },
    openPreviewFile: async ({ chargebackId, name }) => {
      await s.platform.shell.openPath(await previewFile(chargebackId, name));
      return { ok: true as const };
    },
    savePreviewFile: async ({ chargebackId, name }) => {
      const from = await previewFile(chargebackId, name);
      const ext = extname(name).slice(1).toLowerCase();
      const to = await s.platform.dialogs.saveFile({ title: 'Save a copy of the evidence', defaultName: name, filters: [{ name: ext === 'pdf' ? 'PDF' : 'Image', extensions: [ext] }] });
      if (!to) return { saved: false };
      await copyFile(from, to).catch((e: unknown) => {
        const code = (e as NodeJS.ErrnoException).code;
        throw new AppError('bad-input', `The copy of ${name} could not be saved there (${code === 'EACCES' || code === 'EPERM' ? 'no permission to write in that folder' : code === 'ENOSPC' ? 'the disk is full' : code === 'EBUSY' ? 'a file of that name is open in another program' : 'the folder refused it'}). Choose another place.`, { cause: e });
      });
      return { saved: true };
    },
    pickEvidence: async ({ folder }) => {
      const paths = folder
        ? [await s.platform.dialogs.openFolder({ title: 'Add a folder of scans' })].filter((p): p is string => !!p)
        : await s.platform.dialogs.openFiles({ title: 'Add evidence', multiple: true, filters: evidenceDialogFilters });
      return paths.length ? s.evidence.importPaths(paths) : [];
    },
    importDropped: async ({ dropped }) => importDropped(s.evidence, dropped),
    getPagePicture: async ({ itemId, page, maxWidth }, call) => {
      // A thumbnail scrolled away before its turn is never drawn.
      call?.signal.throwIfAborted();
      return pagePicture(s.evidence, itemId, page, maxWidth);
    },
    estimatePacket: async ({ arrangement, settings, chargebackId, profileId, rebuttal }, call) => {
      // An arrangement already changed again is not measured: the window asks for the new one.
      call?.signal.throwIfAborted();
      // The letter counted is the one that will be sent: the draft's own text and the merchant's
      // name decide how many pages it takes.
      const profile = profileId ? s.store.profiles.get(profileId) : undefined;
      const cb = chargebackId && profileId ? s.store.portfolio.getChargeback(profileId, chargebackId) : undefined;
      const exhibits = await exhibitNames(s.evidence, arrangement);
      call?.signal.throwIfAborted();
      return estimatePacket(s.evidence, arrangement, settings, cb ? coverLetterFor(cb, { merchantName: profile?.merchant ?? profile?.name, ...(rebuttal !== undefined ? { rebuttal } : {}), txn: txnOf(profileId!, cb.id), exhibits }) : undefined);
    },
  };
}
