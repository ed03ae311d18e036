// What the app writes: strict (unknown keys refused), so a typo never reaches the service.
import { z } from 'zod';
import { messageTypeSchema, documentTypeSchema } from '../domain/enums.ts';

const zeroOne = z.enum(['0', '1']);

export const newMessageSchema = z
  .strictObject({
    Chargeback: z.string().min(1, 'the chargeback ID is required'),
    type: messageTypeSchema,
    status: z.literal('requested'),
    imported: zeroOne,
    inactive: zeroOne,
    frozen: zeroOne,
    note: z.string().max(5000, 'the note is longer than 5,000 characters').optional(),
    contact: z.email('the contact must be an email address').optional(),
    amount: z.number().int('the amount must be whole minor units').positive('the amount must be more than zero').optional(),
    currency: z.string().regex(/^[A-Z]{3}$/, 'the currency must be a three-letter code').optional(),
  })
  .refine((m) => m.type !== 'acceptLiability' || m.amount !== undefined, {
    path: ['amount'],
    message: 'accepting liability needs the amount conceded',
  });
export type NewMessage = z.infer<typeof newMessageSchema>;

/** The JSON part `documentInfo` of a document upload. */
export const documentInfoSchema = z.strictObject({
  documentType: documentTypeSchema,
  name: z
    .string()
    .min(1)
    .max(200)
    .refine((n) => !/[\\/\u0000-\u001f\u007f]/.test(n), 'the file name may not contain slashes or control characters'),
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
