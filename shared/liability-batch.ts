// Accepting liability for many chargebacks at once (the inbox's selection), as both processes see
// it: what would be conceded and what is skipped with its reason, then what happened to each.
import { z } from 'zod';

/** One chargeback to concede: the full disputed amount, in its currency, as the merchant confirms it. */
export const liabilityItemSchema = z.object({
  chargebackId: z.string().min(1).max(200),
  /** Minor units of `currency`. */
  amount: z.number().int().positive(),
  currency: z.string().min(3).max(3),
});
export type LiabilityItem = z.infer<typeof liabilityItemSchema>;

export const currencyTotalSchema = z.object({ currency: z.string(), total: z.number().int() });
export type CurrencyTotal = z.infer<typeof currencyTotalSchema>;

export const liabilityReviewSchema = z.object({
  take: z.array(liabilityItemSchema),
  skipped: z.array(z.object({ chargebackId: z.string(), reason: z.string() })),
  /** What `take` concedes, one total per currency (amounts never add across currencies). */
  totals: z.array(currencyTotalSchema),
});
export type LiabilityReview = z.infer<typeof liabilityReviewSchema>;

export const liabilityResultSchema = z.object({
  chargebackId: z.string(),
  outcome: z.enum(['queued', 'refused']),
  jobId: z.string().optional(),
  reason: z.string().optional(),
});
export type LiabilityResult = z.infer<typeof liabilityResultSchema>;
