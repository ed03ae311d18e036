import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { envelopeSchema, chargebackSchema, alertPayloadSchema, inferAlertEvent } from '../../../shared/api/index.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let sb: Sandbox;
before(async () => {
  sb = await startSandbox({
    dialect: 'microservice',
    seed: 11,
    chargebacks: 137,
    decisionDelayMs: null,
    messageStepMs: 50,
    anchorDate: '2026-03-01',
    rateLimit: { max: 100_000 },
  });
});
after(() => sb.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(sb.url + path, { headers: { APIKEY: sb.apiKey, ...headers } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(sb.url + path, {
    method: 'POST',
    headers: { APIKEY: sb.apiKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function multipart(info: unknown, name: string, bytes: Buffer, type = 'application/octet-stream') {
  const b = 'XbOuNdArY42';
  const body = Buffer.concat([
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="documentInfo"\r\nContent-Type: ` +
        `application/json\r\n\r\n${JSON.stringify(info)}\r\n`,
    ),
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="document"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${b}` };
}

async function upload(id: string, info: unknown, name: string, bytes: Buffer, token?: string) {
  const m = multipart(info, name, bytes);
  const res = await fetch(`${sb.url}/Chargebacks/${id}/documents`, {
    method: 'POST',
    headers: { APIKEY: sb.apiKey, 'content-type': m.contentType, ...(token ? { 'request-token': token } : {}) },
    body: m.body,
  });
  return (await res.json()) as Record<string, unknown>;
}

const errorsOf = (b: Record<string, unknown>) => envelopeSchema.parse(b).errors;

async function openActionable(): Promise<string> {
  const r = await get('/Chargebacks?page[limit]=100', { search: 'status[equals]=open&actionable[equals]=1' });
  const data = envelopeSchema.parse(r.body).data as Array<{ id: string }>;
  const used = new Set((await createSandboxAdmin(sb.url, sb.adminToken).received()).map((x) => x.chargeback));
  const free = data.find((c) => !used.has(c.id) && !taken.has(c.id));
  assert.ok(free, 'an open, actionable chargeback is available');
  taken.add(free.id);
  return free.id;
}
const taken = new Set<string>();

test('paging returns every chargeback exactly once, and every record parses', async () => {
  const seen = new Map<string, number>();
  for (let page = 1, more = true; more; page++) {
    const body = envelopeSchema.parse((await get(`/Chargebacks?page[number]=${page}&page[limit]=20`)).body);
    for (const r of body.data) {
      const cb = chargebackSchema.parse(r);
      seen.set(cb.id, (seen.get(cb.id) ?? 0) + 1);
    }
    more = body.details.page!.hasMore;
    assert.ok(page <= 7);
  }
  assert.equal(seen.size, 137);
  assert.ok([...seen.values()].every((n) => n === 1));
});

test('page limit defaults to 30 and is capped at 100; bad paging is a query_error', async () => {
  assert.equal(envelopeSchema.parse((await get('/Chargebacks')).body).data.length, 30);
  assert.equal(envelopeSchema.parse((await get('/Chargebacks?page[limit]=500')).body).data.length, 100);
  assert.equal(errorsOf((await get('/Chargebacks?page[number]=0')).body)[0]?.errorCode, 'query_error');
});

test('search: equals, in, like, greater/less on dates, sort; bad search is a query_error', async () => {
  const open = envelopeSchema.parse((await get('/Chargebacks?page[limit]=100', { search: 'status[equals]=open' })).body)
    .data as Array<{ status: string }>;
  assert.ok(open.length > 0 && open.every((c) => c.status === 'open'));
  const inList = envelopeSchema.parse(
    (await get('/Chargebacks?page[limit]=100', { search: 'currency[in]=JPY,BHD' })).body,
  ).data as Array<{ currency: string }>;
  assert.ok(inList.length > 0 && inList.every((c) => ['JPY', 'BHD'].includes(c.currency)));
  const sorted = envelopeSchema.parse(
    (await get('/Chargebacks?page[limit]=100', { search: 'status[equals]=open&reply[sort]=asc' })).body,
  ).data as Array<{ reply: number }>;
  assert.deepEqual(
    sorted.map((c) => c.reply),
    [...sorted.map((c) => c.reply)].sort((a, b) => a - b),
  );
  const late = envelopeSchema.parse(
    (
      await get('/Chargebacks?page[limit]=100', {
        search: 'created[greater]=20260215&created[less]=2026-02-25 00:00:00',
      })
    ).body,
  ).data as Array<{ created: string }>;
  assert.ok(late.every((c) => c.created >= '2026-02-15' && c.created < '2026-02-25'));
  const like = envelopeSchema.parse(
    (await get('/Chargebacks?page[limit]=100', { search: 'id[like]=t1_chb_%' })).body,
  ).data;
  assert.equal(like.length, 100);
  assert.equal(
    errorsOf((await get('/Chargebacks', { search: 'status[near]=open' })).body)[0]?.errorCode,
    'query_error',
  );
});

test('wrong or missing key: HTTP 401 with the errors at top level', async () => {
  for (const headers of [{ APIKEY: 'nope' }, {}]) {
    const res = await fetch(`${sb.url}/Chargebacks`, { headers });
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), {
      errors: [{ code: 4, severity: 3, msg: 'Invalid authentication', errorCode: 'invalid_auth' }],
    });
  }
});

test('unknown resource and unknown ID answer HTTP 200', async () => {
  const r = await get('/Refunds');
  assert.equal(r.status, 200);
  assert.equal(errorsOf(r.body)[0]?.errorCode, 'invalid_resource');
  const missing = await get('/Chargebacks/t1_chb_00000000000000000000000');
  assert.equal(missing.status, 200);
  assert.deepEqual(envelopeSchema.parse(missing.body).data, []);
});

test('status read answers the bare envelope; the list is wrapped and filtered', async () => {
  const id = (envelopeSchema.parse((await get('/Chargebacks?page[limit]=1')).body).data[0] as { id: string }).id;
  const bare = await get(`/ChargebackStatuses/${id}`);
  assert.ok(Array.isArray(bare.body.data) && !('response' in bare.body));
  const listed = envelopeSchema.parse((await get('/ChargebackStatuses', { search: `Chargeback[equals]=${id}` })).body)
    .data as Array<{ Chargeback: string }>;
  assert.ok(listed.length >= 1 && listed.every((s) => s.Chargeback === id));
});

test('entries: expand puts the chargeback and its txn in place; search by chargeback and window', async () => {
  const body = envelopeSchema.parse(
    (
      await get('/entries?expand[chargeback][txn][]&page[limit]=50', {
        search: 'chargeback[greater]=0&created[greater]=2025-01-01 00:00:00&created[less]=2026-12-31 23:59:59',
      })
    ).body,
  );
  assert.ok(body.data.length > 0);
  for (const e of body.data as Array<{ chargeback: { id: string; txn: { id: string } } }>) {
    assert.equal(typeof e.chargeback, 'object');
    assert.equal(typeof e.chargeback.txn, 'object');
    assert.match(e.chargeback.txn.id, /^t1_txn_/);
  }
  const plain = envelopeSchema.parse((await get('/entries?page[limit]=5')).body).data as Array<{ chargeback: unknown }>;
  assert.equal(typeof plain[0]?.chargeback, 'string');
});

test('IDs carry their creation time in the first 8 hex digits', async () => {
  const cb = envelopeSchema.parse((await get('/Chargebacks?page[limit]=1')).body).data[0] as {
    id: string;
    created: string;
  };
  assert.match(cb.id, /^t1_chb_[0-9a-f]{23}$/);
  const secs = parseInt(cb.id.slice(7, 15), 16);
  assert.ok(Math.abs(secs * 1000 - Date.parse(cb.created.replace(' ', 'T') + 'Z')) < 24 * 3600 * 1000);
});

test(
  'a message: validated per field, then requested → ' + 'processing → processed; request-token is idempotent',
  async () => {
    const id = await openActionable();
    const missing = errorsOf((await post('/ChargebackMessages/', { Chargeback: id })).body);
    assert.deepEqual(missing.map((e) => e.field).sort(), ['frozen', 'imported', 'inactive', 'status', 'type']);
    assert.ok(missing.every((e) => e.errorCode === 'required_field'));
    const msg = {
      Chargeback: id,
      type: 'respondToDispute',
      status: 'requested',
      imported: '0',
      inactive: '0',
      frozen: '0',
      note: 'hello',
    };
    const first = envelopeSchema.parse(
      (await post('/ChargebackMessages/', msg, { 'request-token': `tok-${id}` })).body,
    );
    assert.deepEqual(first.errors, []);
    const created = first.data[0] as { id: string; status: string };
    assert.equal(created.status, 'requested');
    const again = errorsOf((await post('/ChargebackMessages', msg, { 'request-token': `tok-${id}` })).body);
    assert.equal(again[0]?.errorCode, 'duplicate_request_token');
    assert.match(again[0]!.msg, new RegExp(created.id));
    const admin = createSandboxAdmin(sb.url, sb.adminToken);
    assert.equal((await admin.received(id))[0]?.messages.length, 1);
    await admin.advanceClock(200);
    await admin.advanceClock(200);
    const listed = envelopeSchema.parse((await get('/ChargebackMessages', { search: `Chargeback[equals]=${id}` })).body)
      .data as Array<{ status: string }>;
    assert.equal(listed[0]?.status, 'processed');
  },
);

test('documents: checked by content, limits enforced, token idempotent, listed', async () => {
  const id = await openActionable();
  const ok = await upload(
    id,
    { documentType: 'png', name: 'receipt.png', sizeInBytes: PNG.length },
    'receipt.png',
    PNG,
    `doc-${id}`,
  );
  assert.deepEqual(errorsOf(ok), []);
  assert.equal(
    errorsOf(
      await upload(
        id,
        { documentType: 'png', name: 'receipt.png', sizeInBytes: PNG.length },
        'receipt.png',
        PNG,
        `doc-${id}`,
      ),
    )[0]?.errorCode,
    'duplicate_request_token',
  );
  assert.equal(
    errorsOf(await upload(id, { documentType: 'pdf', name: 'x.pdf', sizeInBytes: PNG.length }, 'x.pdf', PNG))[0]
      ?.errorCode,
    'invalid_document',
    'PNG bytes declared as PDF',
  );
  assert.equal(
    errorsOf(
      await upload(id, { documentType: 'jpg', name: 'a.jpg', sizeInBytes: 5 }, 'a.jpg', Buffer.from('MZ\x90\x00\x03')),
    )[0]?.errorCode,
    'invalid_document',
    'an executable',
  );
  assert.equal(
    errorsOf(await upload(id, { documentType: 'docx', name: 'a.docx', sizeInBytes: 3 }, 'a.docx', PDF))[0]?.field,
    'documentType',
  );
  const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]);
  assert.equal(
    errorsOf(await upload(id, { documentType: 'pdf', name: 'big.pdf', sizeInBytes: big.length }, 'big.pdf', big))[0]
      ?.errorCode,
    'document_too_large',
  );
  // The contract uploads under the chargeback only; its document resource is for reading.
  const m = multipart({ documentType: 'pdf', name: 'e.pdf', sizeInBytes: PDF.length, Chargeback: id }, 'e.pdf', PDF);
  const viaResource = (await (
    await fetch(`${sb.url}/ChargebackDocuments`, {
      method: 'POST',
      headers: { APIKEY: sb.apiKey, 'content-type': m.contentType },
      body: m.body,
    })
  ).json()) as Record<string, unknown>;
  assert.equal(errorsOf(viaResource)[0]?.errorCode, 'invalid_resource');
  const docs = envelopeSchema.parse((await get('/ChargebackDocuments', { search: `Chargeback[equals]=${id}` })).body)
    .data as Array<{ name: string }>;
  assert.deepEqual(
    docs.map((d) => d.name),
    ['receipt.png'],
  );
  const received = await createSandboxAdmin(sb.url, sb.adminToken).received(id);
  assert.equal(received[0]?.documents[0]?.sha256?.length, 64);
});

test('a request-token is one write: a message token reused for a document is refused', async () => {
  const id = await openActionable();
  const msg = { Chargeback: id, type: 'notate', status: 'requested', imported: '0', inactive: '0', frozen: '0' };
  const first = envelopeSchema.parse((await post('/ChargebackMessages/', msg, { 'request-token': `one-${id}` })).body);
  assert.deepEqual(first.errors, []);
  const reused = errorsOf(
    await upload(id, { documentType: 'pdf', name: 'a.pdf', sizeInBytes: PDF.length }, 'a.pdf', PDF, `one-${id}`),
  );
  assert.equal(reused[0]?.errorCode, 'duplicate_request_token');
  assert.match(reused[0]!.msg, new RegExp((first.data[0] as { id: string }).id), 'it names the message the token made');
  const fresh = await upload(
    id,
    { documentType: 'pdf', name: 'a.pdf', sizeInBytes: PDF.length },
    'a.pdf',
    PDF,
    `two-${id}`,
  );
  assert.deepEqual(errorsOf(fresh), []);
  assert.equal(
    errorsOf((await post('/ChargebackMessages/', msg, { 'request-token': `two-${id}` })).body)[0]?.errorCode,
    'duplicate_request_token',
    'and the other way round',
  );
  const got = (await createSandboxAdmin(sb.url, sb.adminToken).received(id))[0];
  assert.equal(got?.messages.length, 1);
  assert.equal(got?.documents.length, 1);
});

test('honourRequestTokens: false (a test knob) takes a repeated token as a new write', async () => {
  const local = await startSandbox({ dialect: 'microservice', seed: 3, chargebacks: 1, honourRequestTokens: false });
  try {
    const admin = createSandboxAdmin(local.url, local.adminToken);
    const cb = await admin.createChargeback();
    const body = JSON.stringify({
      Chargeback: cb.id,
      type: 'notate',
      status: 'requested',
      imported: '0',
      inactive: '0',
      frozen: '0',
    });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${local.url}/ChargebackMessages/`, {
        method: 'POST',
        headers: { APIKEY: local.apiKey, 'content-type': 'application/json', 'request-token': 'same' },
        body,
      });
      assert.deepEqual(errorsOf((await res.json()) as Record<string, unknown>), []);
    }
    assert.equal((await admin.received(cb.id))[0]?.messages.length, 2);
  } finally {
    await local.close();
  }
});

test('denied messages: the admin makes a chargeback deny its answers, which then have no effect', async () => {
  // Steps of a minute, moved by the admin clock: the sandbox's own ticker never gets there first.
  const local = await startSandbox({
    dialect: 'microservice',
    seed: 3,
    chargebacks: 1,
    decisionDelayMs: null,
    messageStepMs: 60_000,
  });
  try {
    const admin = createSandboxAdmin(local.url, local.adminToken);
    const send = async (id: string, type: string, extra: object = {}) => {
      const res = await fetch(`${local.url}/ChargebackMessages/`, {
        method: 'POST',
        headers: { APIKEY: local.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          Chargeback: id,
          type,
          status: 'requested',
          imported: '0',
          inactive: '0',
          frozen: '0',
          ...extra,
        }),
      });
      const body = envelopeSchema.parse(await res.json());
      assert.deepEqual(body.errors, []);
      return body.data[0] as { id: string; status: string };
    };
    const messageStatus = async (id: string) =>
      (
        envelopeSchema.parse(
          await (
            await fetch(`${local.url}/ChargebackMessages`, {
              headers: { APIKEY: local.apiKey, search: `Chargeback[equals]=${id}` },
            })
          ).json(),
        ).data as Array<{ status: string }>
      ).map((m) => m.status);
    const refused = await admin.createChargeback();
    await admin.denyMessages(refused.id);
    assert.equal((await send(refused.id, 'acceptLiability', { amount: 4999 })).status, 'requested');
    const accepted = await admin.createChargeback();
    await send(accepted.id, 'notate');
    await admin.advanceClock(60_000);
    assert.deepEqual(await messageStatus(refused.id), ['processing']);
    await admin.advanceClock(60_000);
    assert.deepEqual(await messageStatus(refused.id), ['denied']);
    assert.deepEqual(await messageStatus(accepted.id), ['processed'], 'other chargebacks process as before');
    const cb = envelopeSchema.parse(
      await (await fetch(`${local.url}/Chargebacks/${refused.id}`, { headers: { APIKEY: local.apiKey } })).json(),
    ).data[0] as Record<string, unknown>;
    assert.equal(cb.status, 'open', 'a denied acceptance does not lose the chargeback');
    assert.ok(!Object.keys(cb).some((k) => k.startsWith('_')), 'the admin switch is not visible to the merchant');
    await admin.denyMessages(refused.id, false);
    await send(refused.id, 'notate');
    await admin.advanceClock(60_000);
    await admin.advanceClock(60_000);
    assert.deepEqual(await messageStatus(refused.id), ['denied', 'processed']);
  } finally {
    await local.close();
  }
});

test(
  'retrievals move no money: no entries for seeded or ' + 'created retrievals; default amounts fit the currency',
  async () => {
    const all: Array<{ id: string; cycle: string }> = [];
    for (let page = 1, more = true; more; page++) {
      const body = envelopeSchema.parse((await get(`/Chargebacks?page[number]=${page}&page[limit]=100`)).body);
      all.push(...(body.data as Array<{ id: string; cycle: string }>));
      more = body.details.page!.hasMore;
    }
    const retrievals = new Set(all.filter((c) => c.cycle === 'retrieval').map((c) => c.id));
    assert.ok(retrievals.size > 0, 'the seed has retrievals');
    const entryChargebacks: string[] = [];
    for (let page = 1, more = true; more; page++) {
      const body = envelopeSchema.parse((await get(`/entries?page[number]=${page}&page[limit]=100`)).body);
      entryChargebacks.push(...(body.data as Array<{ chargeback: string }>).map((e) => e.chargeback));
      more = body.details.page!.hasMore;
    }
    assert.equal(entryChargebacks.length, 137 * 3, 'the asked-for number of entries, all the same');
    assert.deepEqual(
      entryChargebacks.filter((c) => retrievals.has(c)),
      [],
    );

    const local = await startSandbox({ dialect: 'microservice', seed: 3, chargebacks: 1 });
    try {
      const admin = createSandboxAdmin(local.url, local.adminToken);
      const before = (await admin.summary()).entries.count;
      const retrieval = await admin.createChargeback({ cycle: 'retrieval' });
      assert.equal((await admin.summary()).entries.count, before, 'no entry, not even one of 0');
      await admin.decide(retrieval.id, 'won');
      assert.equal((await admin.summary()).entries.count, before, 'nor a reversal');
      const yen = await admin.createChargeback({ currency: 'JPY' });
      assert.equal(yen.total, 50);
      assert.equal((await admin.createChargeback({ currency: 'BHD' })).total, 49990);
      assert.equal((await admin.createChargeback()).total, 4999);
      assert.equal((await admin.summary()).entries.count, before + 3);
    } finally {
      await local.close();
    }
  },
);

test('closed and non-actionable chargebacks refuse answers and store nothing', async () => {
  const admin = createSandboxAdmin(sb.url, sb.adminToken);
  const id = await openActionable();
  await admin.decide(id, 'closed');
  const msg = { Chargeback: id, type: 'respond', status: 'requested', imported: '0', inactive: '0', frozen: '0' };
  assert.equal(errorsOf((await post('/ChargebackMessages/', msg)).body)[0]?.errorCode, 'chargeback_not_open');
  assert.equal(
    errorsOf(await upload(id, { documentType: 'pdf', name: 'a.pdf', sizeInBytes: PDF.length }, 'a.pdf', PDF))[0]
      ?.errorCode,
    'chargeback_not_open',
  );
  const na = await admin.createChargeback({ actionable: 0 });
  assert.equal(
    errorsOf((await post('/ChargebackMessages/', { ...msg, Chargeback: na.id })).body)[0]?.errorCode,
    'chargeback_not_actionable',
  );
  assert.equal((await admin.received(id)).length, 0);
  assert.equal((await admin.received(na.id)).length, 0);
});

test('message effects: acceptLiability → lost, represent → closed, respond → decided after the delay', async () => {
  const local = await startSandbox({
    dialect: 'microservice',
    seed: 3,
    chargebacks: 5,
    decisionDelayMs: 60_000,
    messageStepMs: 10,
  });
  try {
    const admin = createSandboxAdmin(local.url, local.adminToken);
    const send = async (type: string, extra: object = {}) => {
      const cb = await admin.createChargeback();
      const res = await fetch(`${local.url}/ChargebackMessages/`, {
        method: 'POST',
        headers: { APIKEY: local.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          Chargeback: cb.id,
          type,
          status: 'requested',
          imported: '0',
          inactive: '0',
          frozen: '0',
          ...extra,
        }),
      });
      assert.deepEqual(errorsOf((await res.json()) as Record<string, unknown>), []);
      return cb.id;
    };
    const read = async (id: string) => {
      const res = await fetch(`${local.url}/Chargebacks/${id}`, { headers: { APIKEY: local.apiKey } });
      return envelopeSchema.parse(await res.json()).data[0] as { status: string; lastStatusChange: string };
    };
    const lost = await send('acceptLiability', { amount: 4999 });
    assert.equal((await read(lost)).status, 'lost');
    const statuses = (await (
      await fetch(`${local.url}/ChargebackStatuses/${lost}`, { headers: { APIKEY: local.apiKey } })
    ).json()) as { data: Array<{ id: string; status: string; ChargebackMessage: string | null }> };
    assert.equal(statuses.data.at(-1)?.status, 'lost');
    assert.ok(statuses.data.at(-1)?.ChargebackMessage);
    assert.equal((await read(lost)).lastStatusChange, statuses.data.at(-1)?.id);
    assert.equal((await read(await send('represent'))).status, 'closed');
    assert.equal((await read(await send('respondToDispute'))).status, 'open');
    const responded = await send('respond');
    assert.equal((await read(responded)).status, 'open');
    await admin.advanceClock(61_000);
    assert.ok(['won', 'lost'].includes((await read(responded)).status));
  } finally {
    await local.close();
  }
});

test('rate limit: 429 with the observed body, a block, and rate-limit-test: match lowers the limit', async () => {
  const local = await startSandbox({
    dialect: 'microservice',
    seed: 3,
    chargebacks: 3,
    rateLimit: { windowMs: 60_000, blockMs: 400 },
  });
  try {
    const hit = () =>
      fetch(`${local.url}/Chargebacks`, { headers: { APIKEY: local.apiKey, 'rate-limit-test': 'match' } });
    for (let i = 0; i < 10; i++) assert.equal((await hit()).status, 200);
    const blocked = await hit();
    assert.equal(blocked.status, 429);
    assert.equal(
      ((await blocked.json()) as { errors: Array<{ errorCode: string }> }).errors[0]?.errorCode,
      'C_RATE_LIMIT_EXCEEDED_TEMP_BLOCK',
    );
    assert.equal((await hit()).status, 429, 'still blocked');
    await new Promise((r) => setTimeout(r, 450));
    assert.equal((await hit()).status, 200, 'block over');
  } finally {
    await local.close();
  }
});

test('alerts reach a receiver with the fixed header, are retried after a failure, and parse', async () => {
  const got: Array<{ header: string | undefined; body: unknown }> = [];
  let failFirst = true;
  const receiver = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      if (failFirst) {
        failFirst = false;
        res.writeHead(500).end();
        return;
      }
      got.push({ header: req.headers['x-alert-secret'] as string | undefined, body: JSON.parse(data) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const port = (receiver.address() as { port: number }).port;
  const local = await startSandbox({
    dialect: 'microservice',
    seed: 3,
    chargebacks: 3,
    alertRetryDelaysMs: [50, 50],
    alertReceivers: [{ url: `http://127.0.0.1:${port}/hook`, headerName: 'x-alert-secret', headerValue: 's3cret' }],
  });
  try {
    const admin = createSandboxAdmin(local.url, local.adminToken);
    const a = await admin.createChargeback({ cycle: 'retrieval' });
    const b = await admin.createChargeback();
    await admin.decide(b.id, 'won');
    await admin.decide(a.id, 'closed');
    const deliveries = await admin.alertDeliveries();
    assert.equal(deliveries.filter((d) => d.status === 'delivered').length, 4);
    assert.ok(
      deliveries.some((d) => d.attempts === 2),
      'the failed delivery was retried',
    );
    const events = got.map((g) => inferAlertEvent(alertPayloadSchema.parse(g.body)));
    assert.deepEqual(events.sort(), ['closed', 'created', 'opened', 'won']);
    assert.ok(got.every((g) => g.header === 's3cret'));
  } finally {
    await local.close();
    receiver.close();
  }
});

test('faults: each kind is observable', async () => {
  const local = await startSandbox({
    dialect: 'microservice',
    seed: 3,
    chargebacks: 3,
    faultRate: 1,
    faultKinds: ['500'],
    slowMs: 300,
  });
  try {
    const admin = createSandboxAdmin(local.url, local.adminToken);
    const call = () => fetch(`${local.url}/Chargebacks`, { headers: { APIKEY: local.apiKey } });
    assert.equal((await call()).status, 500);
    await admin.setFaults({ kinds: ['html500'] });
    const html = await call();
    assert.equal(html.status, 502);
    assert.match(await html.text(), /<html>/);
    await admin.setFaults({ kinds: ['429'] });
    assert.equal((await call()).status, 429);
    await admin.setFaults({ kinds: ['drop'] });
    await assert.rejects(call());
    await admin.setFaults({ kinds: ['slow'] });
    const t = Date.now();
    assert.equal((await call()).status, 200);
    assert.ok(Date.now() - t >= 280);
    await admin.setFaults({ kinds: ['drop-after-write'] });
    const cb = await admin.createChargeback();
    const message = (signal?: AbortSignal) =>
      fetch(`${local.url}/ChargebackMessages/`, {
        method: 'POST',
        headers: { APIKEY: local.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          Chargeback: cb.id,
          type: 'notate',
          status: 'requested',
          imported: '0',
          inactive: '0',
          frozen: '0',
        }),
        ...(signal ? { signal } : {}),
      });
    await assert.rejects(message());
    assert.equal(
      (await admin.received(cb.id))[0]?.messages.length,
      1,
      'the write happened although the answer was lost',
    );
    // A client that stops waiting: with `slow` the request never reached the service, with
    // `slow-after-write` it did. Only a look at the service tells the two apart.
    await admin.setFaults({ kinds: ['slow'], slowMs: 400 });
    await assert.rejects(message(AbortSignal.timeout(100)));
    await admin.setFaults({ kinds: ['slow-after-write'] });
    await assert.rejects(message(AbortSignal.timeout(100)));
    await admin.setFaults({ rate: 0 });
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await admin.received(cb.id))[0]?.messages.length, 2, 'one more: the slow-after-write one');
    await admin.setFaults({ rate: 1, kinds: ['slow-after-write'], slowMs: 300 });
    assert.equal((await call()).status, 200, 'reads are never slow-after-write');
  } finally {
    await local.close();
  }
});

