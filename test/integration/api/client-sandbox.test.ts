import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { createApiClient, type ApiClient } from '../../../electron/api/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { technicalDetail } from '../../../electron/api/errors.ts';

let sb: Sandbox;
let client: ApiClient;
let dir: string;
const fast = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 };

before(async () => {
  sb = await startSandbox({
    seed: 21,
    chargebacks: 250,
    decisionDelayMs: null,
    messageStepMs: 20,
    rateLimit: { max: 1_000_000 },
  });
  client = createApiClient({ baseUrl: sb.url, apiKey: sb.apiKey, deployment: 'test', retry: fast });
  dir = mkdtempSync(join(tmpdir(), 'dd-client-'));
});
after(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    assert.ok(e instanceof AppError, `expected an AppError, got ${String(e)}`);
    assert.ok(!e.message.includes(sb.apiKey), 'the key never appears in a message');
    return e.kind;
  }
}

async function freshChargeback(): Promise<string> {
  return (await createSandboxAdmin(sb.url, sb.adminToken).createChargeback()).id;
}

const respond = (id: string) => ({ chargeback: id, type: 'respond' as const });

test('verifyKey accepts the key; listing pages returns each chargeback exactly once', async () => {
  await client.verifyKey();
  const ids: string[] = [];
  let pagesSeen = 0;
  for await (const p of client.chargebackPages({ pageLimit: 37 })) {
    pagesSeen++;
    ids.push(...p.records.map((r) => r.id));
    assert.deepEqual(p.invalid, []);
  }
  assert.equal(pagesSeen, 7);
  assert.equal(ids.length, 250);
  assert.equal(new Set(ids).size, 250);
});

test('filters travel in the search header', async () => {
  const open = [];
  for await (const c of client.listChargebacks({
    search: [
      { field: 'status', op: 'equals', value: 'open' },
      { field: 'reply', op: 'sort', value: 'asc' },
    ],
  }))
    open.push(c);
  assert.ok(open.length > 0 && open.every((c) => c.status === 'open'));
  assert.deepEqual(
    open.map((c) => c.reply),
    [...open.map((c) => c.reply)].sort((a, b) => (a ?? 0) - (b ?? 0)),
  );
});

test('read one chargeback, and a clear not-found for an unknown ID', async () => {
  const id = await freshChargeback();
  assert.equal((await client.getChargeback(id)).id, id);
  assert.equal(await kindOf(client.getChargeback('t1_chb_00000000000000000000000')), 'not-found');
});

test('status records: the core API (test and production deployments alike) finds them by search', async () => {
  const id = await freshChargeback();
  await createSandboxAdmin(sb.url, sb.adminToken).decide(id, 'won');
  const onTest = await client.getStatuses(id);
  const core = createApiClient({ baseUrl: sb.url, apiKey: sb.apiKey, deployment: 'core', retry: fast });
  assert.deepEqual(
    onTest.map((s) => s.status),
    ['open', 'won'],
  );
  assert.ok(onTest.every((s) => s.chargeback === id));
  assert.deepEqual(await core.getStatuses(id), onTest);
});

test('send a message, then list it; a second send with the same token is a duplicate', async () => {
  const id = await freshChargeback();
  const m = await client.sendMessage({ ...respond(id), note: 'Evidence follows' }, { requestToken: `t-${id}` });
  assert.equal(m.chargeback, id);
  assert.equal(await kindOf(client.sendMessage(respond(id), { requestToken: `t-${id}` })), 'duplicate');
  assert.deepEqual(
    (await client.messagesOf(id)).map((x) => x.id),
    [m.id],
  );
});

test('a message with bad values never leaves the app: per-field validation', async () => {
  const id = await freshChargeback();
  try {
    await client.sendMessage({ ...respond(id), type: 'acceptLiability' }, { requestToken: `v-${id}` });
    assert.fail('expected a validation error');
  } catch (e) {
    assert.ok(e instanceof AppError && e.kind === 'validation');
    assert.equal(e.fields?.[0]?.field, 'amount');
  }
  assert.equal((await createSandboxAdmin(sb.url, sb.adminToken).received(id)).length, 0);
});

