// Answers an attacker or a broken proxy could give: a body without end, a redirect with a valid
// body, a key echoed back in an error. None may cost memory, count as success or leak the key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../../../electron/api/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { openHeadless } from '../../../electron/headless.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { profileDefaults } from '../../../shared/profiles.ts';

async function fake(handler: (res: ServerResponse, url: string) => void) {
  const closed: string[] = [];
  const server = createServer((req, res) => {
    res.on('close', () => closed.push(req.url ?? ''));
    handler(res, req.url ?? '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    closed,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
const once = { attempts: 1, baseDelayMs: 1, maxDelayMs: 2 };
const key = 'sk_live_5f2a9c1e7b3d4e6f8a0b';
const envelope = { response: { data: [], page: { current: 1, last: 1, count: 0 } }, errors: [] };

test('an answer that never ends is cut off at the cap: the connection is dropped and memory stays flat', async () => {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const f = await fake((res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"response": {"data": [');
    const pump = (): void => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  });
  try {
    const before = process.memoryUsage().rss;
    const c = createApiClient({ baseUrl: f.url, apiKey: key, deployment: 'core', retry: once });
    await assert.rejects(
      c.verifyKey(),
      (e: unknown) =>
        e instanceof AppError &&
        e.kind === 'server' &&
        /larger than Dispute Desk reads \(16 MB\); it was not read/.test(e.message),
    );
    const grown = process.memoryUsage().rss - before;
    assert.ok(grown < 200 * 1024 * 1024, `memory grew by ${Math.round(grown / 1024 / 1024)} MB`);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(f.closed.length, 1, 'the connection was dropped');
  } finally {
    await f.close();
  }
});

test('a declared Content-Length above the cap is refused before the body is read', async () => {
  const f = await fake((res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(3 * 1024 ** 3) });
    res.write('{');
  });
  try {
    const c = createApiClient({ baseUrl: f.url, apiKey: key, deployment: 'core', retry: once });
    await assert.rejects(
      c.verifyKey(),
      (e: unknown) => e instanceof AppError && /answer of more than 16 MB/.test(e.message),
    );
  } finally {
    await f.close();
  }
});

test('a 3xx with a valid body is a failure, never followed, and says where it pointed', async () => {
  const seen: string[] = [];
  const f = await fake((res, url) => {
    seen.push(url);
    res.writeHead(301, { 'content-type': 'application/json', location: `http://elsewhere.example/steal?k=${key}` });
    res.end(JSON.stringify(envelope));
  });
  try {
    const c = createApiClient({ baseUrl: f.url, apiKey: key, deployment: 'core', retry: once });
    await assert.rejects(
      c.verifyKey(),
      (e: unknown) =>
        e instanceof AppError &&
        e.kind === 'server' &&
        /redirect \(HTTP 301 to http:\/\/elsewhere\.example\)\. Dispute Desk does not follow redirects/.test(
          e.message,
        ) &&
        !e.message.includes(key),
    );
    assert.equal(seen.length, 1);
  } finally {
    await f.close();
  }
});

test(
  'a key the server echoes in `msg` reaches neither the error nor its ' +
    'fields, so not sync_state.lastError (which the window and the CLI print)',
  async () => {
    const f = await fake((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          response: {},
          errors: [{ code: 9, severity: 3, field: 'APIKEY', msg: `Key ${key} is not allowed for merchant` }],
        }),
      );
    });
    const home = mkdtempSync(join(tmpdir(), 'dd-echo-'));
    const vault = createKeyVault({
      keytarLoader: async () => {
        throw new Error('no keychain here');
      },
    });
    const h = openHeadless({ home, notifier: createRecordingNotifier(), vault });
    try {
      const c = createApiClient({ baseUrl: f.url, apiKey: key, deployment: 'core', retry: once });
      const e = await c.verifyKey().then(
        () => undefined,
        (x: unknown) => x as AppError,
      );
      assert.ok(e instanceof AppError);
      assert.match(e.message, /Key \[API key hidden\] is not allowed/);
      assert.ok(!JSON.stringify({ m: e.message, f: e.fields }).includes(key));

      h.store.profiles.save({
        ...profileDefaults,
        reminderThresholdDays: [7],
        id: 'prof_e',
        name: 'Echo',
        deployment: 'core',
        url: f.url,
      });
      await vault.setKey('prof_e', key, { sessionOnly: true });
      await assert.rejects(h.sync.syncProfile('prof_e'));
      const stored = h.store.syncState.get('prof_e').lastError ?? '';
      assert.match(stored, /\[API key hidden\]/);
      assert.ok(!stored.includes(key));
    } finally {
      h.close();
      rmSync(home, { recursive: true, force: true });
      await f.close();
    }
  },
);
