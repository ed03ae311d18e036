// Shapes of the real service that the sandbox does not produce, from a tiny local fake.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { openSync, writeSync, closeSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { join } from 'node:path';
import { createApiClient } from '../../../electron/api/index.ts';
import { AppError } from '../../../shared/errors.ts';

async function fake(
  handler: (req: IncomingMessage, res: ServerResponse, body: Buffer | number) => void,
  opts: { countOnly?: boolean } = {},
) {
  const server = createServer((req, res) => {
    if (opts.countOnly) {
      let n = 0;
      req.on('data', (c: Buffer) => (n += c.length));
      req.on('end', () => handler(req, res, n));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const cb = (id: string) => ({ id, total: 100, cycle: 'first', reasonCode: '13.1', status: 'open', currency: 'USD' });
const fast = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 };

test('400 with invalid_auth is a rejected key too', async () => {
  const f = await fake((_q, res) =>
    json(res, 400, { errors: [{ code: 4, severity: 3, msg: 'Invalid authentication', errorCode: 'invalid_auth' }] }),
  );
  try {
    await assert.rejects(
      createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'core' }).verifyKey(),
      (e: unknown) => e instanceof AppError && e.kind === 'key-rejected',
    );
  } finally {
    await f.close();
  }
});

test('malformed JSON and an unreadable envelope are server errors', async () => {
  let n = 0;
  const f = await fake((_q, res) => {
    n++;
    if (n <= 2) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"response": {"data": [');
    } else json(res, 200, { hello: 'world', data: 'not an array' });
  });
  try {
    const c = createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'core', retry: fast });
    await assert.rejects(c.verifyKey(), (e: unknown) => e instanceof AppError && e.kind === 'server');
    await assert.rejects(
      c.verifyKey(),
      (e: unknown) =>
        e instanceof AppError &&
        e.kind === 'server' &&
        /^Unexpected answer from the chargeback service \(HTTP 200\)/.test(e.message),
    );
  } finally {
    await f.close();
  }
});

test(
  "only the service's envelope shapes are a success: any other " +
    'JSON object is an unexpected answer, never an empty success',
  async () => {
    const shapes: unknown[] = [
      { message: 'x' },
      {},
      { response: {} },
      { response: { data: [] } },
      { response: { errors: [] } },
      { response: { data: {}, details: {}, errors: [] } },
      { response: { data: [], details: {}, errors: ['not an item'] } },
      { response: { data: [], details: 'x', errors: [] } },
      { data: [cb('t1_chb_a')] },
      { errors: [] },
      { status: 'ok', result: [cb('t1_chb_a')] },
    ];
    let body: unknown;
    const f = await fake((_q, res) => json(res, 200, body));
    try {
      const c = createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'core', retry: fast });
      for (const shape of shapes) {
        body = shape;
        await assert.rejects(
          c.getChargeback('t1_chb_a'),
          (e: unknown) => e instanceof AppError && e.kind === 'server' && /Unexpected answer/.test(e.message),
          JSON.stringify(shape),
        );
      }
      for (const ok of [
        { response: { data: [cb('t1_chb_a')], details: {}, errors: [] } },
        { response: { data: [cb('t1_chb_a')], details: [], errors: [] } },
        { response: { data: [cb('t1_chb_a')], errors: [] } },
        { data: [cb('t1_chb_a')], details: {}, errors: [] },
      ]) {
        body = ok;
        assert.equal((await c.getChargeback('t1_chb_a')).id, 't1_chb_a', JSON.stringify(ok));
      }
      body = {
        response: {
          data: [],
          details: {},
          errors: [
            {
              code: 15,
              severity: 2,
              msg: 'This field is required to be set',
              field: 'type',
              errorCode: 'required_field',
            },
          ],
        },
      };
      await assert.rejects(
        c.getChargeback('t1_chb_a'),
        (e: unknown) =>
          e instanceof AppError && e.kind === 'validation' && /type: This field is required/.test(e.message),
      );
    } finally {
      await f.close();
    }
  },
);

