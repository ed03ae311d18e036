// An open, answerable chargeback as the service records it, for tests that need one in the store:
// a $49.99 first chargeback for goods not received; `fields` change what the test is about.
import { chargebackSchema, type Chargeback } from '../../shared/api/index.ts';

export const openChargeback = (id: string, fields: Record<string, unknown> = {}): Chargeback =>
  chargebackSchema.parse({
    id,
    total: 4999,
    cycle: 'first',
    reasonCode: '13.1',
    reason: 'Not received',
    status: 'open',
    actionable: 1,
    currency: 'USD',
    reply: 20261201,
    modified: '2026-11-01 10:00:00.0000',
    ...fields,
  });
