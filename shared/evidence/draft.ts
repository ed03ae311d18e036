// A draft packet: the items the merchant added, the arrangement of their pages, the settings, the
// cover letter text and the slots of structured evidence. Saved on every change.
import { z } from 'zod';
import {
  evidenceItemSchema,
  arrangementSchema,
  outputKindSchema,
  pdfPagesSchema,
  type BuildSettings,
} from './items.ts';
import { presetNameSchema, pageSizeSchema, presetAdjustmentsSchema, type EvidenceLimits } from './limits.ts';
import { slotsSchema } from './slots.ts';

export const evidenceDraftSchema = z.object({
  items: z.array(evidenceItemSchema).max(500),
  arrangement: arrangementSchema,
  preset: presetNameSchema,
  pageSize: pageSizeSchema,
  rebuttal: z.string().max(20_000),
  // Added later: drafts saved before them read as the defaults (PDF, cover letter, auto).
  overrides: presetAdjustmentsSchema.optional(),
  output: outputKindSchema.optional(),
  pdfPages: pdfPagesSchema.optional(),
  coverLetter: z.boolean().optional(),
  /** false: full-page scans are shrunk onto the chosen page size instead of keeping their own. */
  keepScanPaper: z.boolean().optional(),
  /** The structured evidence: what the merchant typed into each slot and which files fill it.
   * Drafts saved before slots existed have none and read as they were. */
  slots: slotsSchema.optional(),
  /** Set when the draft is archived with the answer it was built for: the pages of the packet as
   * built, the cover letter's included (the arrangement alone counts only the evidence). */
  packetPages: z.number().int().min(0).optional(),
  /** Card-number masks the merchant undid, as `<item ID>:<mask ID>` (shared/evidence/card-numbers.ts):
   * sent as they are. Absent: every card number found is covered. */
  unmasked: z.array(z.string().max(120)).max(2000).optional(),
});
export type EvidenceDraft = z.infer<typeof evidenceDraftSchema>;

/** The build settings a draft asks for, within a profile's limits: the one translation the
 * window's estimate, its preview and the outbox all use. */
export function settingsOfDraft(draft: EvidenceDraft, limits: EvidenceLimits, baseName = 'evidence'): BuildSettings {
  return {
    preset: draft.preset,
    limits,
    pageSize: draft.pageSize,
    output: draft.output ?? 'pdf',
    baseName,
    ...(draft.overrides && Object.keys(draft.overrides).length ? { overrides: draft.overrides } : {}),
    ...(draft.pdfPages ? { pdfPages: draft.pdfPages } : {}),
    ...(draft.coverLetter === false ? { coverLetter: false } : {}),
    ...(draft.keepScanPaper === false ? { keepScanPaper: false } : {}),
    ...(draft.unmasked?.length ? { unmasked: draft.unmasked } : {}),
  };
}
