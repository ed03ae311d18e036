// The two dialects, held to the real service's recorded shapes: the schemas read the recordings,
// the sandbox answers in the same fields and value types, each sandbox refuses the other
// dialect's forms, and a merchant's whole answer goes through the CLI in each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import {
  envelopeSchema,
  chargebackSchema,
  chargebackStatusRecordSchema,
  chargebackMessageSchema,
  chargebackDocumentSchema,
  alertPayloadSchema,
} from '../../../shared/api/index.ts';
import { explainReasonCode } from '../../../shared/domain/reason-codes.ts';
import { evidenceGuidance } from '../../../shared/domain/evidence-guidance.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import type { DialectName } from '../../../shared/domain/dialects.ts';
import type { OutboxJob } from '../../../shared/outbox.ts';
import { runCli } from '../cli/support.ts';
import { recordedAnswer, recordedRecords as recorded, type RecordedRecord as Rec } from '../../support/recorded.ts';

const schemas = {
  chargebacks: chargebackSchema,
  chargebackStatuses: chargebackStatusRecordSchema,
  chargebackMessages: chargebackMessageSchema,
  chargebackDocuments: chargebackDocumentSchema,
  'chargebackDocument-created': chargebackDocumentSchema,
} as const;

test('the recordings of the core API read: envelopes, every record, the alert; links and dates as recorded', () => {
  for (const [name, schema] of Object.entries(schemas)) {
    const body = recordedAnswer(name);
    const envelope = envelopeSchema.safeParse((body as { response: unknown }).response);
    assert.ok(envelope.success, `${name}: envelope`);
    for (const r of recorded(name)) {
      const parsed = schema.safeParse(r);
      assert.ok(
        parsed.success,
        `${name} ${String(r.id)}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`,
      );
    }
  }
  const [closed] = recorded('chargebackStatuses').map((r) => chargebackStatusRecordSchema.parse(r));
  assert.equal(closed!.chargeback, 't1_chb_6616a9f7c19a47bea938957');
  assert.equal(closed!.message, 't1_chm_6674683807ae211f3855942');
  const lost = chargebackStatusRecordSchema.parse(recorded('chargebackStatuses')[1]);
  assert.equal(lost.created, '2024-04-10 21:00:01.722', 'three fraction digits read too');
  const represent = chargebackMessageSchema.parse(recorded('chargebackMessages')[0]);
  assert.deepEqual(
    [represent.chargeback, represent.type, represent.date, represent.amount],
    ['t1_chb_6616a9f7c19a47bea938957', 'represent', 20240620, null],
  );
  const cb = chargebackSchema.parse(recorded('chargebacks')[0]);
  assert.deepEqual([cb.mid, cb.platform, cb.received], [null, null, null], 'absent fields read as absent');
  const alert = alertPayloadSchema.parse(recordedAnswer('alert-created'));
  assert.equal(alert.response.alert.disputeReasonCode, 'V1305');
  assert.equal(chargebackSchema.parse(alert.response.data[0]).actionable, 0, 'a string "0" in an alert');
});

test('V1305 is Visa 13.5: the same plain words and checklist as the bare code', () => {
  const prefixed = explainReasonCode('V1305');
  const bare = explainReasonCode('13.5');
  assert.equal(prefixed.title, '13.5 (V1305) · Misrepresentation');
  assert.equal(prefixed.plainWords, bare.plainWords);
  assert.equal(prefixed.network, 'visa');
  assert.deepEqual(evidenceGuidance(prefixed.category), evidenceGuidance(bare.category));
  assert.equal(explainReasonCode('v1004').category, explainReasonCode('10.4').category);
  assert.equal(explainReasonCode('4837').category, 'fraud-card-absent', 'other networks come plain');
  assert.match(explainReasonCode('V9999').title, /V9999/, 'an unknown prefixed code is said as sent');
});

async function call(
  sb: Sandbox,
  method: string,
  path: string,
  o: { json?: unknown; form?: FormData } = {},
): Promise<{ data: Rec[]; errors: Array<{ errorCode: string; field?: string }> }> {
  const headers: Record<string, string> = { APIKEY: sb.apiKey };
  let body: string | FormData | undefined;
  if (o.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.json);
  } else if (o.form) body = o.form;
  const res = await fetch(`${sb.url}${path}`, { method, headers, ...(body ? { body } : {}) });
  const parsed = (await res.json()) as { response?: { data: Rec[]; errors: [] }; data?: Rec[]; errors?: [] };
  return { data: parsed.response?.data ?? parsed.data ?? [], errors: parsed.response?.errors ?? parsed.errors ?? [] };
}

