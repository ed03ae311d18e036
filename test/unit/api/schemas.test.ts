import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  envelopeSchema,
  envelopeOf,
  chargebackSchema,
  chargebackStatusRecordSchema,
  chargebackMessageSchema,
  chargebackDocumentSchema,
  entrySchema,
  entryChargebackId,
  alertPayloadSchema,
  inferAlertEvent,
  newMessageSchema,
  documentInfoSchema,
  buildSearch,
  parseSearch,
  wrap,
} from '../../../shared/api/index.ts';

// Records shaped as the contract's tables and the observed service describe them.
const chargebackRecord = {
  id: 't1_chb_5f2a1c3b4d5e6f7a8b9c0d1',
  created: '2025-03-14 10:22:33.1234',
  modified: '2025-03-14 10:22:33.123',
  creator: 't1_log_5f2a1c3b4d5e6f7a8b9c0d2',
  modifier: 't1_log_5f2a1c3b4d5e6f7a8b9c0d2',
  merchant: 't1_mer_5f2a1c3b4d5e6f7a8b9c0d3',
  txn: 't1_txn_5f2a1c3b4d5e6f7a8b9c0d4',
  mid: '123456789',
  description: '',
  total: 4999,
  representedTotal: null,
  paymentMethod: 2,
  cycle: 'first',
  currency: 'USD',
  platform: 'PLATFORM_PROCESSOR_1',
  ref: 'R-1',
  reason: 'Merchandise not received',
  reasonCode: '13.1',
  issued: 20250310,
  received: 20250311,
  reply: 20250330,
  bankRef: 'B-1',
  ChargebackRef: 'CB-1',
  status: 'open',
  lastStatusChange: 't1_chs_5f2a1c3b4d5e6f7a8b9c0d5',
  inactive: 0,
  frozen: 0,
  actionable: 1,
  shadow: 0,
};

test('wrapped envelope with paging parses and keeps unknown members', () => {
  const body = envelopeSchema.parse({
    response: {
      data: [chargebackRecord],
      details: { requestId: 1, totals: [], page: { current: 1, last: 3, hasMore: true } },
      errors: [],
      extra: 'kept',
    },
  });
  assert.equal(body.data.length, 1);
  assert.deepEqual(body.details.page, { current: 1, last: 3, hasMore: true });
  assert.equal((body as Record<string, unknown>).extra, 'kept');
});

test('bare envelope of the status read parses, details may be empty object or array', () => {
  const status = {
    id: 't1_chb_x',
    created: '2025-03-14T15:22:33.123Z',
    modified: '2025-03-14T15:22:33.123Z',
    creator: 'a',
    modifier: 'a',
    Chargeback: 't1_chb_x',
    ChargebackMessage: 't1_msg_1',
    status: 'lost',
  };
  for (const details of [{}, []]) {
    const body = envelopeOf(chargebackStatusRecordSchema).parse({ data: [status], details, errors: [] });
    assert.equal(body.data[0]?.chargeback, 't1_chb_x');
    assert.equal(body.data[0]?.message, 't1_msg_1');
  }
});

test('401 answer with errors at top level parses as a failed envelope', () => {
  const body = envelopeSchema.parse({
    errors: [{ code: 4, severity: 3, msg: 'Invalid authentication', errorCode: 'invalid_auth' }],
  });
  assert.equal(body.errors[0]?.errorCode, 'invalid_auth');
  assert.deepEqual(body.data, []);
});

test('only the described shapes are envelopes: a JSON object without data and errors is none', () => {
  for (const shape of [
    { message: 'x' },
    {},
    { response: {} },
    { response: { data: [] } },
    { data: [] },
    { errors: [] },
    { response: { data: [], errors: [{ msg: 'x' }], details: 'x' } },
    { response: { data: 'x', details: {}, errors: [] } },
  ]) {
    assert.equal(envelopeSchema.safeParse(shape).success, false, JSON.stringify(shape));
  }
  assert.deepEqual(
    envelopeSchema.parse({ data: [], errors: [] }).details,
    {},
    'details carry only paging: tolerated when missing',
  );
  const failed = envelopeSchema.parse({ response: { errors: [{ msg: 'Invalid search', errorCode: 'query_error' }] } });
  assert.deepEqual([failed.data, failed.errors[0]?.errorCode], [[], 'query_error']);
});

