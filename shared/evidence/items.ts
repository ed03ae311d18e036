// Imported evidence and the merchant's arrangement of its pages: what both processes exchange.
// Items are addressed by the SHA-256 of their content, never by a path.
import { z } from 'zod';
import { presetNameSchema, presetAdjustmentsSchema, evidenceLimitsSchema, pageSizeSchema } from './limits.ts';
import { documentTypeSchema } from '../domain/enums.ts';
import { importKinds } from './importable-kinds.ts';

export const itemIdSchema = z.string().regex(/^[0-9a-f]{64}$/, 'an evidence ID is a SHA-256');

export const evidenceItemSchema = z.object({
  id: itemIdSchema,
  name: z.string(),
  kind: z.enum(importKinds),
  pages: z.number().int().min(1),
  bytes: z.number().int().min(1),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  importedAt: z.number(),
});
export type EvidenceItem = z.infer<typeof evidenceItemSchema>;

export const importOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), item: evidenceItemSchema, duplicate: z.boolean() }),
  /** Refused, or (`skipped`) passed over on purpose while adding a folder: hidden and system
   * files, pipes and devices. Either way the reason says why, so nothing vanishes unexplained. */
  z.object({ ok: z.literal(false), name: z.string(), reason: z.string(), skipped: z.literal(true).optional() }),
]);
export type ImportOutcome = z.infer<typeof importOutcomeSchema>;

export const rotationSchema = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);

export const arrangedPageSchema = z.object({
  itemId: itemIdSchema,
  page: z.number().int().min(0),
  rotation: rotationSchema,
});
export type ArrangedPage = z.infer<typeof arrangedPageSchema>;

/** The pages in the merchant's order; a removed page is simply absent. */
export const arrangementSchema = z.object({ pages: z.array(arrangedPageSchema).max(2000) });
export type Arrangement = z.infer<typeof arrangementSchema>;

/** One PDF (the default), or a single page kept as an image file (JPEG, or PNG in black and
 * white) when the merchant prefers: then there is one page and no cover letter. */
export const outputKindSchema = z.enum(['pdf', 'image']);
export type OutputKind = z.infer<typeof outputKindSchema>;

/** PDF pages: kept as they are when they fit and meet the limits (`auto`), or always turned
 * into images through the same compression as photos (`image`). */
export const pdfPagesSchema = z.enum(['auto', 'image']);
export type PdfPagesChoice = z.infer<typeof pdfPagesSchema>;

export const buildSettingsSchema = z.object({
  preset: presetNameSchema,
  /** Adjustments of the preset (dpi, colour, quality, denoise). */
  overrides: presetAdjustmentsSchema.optional(),
  limits: evidenceLimitsSchema,
  pageSize: pageSizeSchema,
  /** A full-page scan keeps its own paper size (A4 stays A4) unless this is false: then it is
   * shrunk onto `pageSize` like everything else. */
  keepScanPaper: z.boolean().optional(),
  output: outputKindSchema.default('pdf'),
  /** `auto` when absent. */
  pdfPages: pdfPagesSchema.optional(),
  /** false leaves the cover letter out even where one is given. */
  coverLetter: z.boolean().optional(),
  baseName: z.string().min(1).max(80).default('evidence'),
  /** Card-number masks the merchant undid (`<item ID>:<mask ID>`): those parts are sent as they
   * are. Every other card number found is covered but for its last four digits. */
  unmasked: z.array(z.string().max(120)).max(2000).optional(),
});
export type BuildSettings = z.infer<typeof buildSettingsSchema>;

export const coverLetterInputSchema = z.object({
  chargebackId: z.string(),
  reasonCode: z.string(),
  reasonText: z.string(),
  /** The card network by the reason code's form ("Visa"); absent when the form names none. */
  network: z.string().optional(),
  plainMeaning: z.string(),
  amountText: z.string(),
  /** The letter's date, in the merchant's own calendar, in the letter's date words (letterDay). */
  date: z.string().optional(),
  issued: z.string().optional(),
  received: z.string().optional(),
  reply: z.string().optional(),
  transactionId: z.string().optional(),
  /** The day the issuer authorized the payment, as the transaction record states it. */
  authorized: z.string().optional(),
  merchantName: z.string().optional(),
  rebuttal: z.string().max(20_000),
  /** Exhibit titles by evidence item ID ("Proof of delivery (UPS 1Z…)", or the merchant's own);
   * the letter written by composeLetter titles every exhibit. */
  exhibitTitles: z.record(z.string(), z.string().max(300)).optional(),
});
export type CoverLetterInput = z.infer<typeof coverLetterInputSchema>;

export const pageProblemSchema = z.object({
  itemId: z.string().optional(),
  page: z.number().optional(),
  name: z.string().optional(),
  message: z.string(),
});
export type PageProblem = z.infer<typeof pageProblemSchema>;

export const outputFileSchema = z.object({
  name: z.string(),
  documentType: documentTypeSchema,
  bytes: z.number().int(),
  pages: z.number().int(),
});
export type OutputFile = z.infer<typeof outputFileSchema>;

/** A card number covered in a built packet: which file, which page (0-based), its last four. */
export const maskedPlaceSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  page: z.number().int().min(0),
  last4: z.string(),
});
export type MaskedPlace = z.infer<typeof maskedPlaceSchema>;

export const buildResultSchema = z.object({
  ok: z.boolean(),
  files: z.array(outputFileSchema),
  totalBytes: z.number().int(),
  totalPages: z.number().int(),
  /** Why the packet cannot fit, page by page. Never a silent drop. */
  problems: z.array(pageProblemSchema),
  warnings: z.array(z.string()),
  /** Which compression step the solver settled on (0 = the preset as chosen). */
  step: z.number().int(),
  /** Where card numbers were covered (absent: none found). */
  masked: z.array(maskedPlaceSchema).optional(),
});
export type BuildResult = z.infer<typeof buildResultSchema>;

export const estimateSchema = z.object({
  bytes: z.number().int(),
  pages: z.number().int(),
  files: z.number().int(),
  fits: z.boolean(),
  problems: z.array(z.string()),
  /** What the build will do that the merchant should check (PDF pages turned into images). */
  warnings: z.array(z.string()).optional(),
});
export type Estimate = z.infer<typeof estimateSchema>;
