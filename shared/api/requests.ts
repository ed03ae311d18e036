// What the app writes: strict (unknown keys refused), so a typo never reaches the service.
import { z } from 'zod';
import { messageTypeSchema, documentTypeSchema } from '../domain/enums.ts';
import { answerNoteSchema } from '../domain/answer-note.ts';

const zeroOne = z.enum(['0', '1']);

const documentName = (max: number) =>
  z
    .string()
    .min(1)
    .max(max, `the file name is longer than ${max} characters`)
    .refine((n) => !/[\\/\u0000-\u001f\u007f]/.test(n), 'the file name may not contain slashes or control characters');

/** What an answer says, whichever form carries it: its type and the optional fields. */
const answerFields = {
  type: messageTypeSchema,
  note: answerNoteSchema.optional(),
  contact: z.email('the contact must be an email address').optional(),
  amount: z
    .number()
    .int('the amount must be whole minor units')
    .positive('the amount must be more than zero')
    .optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'the currency must be a three-letter code')
    .optional(),
};
/** Accepting liability concedes money, so it names how much. */
const concedesAnAmount = (m: { type: string; amount?: number | undefined }): boolean =>
  m.type !== 'acceptLiability' || m.amount !== undefined;
const amountConceded = { path: ['amount'], message: 'accepting liability needs the amount conceded' };

/** An answer's message as the app means it, before a dialect gives it its wire form. */
export const answerMessageSchema = z
  .strictObject({ chargeback: z.string().min(1, 'the chargeback ID is required'), ...answerFields })
  .refine(concedesAnAmount, amountConceded);
export type AnswerMessage = z.infer<typeof answerMessageSchema>;

/** The message types the core API's OpenAPI lists: it spells `respondToPreArbitration`
 * correctly and adds `createArbitration` (the contract's list misspells the one and lacks the
 * other). */
export const coreMessageTypes = [
  'assign',
  'notate',
  'acceptLiability',
  'createPreArbitration',
  'represent',
  'respond',
  'requestArbitration',
  'createArbitration',
  'requestPreArbitration',
  'requestResolutionToPreArbitration',
  'respondToDispute',
  'respondToPreArbitration',
  'unaccept',
] as const;

/** POST /chargebackMessages on the core API: lowercase `chargeback` and `type` are required, the
 * rest optional; status, imported and the flags are the server's own fields, so none is sent. */
export const coreMessageSchema = z.strictObject({
  chargeback: z.string().min(1),
  type: z.enum(coreMessageTypes),
  note: answerNoteSchema.optional(),
  contact: z.string().optional(),
  amount: z.number().int().positive().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
export type CoreMessage = z.infer<typeof coreMessageSchema>;

/** POST /chargebackDocuments on the core API: the record a file is then uploaded to. The server
 * sets `ref` and `status` itself. */
export const coreDocumentRecordSchema = z.strictObject({
  chargeback: z.string().min(1),
  name: documentName(100),
  type: documentTypeSchema,
  description: z.string().min(1).max(100).optional(),
  documentSource: z.literal('merchant'),
  inactive: z.literal(0),
  frozen: z.literal(0),
});
export type CoreDocumentRecord = z.infer<typeof coreDocumentRecordSchema>;

/** POST /ChargebackMessages/ on the micro-service, as the contract's table has it. */
export const newMessageSchema = z
  .strictObject({
    Chargeback: z.string().min(1, 'the chargeback ID is required'),
    status: z.literal('requested'),
    imported: zeroOne,
    inactive: zeroOne,
    frozen: zeroOne,
    ...answerFields,
  })
  .refine(concedesAnAmount, amountConceded);
export type NewMessage = z.infer<typeof newMessageSchema>;

/** The JSON part `documentInfo` of a document upload. */
export const documentInfoSchema = z.strictObject({
  documentType: documentTypeSchema,
  name: documentName(200),
  sizeInBytes: z.number().int().positive('an empty file cannot be uploaded'),
  Chargeback: z.string().min(1).optional(),
  status: z.literal('created').optional(),
  type: documentTypeSchema.optional(),
  inactive: z.union([zeroOne, z.literal(0), z.literal(1)]).optional(),
  frozen: z.union([zeroOne, z.literal(0), z.literal(1)]).optional(),
});
export type DocumentInfo = z.infer<typeof documentInfoSchema>;

/** MIME type of the `document` part for each allowed document type. */
export const documentMimeTypes: Record<z.infer<typeof documentTypeSchema>, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};