test('error items keep field and code', () => {
  const body = envelopeSchema.parse({
    response: {
      data: [],
      details: {},
      errors: [
        {
          field: 'username',
          code: 15,
          severity: 2,
          msg: 'This field is required to be set',
          errorCode: 'required_field',
        },
      ],
    },
  });
  assert.equal(body.errors[0]?.field, 'username');
  assert.equal(body.errors[0]?.code, 15);
});

test('chargeback: tolerant on integers as strings, flags, both ref spellings, date forms', () => {
  const a = chargebackSchema.parse(chargebackRecord);
  assert.equal(a.chargebackRef, 'CB-1');
  assert.equal('ChargebackRef' in a, false);
  const b = chargebackSchema.parse({
    ...chargebackRecord,
    ChargebackRef: undefined,
    chargebackRef: 'cb-2',
    total: '1000',
    currency: 'jpy',
    issued: '20250310',
    reply: '2025-03-30',
    actionable: '1',
    inactive: '0',
    reasonCode: 4837,
    status: 'OPEN',
    unknownField: { x: 1 },
  });
  assert.equal(b.chargebackRef, 'cb-2');
  assert.equal(b.total, 1000);
  assert.equal(b.currency, 'JPY');
  assert.equal(b.issued, 20250310);
  assert.equal(b.reply, 20250330);
  assert.equal(b.actionable, 1);
  assert.equal(b.reasonCode, '4837');
  assert.equal(b.status, 'open');
  assert.deepEqual((b as Record<string, unknown>).unknownField, { x: 1 });
  const c = chargebackSchema.parse({ ...chargebackRecord, reply: null, received: null, currency: null });
  assert.equal(c.reply, null);
  assert.equal(c.currency, 'USD');
});

test('chargeback: a date that is no real date keeps the record, flagged with the text as sent', () => {
  const cases: Array<[string, unknown]> = [
    ['reply', 20250231],
    ['reply', '20251340'],
    ['reply', 'soon'],
    ['reply', '02-30-2025'],
    ['issued', '2025-02-29'],
    ['received', 20240230],
    ['created', '2025-02-30 10:00:00.0000'],
    ['modified', '2025-03-14 24:00:00'],
  ];
  for (const [field, value] of cases) {
    const r = chargebackSchema.safeParse({ ...chargebackRecord, [field]: value });
    assert.ok(r.success, `${field}: ${String(value)} keeps the record`);
    assert.equal((r.data as Record<string, unknown>)[field], null, `${field}: no made-up date`);
    assert.deepEqual(r.data.invalidDates, { [field]: String(value) });
  }
  const two = chargebackSchema.parse({ ...chargebackRecord, reply: 20250231, issued: 20250230 });
  assert.deepEqual(two.invalidDates, { reply: '20250231', issued: '20250230' });
  assert.equal(chargebackSchema.parse(chargebackRecord).invalidDates, undefined, 'real dates are not flagged');
  assert.equal(chargebackSchema.parse({ ...chargebackRecord, reply: 20240229 }).reply, 20240229, 'a leap day is real');
  assert.equal(
    chargebackSchema.parse({ ...chargebackRecord, reply: '03-30-2025' }).reply,
    20250330,
    'every listed format',
  );
});

test('chargeback: non-integer totals and empty IDs are refused', () => {
  assert.equal(chargebackSchema.safeParse({ ...chargebackRecord, total: '49.99' }).success, false);
  assert.equal(chargebackSchema.safeParse({ ...chargebackRecord, id: '' }).success, false);
});

