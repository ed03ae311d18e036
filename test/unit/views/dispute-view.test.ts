// The dispute view from real record shapes: the recorded core API records, the same records as the
// micro-service presents them (through the sandbox's own presentation), and the odd forms the
// tolerant read schemas let through. The page and `dispute-desk show` print this view as it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  envelopeOf,
  chargebackSchema,
  chargebackStatusRecordSchema,
  chargebackMessageSchema,
  chargebackDocumentSchema,
  entrySchema,
  storedEntryOf,
  txnSchema,
} from '../../../shared/api/index.ts';
import {
  disputeView,
  disputeViewSchema,
  type DisputeContext,
  type DisputeRecords,
} from '../../../shared/views/dispute-view.ts';
import { answerLifecycle } from '../../../shared/domain/answer-lifecycle.ts';
import { present } from '../../../electron/sandbox/dialect-shapes.ts';
import type { RecordKind } from '../../../electron/sandbox/db.ts';
import type { DialectName } from '../../../shared/domain/dialects.ts';

const rawRecords = z.array(z.record(z.string(), z.unknown()));

/** A recorded fixture's records as the service of a dialect answers them (the core form is the recording). */
function recorded(name: string, kind: RecordKind, dialect: DialectName): Array<Record<string, unknown>> {
  const text = readFileSync(new URL(`../../fixtures/recorded/${name}`, import.meta.url), 'utf8');
  const body = envelopeOf(z.unknown()).parse(JSON.parse(text));
  return rawRecords.parse(body.data).map((r) => present(kind, r, dialect));
}

const closedId = 't1_chb_6616a9f7c19a47bea938957';
const linkOf = (r: Record<string, unknown>): unknown => r.chargeback ?? r.Chargeback;

/** What the store would hold for the recorded closed chargeback, read in one dialect. */
function recordsOf(dialect: DialectName): DisputeRecords {
  const of = (name: string, kind: RecordKind) => recorded(name, kind, dialect);
  const linked = (name: string, kind: RecordKind) => of(name, kind).filter((r) => linkOf(r) === closedId);
  return {
    chargeback: chargebackSchema.parse(of('chargebacks.json', 'chargeback').find((r) => r.id === closedId)),
    txn: null,
    statuses: linked('chargebackStatuses.json', 'status').map((r) => chargebackStatusRecordSchema.parse(r)),
    messages: linked('chargebackMessages.json', 'message').map((r) => chargebackMessageSchema.parse(r)),
    documents: linked('chargebackDocuments.json', 'document').map((r) => chargebackDocumentSchema.parse(r)),
    entries: [],
  };
}

function context(records: DisputeRecords, over: Partial<DisputeContext> = {}): DisputeContext {
  const cb = records.chargeback;
  return {
    now: new Date('2024-12-28T17:00:00Z'),
    dialect: 'core',
    ticked: new Set(),
    answer: answerLifecycle({ chargeback: cb, jobs: [], messages: records.messages }),
    sentDrafts: [],
    ...over,
  };
}

/** The view, checked against the channel's own schema: what the router would let through unchanged. */
function view(records: DisputeRecords, over: Partial<DisputeContext> = {}) {
  const v = disputeView(records, context(records, over));
  assert.deepEqual(disputeViewSchema.parse(v), v, 'the view is exactly what its schema describes');
  return v;
}

