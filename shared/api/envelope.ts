// The response envelope: `{ response: { data, details, errors } }`, or the same three members at
// top level (the status read, and 401 answers with only `errors`). A response is a success only
// when `errors` is empty, whatever the HTTP status said.
import { z } from 'zod';
import { intLike, boolLike } from './primitives.ts';

export const apiErrorItemSchema = z.looseObject({
  code: intLike.optional(),
  severity: intLike.optional(),
  msg: z.string().nullish().transform((v) => v ?? ''),
  field: z.string().nullish().transform((v) => v ?? undefined),
  errorCode: z.string().nullish().transform((v) => v ?? undefined),
});
export type ApiErrorItem = z.infer<typeof apiErrorItemSchema>;
/** An error item as written (field and errorCode may be left out). */
export type ApiErrorItemInput = z.input<typeof apiErrorItemSchema>;

export const pageInfoSchema = z.looseObject({
  current: intLike,
  last: intLike,
  hasMore: boolLike,
});
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

const bodySchema = z.looseObject({
  data: z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(z.unknown())),
  details: detailsSchema,
  errors: z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(apiErrorItemSchema)),
});
export type EnvelopeBody = z.infer<typeof bodySchema>;

/** The wrapped form most endpoints answer with. */
export const wrappedEnvelopeSchema = z.looseObject({ response: bodySchema });
/** The bare form of the status read and of 401 answers. */
export const bareEnvelopeSchema = bodySchema;

/** Either form, normalised to the body. */
export const envelopeSchema = z.union([
  wrappedEnvelopeSchema.transform((v) => v.response),
  bareEnvelopeSchema.refine((v) => v !== null && typeof v === 'object', 'expected an envelope'),
]);

/** A typed envelope for one record schema (records validated one by one by the client). */
export function envelopeOf<T extends z.ZodType>(record: T) {
  return z.union([
    z.looseObject({ response: bodySchema.extend({ data: z.array(record) }) }).transform((v) => v.response),
    bodySchema.extend({ data: z.array(record) }),
  ]);
}

/** What the service and the sandbox write: the wrapped form, strict. */
export function wrap(data: unknown[], details: { requestId?: number; page?: { current: number; last: number; hasMore: boolean } } = {}, errors: ApiErrorItemInput[] = []) {
  return { response: { data, details: { totals: [], ...details }, errors } };
}
