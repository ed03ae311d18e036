// Read-side building blocks. The service is loose with types (integers as strings, 0/1 flags as
// numbers, strings or booleans, dates as integers or strings, null where a value is missing), so
// every reader normalises here, once, and the rest of the app sees one shape.
import { z } from 'zod';
import { parseCalendarDate, isServiceTimestamp, ymdToInt } from '../domain/dates.ts';
import { unsearchableIdProblem } from './search.ts';

/** What a number beyond 2^53 is told: JavaScript cannot hold it exactly, and an amount read as
 * a neighbouring one would be worse than one not read (its record is skipped and reported). */
const tooLarge = 'the number is too large to be read exactly (beyond 2^53)';
const exact = (n: number): boolean => Math.abs(n) <= Number.MAX_SAFE_INTEGER;

/** An integer that may arrive as a number or a numeric string; never one beyond 2^53 (a JSON
 * number that large is already rounded when parsed, a string would be rounded here). */
export const intLike = z.union([
  z.number().refine(Number.isInteger, 'expected an integer').refine(exact, tooLarge),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'expected an integer')
    .transform(Number)
    .refine(Number.isSafeInteger, tooLarge),
]);

/** A number (ledger amounts may carry up to 3 decimals of minor units), none beyond 2^53. */
export const numberLike = z.union([
  z.number().refine(exact, tooLarge),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'expected a number')
    .transform(Number)
    .refine(exact, tooLarge),
]);

/** 0/1 flags arrive as 0, 1, "0", "1", true or false; normalised to 0 | 1. */
export const flag01 = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v): 0 | 1 => (v === 1 || v === '1' || v === true ? 1 : 0));

/** A boolean that may arrive as 0/1 or "true"/"false". */
export const boolLike = z
  .union([
    z.boolean(),
    z.literal(0),
    z.literal(1),
    z.literal('0'),
    z.literal('1'),
    z.literal('true'),
    z.literal('false'),
  ])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/**
 * Remembers a pure function's latest answers. Dates repeat within and across records (a record's
 * `created` is often its `modified`; deadlines and issue dates are shared by many chargebacks),
 * and `tolerantDates` reads each date before the schema checks it again: a sync of 50,000
 * entries checked each timestamp twice, a tenth of its validation. The answer depends on the text
 * alone, so a remembered one is the answer.
 */
function remembered<K, V>(fn: (k: K) => V, size = 1024): (k: K) => V {
  let answers = new Map<K, V>();
  return (k) => {
    const known = answers.get(k);
    if (known !== undefined || answers.has(k)) return known as V;
    const v = fn(k);
    if (answers.size >= size) answers = new Map();
    answers.set(k, v);
    return v;
  };
}

const isTimestampText = remembered((s: string) => isServiceTimestamp(s));
const calendarDateOf = remembered((v: number | string) => {
  const d = parseCalendarDate(v);
  return d ? ymdToInt(d) : undefined;
});

/**
 * A calendar date: `YYYYMMDD` as an integer in REST responses and a string in alerts, also
 * `YYYY-MM-DD`, and the alerts' `MM-DD-YYYY`. Normalised to the integer form (20250314) or null.
 * Only real dates pass (20250231 does not); records read through `tolerantDates` keep a bad one
 * as text instead of failing.
 */
export const ymdDate = z.union([z.number().int(), z.string(), z.null()]).transform((v, ctx): number | null => {
  if (v === null || v === '') return null;
  const d = calendarDateOf(v);
  if (d === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `"${String(v).trim()}" is not a real date (YYYYMMDD, YYYY-MM-DD or MM-DD-YYYY)`,
    });
    return z.NEVER;
  }
  return d;
});

/**
 * A record timestamp as the service sends it: `YYYY-MM-DD HH:MM:SS.ffff` (US Eastern) on most
 * records, ISO 8601 with Z on status records. Kept as sent once checked to be a real moment;
 * shared/domain/dates.ts parses it.
 */
export const timestamp = z
  .string()
  .refine(isTimestampText, 'expected a real date-time (YYYY-MM-DD HH:MM:SS or ISO 8601)');

