// The response envelope: `{ response: { data, details, errors } }`, or the same three members at
// top level (the status read), or `errors` alone (401 and 429 answers). A response is a success
// only when it has that shape and `errors` is empty, whatever the HTTP status said; any other
// JSON is an unexpected answer, never an empty success.
import { z } from 'zod';
import { intLike, boolLike } from './primitives.ts';

export const apiErrorItemSchema = z.looseObject({
  code: intLike.optional(),
  severity: intLike.optional(),
  msg: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  field: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
  errorCode: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
});
export type ApiErrorItem = z.infer<typeof apiErrorItemSchema>;
/** An error item as written (field and errorCode may be left out). */
export type ApiErrorItemInput = z.input<typeof apiErrorItemSchema>;

export const pageInfoSchema = z.looseObject({ current: intLike, last: intLike, hasMore: boolLike });
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** `details` may be an object, an empty object, or (PHP-style) an empty array. */
export const detailsSchema = z.preprocess(
  (v) => (Array.isArray(v) || v === null || v === undefined ? {} : v),
  z.looseObject({
    requestId: intLike.optional(),
    totals: z.array(z.unknown()).optional(),
    page: pageInfoSchema.optional(),
  }),
);
export type Details = z.infer<typeof detailsSchema>;

/**
 * A success, as the contract and the observed service describe it: `data` (an array, also for a
 * single record), `details` (an object, often empty; PHP writes an empty one as `[]`) and an empty
 * `errors`. `details` only carries paging, which has a fallback, so its absence is tolerated;
 * `data` and `errors` are what make an answer an answer: a JSON object without them (a proxy's
 * `{"message": …}`, another service) is not a success with no data.
 */
const successBodySchema = z.looseObject({
  data: z.array(z.unknown()),
  details: detailsSchema,
  errors: z.array(apiErrorItemSchema).max(0),
});

/** A failure: a non-empty `errors`, in the envelope or alone (401 and 429 answer with `errors`
 * only, no `response` wrapper). Normalised to the success's shape with no data. */
const failureBodySchema = z
  .looseObject({
    data: z.array(z.unknown()).nullish(),
    details: detailsSchema,
    errors: z.array(apiErrorItemSchema).min(1),
  })
  .transform((v) => ({ ...v, data: v.data ?? [] }));

const bodySchema = z.union([successBodySchema, failureBodySchema]);
export type EnvelopeBody = z.infer<typeof successBodySchema>;

/** The wrapped form most endpoints answer with. */
export const wrappedEnvelopeSchema = z.looseObject({ response: bodySchema });
/** The bare form of the status read and of 401/429 answers. */
export const bareEnvelopeSchema = bodySchema;

/** Any of the shapes the service answers with, normalised to the body; anything else fails. */
export const envelopeSchema: z.ZodType<EnvelopeBody> = z.union([
  wrappedEnvelopeSchema.transform((v): EnvelopeBody => v.response),
  bareEnvelopeSchema,
]);

/** A typed successful envelope for one record schema (the client validates records one by one;
 * this is for reading fixtures and examples whole). */
export function envelopeOf<T extends z.ZodType>(record: T) {
  const body = successBodySchema.extend({ data: z.array(record) });
  return z.union([z.looseObject({ response: body }).transform((v) => v.response), body]);
}

/** What the service and the sandbox write: the wrapped form, strict. */
export function wrap(
  data: unknown[],
  details: { requestId?: number; page?: { current: number; last: number; hasMore: boolean } } = {},
  errors: ApiErrorItemInput[] = [],
) {
  return { response: { data, details: { totals: [], ...details }, errors } };
}