const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 ' +
    'obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The fields of a record and the type of each value that is set. */
function shape(records: Rec[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of records) {
    for (const [k, v] of Object.entries(r)) {
      const types = out.get(k) ?? new Set<string>();
      if (v !== null) types.add(typeof v);
      out.set(k, types);
    }
  }
  return out;
}

function assertSameShape(what: string, ours: Rec[], theirs: Rec[]): void {
  const a = shape(ours);
  const b = shape(theirs);
  assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort(), `${what}: the same fields as recorded`);
  for (const [k, types] of b) {
    const mine = a.get(k)!;
    if (types.size > 0 && mine.size > 0)
      assert.deepEqual([...mine].sort(), [...types].sort(), `${what}.${k}: the same value type as recorded`);
  }
  const idPrefix = (r: Rec): string => String(r.id).slice(3, 7);
  assert.deepEqual(
    [...new Set(ours.map(idPrefix))],
    [...new Set(theirs.map(idPrefix))],
    `${what}: IDs of the same kind`,
  );
  for (const r of ours)
    assert.match(String(r.created), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3,4}$/, `${what}: record timestamps`);
}

test('core mode: the sandbox answers in the recorded shapes, field by field', async () => {
  const sb = await startSandbox({ seed: 3, chargebacks: 20, decisionDelayMs: null, dialect: 'core' });
  try {
    const admin = createSandboxAdmin(sb.url, sb.adminToken);
    const cb = (await admin.createChargeback()).id;
    const record = await call(sb, 'POST', '/chargebackDocuments', {
      json: { chargeback: cb, name: 'invoice 1.PDF', type: 'pdf', inactive: 0, frozen: 0 },
    });
    assert.deepEqual(record.errors, []);
    assert.deepEqual([record.data[0]!.status, record.data[0]!.ref], ['created', null], 'a record waits for its file');
    const form = new FormData();
    form.set('file', new Blob([pdfBytes], { type: 'application/pdf' }), 'invoice 1.PDF');
    const filed = await call(sb, 'POST', `/files/chargebackDocuments/${String(record.data[0]!.id)}`, { form });
    assert.deepEqual(filed.errors, []);
    assert.deepEqual(
      [filed.data[0]!.status, filed.data[0]!.ref, filed.data[0]!.type],
      ['processed', `${String(record.data[0]!.id)}.PDF`, 'pdf'],
      "ref: the ID with the file name's own extension",
    );
    const message = await call(sb, 'POST', '/chargebackMessages', {
      json: { chargeback: cb, type: 'represent', note: 'Signed for on delivery.' },
    });
    assert.deepEqual(message.errors, []);
    const search = (field: string) => ({ search: `${field}[equals]=${cb}` });
    const list = async (path: string, field = 'chargeback'): Promise<Rec[]> => {
      const res = await fetch(`${sb.url}${path}`, { headers: { APIKEY: sb.apiKey, ...search(field) } });
      return ((await res.json()) as { response: { data: Rec[] } }).response.data;
    };
    assertSameShape('chargeback', await list('/chargebacks', 'id'), recorded('chargebacks'));
    assertSameShape('chargeback (seeded)', (await call(sb, 'GET', '/chargebacks')).data, recorded('chargebacks'));
    const statuses = await list('/chargebackStatuses');
    assertSameShape('status', statuses, recorded('chargebackStatuses'));
    assert.deepEqual(
      statuses.map((s) => [s.status, s.chargebackMessage]),
      [
        ['open', null],
        ['closed', message.data[0]!.id],
      ],
    );
    assertSameShape('message', await list('/chargebackMessages'), recorded('chargebackMessages'));
    assertSameShape('document', await list('/chargebackDocuments'), recorded('chargebackDocuments'));
    assert.deepEqual(
      await list('/chargebackMessages', 'Chargeback'),
      [],
      "the contract's link name is no field of these records",
    );
  } finally {
    await sb.close();
  }
});

