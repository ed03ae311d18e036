// A service that does not answer is said in the merchant's words, with advice true for where it
// runs: no address or system code in the sentence (they stay in the error's cause, for the log),
// and "your internet connection" only for a service on the internet — the demo's service runs on
// this computer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { createApiClient } from '../../../electron/api/index.ts';
import { networkError, technicalDetail } from '../../../electron/api/errors.ts';
import { AppError } from '../../../shared/errors.ts';

/** A port on this computer where nothing listens: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

test('the demo on this computer is down: no host:port, no ECONNREFUSED, no internet advice; the log keeps both', async () => {
  const port = await closedPort();
  const client = createApiClient({
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: 'sk_test_unreachable_123',
    deployment: 'test',
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 2 },
  });
  const e = await client.verifyKey().then(
    () => undefined,
    (x: unknown) => x as AppError,
  );
  assert.ok(e instanceof AppError);
  assert.equal(e.kind, 'network');
  assert.doesNotMatch(e.message, new RegExp(`127\\.0\\.0\\.1|${port}|ECONNREFUSED`));
  assert.doesNotMatch(e.message, /internet/);
  assert.match(e.message, /^Could not reach the chargeback service on this computer\. If it is the demo,/);
  assert.match(e.message, /Your work is kept\.$/);
  const detail = technicalDetail(e) ?? '';
  assert.match(detail, new RegExp(`^127\\.0\\.0\\.1:${port} ECONNREFUSED: `), 'the address and code, for the log');
});

test('advice follows where the service is: this computer, the local network, the internet', () => {
  const said = (url: string): string =>
    networkError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), url).message;
  for (const url of ['http://localhost:8080', 'http://[::1]:9000', 'http://127.0.0.2:1'])
    assert.match(said(url), /on this computer/, url);
  for (const url of ['http://192.168.1.20:8080', 'http://10.0.0.5', 'http://sandbox.local:3000', 'http://nas:80'])
    assert.match(said(url), /on your local network\..*same network/, url);
  const remote = said('https://api.example.com');
  assert.match(remote, /Check your internet connection/);
  for (const url of ['https://api.example.com', 'http://192.168.1.20:8080'])
    assert.doesNotMatch(said(url), /api\.example\.com|192\.168|ECONNREFUSED/, url);
});

test('a timeout names neither the address nor the code', () => {
  const e = networkError(
    Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }),
    'https://api.example.com:8443',
  );
  assert.equal(e.kind, 'timeout');
  assert.equal(e.message, 'The chargeback service did not answer in time. Dispute Desk will try again.');
  assert.match(technicalDetail(e) ?? '', /^api\.example\.com:8443 UND_ERR_CONNECT_TIMEOUT: /);
});