test('a 401 or 429 in a shape of its own still says what it is', async () => {
  let status = 401;
  const f = await fake((_q, res) => json(res, status, { message: 'Unauthorized' }));
  try {
    const c = createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'core', retry: fast, maxRateLimitWaitMs: 0 });
    await assert.rejects(c.verifyKey(), (e: unknown) => e instanceof AppError && e.kind === 'key-rejected');
    status = 429;
    await assert.rejects(c.verifyKey(), (e: unknown) => e instanceof AppError && e.kind === 'rate-limited');
  } finally {
    await f.close();
  }
});

test('a record that fails validation is skipped and reported, the rest of the page is kept', async () => {
  const f = await fake((_q, res) =>
    json(res, 200, {
      response: {
        data: [cb('t1_chb_a'), { id: 't1_chb_bad', total: 'lots' }, cb('t1_chb_c')],
        details: { page: { current: 1, last: 1, hasMore: false } },
        errors: [],
      },
    }),
  );
  try {
    const c = createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'core' });
    const pages = [];
    for await (const p of c.chargebackPages()) pages.push(p);
    assert.deepEqual(
      pages[0]?.records.map((r) => r.id),
      ['t1_chb_a', 't1_chb_c'],
    );
    assert.equal(pages[0]?.invalid[0]?.id, 't1_chb_bad');
  } finally {
    await f.close();
  }
});

test('a service that never stops paging is stopped with a clear error', async () => {
  const f = await fake((_q, res) =>
    json(res, 200, {
      response: { data: [cb('t1_chb_same')], details: { page: { current: 1, last: 1, hasMore: true } }, errors: [] },
    }),
  );
  try {
    const c = createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'core' });
    await assert.rejects(
      async () => {
        for await (const _ of c.listChargebacks()) {
          /* drain */
        }
      },
      (e: unknown) => e instanceof AppError && e.kind === 'server',
    );
  } finally {
    await f.close();
  }
});

test('without page details the client continues by ID until a short page', async () => {
  const all = Array.from({ length: 25 }, (_, i) => `t1_etr_${String(i).padStart(4, '0')}`);
  const searches: string[] = [];
  const f = await fake((req, res) => {
    const search = String(req.headers.search ?? '');
    searches.push(search);
    const after = /id\[greater\]=([^&]+)/.exec(search)?.[1];
    const from = after ? all.indexOf(after) + 1 : 0;
    json(res, 200, {
      response: {
        data: all.slice(from, from + 10).map((id) => ({ id, event: 11, amount: -100, chargeback: 't1_chb_x' })),
        details: {},
        errors: [],
      },
    });
  });
  try {
    const c = createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'core' });
    const got = [];
    for await (const e of c.listEntries({
      from: new Date('2025-01-01T00:00:00Z'),
      to: new Date('2025-02-01T00:00:00Z'),
      pageLimit: 10,
    }))
      got.push(e.id);
    assert.deepEqual(got, all);
    assert.match(
      searches[0]!,
      /^chargeback\[greater\]=0&created\[greater\]=2024-12-31 19:00:00&created\[less\]=2025-01-31 19:00:00&created\[sort\]=asc$/,
    );
    assert.match(searches[1]!, /id\[greater\]=t1_etr_0009&id\[sort\]=asc/);
  } finally {
    await f.close();
  }
});