test('status records, messages, documents, entries and transactions flag impossible dates too', () => {
  const status = chargebackStatusRecordSchema.parse({
    id: 't1_chs_1',
    created: '2025-02-31T10:00:00.000Z',
    modified: '2025-03-14T15:22:33.123+25:00',
    Chargeback: 't1_chb_x',
    status: 'open',
  });
  assert.deepEqual(status.invalidDates, {
    created: '2025-02-31T10:00:00.000Z',
    modified: '2025-03-14T15:22:33.123+25:00',
  });
  assert.equal(status.created, null);
  const m = chargebackMessageSchema.parse({
    id: 't1_msg_1',
    Chargeback: 't1_chb_x',
    type: 'respond',
    status: 'requested',
    date: 20250431,
  });
  assert.equal(m.date, null);
  assert.deepEqual(m.invalidDates, { date: '20250431' });
  const d = chargebackDocumentSchema.parse({
    id: 't1_doc_1',
    Chargeback: 't1_chb_x',
    name: 'a.pdf',
    created: '2025-13-01 00:00:00',
  });
  assert.deepEqual(d.invalidDates, { created: '2025-13-01 00:00:00' });
  const e = entrySchema.parse({
    id: 'e',
    event: 11,
    amount: -10,
    created: '2025-04-31 10:00:00.0000',
    pendingEntryCreated: '2025-04-30 10:61:00',
    chargeback: { ...chargebackRecord, reply: 20250631, txn: { id: 't1_txn_1', created: '2025-06-31 10:00:00' } },
  });
  assert.deepEqual(e.invalidDates, { created: '2025-04-31 10:00:00.0000', pendingEntryCreated: '2025-04-30 10:61:00' });
  const cb = e.chargeback;
  assert.ok(cb && typeof cb === 'object' && typeof cb.txn === 'object' && cb.txn);
  assert.deepEqual(cb.invalidDates, { reply: '20250631' });
  assert.deepEqual(cb.txn.invalidDates, { created: '2025-06-31 10:00:00' });
});

test('message response and document records parse', () => {
  const m = chargebackMessageSchema.parse({
    id: 't1_msg_1',
    created: '2025-03-14T15:22:33.123Z',
    Chargeback: 't1_chb_x',
    type: 'respondToPreArbitration',
    status: 'requested',
    imported: '1',
    inactive: 0,
    frozen: '0',
    date: '20250314',
    amount: '4999',
    currency: 'USD',
    note: 'see evidence',
  });
  assert.equal(m.chargeback, 't1_chb_x');
  assert.equal(m.amount, 4999);
  assert.equal(m.date, 20250314);
  const d = chargebackDocumentSchema.parse({
    id: 't1_doc_1',
    Chargeback: 't1_chb_x',
    type: null,
    name: 'evidence.pdf',
    ref: null,
    status: 'created',
  });
  assert.equal(d.type, null);
  assert.equal(d.chargeback, 't1_chb_x');
});

test('entry with expanded chargeback and txn; fractional minor units; id link either way', () => {
  const e = entrySchema.parse({
    id: 't1_etr_1',
    created: '2025-03-14 10:22:33.1234',
    modified: '2025-03-14 10:22:33.1234',
    creator: 'a',
    modifier: 'a',
    entity: 't1_ent_1',
    onentity: 't1_ent_2',
    fromentity: null,
    opposingEntry: 't1_etr_2',
    fund: 't1_fun_1',
    fee: null,
    disbursement: null,
    refund: null,
    txn: null,
    adjustment: null,
    profitShare: null,
    event: 11,
    eventId: 't1_chb_x',
    description: 'Chargeback',
    amount: '-4999.125',
    unsourced: null,
    pending: null,
    originalCurrency: null,
    currencyRate: null,
    statement: null,
    settlement: null,
    archiveSummary: null,
    isFee: 0,
    pendingEntry: 't1_per_1',
    pendingEntryCreated: '2025-03-14 10:22:33',
    chargeback: {
      ...chargebackRecord,
      id: 't1_chb_x',
      txn: { id: 't1_txn_1', total: 4999, first: null, email: null, entryMode: '5', swiped: 0 },
    },
  });
  assert.equal(e.amount, -4999.125);
  assert.equal(entryChargebackId(e), 't1_chb_x');
  const cb = e.chargeback;
  assert.ok(cb && typeof cb === 'object' && typeof cb.txn === 'object' && cb.txn !== null);
  assert.equal(
    entryChargebackId(entrySchema.parse({ id: 'e', event: '94', amount: 10, chargeback: 't1_chb_y' })),
    't1_chb_y',
  );
});

