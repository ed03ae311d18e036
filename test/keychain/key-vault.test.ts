// Runs against the machine's real Secret Service: `npm test` starts a private D-Bus session with
// an unlocked gnome-keyring and sets DD_KEYCHAIN_AVAILABLE=1.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createKeyVault, type KeytarLike } from '../../electron/credentials/key-vault.ts';
import { openHeadless } from '../../electron/headless.ts';
import { createRecordingNotifier } from '../../electron/platform/notifier.ts';
import { startSandbox } from '../../electron/sandbox/index.ts';

// Set by build/run-tests.ts inside the D-Bus session it started with gnome-keyring: from then on
// the keychain must be there, and a keychain that cannot be reached fails these tests.
const promised = process.env.DD_KEYCHAIN_AVAILABLE === '1';

/** Skips only where no keychain was promised; where one was, an unreachable one is a failure. */
async function needKeychain(t: TestContext): Promise<boolean> {
  if (!promised) {
    t.skip('no Secret Service in this run (npm test provides one with gnome-keyring under dbus-run-session)');
    return false;
  }
  const a = await createKeyVault().available();
  assert.ok(a.ok, `DD_KEYCHAIN_AVAILABLE=1 but the keychain cannot be reached: ${a.ok ? '' : a.reason}`);
  return true;
}

test('a key round-trips through the real keychain and never reaches the database or the logs', async (t) => {
  if (!(await needKeychain(t))) return;
  const home = mkdtempSync(join(tmpdir(), 'dd-keychain-'));
  const sb = await startSandbox({ seed: 4, chargebacks: 30, apiKey: `sbkey-${randomBytes(12).toString('hex')}` });
  const logs: string[] = [];
  const notifier = createRecordingNotifier((n) => logs.push(`${n.title} ${n.body}`));
  try {
    const h = openHeadless({ home, notifier });
    assert.deepEqual(await h.vault.available(), { ok: true });
    const profile = await h.profiles.add({ name: 'Shop', deployment: 'test', url: sb.url }, sb.apiKey);
    h.vault.forgetAll();
    assert.equal(await h.vault.getKey(profile.id), sb.apiKey, 'read back from the keychain, not memory');
    assert.equal(await h.vault.status(profile.id), 'keychain');
    await h.sync.syncProfile(profile.id);
    h.close();
    for (const f of readdirSync(home)) {
      const bytes = readFileSync(join(home, f));
      assert.equal(bytes.includes(Buffer.from(sb.apiKey)), false, `${f} holds no key`);
    }
    assert.ok(logs.length > 0);
    assert.ok(logs.every((l) => !l.includes(sb.apiKey)));
    const again = openHeadless({ home, notifier });
    await again.profiles.remove(profile.id);
    assert.equal(await createKeyVault().getKey(profile.id), undefined, 'removed from the keychain');
    again.close();
  } finally {
    await sb.close();
    rmSync(home, { recursive: true, force: true });
  }
});

test('a rejected key is never saved', async (t) => {
  if (!(await needKeychain(t))) return;
  const home = mkdtempSync(join(tmpdir(), 'dd-keychain-'));
  const sb = await startSandbox({ seed: 4, chargebacks: 3 });
  try {
    // The real keychain, watched: a rejected key must not reach it.
    const written: string[] = [];
    const vault = createKeyVault({
      keytarLoader: async () => {
        const mod = (await import('keytar')) as { default?: KeytarLike } & KeytarLike;
        const real = mod.default ?? mod;
        return {
          getPassword: (service, account) => real.getPassword(service, account),
          deletePassword: (service, account) => real.deletePassword(service, account),
          setPassword: async (service, account, password) => {
            written.push(account);
            await real.setPassword(service, account, password);
          },
        };
      },
    });
    const h = openHeadless({ home, notifier: createRecordingNotifier(), vault });
    assert.deepEqual(await vault.available(), { ok: true });
    await assert.rejects(
      h.profiles.add({ name: 'Shop', deployment: 'test', url: sb.url }, 'not-the-key'),
      /rejected the API key/,
    );
    assert.deepEqual(h.store.profiles.list(), []);
    assert.deepEqual(written, [], 'nothing written to the keychain');
    h.close();
  } finally {
    await sb.close();
    rmSync(home, { recursive: true, force: true });
  }
});

test('without a keychain: a clear reason and how to fix it; a session-only key still works', async () => {
  const vault = createKeyVault({
    platform: 'linux',
    keytarLoader: async () => ({
      getPassword: async () => {
        throw new Error('The name org.freedesktop.secrets was not provided by any .service files');
      },
      setPassword: async () => {
        throw new Error('The name org.freedesktop.secrets was not provided by any .service files');
      },
      deletePassword: async () => false,
    }),
  });
  const a = await vault.available();
  assert.equal(a.ok, false);
  if (!a.ok) {
    assert.match(a.reason, /org\.freedesktop\.secrets/);
    assert.match(a.howToFix, /gnome-keyring/);
  }
  await assert.rejects(
    vault.setKey('p', 'k'),
    (e: Error & { kind?: string }) => e.kind === 'keychain' && /session only/.test(e.message),
  );
  await vault.setKey('p', 'session-key', { sessionOnly: true });
  assert.equal(await vault.getKey('p'), 'session-key');
  assert.equal(await vault.status('p'), 'session');
  vault.forgetAll();
  await assert.rejects(vault.getKey('p'), (e: Error & { kind?: string }) => e.kind === 'keychain');
});
