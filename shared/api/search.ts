// The `search` header grammar: clauses `field[op]=value` joined by `&`, combined as AND; `sort`
// is a clause too. Values travel unencoded (an encoded `:` silently matches nothing), so a value
// that contains `&` cannot be expressed and is refused rather than sent wrong.
import { z } from 'zod';

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

export function buildSearch(clauses: readonly SearchClause[]): string {
  return clauses
    .map((c) => {
      const clause = searchClauseSchema.parse(c);
      return `${clause.field}[${clause.op}]=${clause.value}`;
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
