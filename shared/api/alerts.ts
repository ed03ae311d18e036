// Alert (webhook) payloads. The body names no event: it is inferred from `disputeStatus`,
// `subject` and whether `data` is empty (observed behaviour). Created and Closed carry the
// chargeback record; Opened, Won and Lost carry none.
import { z } from 'zod';
import { boolLike, ymdDate, tolerantDates, invalidDatesSchema, keptObject } from './primitives.ts';
import { chargebackSchema } from './resources.ts';

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v)));
/** The alerts' MM-DD-YYYY dates, read as the app's YYYYMMDD integers like every other date. */
const date = ymdDate.nullish().transform((v) => v ?? null);

export const alertSchema = tolerantDates(
  { disputeCreated: 'calendar', disputeResponseDue: 'calendar', txnCreated: 'calendar' },
  keptObject({
    subject: text,
    disputeId: z.string().min(1),
    disputeCaseId: text,
    disputeCreated: date,
    disputeCycle: text,
    disclaimer: boolLike.nullish(),
    disputeReasonCode: text,
    disputeReason: text,
    disputeResponseDue: date,
    disputeStatus: text,
    paymentLastFour: text,
    paymentType: text,
    txnId: text,
    txnAmount: text,
    txnCardHolder: text,
    txnCreated: date,
    invalidDates: invalidDatesSchema,
  }),
);
export type Alert = z.infer<typeof alertSchema>;

export const alertPayloadSchema = z.looseObject({
  response: z.looseObject({ alert: alertSchema, data: z.preprocess((v) => v ?? [], z.array(chargebackSchema)) }),
});
export type AlertPayload = z.infer<typeof alertPayloadSchema>;

export const alertEvents = ['created', 'opened', 'won', 'lost', 'closed'] as const;
export const alertEventSchema = z.enum(alertEvents);
export type AlertEvent = z.infer<typeof alertEventSchema>;

/**
 * Infers the event an alert reports. The Lost example carries `disputeStatus` Closed with an
 * empty `data`, while a real Closed alert carries the record: so an empty-data Closed is Lost.
 */
export function inferAlertEvent(payload: AlertPayload): AlertEvent {
  const status = (payload.response.alert.disputeStatus ?? '').trim().toLowerCase();
  const subject = (payload.response.alert.subject ?? '').toLowerCase();
  const hasRecord = payload.response.data.length > 0;
  if (status === 'won' || /\bwon\b/.test(subject)) return 'won';
  if (status === 'lost' || /\blost\b/.test(subject)) return 'lost';
  if (status === 'closed') return hasRecord ? 'closed' : 'lost';
  if (hasRecord) return 'created';
  return 'opened';
}