test('the recorded core chargeback: typed facts, deadline, history with what caused it, messages, documents', () => {
  const v = view(recordsOf('core'));
  assert.deepEqual(v.chargeback, {
    id: closedId,
    status: 'closed',
    cycle: 'first',
    total: 30000,
    currency: 'USD',
    reasonCode: 'F14',
    reason: 'Missing Signature',
    // A letter and two digits: American Express's form (card-networks.ts).
    network: 'amex',
    networkName: 'American Express',
    issued: '2024-04-09',
    received: null,
    txn: 't1_txn_6616a938dab5e92858d4e0a',
    ref: 'j3JeC74OWBL000065',
    bankRef: null,
    chargebackRef: null,
    actionable: true,
  });
  // Closed: the reply date three days ahead is no deadline any more; the outcome stands in its place.
  assert.deepEqual(v.deadline, {
    reply: '2024-12-31',
    unreadable: null,
    daysLeft: 3,
    sendBy: '2024-12-31',
    sendByDaysLeft: 3,
    outcome: 'closed',
    state: 'none',
    text: 'Closed',
  });
  const message = 't1_chm_6674683807ae211f3855942';
  assert.deepEqual(v.history, [
    {
      id: 't1_chs_66746838179377f5d203381',
      status: 'closed',
      at: '2024-06-20 13:34',
      message,
      messageType: 'represent',
    },
  ]);
  assert.deepEqual(v.messages, [
    {
      id: message,
      type: 'represent',
      status: 'processed',
      at: '2024-06-20 13:34',
      note: 'dfafd',
      amount: null,
      currency: 'USD',
    },
  ]);
  assert.deepEqual(v.documents, [
    {
      id: 't1_chd_6674682736b9b7bf2671e7e',
      name: 'invoice 1.TIFF',
      type: 'tiff',
      status: 'processed',
      at: '2024-06-20 13:34',
    },
  ]);
  assert.equal(v.answerable, false);
  assert.match(v.whyNot ?? '', /^This chargeback is closed: the processor accepts no more responses\.$/);
  assert.deepEqual(v.facts, [], 'no transaction synced yet');
  assert.deepEqual(v.money, { entries: [], totals: null });
});

test("the micro-service's forms (Chargeback links, ISO times, documentType) give the same view", () => {
  const statuses = recorded('chargebackStatuses.json', 'status', 'microservice');
  assert.ok(
    statuses.every((r) => 'Chargeback' in r && String(r.created).endsWith('Z')),
    'the forms do differ',
  );
  assert.deepEqual(view(recordsOf('microservice')), view(recordsOf('core')));
});

