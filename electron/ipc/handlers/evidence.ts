import type { Handlers } from '../../../shared/ipc/define.ts';
import type { evidenceChannels } from '../../../shared/ipc/channels/evidence.ts';
import type { AppServices } from '../../app-services.ts';
import { estimatePacket, pagePicture, coverLetterFor } from '../../evidence/index.ts';

export function evidenceHandlers(s: AppServices): Handlers<typeof evidenceChannels> {
  return {
    pickEvidence: async ({ folder }) => {
      const paths = folder
        ? [await s.platform.dialogs.openFolder({ title: 'Add a folder of scans' })].filter((p): p is string => !!p)
        : await s.platform.dialogs.openFiles({ title: 'Add evidence', multiple: true, filters: [{ name: 'Images and PDFs', extensions: ['jpg', 'jpeg', 'png', 'gif', 'tif', 'tiff', 'pdf', 'heic', 'heif', 'webp', 'avif', 'bmp'] }] });
      return paths.length ? s.evidence.importPaths(paths) : [];
    },
    importDropped: async ({ name, bytes }) => s.evidence.importBuffer(name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    getPagePicture: async ({ itemId, page, maxWidth }) => pagePicture(s.evidence, itemId, page, maxWidth),
    estimatePacket: async ({ arrangement, settings, chargebackId, profileId }) => {
      const cb = chargebackId && profileId ? s.store.portfolio.getChargeback(profileId, chargebackId) : undefined;
      return estimatePacket(s.evidence, arrangement, settings, cb ? coverLetterFor(cb) : undefined);
    },
  };
}
