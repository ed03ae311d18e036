// The API key never reaches an error, the store's lastError or stderr in any form a server might
// echo it: upper or mixed case, URL-encoded, JSON-escaped, hex, base64 (plain, URL-safe, inside a
// `Basic` header of `key:` or a longer encoded text). Unit for the scrubber, then a server echoing
// each form through the real client and a sync.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scrubSecret } from '../../../electron/api/errors.ts';
import { createApiClient } from '../../../electron/api/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { openHeadless } from '../../../electron/headless.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { profileDefaults } from '../../../shared/profiles.ts';

const key = 'sk_live_5f2a9c1e7b3d4e6f8a0b/Q+z';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const echoes: Record<string, string> = {
  'upper case': key.toUpperCase(),
  'mixed case': key.replace(/[a-f]/g, (c) => c.toUpperCase()),
  'URL-encoded': encodeURIComponent(key),
  'URL-encoded, lower-case escapes': encodeURIComponent(key).toLowerCase(),
  'URL-encoded twice': encodeURIComponent(encodeURIComponent(key)),
  'JSON-escaped': JSON.stringify(key).slice(1, -1),
  hex: Buffer.from(key).toString('hex').toUpperCase(),
  base64: b64(key),
  base64url: Buffer.from(key).toString('base64url'),
  'Basic header of key:': `Basic ${b64(`${key}:`)}`,
  'Basic header of user:key': `Basic ${b64(`merchant:${key}`)}`,
  'inside a longer base64 text': b64(`APIKEY: ${key}\r\n`),
};

/** Every 10-character piece of `s`, lower-cased. */
const pieces = (s: string): string[] =>
  Array.from({ length: Math.max(0, s.length - 9) }, (_, i) => s.slice(i, i + 10).toLowerCase());
const plainPieces = [key, encodeURIComponent(key), Buffer.from(key).toString('hex')].flatMap(pieces);

/** True when `text` still gives any 10 characters of the key away: as text (any case, URL-encoded,
 * hex), or inside any run of base64 in it, decoded at each alignment in both alphabets. */
function leaks(text: string): boolean {
  const lower = text.toLowerCase();
  if (plainPieces.some((p) => lower.includes(p))) return true;
  for (const run of text.match(/[A-Za-z0-9+/_-]{8,}/g) ?? [])
    for (let skip = 0; skip < 4; skip++) {
      const decoded = Buffer.from(run.slice(skip).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
      if (pieces(key).some((p) => decoded.toLowerCase().includes(p))) return true;
    }
  return false;
}

test('the scrubber hides the key in every case and encoding, in the message and the fields', () => {
  for (const [form, echoed] of Object.entries(echoes)) {
    const e = scrubSecret(
      new AppError('validation', `The service refused: key ${echoed} is not allowed.`, {
        fields: [{ field: echoed, message: `bad ${echoed}`, code: echoed }],
      }),
      key,
    );
    const all = JSON.stringify({ m: e.message, f: e.fields });
    assert.ok(!leaks(all), `${form}: ${all}`);
    assert.match(e.message, /\[API key hidden\]/, form);
  }
  for (const echoed of Object.values(echoes)) assert.ok(leaks(echoed), `the check itself sees ${echoed}`);
  const plain = new AppError('server', 'Nothing secret here: HTTP 500.');
  assert.equal(scrubSecret(plain, key), plain, 'an error without the key is left as it is');
});

test('a server echoing the key upper-cased or in base64 gets it into neither the error nor lastError', async () => {
  let echoed = '';
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ response: {}, errors: [{ code: 9, field: 'APIKEY', msg: `Key ${echoed} refused` }] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const home = mkdtempSync(join(tmpdir(), 'dd-scrub-'));
  const vault = createKeyVault({
    keytarLoader: async () => {
      throw new Error('no keychain here');
    },
  });
  const h = openHeadless({ home, notifier: createRecordingNotifier(), vault });
  try {
    h.store.profiles.save({ ...profileDefaults, id: 'prof_s', name: 'Echo', deployment: 'core', url });
    await vault.setKey('prof_s', key, { sessionOnly: true });
    const once = { attempts: 1, baseDelayMs: 1, maxDelayMs: 2 };
    for (const form of ['upper case', 'base64', 'Basic header of key:', 'URL-encoded twice']) {
      echoed = echoes[form]!;
      const c = createApiClient({ baseUrl: url, apiKey: key, deployment: 'core', retry: once });
      const e = await c.verifyKey().then(
        () => undefined,
        (x: unknown) => x as AppError,
      );
      assert.ok(e instanceof AppError);
      assert.ok(!leaks(JSON.stringify({ m: e.message, f: e.fields })), `${form}: ${e.message}`);
      await assert.rejects(h.sync.syncProfile('prof_s'));
      const stored = h.store.syncState.get('prof_s').lastError ?? '';
      assert.match(stored, /\[API key hidden\]/, form);
      assert.ok(!leaks(stored), `${form}: ${stored}`);
    }
  } finally {
    h.close();
    rmSync(home, { recursive: true, force: true });
    server.closeAllConnections();
    server.close();
  }
});