test("each sandbox refuses the other dialect's forms as the real service refuses an unknown resource", async () => {
  const core = await startSandbox({ seed: 3, chargebacks: 2, decisionDelayMs: null, dialect: 'core' });
  const micro = await startSandbox({ seed: 3, chargebacks: 2, decisionDelayMs: null, dialect: 'microservice' });
  try {
    const cbCore = (await createSandboxAdmin(core.url, core.adminToken).createChargeback()).id;
    const cbMicro = (await createSandboxAdmin(micro.url, micro.adminToken).createChargeback()).id;
    const codes = (r: { errors: Array<{ errorCode: string; field?: string }> }): string[] =>
      r.errors.map((e) => (e.field ? `${e.errorCode}:${e.field}` : e.errorCode));
    const contractForm = (): FormData => {
      const f = new FormData();
      f.set(
        'documentInfo',
        new Blob([JSON.stringify({ documentType: 'pdf', name: 'a.pdf', sizeInBytes: pdfBytes.length })], {
          type: 'application/json',
        }),
      );
      f.set('document', new Blob([pdfBytes], { type: 'application/pdf' }), 'a.pdf');
      return f;
    };
    const contractMessage = (id: string) => ({
      Chargeback: id,
      type: 'respond',
      status: 'requested',
      imported: '0',
      inactive: '0',
      frozen: '0',
    });
    // Core mode: the contract's paths and bodies.
    assert.deepEqual(codes(await call(core, 'GET', '/Chargebacks')), ['invalid_resource']);
    assert.deepEqual(codes(await call(core, 'POST', '/ChargebackMessages/', { json: contractMessage(cbCore) })), [
      'invalid_resource',
    ]);
    assert.deepEqual(codes(await call(core, 'POST', `/Chargebacks/${cbCore}/documents`, { form: contractForm() })), [
      'invalid_resource',
    ]);
    assert.deepEqual(codes(await call(core, 'GET', `/ChargebackStatuses/${cbCore}`)), ['invalid_resource']);
    assert.deepEqual(
      codes(await call(core, 'POST', '/chargebackMessages', { json: contractMessage(cbCore) })),
      ['required_field:chargeback'],
      'the recorded refusal of a capital C',
    );
    assert.deepEqual(
      codes(
        await call(core, 'POST', '/chargebackMessages', {
          json: { chargeback: cbCore, type: 'repsondToPreArbitration' },
        }),
      ),
      ['invalid_value:type'],
      "the contract's misspelling is not the vendor's list",
    );
    assert.deepEqual(
      (await call(core, 'GET', `/chargebackStatuses/${cbCore}`)).data,
      [],
      'a chargeback ID is no status ID',
    );
    const file = new FormData();
    file.set('document', new Blob([pdfBytes], { type: 'application/pdf' }), 'a.pdf');
    const rec = await call(core, 'POST', '/chargebackDocuments', {
      json: { chargeback: cbCore, name: 'a.pdf', type: 'pdf' },
    });
    assert.deepEqual(
      codes(await call(core, 'POST', `/files/chargebackDocuments/${String(rec.data[0]!.id)}`, { form: file })),
      ['required_field:file'],
      'the file travels in a part named file',
    );
    const twice = new FormData();
    twice.set('file', new Blob([pdfBytes], { type: 'application/pdf' }), 'a.pdf');
    assert.deepEqual(
      codes(await call(core, 'POST', `/files/chargebackDocuments/${String(rec.data[0]!.id)}`, { form: twice })),
      [],
    );
    assert.deepEqual(
      codes(await call(core, 'POST', `/files/chargebackDocuments/${String(rec.data[0]!.id)}`, { form: twice })),
      ['invalid_document:file'],
      'one file per record',
    );
    // Micro-service mode: the core API's paths and bodies.
    assert.deepEqual(codes(await call(micro, 'GET', '/chargebacks')), ['invalid_resource']);
    assert.deepEqual(
      codes(
        await call(micro, 'POST', '/chargebackDocuments', {
          json: { chargeback: cbMicro, name: 'a.pdf', type: 'pdf' },
        }),
      ),
      ['invalid_resource'],
    );
    assert.deepEqual(codes(await call(micro, 'POST', '/files/chargebackDocuments/t1_chd_x', { form: twice })), [
      'invalid_resource',
    ]);
    assert.deepEqual(
      codes(
        await call(micro, 'POST', '/ChargebackMessages/', { json: { chargeback: cbMicro, type: 'respond' } }),
      ).sort(),
      [
        'required_field:Chargeback',
        'required_field:frozen',
        'required_field:imported',
        'required_field:inactive',
        'required_field:status',
      ],
    );
    assert.deepEqual(
      codes(await call(micro, 'POST', `/Chargebacks/${cbMicro}/documents`, { form: contractForm() })),
      [],
    );
    const statuses = await call(micro, 'GET', `/ChargebackStatuses/${cbMicro}`);
    assert.deepEqual(
      statuses.data.map((s) => [s.Chargeback, s.status]),
      [[cbMicro, 'open']],
    );
    assert.match(String(statuses.data[0]!.created), /T.*Z$/, "the contract's ISO status timestamps");
  } finally {
    await core.close();
    await micro.close();
  }
});

/** A merchant's day through the CLI on a profile of this dialect: sync, read a dispute's
 * history, answer with evidence (and, where the dialect allows it, represent with evidence), send. */
