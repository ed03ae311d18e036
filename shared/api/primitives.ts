// Read-side building blocks. The service is loose with types (integers as strings, 0/1 flags as
// numbers, strings or booleans, dates as integers or strings, null where a value is missing), so
// every reader normalises here, once, and the rest of the app sees one shape.
import { z } from 'zod';

/** An integer that may arrive as a number or a numeric string. */
export const intLike = z.union([
  z.number().int(),
  z.string().trim().regex(/^-?\d+$/, 'expected an integer').transform(Number),
]);

/** A number (ledger amounts may carry up to 3 decimals of minor units). */
export const numberLike = z.union([
  z.number(),
  z.string().trim().regex(/^-?\d+(\.\d+)?$/, 'expected a number').transform(Number),
]);

/** 0/1 flags arrive as 0, 1, "0", "1", true or false; normalised to 0 | 1. */
export const flag01 = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v): 0 | 1 => (v === 1 || v === '1' || v === true ? 1 : 0));

/** A boolean that may arrive as 0/1 or "true"/"false". */
export const boolLike = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/**
 * A calendar date `YYYYMMDD`, as an integer in REST responses and a string in alerts; also
 * accepted as `YYYY-MM-DD`. Normalised to the integer form (20250314) or null.
 */
export const ymdDate = z
  .union([z.number().int(), z.string(), z.null()])
  .transform((v, ctx): number | null => {
    if (v === null || v === '') return null;
    const s = String(v).trim();
    const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(s);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: `expected a date YYYYMMDD, got "${s}"` });
      return z.NEVER;
    }
    const [, y, mo, d] = m;
    const month = Number(mo);
    const day = Number(d);
    if (month < 1 || month > 12 || day < 1 || day > 31) {
      ctx.addIssue({ code: 'custom', message: `"${s}" is not a real date` });
      return z.NEVER;
    }
    return Number(`${y}${mo}${d}`);
  });

/**
 * A record timestamp as the service sends it: `YYYY-MM-DD HH:MM:SS.ffff` (US Eastern) on most
 * records, ISO 8601 with Z on status records. Kept as sent; shared/domain/dates.ts parses it.
 */
export const timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/, 'expected a date-time');

/** Strings the service may leave null or omit. */
export const optionalText = z.string().nullish().transform((v) => v ?? null);

/** An ID: never validated by length (system IDs may be 15, 30 or 32 characters). */
export const id = z.string().trim().min(1, 'an ID cannot be empty');
