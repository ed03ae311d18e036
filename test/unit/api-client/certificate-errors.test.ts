// A certificate that cannot be verified is said as such, never "check your internet connection":
// what it means (the other side did not prove who it is, and the key was not sent) and what to do
// (the URL, the computer's clock, another network). A real TLS server with a self-signed
// certificate on 127.0.0.1, then the other certificate failures Node reports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../../../electron/api/index.ts';
import { networkError } from '../../../electron/api/errors.ts';
import { AppError } from '../../../shared/errors.ts';

const key = 'sk_live_cert_test_5f2a9c1e7b3d';

test('a self-signed certificate: "could not be verified", the key not sent, what to check', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dd-cert-'));
  let headersSeen = 0;
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const server = createServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_req, res) => {
        headersSeen++;
        res.end('{}');
      },
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (server.address() as { port: number }).port;
      const c = createApiClient({
        baseUrl: `https://127.0.0.1:${port}`,
        apiKey: key,
        deployment: 'core',
        retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 2 },
      });
      const e = await c.verifyKey().then(
        () => undefined,
        (x: unknown) => x as AppError,
      );
      assert.ok(e instanceof AppError);
      assert.match(
        e.message,
        /could not be verified as itself: its security certificate is not signed by an authority this computer trusts/,
      );
      assert.match(e.message, /the API key was not sent/);
      assert.match(e.message, /date and time/);
      assert.doesNotMatch(e.message, /internet connection/);
      assert.equal(headersSeen, 0, 'no request reached the server');
    } finally {
      server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('expired, not yet valid, another address, revoked: each in its words; a refused connection is still a connection problem', () => {
  const said = (code: string, nested = false) =>
    networkError(
      nested ? Object.assign(new Error('fetch failed'), { cause: { code } }) : Object.assign(new Error('x'), { code }),
      'https://api.example.com',
    ).message;
  assert.match(said('CERT_HAS_EXPIRED'), /certificate has expired \(or this computer's clock is wrong\)/);
  assert.match(said('CERT_NOT_YET_VALID'), /not valid yet/);
  assert.match(said('ERR_TLS_CERT_ALTNAME_INVALID'), /issued for another address/);
  assert.match(said('CERT_REVOKED', true), /revoked/, 'a code on the cause is read too');
  for (const code of ['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'ERR_TLS_CERT_ALTNAME_INVALID'])
    assert.doesNotMatch(said(code), /internet connection/, code);
  assert.match(said('ECONNREFUSED'), /Check your internet connection/, 'a service on the internet');
});