async function answerThroughCli(dialect: DialectName): Promise<void> {
  const sb = await startSandbox({
    seed: 11,
    chargebacks: 3,
    decisionDelayMs: null,
    rateLimit: { max: 1_000_000 },
    dialect,
  });
  const home = mkdtempSync(join(tmpdir(), `dd-dialect-${dialect}-`));
  const cli = (args: string[]) =>
    runCli([...args, '--home', home], { env: { ...process.env, DISPUTE_DESK_API_KEY: sb.apiKey } });
  try {
    const admin = createSandboxAdmin(sb.url, sb.adminToken);
    const store = openStore(databaseFile(home));
    const profile: Profile = {
      ...profileDefaults,
      reminderThresholdDays: [7, 3, 1],
      id: 'prof_d',
      name: 'Shop',
      deployment: dialect === 'core' ? 'test' : 'microservice',
      url: sb.url,
    };
    store.profiles.save(profile);
    store.close();
    const a = (await admin.createChargeback({ reasonCode: '13.5', reason: 'Misrepresentation' })).id;
    const b = (await admin.createChargeback()).id;
    const decided = (await admin.createChargeback()).id;
    await admin.decide(decided, 'won');
    const sync = await cli(['sync', '--json']);
    assert.equal(sync.status, 0, sync.stderr);
    const shown = await cli(['show', decided, '--json']);
    assert.equal(shown.status, 0, shown.stderr);
    assert.deepEqual(
      (JSON.parse(shown.stdout) as { history: Array<{ status: string }> }).history.map((h) => h.status),
      ['open', 'won'],
      'the status history is not empty',
    );
    const text = await cli(['show', a]);
    assert.match(
      text.stdout,
      dialect === 'core' ? /Reason 13\.5 \(V1305\) · Misrepresentation/ : /Reason 13\.5 · Misrepresentation/,
    );
    const photo = join(home, 'receipt.jpg');
    await sharp({ create: { width: 500, height: 700, channels: 3, background: '#f4f1ea' } })
      .jpeg()
      .toFile(photo);
    const respond = await cli([
      'respond',
      a,
      '--type',
      'respond',
      '--note',
      'Described as sold.',
      '--evidence',
      photo,
      '--json',
    ]);
    assert.equal(respond.status, 0, respond.stderr);
    const represent = await cli(['respond', b, '--type', 'represent', '--yes', '--evidence', photo, '--json']);
    if (dialect === 'microservice') {
      assert.equal(represent.status, 1);
      assert.match(represent.stderr, /takes documents only after the message/);
      // Without documents, the represent says why in a note (an empty answer is refused).
      const alone = await cli(['respond', b, '--type', 'represent', '--yes', '--note', 'Sold as described.']);
      assert.equal(alone.status, 0, alone.stderr);
    } else {
      assert.equal(represent.status, 0, represent.stderr);
      const job = (JSON.parse(represent.stdout) as { job: OutboxJob }).job;
      assert.deepEqual(
        job.steps.map((s) => s.kind),
        ['document', 'message'],
      );
    }
    const run = await cli(['outbox', 'run']);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^2 done, 0 failed/);
    const received = await admin.received();
    const of = (id: string) => received.find((r) => r.chargeback === id)!;
    assert.deepEqual(
      of(a).messages.map((m) => m.type),
      ['respond'],
    );
    assert.equal(of(a).documents.length, 1);
    assert.deepEqual(
      of(b).messages.map((m) => m.type),
      ['represent'],
    );
    assert.equal(of(b).documents.length, dialect === 'core' ? 1 : 0);
    for (const d of [...of(a).documents, ...of(b).documents])
      assert.ok(d.sha256 !== null, 'every document has its file');
    if (dialect === 'core')
      for (const id of [a, b])
        assert.ok(
          Number(of(id).documents[0]!.fileAt) <= Number(of(id).messages[0]!.receivedAt),
          'files before the message',
        );
    const again = await cli(['sync']);
    assert.equal(again.status, 0);
    const after = JSON.parse((await cli(['show', b, '--json'])).stdout) as {
      history: Array<{ status: string; messageType: string | null }>;
    };
    assert.deepEqual(
      after.history.map((h) => [h.status, h.messageType]),
      [
        ['open', null],
        ['closed', 'represent'],
      ],
    );
  } finally {
    await sb.close();
    rmSync(home, { recursive: true, force: true });
  }
}

for (const dialect of ['core', 'microservice'] as const) {
  test(
    `${dialect}: through the CLI a profile syncs, shows a dispute's status ` +
      'history, answers with evidence, represents, and everything arrives once',
    () => answerThroughCli(dialect),
  );
}