test('odd forms the tolerant schemas let through arrive as plain values', () => {
  const cbId = 't1_chb_odd';
  const created = '2025-02-01 09:00:00.0000';
  const records: DisputeRecords = {
    chargeback: chargebackSchema.parse({
      id: cbId,
      txn: 't1_txn_odd',
      total: '1000',
      cycle: 'first',
      currency: 'jpy',
      reasonCode: 4837,
      reason: null,
      status: 'OPEN',
      actionable: '1',
      reply: '20250231',
      issued: '2025-02-01',
      ChargebackRef: 'CB-9',
    }),
    txn: txnSchema.parse({
      id: 't1_txn_odd',
      first: 'Ana',
      last: 'Lima',
      email: null,
      entryMode: '5',
      emv: '1',
      authCode: 'A1B2',
    }),
    statuses: [
      { id: 's1', Chargeback: cbId, status: 'OPEN' },
      { id: 's2', chargeback: cbId, created: '2025-02-30 10:00:00', ChargebackMessage: 'm-elsewhere', status: 'open' },
    ].map((r) => chargebackStatusRecordSchema.parse(r)),
    messages: [
      {
        id: 'm1',
        Chargeback: cbId,
        type: 'somethingNew',
        status: 'Requested',
        amount: '300',
        created: '2025-02-02T15:00:00Z',
      },
    ].map((r) => chargebackMessageSchema.parse(r)),
    documents: [
      { id: 'd1', chargeback: cbId, name: null, ref: null, status: null },
      { id: 'd2', Chargeback: cbId, ref: 'd2.PDF', documentType: 'pdf', type: null, sizeInBytes: '2048' },
    ].map((r) => chargebackDocumentSchema.parse(r)),
    entries: [
      { id: 'e1', created, event: '11', amount: '-1000', description: null, chargeback: cbId },
      { id: 'e2', created, event: 11, amount: -1500, isFee: true, description: 'Chargeback fee' },
    ].map((r) => storedEntryOf(entrySchema.parse(r))),
  };
  const v = view(records, { now: new Date('2025-02-10T12:00:00Z') });
  assert.equal(v.chargeback.total, 1000);
  assert.equal(v.chargeback.currency, 'JPY');
  assert.equal(v.chargeback.reasonCode, '4837');
  assert.equal(v.chargeback.reason, '');
  assert.equal(v.chargeback.status, 'open');
  assert.equal(v.chargeback.chargebackRef, 'CB-9');
  assert.deepEqual(
    v.deadline,
    {
      reply: null,
      unreadable: '20250231',
      daysLeft: null,
      sendBy: null,
      sendByDaysLeft: null,
      outcome: null,
      state: 'due-soon',
      text: 'Reply date unreadable ("20250231")',
    },
    'a reply date that is no real date stands out as possibly due, shown as sent',
  );
  assert.deepEqual(v.history, [
    { id: 's1', status: 'open', at: null, message: null, messageType: null },
    { id: 's2', status: 'open', at: null, message: 'm-elsewhere', messageType: null },
  ]);
  assert.deepEqual(
    v.messages,
    [
      {
        id: 'm1',
        type: 'somethingNew',
        status: 'requested',
        at: '2025-02-02 10:00',
        note: null,
        amount: 300,
        currency: null,
      },
    ],
    "an ISO time shows on the service's clock, like the core API's",
  );
  assert.deepEqual(
    v.documents.map((d) => [d.name, d.type, d.status]),
    [
      ['d1', null, null],
      ['d2.PDF', 'pdf', null],
    ],
    'a document is never nameless',
  );
  assert.deepEqual(
    v.facts.map((f) => [f.label, f.value]),
    [
      ['Cardholder', 'Ana Lima'],
      ['Authorization code', 'A1B2'],
      ['Entry mode', 'Chip'],
      ['Chip (EMV)', 'Yes'],
    ],
  );
  assert.deepEqual(
    v.money.entries.map((e) => [e.kind, e.amount, e.currency, e.label]),
    [
      ['disputed', -1000, 'JPY', 'Chargeback'],
      ['fee', -1500, 'JPY', 'Chargeback fee'],
    ],
    'every entry of the chargeback counts in its currency',
  );
  assert.deepEqual(v.money.totals, {
    currency: 'JPY',
    chargedBack: -1000,
    fees: -1500,
    reversed: 0,
    net: -2500,
    count: 2,
  });
  assert.equal(v.answerable, true);
  assert.equal(v.whyNot, undefined);
});

test('deadline states come from deadlineState: due today, overdue, later, none', () => {
  const recorded = recordsOf('core');
  const records = { ...recorded, chargeback: { ...recorded.chargeback, status: 'open' } };
  const at = (now: string) => view(records, { now: new Date(now) }).deadline;
  assert.deepEqual([at('2024-12-31T15:00:00Z').state, at('2024-12-31T15:00:00Z').text], ['due-today', 'Due today']);
  assert.deepEqual([at('2025-01-02T15:00:00Z').state, at('2025-01-02T15:00:00Z').daysLeft], ['overdue', -2]);
  assert.equal(at('2024-12-01T15:00:00Z').state, 'later');
  const none = { ...records, chargeback: { ...records.chargeback, reply: null } };
  assert.deepEqual(view(none).deadline, {
    reply: null,
    unreadable: null,
    daysLeft: null,
    sendBy: null,
    sendByDaysLeft: null,
    outcome: null,
    state: 'none',
    text: 'No deadline',
  });
});

test('a decided chargeback shows its outcome, never "overdue"; an open one counts to its send-by date', () => {
  const recorded = recordsOf('core');
  const afterReply = new Date('2025-01-09T15:00:00Z'); // 9 days after the reply date of 2024-12-31
  for (const status of ['won', 'lost', 'closed'] as const) {
    const d = view({ ...recorded, chargeback: { ...recorded.chargeback, status } }, { now: afterReply }).deadline;
    assert.equal(d.outcome, status);
    assert.equal(d.state, 'none', status);
    assert.doesNotMatch(d.text, /overdue/i, status);
  }
  const open = { ...recorded, chargeback: { ...recorded.chargeback, status: 'open' } };
  assert.equal(view(open, { now: afterReply }).deadline.text, 'Overdue by 9 days');
  // Reply date Tue 2024-12-31; 5 business days before it: Tue 2024-12-24. On Fri 2024-12-20, 4 days to send.
  const d = view(open, { now: new Date('2024-12-20T15:00:00Z'), sendByBusinessDays: 5 }).deadline;
  assert.deepEqual([d.sendBy, d.sendByDaysLeft, d.daysLeft, d.text], ['2024-12-24', 4, 11, '4 days to send']);
});

