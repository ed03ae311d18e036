import type { Handlers } from '../../../shared/ipc/define.ts';
import type { evidenceChannels } from '../../../shared/ipc/channels/evidence.ts';
import type { AppServices } from '../../app-services.ts';
import { pagePicture } from '../../evidence/index.ts';
import { valueOf } from '../../app/outcome.ts';
import { draftLetterGrounds, draftSubject, getDraft, saveDraft } from '../../app/drafts.ts';
import { cardScanOf } from '../../evidence/card-mask/card-scan.ts';
import { AppError } from '../../../shared/errors.ts';
import { importDropped } from '../../evidence/import-dropped.ts';
import { evidenceDialogFilters } from '../../../shared/evidence/importable-kinds.ts';
import { copyFile } from 'node:fs/promises';
import { extname } from 'node:path';

export function evidenceHandlers(
  s: Pick<AppServices, 'evidence' | 'packets' | 'platform' | 'store' | 'useCases'>,
): Handlers<typeof evidenceChannels> {
  return {
    getDraft: async ({ profileId, chargebackId }) => valueOf(getDraft(s.useCases.drafts, profileId, chargebackId)),
    letterGrounds: async ({ profileId, chargebackId }) =>
      valueOf(await draftLetterGrounds(s.useCases.drafts, profileId, chargebackId)),
    saveDraft: async ({ profileId, chargebackId, draft }) =>
      valueOf(saveDraft(s.useCases.drafts, profileId, chargebackId, draft)),
    // Built where the preview is kept (what the merchant opens or saves is exactly what was shown),
    // and taken from there if the answer is sent unchanged. A preview the window stopped waiting
    // for stops building and is not put in place of the last one.
    previewPacket: async ({ profileId, chargebackId, draft }, call) => {
      call?.signal.throwIfAborted();
      const { profile, cb } = valueOf(draftSubject(s.useCases.drafts, profileId, chargebackId));
      // The router's signals are AbortSignals (the contract's type only names what both sides have).
      const signal = call?.signal instanceof AbortSignal ? call.signal : undefined;
      return s.packets.preview(profile, cb, draft, signal);
    },
    openPreviewFile: async ({ chargebackId, name }) => {
      await s.platform.shell.openPath(await s.packets.previewFile(chargebackId, name));
      return { ok: true as const };
    },
    savePreviewFile: async ({ chargebackId, name }) => {
      const from = await s.packets.previewFile(chargebackId, name);
      const ext = extname(name).slice(1).toLowerCase();
      const to = await s.platform.dialogs.saveFile({
        title: 'Save a copy of the evidence',
        defaultName: name,
        filters: [{ name: ext === 'pdf' ? 'PDF' : 'Image', extensions: [ext] }],
      });
      if (!to) return { saved: false };
      await copyFile(from, to).catch((e: unknown) => {
        const code = (e as NodeJS.ErrnoException).code;
        const why =
          code === 'EACCES' || code === 'EPERM'
            ? 'no permission to write in that folder'
            : code === 'ENOSPC'
              ? 'the disk is full'
              : code === 'EBUSY'
                ? 'a file of that name is open in another program'
                : 'the folder refused it';
        throw new AppError(
          'bad-input',
          `The copy of ${name} could not be saved there (${why}). Choose another place.`,
          { cause: e },
        );
      });
      return { saved: true };
    },
    pickEvidence: async ({ folder }) => {
      const paths = folder
        ? [await s.platform.dialogs.openFolder({ title: 'Add a folder of scans' })].filter((p): p is string => !!p)
        : await s.platform.dialogs.openFiles({ title: 'Add evidence', multiple: true, filters: evidenceDialogFilters });
      // The evidence builder asks for each file's card numbers (and size) as soon as it shows it.
      return paths.length ? s.evidence.importPaths(paths, { searchFollows: true }) : [];
    },
    importDropped: async ({ dropped }) => importDropped(s.evidence, dropped, { searchFollows: true }),
    getPagePicture: async ({ itemId, page, maxWidth }, call) => {
      // A thumbnail scrolled away before its turn is never drawn.
      call?.signal.throwIfAborted();
      return pagePicture(s.evidence, itemId, page, maxWidth);
    },
    getCardMasks: async ({ itemId }) => {
      const item = await s.evidence.get(itemId);
      if (!item) throw new AppError('not-found', 'That file is no longer in the evidence store; add it again.');
      return cardScanOf(s.evidence, item);
    },
    estimatePacket: async ({ arrangement, settings, chargebackId, profileId, rebuttal, slots }, call) => {
      // An arrangement already changed again is not measured: the window asks for the new one.
      call?.signal.throwIfAborted();
      const estimate = await s.packets.estimate(
        { profileId, chargebackId },
        { arrangement, settings, rebuttal, slots },
      );
      call?.signal.throwIfAborted();
      return estimate;
    },
  };
}