export type DateKind = 'calendar' | 'timestamp';

/** Date fields whose value was no real date, as received: the record is kept, the field is null. */
export const invalidDatesSchema = z.record(z.string(), z.string()).optional();

function readable(kind: DateKind, v: unknown): boolean {
  if (kind === 'calendar') return (typeof v === 'number' || typeof v === 'string') && calendarDateOf(v) !== undefined;
  return typeof v === 'string' && isTimestampText(v);
}

/**
 * Reads a record whose dates may be impossible. A bad date must not cost the merchant the whole
 * record (a chargeback with a garbled `reply` is still a chargeback to answer), nor pass as a
 * missing one: each bad date becomes null and its text is kept in `invalidDates`, for the app to
 * show and flag.
 */
export function tolerantDates<S extends z.ZodType>(fields: Readonly<Record<string, DateKind>>, schema: S) {
  const checked = Object.entries(fields);
  return z.preprocess((raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const rec = raw as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    let bad: Record<string, string> | undefined;
    for (const [field, kind] of checked) {
      const v = rec[field];
      if (v === undefined || v === null || v === '' || readable(kind, v)) continue;
      out ??= { ...rec };
      bad ??= {};
      out[field] = null;
      bad[field] = typeof v === 'string' ? v : JSON.stringify(v);
    }
    if (!out || !bad) return raw;
    const earlier = invalidDatesSchema.safeParse(rec.invalidDates);
    out.invalidDates = { ...(earlier.success ? earlier.data : {}), ...bad };
    return out;
  }, schema);
}

/** Strings the service may leave null or omit. */
export const optionalText = z.string().nullable().default(null);

/** An ID: never validated by exact length (system IDs may be 15, 30 or 32 characters), but one
 * that could not be sent in a search is refused, so its record is skipped and reported. */
export const id = z
  .string()
  .trim()
  .min(1, 'an ID cannot be empty')
  .superRefine((v, ctx) => {
    const problem = unsearchableIdProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * A record of the service: the fields of `shape` checked as the app reads them, and any other
 * field kept as received (what zod's looseObject reads). The record is made in one go, the input
 * spread and the checked fields over it. zod's loose object adds the other fields one key at a
 * time instead, and in V8 an object given more than about a dozen keys that way becomes a hash
 * table: a transaction of 91 fields then took twice as long to check and to write as JSON
 * (measured: 9-11 µs against 4-6, and 13 against 5-7), and a large first sync reads 80,000
 * records. Fields come in the order received; those the service left out, given a default here,
 * come last.
 */
export function keptObject<const S extends z.ZodRawShape>(shape: S) {
  const own = z.object(shape);
  // Compiled into one generated function on first use (zod hands back the schema itself where it
  // cannot compile one).
  let fast: typeof own | undefined;
  return z.unknown().transform((raw, ctx): z.output<typeof own> & { [k: string]: unknown } => {
    // Not an object: refused as zod's object refuses it, before anything is made (a union tries
    // this first on every entry whose chargeback is an ID, not the record).
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      ctx.issues.push({ code: 'invalid_type', expected: 'object', input: raw });
      return z.NEVER;
    }
    const r = (fast ??= z.compile(own)).safeParse(raw);
    if (!r.success) {
      // The problems as the object itself reports them, before they are put into words: each
      // keeps whether it stops the parse, by which a union names the branch that nearly read
      // (its field's path and message, not "Invalid input"). The record's parents prefix their
      // paths, as for any field.
      const payload = own._zod.run({ value: raw, issues: [] }, {});
      if (payload instanceof Promise) throw new Error('a record schema cannot be asynchronous');
      ctx.issues.push(...payload.issues);
      return z.NEVER;
    }
    // An own key "__proto__" (JSON.parse makes one) is left out, as zod's loose object leaves it.
    if (Object.hasOwn(raw, '__proto__')) {
      const { ['__proto__']: _, ...rest } = raw as Record<string, unknown>;
      return { ...rest, ...r.data };
    }
    return { ...raw, ...r.data };
  });
}
