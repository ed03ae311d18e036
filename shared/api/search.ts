// The `search` header grammar: clauses `field[op]=value` joined by `&`, combined as AND; `sort`
// is a clause too. Values travel unencoded (an encoded `:` silently matches nothing), so a value
// that contains `&` cannot be expressed and is refused rather than sent wrong.
import { z } from 'zod';
import { AppError } from '../errors.ts';

export const searchOps = ['equals', 'greater', 'less', 'like', 'in', 'sort'] as const;
export const searchOpSchema = z.enum(searchOps);
export type SearchOp = z.infer<typeof searchOpSchema>;

export const searchClauseSchema = z.object({
  field: z.string().regex(/^[A-Za-z][A-Za-z0-9_.]*$/, 'a search field is letters, digits, _ or .'),
  op: searchOpSchema,
  value: z
    .string()
    .refine((v) => !v.includes('&') && !/[\r\n]/.test(v), 'a search value cannot contain & or a line break'),
});
export type SearchClause = z.infer<typeof searchClauseSchema>;

/** The longest ID sent in a search (system IDs are 15 to 32 characters). */
export const MAX_SEARCHABLE_ID = 128;

/**
 * Why an ID the service sent cannot be searched for, or undefined. IDs go into search values
 * (`chargeback[equals]=ID`, `chargeback[in]=ID,ID`, `id[greater]=ID`), unencoded: `&` would end the
 * clause, `,` split an `in` list, a control character break the header. Such an ID is refused
 * where records are read (the `id` schema), so it is skipped and reported there and never reaches
 * a search, rather than failing every sync that meets it.
 */
export function unsearchableIdProblem(id: string): string | undefined {
  if (id.length > MAX_SEARCHABLE_ID) return `an ID is at most ${MAX_SEARCHABLE_ID} characters`;

  if (/[&,\u0000-\u001f\u007f]/.test(id)) return 'an ID cannot contain &, a comma or a control character';
  return undefined;
}

/** The header for `clauses`. A clause that cannot be written is an AppError before anything is
 * sent (never a ZodError out of the transport), naming the value that could not be searched for. */
export function buildSearch(clauses: readonly SearchClause[]): string {
  return clauses
    .map((c) => {
      const clause = searchClauseSchema.safeParse(c);
      if (!clause.success)
        throw new AppError(
          'validation',
          `Dispute Desk could not search the chargeback service for "${String(c.value).slice(0, 80)}": ` +
            `${clause.error.issues[0]?.message ?? 'it cannot be written in a search'}.`,
        );
      return `${clause.data.field}[${clause.data.op}]=${clause.data.value}`;
    })
    .join('&');
}

export type ParsedSearch = { ok: true; clauses: SearchClause[] } | { ok: false; message: string };

/** The sandbox's reading of the header; anything malformed is a `query_error`. */
export function parseSearch(header: string | undefined): ParsedSearch {
  if (header === undefined || header.trim() === '') return { ok: true, clauses: [] };
  const clauses: SearchClause[] = [];
  for (const part of header.split('&')) {
    const m = /^([A-Za-z][A-Za-z0-9_.]*)\[([a-z]+)\]=(.*)$/.exec(part.trim());
    if (!m) return { ok: false, message: `Invalid search clause "${part}"` };
    const parsed = searchClauseSchema.safeParse({ field: m[1], op: m[2], value: m[3] });
    if (!parsed.success) return { ok: false, message: `Invalid search operator in "${part}"` };
    clauses.push(parsed.data);
  }
  return { ok: true, clauses };
}
