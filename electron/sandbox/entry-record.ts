// An entry with every field the service records, in one place for the two that write one: the
// seeded portfolio's entries (seed.ts) and the reversal a won chargeback brings (issuer-decisions.ts).
export interface EntryFields {
  id: string;
  /** The record timestamp: `created` and `modified`, and to the second `pendingEntryCreated`. */
  ts: string;
  login: string;
  entity: string | null;
  opposingEntry: string | null;
  fund: string | null;
  event: number;
  eventId: string;
  description: string;
  amount: number;
  isFee: 0 | 1;
  pendingEntry: string | null;
  chargeback: string | null;
}

export function entryRecord(e: EntryFields): Record<string, unknown> {
  return {
    id: e.id,
    created: e.ts,
    modified: e.ts,
    creator: e.login,
    modifier: e.login,
    entity: e.entity,
    onentity: e.entity,
    fromentity: null,
    opposingEntry: e.opposingEntry,
    fund: e.fund,
    fee: null,
    disbursement: null,
    refund: null,
    txn: null,
    adjustment: null,
    profitShare: null,
    event: e.event,
    eventId: e.eventId,
    description: e.description,
    amount: e.amount,
    unsourced: null,
    pending: null,
    originalCurrency: null,
    currencyRate: null,
    statement: null,
    settlement: null,
    archiveSummary: null,
    isFee: e.isFee,
    pendingEntry: e.pendingEntry,
    pendingEntryCreated: e.ts.slice(0, 19),
    chargeback: e.chargeback,
  };
}