const alertBase = {
  subject: 'A new dispute has been created',
  disputeId: 't1_chb_x',
  disputeCaseId: 'CASE-1',
  disputeCreated: '03-14-2025',
  disputeCycle: 'First',
  disclaimer: false,
  disputeReasonCode: '13.1',
  disputeReason: 'Merchandise not received',
  disputeResponseDue: '03-30-2025',
  disputeStatus: 'Open',
  paymentLastFour: '4242',
  paymentType: 'Card brand A',
  txnId: 't1_txn_1',
  txnAmount: '49.99',
  txnCardHolder: '',
  txnCreated: '03-01-2025',
};
const alertRecord = { ...chargebackRecord, issued: '20250310', reply: '20250330', actionable: '1' };

test('alert payloads of every event parse and the event is inferred', () => {
  const cases: Array<[string, object, unknown[], string]> = [
    ['created', { disputeStatus: 'Open' }, [alertRecord], 'created'],
    ['opened', { disputeStatus: 'Open', subject: 'Dispute notification' }, [], 'opened'],
    ['won', { disputeStatus: 'Won', subject: 'Dispute notification' }, [], 'won'],
    ['lost (example carries Closed)', { disputeStatus: 'Closed', subject: 'Dispute notification' }, [], 'lost'],
    ['closed', { disputeStatus: 'Closed', subject: 'Dispute notification' }, [alertRecord], 'closed'],
  ];
  for (const [name, alert, data, expected] of cases) {
    const p = alertPayloadSchema.parse({ response: { alert: { ...alertBase, ...alert }, data } });
    assert.equal(inferAlertEvent(p), expected, name);
  }
  const p = alertPayloadSchema.parse({ response: { alert: alertBase, data: [alertRecord] } });
  assert.equal(p.response.data[0]?.reply, 20250330);
  assert.equal(p.response.data[0]?.actionable, 1);
});

test('alert dates (MM-DD-YYYY) are read as dates; an impossible one is kept as text, the alert still accepted', () => {
  const p = alertPayloadSchema.parse({ response: { alert: alertBase, data: [] } });
  assert.equal(p.response.alert.disputeCreated, 20250314);
  assert.equal(p.response.alert.disputeResponseDue, 20250330);
  assert.equal(p.response.alert.txnCreated, 20250301);
  assert.equal(p.response.alert.invalidDates, undefined);
  const bad = alertPayloadSchema.parse({
    response: { alert: { ...alertBase, disputeResponseDue: '02-30-2025', txnCreated: '2025-03-01' }, data: [] },
  });
  assert.equal(bad.response.alert.disputeResponseDue, null);
  assert.deepEqual(bad.response.alert.invalidDates, { disputeResponseDue: '02-30-2025' });
  assert.equal(bad.response.alert.txnCreated, 20250301);
});

test('alert without a dispute ID is refused', () => {
  assert.equal(
    alertPayloadSchema.safeParse({ response: { alert: { ...alertBase, disputeId: '' }, data: [] } }).success,
    false,
  );
});