test(
  'micro-service: APIKEY on every call; JSON calls (GETs too) say ' +
    'application/json; the upload says multipart with its boundary',
  async () => {
    const seen: Array<{
      method: string;
      url: string;
      contentType: string | undefined;
      accept: string | undefined;
      apiKey: string | undefined;
    }> = [];
    const f = await fake((req, res) => {
      seen.push({
        method: req.method!,
        url: req.url!,
        contentType: req.headers['content-type'],
        accept: req.headers.accept,
        apiKey: req.headers.apikey as string | undefined,
      });
      const record = req.url!.startsWith('/ChargebackMessages')
        ? { id: 't1_msg_1', Chargeback: 't1_chb_x', type: 'respond', status: 'requested' }
        : cb('t1_chb_x');
      json(res, 200, {
        response: { data: [record], details: { page: { current: 1, last: 1, hasMore: false } }, errors: [] },
      });
    });
    const dir = mkdtempSync(join(tmpdir(), 'dd-headers-'));
    try {
      const c = createApiClient({ baseUrl: f.url, apiKey: 'the-key', deployment: 'microservice' });
      await c.getChargeback('t1_chb_x');
      for await (const _ of c.listChargebacks()) {
        /* drain */
      }
      await c.sendMessage({ chargeback: 't1_chb_x', type: 'respond' }, { requestToken: 'tok-1' });
      const path = join(dir, 'e.pdf');
      const fd = openSync(path, 'w');
      writeSync(fd, Buffer.from('%PDF-1.4\n%%EOF\n'));
      closeSync(fd);
      await c.uploadDocument('t1_chb_x', { path, name: 'e.pdf', documentType: 'pdf' }, { requestToken: 'tok-2' });
      assert.deepEqual(
        seen.map((r) => `${r.method} ${r.url.split('?')[0]}`),
        [
          'GET /Chargebacks/t1_chb_x',
          'GET /Chargebacks',
          'POST /ChargebackMessages/',
          'POST /Chargebacks/t1_chb_x/documents',
        ],
      );
      for (const r of seen) assert.equal(r.apiKey, 'the-key');
      for (const r of seen.slice(0, 3)) {
        assert.equal(r.contentType, 'application/json', `${r.method} ${r.url}`);
        assert.equal(r.accept, 'application/json');
      }
      assert.match(seen[3]!.contentType ?? '', /^multipart\/form-data; boundary=\S+$/);
    } finally {
      await f.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  'the status read on the micro-service answers bare; the ' + 'core API (test deployment too) uses the filtered list',
  async () => {
    const paths: string[] = [];
    const f = await fake((req, res) => {
      paths.push(`${req.url} ${String(req.headers.search ?? '')}`);
      const status = {
        id: 't1_chs_1',
        Chargeback: 't1_chb_x',
        ChargebackMessage: null,
        status: 'open',
        created: '2025-01-01T00:00:00.000Z',
      };
      if (req.url?.startsWith('/ChargebackStatuses/')) json(res, 200, { data: [status], details: {}, errors: [] });
      else
        json(res, 200, {
          response: { data: [status], details: { page: { current: 1, last: 1, hasMore: false } }, errors: [] },
        });
    });
    try {
      const onMicro = await createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'microservice' }).getStatuses(
        't1_chb_x',
      );
      const onTest = await createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'test' }).getStatuses('t1_chb_x');
      const onCore = await createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'core' }).getStatuses('t1_chb_x');
      assert.deepEqual(onMicro, onCore);
      assert.deepEqual(onTest, onCore);
      assert.match(paths[0]!, /^\/ChargebackStatuses\/t1_chb_x /);
      for (const p of paths.slice(1))
        assert.match(p, /^\/chargebackStatuses\?page\[number\]=1&page\[limit\]=100 chargeback\[equals\]=t1_chb_x$/);
    } finally {
      await f.close();
    }
  },
);