test(
  'upload: a document record, then its file streamed with ' + 'progress; the service refuses wrong content per field',
  async () => {
    const id = await freshChargeback();
    const pdf = join(dir, 'evidence.pdf');
    writeFileSync(pdf, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 32), Buffer.from('\n%%EOF\n')]));
    const progress: number[] = [];
    let total = 0;
    const record = await client.createDocumentRecord(
      id,
      { name: 'evidence.pdf', documentType: 'pdf' },
      { requestToken: `d-${id}` },
    );
    assert.equal(record.status, 'created');
    const done = await client.uploadDocumentFile(
      record.id,
      { path: pdf, name: 'evidence.pdf', documentType: 'pdf' },
      {
        requestToken: `f-${id}`,
        onProgress: (s, t) => {
          progress.push(s);
          total = t;
        },
      },
    );
    assert.equal(done?.status, 'processed');
    assert.equal(progress.at(-1), total);
    assert.ok(progress.length > 2);
    assert.deepEqual(
      (await client.documentsOf(id)).map((d) => d.name),
      ['evidence.pdf'],
    );
    const png = await client.createDocumentRecord(
      id,
      { name: 'evidence.png', documentType: 'png' },
      { requestToken: `d2-${id}` },
    );
    try {
      await client.uploadDocumentFile(
        png.id,
        { path: pdf, name: 'evidence.png', documentType: 'png' },
        { requestToken: `f2-${id}` },
      );
      assert.fail('expected a refusal');
    } catch (e) {
      assert.ok(e instanceof AppError && e.kind === 'validation', String(e));
      assert.equal(e.fields?.[0]?.field, 'type');
    }
    assert.equal(
      await kindOf(
        client.uploadDocumentFile(
          png.id,
          { path: join(dir, 'gone.pdf'), name: 'gone.pdf', documentType: 'pdf' },
          { requestToken: 'x' },
        ),
      ),
      'bad-input',
    );
  },
);

test('answers to a closed or non-actionable chargeback are refused as such', async () => {
  const admin = createSandboxAdmin(sb.url, sb.adminToken);
  const closed = await freshChargeback();
  await admin.decide(closed, 'closed');
  assert.equal(await kindOf(client.sendMessage(respond(closed), { requestToken: `c-${closed}` })), 'not-open');
  const na = (await admin.createChargeback({ actionable: 0 })).id;
  assert.equal(await kindOf(client.sendMessage(respond(na), { requestToken: `n-${na}` })), 'not-actionable');
});

test('entries in a window carry their chargeback and transaction', async () => {
  const entries = [];
  for await (const e of client.listEntries({
    from: new Date(Date.now() - 400 * 86400_000),
    to: new Date(Date.now() + 86400_000),
  }))
    entries.push(e);
  assert.ok(entries.length >= 250);
  for (const e of entries) {
    assert.ok(e.chargeback && typeof e.chargeback === 'object');
    assert.ok(e.chargeback.txn && typeof e.chargeback.txn === 'object');
  }
  assert.ok(entries.some((e) => e.amount < 0) && entries.some((e) => e.amount > 0));
});

test('a rejected key: key-rejected, with a message that says what to do', async () => {
  const bad = createApiClient({ baseUrl: sb.url, apiKey: 'wrong-key-123', deployment: 'test', retry: fast });
  try {
    await bad.verifyKey();
    assert.fail('expected a rejection');
  } catch (e) {
    assert.ok(e instanceof AppError && e.kind === 'key-rejected');
    assert.match(e.message, /rejected the API key/);
    assert.ok(!e.message.includes('wrong-key-123'));
  }
});

