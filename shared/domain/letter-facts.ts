// What a cover letter may state from the chargeback and its transaction record (each field only
// where the record states it), and how the letter writes a date: the one formatter of its dates.
import { z } from 'zod';
import { formatCalendarDate } from './merchant-format.ts';

/** A calendar date as the letter writes every date (English, the issuer's reading): "Wed, Oct
 * 14, 2026". The one formatter of the letter's dates: its heading, the record's and the typed. */
export function letterDay(v: string | number | null | undefined): string | undefined {
  return v ? formatCalendarDate(v, { locale: 'en-US' }) || undefined : undefined;
}

/** What the letter may state from the chargeback and its transaction record: each field only
 * where the record states it (electron/evidence/cover-letter-facts.ts reads them). */
export const coverLetterFactsSchema = z.object({
  merchantName: z.string().optional(),
  chargebackId: z.string(),
  reasonCode: z.string(),
  amountText: z.string(),
  /** The day the issuer authorized the payment (YYYY-MM-DD), from the record's `authDate`; never
   * the record's `created`, which is when the record was made. */
  authorizedOn: z.string().optional(),
  authCode: z.string().optional(),
  clientIp: z.string().optional(),
  chipRead: z.boolean().optional(),
  /** The card was tapped (the record's entry mode 6). */
  contactless: z.boolean().optional(),
  /** The record says a PIN was entered. */
  pinEntered: z.boolean().optional(),
  signed: z.boolean().optional(),
  /** The billing address in the record's words (payment-facts.ts billingAddressOf). */
  billingAddress: z.string().optional(),
  /** 3-D Secure as the record states it (`origin` 5: succeeded, 6: attempted); attempted is not
   * authenticated. */
  threeDSecure: z.enum(['authenticated', 'attempted']).optional(),
  /** The security code check, from a `cvvStatus` the app can read; an unknown code states nothing. */
  cvv: z.enum(['matched', 'not-matched']).optional(),
});
export type CoverLetterFacts = z.infer<typeof coverLetterFactsSchema>;
