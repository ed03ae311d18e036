// Listings: pages asked for ahead of the one being read, yet handed over (and failed) in order;
// an entry's expanded chargeback validated once while it repeats unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createApiClient } from '../../../electron/api/index.ts';
import { AppError } from '../../../shared/errors.ts';

async function fake(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const cb = (id: string) => ({ id, total: 100, cycle: 'first', reasonCode: '13.1', status: 'open', currency: 'USD' });
const pageOf = (url: string | undefined) => Number(new URL(url ?? '/', 'http://x').searchParams.get('page[number]'));
const fast = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 };

test('pages are asked for a few ahead, never past the last one announced, and handed over in order', async () => {
  const asked: number[] = [];
  let inFlight = 0;
  let most = 0;
  const f = await fake((req, res) => {
    const n = pageOf(req.url);
    asked.push(n);
    most = Math.max(most, ++inFlight);
    // Later pages answer first: the order handed over must not follow the order of answers.
    setTimeout(
      () => {
        inFlight--;
        json(res, 200, {
          response: {
            data: [cb(`t1_chb_${n}a`), cb(`t1_chb_${n}b`)],
            details: { page: { current: n, last: 6, hasMore: n < 6 } },
            errors: [],
          },
        });
      },
      (7 - n) * 3,
    );
  });
  try {
    const c = createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'test' });
    const got: string[] = [];
    for await (const p of c.chargebackPages({ pageLimit: 2 })) got.push(...p.records.map((r) => r.id));
    assert.deepEqual(
      got,
      [1, 2, 3, 4, 5, 6].flatMap((n) => [`t1_chb_${n}a`, `t1_chb_${n}b`]),
    );
    assert.deepEqual(
      [...asked].sort((a, b) => a - b),
      [1, 2, 3, 4, 5, 6],
      'each page asked for once, none past the last',
    );
    assert.ok(most > 1 && most <= 4, `pages in flight at once: ${most}`);
  } finally {
    await f.close();
  }
});

test('a page asked for ahead that fails fails the listing when its turn comes, after the pages before it', async () => {
  const f = await fake((req, res) => {
    const n = pageOf(req.url);
    if (n === 3)
      return json(res, 500, {
        response: {
          data: [],
          details: {},
          errors: [{ code: 500, severity: 4, msg: 'Internal server error', errorCode: 'internal_error' }],
        },
      });
    json(res, 200, {
      response: { data: [cb(`t1_chb_${n}`)], details: { page: { current: n, last: 5, hasMore: n < 5 } }, errors: [] },
    });
  });
  try {
    const c = createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'test', retry: fast });
    const got: string[] = [];
    await assert.rejects(
      async () => {
        for await (const p of c.chargebackPages({ pageLimit: 1 })) got.push(...p.records.map((r) => r.id));
      },
      (e: unknown) => e instanceof AppError && e.kind === 'server',
    );
    assert.deepEqual(got, ['t1_chb_1', 't1_chb_2']);
  } finally {
    await f.close();
  }
});

test(
  'an expanded chargeback that repeats unchanged is read once and shared; a ' +
    'changed one is read afresh; an unreadable one fails its entries on every page',
  async () => {
    const txn = { id: 't1_txn_x', email: 'old@example.com', first: 'Sam' };
    const x = { ...cb('t1_chb_x'), txn };
    const bad = { ...cb('t1_chb_bad'), total: 'lots' };
    const entry = (id: string, chargeback: unknown) => ({
      id,
      event: 11,
      amount: -100,
      created: '2025-01-02 10:00:00.0000',
      chargeback,
    });
    const pages: unknown[][] = [
      [entry('e1', x), entry('e2', bad)],
      [
        entry('e3', structuredClone(x)),
        entry('e4', { ...x, txn: { ...txn, email: 'new@example.com' } }),
        entry('e5', structuredClone(bad)),
      ],
      // Same content, keys in another order: validated again, not taken for the same.
      [entry('e6', { txn: { ...txn, email: 'new@example.com' }, ...cb('t1_chb_x') })],
    ];
    const f = await fake((req, res) => {
      const n = pageOf(req.url);
      json(res, 200, {
        response: { data: pages[n - 1], details: { page: { current: n, last: 3, hasMore: n < 3 } }, errors: [] },
      });
    });
    try {
      const c = createApiClient({ baseUrl: f.url, apiKey: 'k', deployment: 'test' });
      const records = [];
      const invalid = [];
      for await (const p of c.entryPages({
        from: new Date('2025-01-01T00:00:00Z'),
        to: new Date('2025-02-01T00:00:00Z'),
      })) {
        records.push(...p.records);
        invalid.push(...p.invalid);
      }
      assert.deepEqual(
        records.map((e) => e.id),
        ['e1', 'e3', 'e4', 'e6'],
      );
      const [e1, e3, e4, e6] = records.map((e) => e.chargeback as { id: string; txn: { email: string } });
      assert.equal(e3, e1, 'the same chargeback on a later page shares the first reading');
      assert.equal(e1?.txn.email, 'old@example.com');
      assert.equal(e4?.txn.email, 'new@example.com', 'a changed copy is read afresh');
      assert.notEqual(e6, e4);
      assert.equal(e6?.txn.email, 'new@example.com');
      assert.deepEqual(
        invalid.map((i) => [i.id, i.problem]),
        [
          ['e2', 'its chargeback could not be read'],
          ['e5', 'its chargeback could not be read'],
        ],
      );
    } finally {
      await f.close();
    }
  },
);

test("the client keeps under the service's rate limit per path instead of running into its block", async () => {
  const paths: string[] = [];
  const f = await fake((req, res) => {
    paths.push(new URL(req.url ?? '/', 'http://x').pathname);
    json(res, 200, {
      response: { data: [cb('t1_chb_a')], details: { page: { current: 1, last: 1, hasMore: false } }, errors: [] },
    });
  });
  try {
    const waits: number[] = [];
    const c = createApiClient({
      baseUrl: f.url,
      apiKey: 'k',
      deployment: 'test',
      pace: { max: 3, windowMs: 60_000 },
      sleep: async (ms) => void waits.push(ms),
    });
    for (let i = 0; i < 3; i++) await c.verifyKey();
    assert.equal(waits.length, 0, 'up to the limit nothing waits');
    await c.getChargeback('t1_chb_a');
    assert.equal(waits.length, 0, 'another path has a limit of its own');
    await c.verifyKey();
    await c.verifyKey();
    assert.equal(waits.length, 2, 'past it, each request waits for a slot');
    assert.ok(
      waits.every((ms) => ms > 50_000 && ms <= 60_000),
      JSON.stringify(waits),
    );
    assert.equal(paths.length, 6);
    // With rate-limit-test the lowered limit is what is being tested: nothing is held back.
    const testing = createApiClient({
      baseUrl: f.url,
      apiKey: 'k',
      deployment: 'test',
      rateLimitTest: true,
      pace: { max: 1, windowMs: 60_000 },
      sleep: async (ms) => void waits.push(ms),
    });
    for (let i = 0; i < 3; i++) await testing.verifyKey();
    assert.equal(waits.length, 2);
  } finally {
    await f.close();
  }
});
