// Evidence: import (dialogs in main, or dropped bytes), pictures of pages, live estimates.
import { z } from 'zod';
import { channel } from '../define.ts';
import { importSizeRefusal } from '../../evidence/limits.ts';
import { importOutcomeSchema, arrangementSchema, buildSettingsSchema, estimateSchema, itemIdSchema, buildResultSchema } from '../../evidence/items.ts';
import { evidenceDraftSchema } from '../../evidence/draft.ts';

// Binary crosses IPC as Uint8Array (structured clone); its backing buffer's kind does not matter.
const bytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'expected bytes');

// A packet file's own name, never a path.
const previewName = z.string().min(1).max(255).refine((n) => !/[\\/]|^\.\.?$/.test(n), 'a file name, not a path');

export const evidenceChannels = {
  pickEvidence: channel('Opens the OS file or folder picker in main and imports what was chosen.', z.strictObject({ folder: z.boolean() }), z.array(importOutcomeSchema)),
  importDropped: channel(
    'Imports a dropped file from its bytes (the window never handles paths).',
    z.strictObject({ name: z.string().min(1).max(255), bytes }).superRefine((f, ctx) => {
      const refusal = importSizeRefusal(f.name, f.bytes.byteLength);
      if (refusal) ctx.addIssue({ code: 'custom', path: ['bytes'], message: refusal });
    }),
    importOutcomeSchema,
  ),
  getPagePicture: channel('A thumbnail or full view of one page; for a PDF, the whole file for pdf.js (the window asks once per PDF and shares the document among its pages).', z.strictObject({ itemId: itemIdSchema, page: z.number().int().min(0).max(10_000), maxWidth: z.number().int().min(32).max(2000) }), z.object({ kind: z.enum(['image', 'pdf']), mime: z.string(), bytes, page: z.number().optional(), width: z.number().optional(), height: z.number().optional() })),
  estimatePacket: channel('Size, pages and files of the packet as arranged, against the limits, counting the cover letter with the draft\'s own rebuttal.', z.strictObject({ arrangement: arrangementSchema, settings: buildSettingsSchema, chargebackId: z.string().optional(), profileId: z.string().optional(), rebuttal: z.string().max(20_000).optional() }), estimateSchema),
  getDraft: channel('The saved evidence draft of a chargeback, with a cover letter from its template when new.', z.strictObject({ profileId: z.string().min(1), chargebackId: z.string().min(1) }), evidenceDraftSchema),
  saveDraft: channel('Saves the draft as the merchant works.', z.strictObject({ profileId: z.string().min(1), chargebackId: z.string().min(1), draft: evidenceDraftSchema }), z.object({ ok: z.literal(true) })),
  previewPacket: channel('Builds the packet as it will be sent and returns its files for the preview.', z.strictObject({ profileId: z.string().min(1), chargebackId: z.string().min(1), draft: evidenceDraftSchema }), z.object({ result: buildResultSchema, files: z.array(z.object({ name: z.string(), bytes })) })),
  openPreviewFile: channel('Opens a file of the last preview in the system viewer (a PDF reader, an image viewer).', z.strictObject({ chargebackId: z.string().min(1).max(200), name: previewName }), z.object({ ok: z.literal(true) })),
  savePreviewFile: channel('Saves a copy of a file of the last preview where the merchant chooses.', z.strictObject({ chargebackId: z.string().min(1).max(200), name: previewName }), z.object({ saved: z.boolean() })),
} as const;