test('a 50 MB document is streamed: memory stays far below its size', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dd-big-'));
  const path = join(dir, 'big.pdf');
  const fd = openSync(path, 'w');
  writeSync(fd, Buffer.from('%PDF-1.7\n'));
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < 50; i++) writeSync(fd, chunk);
  closeSync(fd);
  let received = 0;
  let headersLength = 0;
  const f = await fake(
    (req, res, n) => {
      received = n as number;
      headersLength = Number(req.headers['content-length']);
      json(res, 200, { response: { data: [cb('t1_chb_x')], details: {}, errors: [] } });
    },
    { countOnly: true },
  );
  try {
    // Buffers that were sent are garbage, not held: collect as we go
    // and watch the memory that Buffers occupy; holding the file would show as 50 MB.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    let last = 0;
    let nextCheck = 0;
    await createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'microservice' }).uploadDocument(
      't1_chb_x',
      { path, name: 'big.pdf', documentType: 'pdf' },
      {
        requestToken: 'big',
        onProgress: (s) => {
          last = s;
          if (s >= nextCheck) {
            nextCheck = s + 4 * 1024 * 1024;
            gc();
            peak = Math.max(peak, process.memoryUsage().arrayBuffers);
          }
        },
      },
    );
    assert.equal(received, headersLength, 'exact Content-Length');
    assert.equal(last, received);
    assert.ok(received > 50 * 1024 * 1024);
    // The fake server counts bytes without keeping them, so growth is the client's buffering.
    assert.ok(peak - before < 16 * 1024 * 1024, `Buffers grew by ${Math.round((peak - before) / 1048576)} MB`);
  } finally {
    await f.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

// A strict stand-in for the core API built only from the vendor's published steps and its
// OpenAPI: lowercase resources, JSON document records, one `file` part, `chargeback` in bodies.
test(
  "core API: each write in the vendor's form (document " + 'record, its file in one part `file`, then the message)',
  async () => {
    const seen: Array<{ method: string; path: string; type: string | undefined; body: string }> = [];
    const f = await fake((req, res, body) => {
      const text = (body as Buffer).toString('latin1');
      seen.push({ method: req.method!, path: req.url!.split('?')[0]!, type: req.headers['content-type'], body: text });
      const doc = {
        id: 't1_chd_1',
        chargeback: 't1_chb_x',
        name: 'packet.pdf',
        type: 'pdf',
        ref: null,
        status: 'created',
        description: null,
        documentSource: 'merchant',
        inactive: 0,
        frozen: 0,
      };
      const record =
        req.url === '/chargebackMessages'
          ? {
              id: 't1_chm_1',
              chargeback: 't1_chb_x',
              type: 'represent',
              status: 'processed',
              date: 20261123,
              imported: 0,
            }
          : req.url!.startsWith('/files/')
            ? { ...doc, status: 'processed', ref: 't1_chd_1.pdf' }
            : doc;
      json(res, 200, { response: { data: [record], details: { requestId: 1, totals: [] }, errors: [] } });
    });
    const dir = mkdtempSync(join(tmpdir(), 'dd-core-forms-'));
    try {
      const c = createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'test' });
      const path = join(dir, 'packet.pdf');
      const fd = openSync(path, 'w');
      writeSync(fd, Buffer.from('%PDF-1.4\n%%EOF\n'));
      closeSync(fd);
      const record = await c.createDocumentRecord(
        't1_chb_x',
        { name: 'packet.pdf', documentType: 'pdf' },
        { requestToken: 'tok-r' },
      );
      const filed = await c.uploadDocumentFile(
        record.id,
        { path, name: 'packet.pdf', documentType: 'pdf' },
        { requestToken: 'tok-f' },
      );
      const message = await c.sendMessage(
        { chargeback: 't1_chb_x', type: 'repsondToPreArbitration', note: 'See the packet' },
        { requestToken: 'tok-m' },
      );
      assert.equal(filed?.status, 'processed');
      assert.equal(message.chargeback, 't1_chb_x');
      assert.deepEqual(
        seen.map((r) => `${r.method} ${r.path}`),
        ['POST /chargebackDocuments', 'POST /files/chargebackDocuments/t1_chd_1', 'POST /chargebackMessages'],
      );
      assert.deepEqual(JSON.parse(seen[0]!.body), {
        chargeback: 't1_chb_x',
        name: 'packet.pdf',
        type: 'pdf',
        documentSource: 'merchant',
        inactive: 0,
        frozen: 0,
      });
      assert.equal(seen[0]!.type, 'application/json');
      assert.match(seen[1]!.type ?? '', /^multipart\/form-data; boundary=\S+$/);
      const parts = [
        ...seen[1]!.body.matchAll(/Content-Disposition: form-data; name="([^"]+)"(?:; filename="([^"]+)")?/g),
      ].map((m) => [m[1], m[2]]);
      assert.deepEqual(parts, [['file', 'packet.pdf']], 'one part, named file, with the file name');
      assert.match(seen[1]!.body, /Content-Type: application\/pdf\r\n\r\n%PDF-1\.4/);
      assert.deepEqual(
        JSON.parse(seen[2]!.body),
        { chargeback: 't1_chb_x', type: 'respondToPreArbitration', note: 'See the packet' },
        "lowercase link, the vendor's spelling, no server fields",
      );
      await assert.rejects(
        c.uploadDocument('t1_chb_x', { path, name: 'packet.pdf', documentType: 'pdf' }, { requestToken: 'tok-x' }),
        (e: unknown) => e instanceof AppError && e.kind === 'internal',
      );
      assert.equal(seen.length, 3, "the contract's one-request upload is never sent to the core API");
    } finally {
      await f.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
