// The listings' records are validated by their schemas compiled into one function each (zod's
// `compile`, electron/api/parse-records.ts `compiled`): a large first sync spent a third of its
// CPU collecting what field-by-field validation allocated. The compiled form must read every
// record exactly as the schema does: the same values in the same key order (what the store keeps
// is their JSON), and, for a record that fails, the same issues (what the merchant is told). Held
// here to the recorded records and to the awkward ones the schemas tolerate or refuse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { compiled, parseChargebacksWithTxns } from '../../../electron/api/parse-records.ts';
import {
  chargebackSchema,
  chargebackStatusRecordSchema,
  chargebackMessageSchema,
  chargebackDocumentSchema,
  entrySchema,
  txnSchema,
  expandedChargebackSchema,
} from '../../../shared/api/index.ts';
import { historyTxnSchema } from '../../../shared/api/card-history.ts';
import { envelopeSchema } from '../../../shared/api/envelope.ts';

import { recordedAnswer, recordedRecords as recorded, type RecordedRecord as Rec } from '../../support/recorded.ts';

/** What a parse gives, as the store and the merchant would see it. */
function outcome(r: { success: boolean; data?: unknown; error?: z.ZodError }): unknown {
  return r.success
    ? { json: JSON.stringify(r.data) }
    : { issues: r.error!.issues.map((i) => ({ path: i.path, message: i.message, code: i.code })) };
}

function assertSame(schema: z.ZodType, records: unknown[], what: string): void {
  const fast = compiled(schema);
  assert.notEqual(fast, schema, `${what}: the schema is compiled`);
  for (const [i, raw] of records.entries())
    assert.deepEqual(
      outcome(fast.safeParse(structuredClone(raw))),
      outcome(schema.safeParse(structuredClone(raw))),
      `${what} #${i}`,
    );
}

const cbs = recorded('chargebacks');
const txn = recorded('txns-expanded')[0]!;

test('recorded records read the same through the compiled schemas', () => {
  assertSame(chargebackSchema, cbs, 'chargebacks');
  assertSame(chargebackStatusRecordSchema, recorded('chargebackStatuses'), 'statuses');
  assertSame(chargebackMessageSchema, recorded('chargebackMessages'), 'messages');
  assertSame(chargebackDocumentSchema, recorded('chargebackDocuments'), 'documents');
  assertSame(txnSchema, [...recorded('txns'), txn], 'transactions');
  assertSame(historyTxnSchema, recorded('txns'), 'history transactions');
  assertSame(expandedChargebackSchema, [{ ...cbs[0], txn }], 'expanded chargebacks');
});

test('awkward records: tolerated the same way, refused with the same issues', () => {
  const cb = cbs[1]!;
  assertSame(
    chargebackSchema,
    [
      { ...cb, reply: 20250231, issued: '02-30-2025' }, // no real dates: kept as text in invalidDates
      { ...cb, created: 'yesterday', modified: '2024-13-01 10:00:00' },
      { ...cb, total: '30000', actionable: '1', inactive: true, currency: 'eur', reasonCode: 4837 },
      { ...cb, ChargebackRef: 'CB-1', chargebackRef: undefined, extra: { nested: [1, 2] } },
      { id: cb.id, cycle: 'first', total: 1, reasonCode: 'F14', status: 'OPEN' }, // the least a record has
      { ...cb, total: 'a lot' },
      { ...cb, id: 5, status: null },
      { ...cb, cycle: undefined, reasonCode: undefined },
      'not a record',
      null,
    ],
    'chargebacks',
  );
  const entry: Rec = {
    id: 't1_etr_1',
    created: '2025-01-02 10:00:00.1234',
    event: 11,
    amount: -5000,
    isFee: 0,
    description: 'Chargeback',
    chargeback: cb.id,
  };
  assertSame(
    entrySchema,
    [
      entry,
      { ...entry, amount: '-5000', isFee: '1', event: '11', pendingEntryCreated: '2025-02-30 00:00:00' },
      { ...entry, chargeback: { ...cb, txn } },
      { ...entry, chargeback: { ...cb, txn: { ...txn, total: 'a lot' } } },
      { ...entry, chargeback: null, txn: txn },
      { ...entry, amount: 'minus five' },
      { ...entry, id: undefined },
    ],
    'entries',
  );
  assertSame(
    txnSchema,
    [{ ...txn, swiped: 'yes' }, { ...txn, entryMode: '5', created: 'soon' }, { id: 1 }],
    'transactions',
  );
});

test('a chargeback page with transactions expanded reads through the compiled schemas, a bad transaction alone refused', () => {
  const page = [{ ...cbs[0], txn }, { ...cbs[1], txn: { ...txn, id: 't1_txn_bad', total: 'a lot' } }, cbs[2]];
  const read = parseChargebacksWithTxns(page);
  assert.deepEqual(
    read.records.map((r) => JSON.stringify(r.chargeback)),
    [{ ...cbs[0], txn: txn.id }, { ...cbs[1], txn: 't1_txn_bad' }, cbs[2]].map((raw) =>
      JSON.stringify(chargebackSchema.parse(raw)),
    ),
    'each chargeback as the plain listing gives it',
  );
  assert.equal(JSON.stringify(read.records[0]!.txn), JSON.stringify(txnSchema.parse(txn)));
  assert.equal(read.records[1]!.txn, undefined);
  assert.equal(read.records[2]!.txn, undefined);
  assert.deepEqual(read.invalid, [
    {
      id: 't1_txn_bad',
      problem: `the transaction of chargeback ${String(cbs[1]!.id)}: total: ${
        txnSchema.safeParse({ ...txn, total: 'a lot' }).error!.issues[0]!.message
      }`,
    },
  ]);
});

test('every answer reads through the compiled envelope as through the schema: successes, failures, and what is no answer', () => {
  const error = { code: 64, severity: 2, msg: 'Rate of requests exceeded', errorCode: 'C_RATE_LIMIT_EXCEEDED' };
  assertSame(
    envelopeSchema,
    [
      recordedAnswer('chargebacks'),
      recordedAnswer('chargebackStatuses'),
      recordedAnswer('txns-expanded'),
      // The status read's bare form, PHP's empty details, paging, and 401/429's errors alone.
      { data: [{ id: 'x' }], details: [], errors: [] },
      { response: { data: [], details: { page: { current: 2, last: 9, hasMore: true } }, errors: [] } },
      { errors: [error] },
      { response: { data: null, details: {}, errors: [error] } },
      // Not answers: a proxy's message, a success with errors, data that is no list, no object at all.
      { message: 'Bad gateway' },
      { response: { data: [], details: {}, errors: 'none' } },
      { response: { data: { id: 'x' }, details: {}, errors: [] } },
      { response: { data: [], details: 'page 1', errors: [] } },
      [],
      'OK',
      null,
    ],
    'envelopes',
  );
});