test('admin surface needs the admin token, not the merchant key', async () => {
  const res = await fetch(`${sb.url}/_sandbox/summary`, { headers: { APIKEY: sb.apiKey } });
  assert.equal(res.status, 401);
});

test('same seed, same data; state persists in the data folder across restarts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dd-sandbox-'));
  try {
    const a = await startSandbox({ dialect: 'microservice', seed: 99, chargebacks: 20, anchorDate: '2026-05-01' });
    const b = await startSandbox({
      dialect: 'microservice',
      seed: 99,
      chargebacks: 20,
      anchorDate: '2026-05-01',
      dataDir: dir,
    });
    const page = async (s: Sandbox) =>
      (await (await fetch(`${s.url}/Chargebacks?page[limit]=100`, { headers: { APIKEY: s.apiKey } })).json()) as {
        response: { data: unknown[] };
      };
    assert.deepEqual((await page(a)).response.data, (await page(b)).response.data);
    const made = await createSandboxAdmin(b.url, b.adminToken).createChargeback();
    const key = b.apiKey;
    await a.close();
    await b.close();
    const c = await startSandbox({ dataDir: dir, dialect: 'microservice' });
    assert.equal(c.apiKey, key, 'the key persists with the data');
    assert.equal((await page(c)).response.data.length, 21);
    assert.ok((await page(c)).response.data.some((r) => (r as { id: string }).id === made.id));
    await c.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Starts `dispute-desk sandbox` with these arguments; resolves with its output once `ready` matches it
 * (stopping it if that does not happen in 15 s). */
async function sandboxCli(args: string[], ready: RegExp) {
  const child = spawn(process.execPath, ['electron/cli.ts', 'sandbox', '--dialect', 'microservice', ...args], {
    cwd: new URL('../../..', import.meta.url).pathname,
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`no output: ${out}`));
    }, 15_000);
    child.stdout.on('data', () => {
      if (ready.test(out)) {
        clearTimeout(t);
        resolve();
      }
    });
  });
  return { child, out };
}

