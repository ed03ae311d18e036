// What the processor accepts, kept per profile (limits differ by processor and network), and
// the compression presets that aim at those limits.
import { z } from 'zod';

export const colourModes = ['colour', 'grayscale', 'bw'] as const;
export const colourModeSchema = z.enum(colourModes);
export type ColourMode = z.infer<typeof colourModeSchema>;

export const evidenceLimitsSchema = z.strictObject({
  maxFileBytes: z.number().int().min(50_000, 'a file limit under 50 KB cannot hold a legible page'),
  maxTotalBytes: z.number().int().min(50_000),
  maxPages: z
    .number()
    .int('a whole number of pages, from 1 to 500')
    .min(1, 'at least 1 page')
    .max(500, 'at most 500 pages'),
  maxDpi: z
    .number()
    .int('a whole number from 72 to 600 dpi')
    .min(72, 'from 72 to 600 dpi')
    .max(600, 'from 72 to 600 dpi'),
  /** The most colour the processor accepts: colour allows all, bw only black and white. */
  colour: colourModeSchema,
});
export type EvidenceLimits = z.infer<typeof evidenceLimitsSchema>;

/** The strictest common set this service's sources publish (2 MB a file, 10 MB a case, 19 pages). */
export const defaultLimits: EvidenceLimits = {
  maxFileBytes: 2 * 1024 * 1024,
  maxTotalBytes: 10 * 1024 * 1024,
  maxPages: 19,
  maxDpi: 200,
  colour: 'colour',
};
/** For the tightest acquirers: 1 MB per case, black and white at 200 dpi. */
export const strictLimits: EvidenceLimits = {
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 1024 * 1024,
  maxPages: 20,
  maxDpi: 200,
  colour: 'bw',
};

export const presetNames = ['document', 'photo', 'strict'] as const;
export const presetNameSchema = z.enum(presetNames);
export type PresetName = z.infer<typeof presetNameSchema>;

export const presetSchema = z.strictObject({
  name: presetNameSchema,
  dpi: z.number().int().min(72).max(600),
  colour: colourModeSchema,
  jpegQuality: z.number().int().min(20).max(95),
  denoise: z.boolean(),
});
export type Preset = z.infer<typeof presetSchema>;

/** The merchant's adjustments of a preset: any of its settings, each optional. */
export const presetAdjustmentsSchema = presetSchema.omit({ name: true }).partial();
export type PresetAdjustments = z.infer<typeof presetAdjustmentsSchema>;

// No median filter in any preset: a 3×3 median erases the thin strokes of small print. On 6 pt
// receipts OCR read 269 of 430 words of the document preset's page with it, 388 on a plain
// resample (before the downscale it does as much harm); black and white at 200 dpi read 311 of
// 423 words with it and 421 without. It saved 3-30% of the bytes, which the budget solver finds
// by lowering JPEG quality at no cost in legibility. The merchant can still ask for it.
export const presets: Record<PresetName, Preset> = {
  document: { name: 'document', dpi: 150, colour: 'grayscale', jpegQuality: 75, denoise: false },
  photo: { name: 'photo', dpi: 150, colour: 'colour', jpegQuality: 80, denoise: false },
  strict: { name: 'strict', dpi: 200, colour: 'bw', jpegQuality: 75, denoise: false },
};

export const pageSizes = ['letter', 'a4'] as const;
export const pageSizeSchema = z.enum(pageSizes);
export type PageSize = z.infer<typeof pageSizeSchema>;

/** The largest file Dispute Desk takes in: past this, a scan or photo needs splitting or a lower
 * resolution before it can become evidence. */
export const maxImportBytes = 200 * 1024 * 1024;

/** Why a file of this size is not taken in, in the merchant's words; undefined when it is. The one
 * wording of the limit: the window says it before reading a dropped file, the IPC contract and the
 * evidence store say it again for whatever reaches them. */
export function importSizeRefusal(name: string, bytes: number): string | undefined {
  if (bytes <= maxImportBytes) return undefined;
  return `${name} is larger than ${maxImportBytes / (1024 * 1024)} MB: split it or export it at a lower resolution.`;
}