test('a chargeback not marked actionable says why it takes no answer', () => {
  const records = recordsOf('core');
  const open = { ...records, chargeback: { ...records.chargeback, status: 'open', actionable: 0 as const } };
  const v = view(open);
  assert.equal(v.answerable, false);
  assert.match(v.whyNot ?? '', /marked not actionable/);
  assert.equal(v.chargeback.actionable, false);
});

test('answers on offer: fitting ones first, evidence where the service takes it, a second answer asked about', () => {
  const records = recordsOf('core');
  const open = { ...records, chargeback: { ...records.chargeback, status: 'open' } };
  const core = view(open);
  assert.deepEqual(
    core.messageTypes.slice(0, 5).map((m) => [m.type, m.fits]),
    [
      ['respond', true],
      ['acceptLiability', true],
      ['represent', true], // another way to fight: fitting, behind "More answers"
      ['notate', true],
      ['assign', true], // it answers nothing, so it is never unusual
    ],
  );
  const represent = (v: typeof core) => v.messageTypes.find((m) => m.type === 'represent')?.withEvidence;
  assert.equal(represent(core), true, 'core: documents go before the closing message');
  assert.equal(represent(view(open, { dialect: 'microservice' })), false, 'micro-service: a closing message goes bare');
  // The recorded represent message is this stage's answer: another one is asked about first; a note is not an answer.
  const warning = core.messageTypes.find((m) => m.type === 'respond')?.secondAnswerWarning;
  assert.match(warning ?? '', /already has an answer at this stage: Represent/);
  assert.equal(core.messageTypes.find((m) => m.type === 'notate')?.secondAnswerWarning, null);
  const fresh = view({ ...open, messages: [] });
  assert.ok(
    fresh.messageTypes.every((m) => m.secondAnswerWarning === null),
    'nothing sent yet: nothing to ask',
  );
});

test("the merchant's ticks and the drafts sent with earlier answers", () => {
  const records = recordsOf('core');
  const v = view(records, {
    ticked: new Set(['signed-receipt', 'no-such-item']),
    sentDrafts: [
      { jobId: 'job-1', sentAt: 1, draft: undefined },
      { jobId: 'job-2', sentAt: 2, draft: { ...sentDraft, packetPages: 3 } },
      { jobId: 'job-3', sentAt: 3, draft: sentDraft },
      { jobId: 'job-4', sentAt: 4, draft: { ...sentDraft, coverLetter: false } },
    ],
  });
  assert.equal(v.explanation.category, 'fraud-card-present');
  assert.deepEqual(
    v.guidance.checklist.filter((i) => i.checked).map((i) => i.id),
    ['signed-receipt'],
  );
  // The packet's pages as built, the letter's included (two pages of evidence and a letter: 3);
  // never the evidence pages alone, which is a page or two short of what was sent.
  assert.deepEqual(v.sentDrafts, [
    { jobId: 'job-1', sentAt: 1, rebuttal: '' },
    { jobId: 'job-2', sentAt: 2, pages: 3, rebuttal: 'Mine.' },
    { jobId: 'job-3', sentAt: 3, rebuttal: 'Mine.' },
    { jobId: 'job-4', sentAt: 4, pages: 2, rebuttal: 'Mine.' },
  ]);
});

const sentDraft = {
  items: [],
  arrangement: {
    pages: [
      { itemId: 'a'.repeat(64), page: 0, rotation: 0 as const },
      { itemId: 'a'.repeat(64), page: 1, rotation: 0 as const },
    ],
  },
  preset: 'document' as const,
  pageSize: 'letter' as const,
  rebuttal: 'Mine.',
};