test('the CLI prints the listening line and the API key', async () => {
  const { child, out } = await sandboxCli(['--port', '0', '--seed', '5', '--chargebacks', '3'], /API key: \w+/);
  const exited = new Promise((r) => child.on('exit', r));
  try {
    const listening = /^Sandbox listening on http:\/\/127\.0\.0\.1:\d+ \(microservice dialect: [^)]*\)\n/;
    assert.match(out, new RegExp(listening.source + /API key: [0-9a-f]{32}\n/.source));
  } finally {
    child.kill('SIGTERM');
  }
  assert.equal(await exited, 0);
});

test('the CLI sets the per-file, per-chargeback and document-count limits', async () => {
  const { child, out } = await sandboxCli(
    [
      '--port',
      '0',
      '--seed',
      '5',
      '--chargebacks',
      '1',
      '--max-file-bytes',
      '300',
      '--max-chargeback-bytes',
      '500',
      '--max-documents',
      '2',
    ],
    /Admin token: \w+/,
  );
  try {
    const url = /listening on (\S+)/.exec(out)![1]!;
    const key = /API key: (\w+)/.exec(out)![1]!;
    const admin = createSandboxAdmin(url, /Admin token: (\w+)/.exec(out)![1]!);
    const cb = await admin.createChargeback();
    const put = async (bytes: Buffer) => {
      const m = multipart({ documentType: 'pdf', name: 'e.pdf', sizeInBytes: bytes.length }, 'e.pdf', bytes);
      return errorsOf(
        (await (
          await fetch(`${url}/Chargebacks/${cb.id}/documents`, {
            method: 'POST',
            headers: { APIKEY: key, 'content-type': m.contentType },
            body: m.body,
          })
        ).json()) as Record<string, unknown>,
      )[0]?.errorCode;
    };
    const pdf = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 32)]);
    assert.equal(await put(pdf(301)), 'document_too_large');
    assert.equal(await put(pdf(250)), undefined);
    assert.equal(await put(pdf(251)), 'documents_too_large', '501 bytes in all');
    assert.equal(await put(pdf(200)), undefined);
    assert.equal(await put(pdf(50)), 'too_many_documents');
    const bad = spawn(process.execPath, ['electron/cli.ts', 'sandbox', '--port', '0', '--max-documents', '0'], {
      cwd: new URL('../../..', import.meta.url).pathname,
    });
    let err = '';
    bad.stderr.on('data', (c) => (err += c));
    assert.equal(await new Promise((r) => bad.on('exit', r)), 1);
    assert.match(err, /--max-documents must be a whole number of at least 1/);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  }
});