test('new message is strict on write', () => {
  const ok = {
    Chargeback: 't1_chb_x',
    type: 'respond',
    status: 'requested',
    imported: '0',
    inactive: '0',
    frozen: '0',
  };
  assert.equal(newMessageSchema.safeParse(ok).success, true);
  assert.equal(newMessageSchema.safeParse({ ...ok, typo: 1 }).success, false, 'unknown key refused');
  assert.equal(
    newMessageSchema.safeParse({ ...ok, type: 'respondToPreArbitration' }).success,
    false,
    'only contract types are sent',
  );
  assert.equal(
    newMessageSchema.safeParse({ ...ok, type: 'acceptLiability' }).success,
    false,
    'accept liability needs an amount',
  );
  assert.equal(newMessageSchema.safeParse({ ...ok, type: 'acceptLiability', amount: 4999 }).success, true);
  assert.equal(newMessageSchema.safeParse({ ...ok, status: 'processed' }).success, false);
});

test('document info is strict and refuses unsafe names and types', () => {
  assert.equal(
    documentInfoSchema.safeParse({ documentType: 'pdf', name: 'evidence.pdf', sizeInBytes: 10 }).success,
    true,
  );
  assert.equal(documentInfoSchema.safeParse({ documentType: 'docx', name: 'a.docx', sizeInBytes: 10 }).success, false);
  assert.equal(documentInfoSchema.safeParse({ documentType: 'pdf', name: '../a.pdf', sizeInBytes: 10 }).success, false);
  assert.equal(documentInfoSchema.safeParse({ documentType: 'pdf', name: 'a.pdf', sizeInBytes: 0 }).success, false);
});

test('search header builds and parses the same grammar', () => {
  const header = buildSearch([
    { field: 'chargeback', op: 'equals', value: 't1_chb_x' },
    { field: 'created', op: 'greater', value: '2025-01-01 00:00:00' },
  ]);
  assert.equal(header, 'chargeback[equals]=t1_chb_x&created[greater]=2025-01-01 00:00:00');
  const parsed = parseSearch(header);
  assert.ok(parsed.ok);
  assert.equal(parsed.clauses[1]?.value, '2025-01-01 00:00:00');
  assert.throws(() => buildSearch([{ field: 'ref', op: 'equals', value: 'a&b' }]));
  assert.equal(parseSearch('chargeback[near]=x').ok, false);
  assert.equal(parseSearch('garbage').ok, false);
});

test('wrap writes the wrapped envelope that the schema reads back', () => {
  const body = envelopeSchema.parse(wrap([chargebackRecord], { page: { current: 1, last: 1, hasMore: false } }));
  assert.equal(body.details.page?.hasMore, false);
});

test('a field the service may leave out or null reads as null either way, and as sent when given', () => {
  const { ref: _ref, representedTotal: _rt, issued: _issued, ...leftOut } = chargebackRecord;
  const nulled = { ...chargebackRecord, ref: null, representedTotal: null, issued: null, bankRef: null };
  for (const [what, record] of [
    ['left out', leftOut],
    ['null', nulled],
  ] as const) {
    const c = chargebackSchema.parse(record);
    assert.equal(c.ref, null, what);
    assert.equal(c.representedTotal, null, what);
    assert.equal(c.issued, null, what);
    // The key is there either way: the store keeps this JSON as read.
    assert.ok(Object.hasOwn(c, 'ref') && JSON.stringify(c).includes('"ref":null'), what);
  }
  const given = chargebackSchema.parse({ ...chargebackRecord, representedTotal: '2500', issued: '2025-03-10' });
  assert.equal(given.ref, 'R-1');
  assert.equal(given.representedTotal, 2500);
  assert.equal(given.issued, 20250310);
  // Wrong types are still refused, not read as null.
  assert.equal(chargebackSchema.safeParse({ ...chargebackRecord, ref: 42 }).success, false);
  assert.equal(chargebackSchema.safeParse({ ...chargebackRecord, representedTotal: 'lots' }).success, false);
});
