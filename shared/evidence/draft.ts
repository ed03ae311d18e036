// A draft packet: the items the merchant added, the arrangement of their pages, the settings and
// the cover letter text. Saved on every change.
import { z } from 'zod';
import { evidenceItemSchema, arrangementSchema, outputKindSchema, pdfPagesSchema } from './items.ts';
import { presetNameSchema, pageSizeSchema, presetAdjustmentsSchema } from './limits.ts';

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
});
export type EvidenceDraft = z.infer<typeof evidenceDraftSchema>;