test('rate limited: the block is waited out, reads and writes go through', async () => {
  const local = await startSandbox({
    seed: 2,
    chargebacks: 5,
    rateLimit: { testMax: 3, windowMs: 60_000, blockMs: 300 },
  });
  try {
    const waits: number[] = [];
    const c = createApiClient({
      baseUrl: local.url,
      apiKey: local.apiKey,
      deployment: 'test',
      rateLimitTest: true,
      retry: fast,
      sleep: (ms) => {
        waits.push(ms);
        return new Promise((r) => setTimeout(r, 350));
      },
    });
    // The limit counts per source + path + host: the same path six times crosses it.
    for (let i = 0; i < 6; i++) await c.verifyKey();
    assert.ok(waits.length >= 1, 'a read waited the block out');
    const admin = createSandboxAdmin(local.url, local.adminToken);
    const before = waits.length;
    for (let i = 0; i < 5; i++) {
      const id = (await admin.createChargeback()).id;
      await c.sendMessage(respond(id), { requestToken: `rl-${id}` });
      assert.equal((await admin.received(id))[0]?.messages.length, 1, 'exactly one message despite the block');
    }
    assert.ok(waits.length > before, 'a write waited the block out and was sent once');
    const limited = createApiClient({
      baseUrl: local.url,
      apiKey: local.apiKey,
      deployment: 'test',
      rateLimitTest: true,
      retry: fast,
      maxRateLimitWaitMs: 0,
    });
    const kinds = [];
    for (let i = 0; i < 6; i++) kinds.push(await kindOf(limited.verifyKey()));
    assert.ok(kinds.includes('rate-limited'));
  } finally {
    await local.close();
  }
});

test('server errors, proxy pages, dropped connections and timeouts: reads retry, then say what happened', async () => {
  const local = await startSandbox({ seed: 2, chargebacks: 5, faultRate: 1, faultKinds: ['500'], slowMs: 400 });
  const admin = createSandboxAdmin(local.url, local.adminToken);
  try {
    let attempts = 0;
    const c = createApiClient({
      baseUrl: local.url,
      apiKey: local.apiKey,
      deployment: 'test',
      retry: fast,
      timeoutMs: 150,
      sleep: async () => {
        attempts++;
      },
    });
    assert.equal(await kindOf(c.verifyKey()), 'server');
    assert.equal(attempts, 2, 'a read is retried up to the policy');
    await admin.setFaults({ kinds: ['html500'] });
    await assert.rejects(c.verifyKey(), (e: unknown) => {
      assert.ok(e instanceof AppError && e.kind === 'server', String(e));
      assert.match(e.message, /something other than data \(HTTP 5\d\d, text\/html\)/, 'says what came back');
      assert.ok(!/<html|<body|<\//i.test(e.message), 'no HTML dumped');
      return true;
    });
    await admin.setFaults({ kinds: ['drop'] });
    assert.equal(await kindOf(c.verifyKey()), 'network');
    await admin.setFaults({ kinds: ['slow'] });
    assert.equal(await kindOf(c.verifyKey()), 'timeout');
    await admin.setFaults({ rate: 1, kinds: ['500'] });
    const id = (await admin.createChargeback()).id;
    attempts = 0;
    assert.equal(await kindOf(c.sendMessage(respond(id), { requestToken: `w-${id}` })), 'server');
    assert.equal(attempts, 0, 'a write with an unknown outcome is not resent');
    await admin.setFaults({ rate: 0 });
    await c.verifyKey();
  } finally {
    await local.close();
  }
});

test('nothing listening: a network error that names the host for the log, never the key', async () => {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const c = createApiClient({
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: 'secret-key-xyz',
    deployment: 'test',
    retry: fast,
  });
  try {
    await c.verifyKey();
    assert.fail('expected a network error');
  } catch (e) {
    assert.ok(e instanceof AppError && e.kind === 'network');
    // The merchant's sentence says where the service runs; the address is the log's (technicalDetail).
    assert.match(e.message, /on this computer/);
    assert.match(technicalDetail(e) ?? '', new RegExp(`127.0.0.1:${port}`));
    const said = JSON.stringify({ m: e.message, c: String(e.cause), d: technicalDetail(e) });
    assert.ok(!said.includes('secret-key-xyz'));
  }
});

test('cancellation stops a listing at once', async () => {
  const controller = new AbortController();
  let n = 0;
  await assert.rejects(
    async () => {
      for await (const _ of client.listChargebacks({ pageLimit: 10, signal: controller.signal })) {
        if (++n === 15) controller.abort();
      }
    },
    (e: unknown) => e instanceof AppError && e.kind === 'cancelled',
  );
});
