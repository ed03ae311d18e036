// A key never crosses the network unencrypted: a remote http:// address is refused before
// anything connects, from the CLI and for a profile saved before the rule existed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { runCli } from './support.ts';
import { openHeadless } from '../../../electron/headless.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { profileDefaults } from '../../../shared/profiles.ts';

/** A listener on every address that counts connections: what a remote service would see. */
async function countingServer(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let n = 0;
  const sockets = new Set<Socket>();
  const server = createServer((s) => {
    n++;
    sockets.add(s);
    s.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', () => r()));
  const { port } = server.address() as { port: number };
  return { port, connections: () => n, close: () => new Promise((r) => server.close(() => r())) };
}

/** This machine's own non-loopback IPv4 address, which a connection would really reach. */
const ownAddress =
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '203.0.113.9';

test(
  'profile add --url http://<remote host> is refused before the key ' +
    'is read or anything connects; --allow-http-lan is for a LAN only',
  async () => {
    const home = mkdtempSync(join(tmpdir(), 'dd-transport-'));
    const server = await countingServer();
    try {
      const env = { ...process.env, DISPUTE_DESK_HOME: home, DISPUTE_DESK_API_KEY: 'k'.repeat(32) };
      const url = `http://${ownAddress}:${server.port}`;
      const add = await runCli(['profile', 'add', '--name', 'Shop', '--deployment', 'core', '--url', url], { env });
      assert.equal(add.status, 1);
      assert.match(
        add.stderr,
        /--url refused: the URL must start with https:\/\/: over http:\/\/ the API key would cross the network unencrypted/,
      );
      const lan = await runCli(
        ['profile', 'add', '--name', 'Shop', '--deployment', 'core', '--url', url, '--allow-http-lan'],
        { env },
      );
      assert.equal(lan.status, 1, 'a public address is no LAN');
      assert.match(lan.stderr, /neither: use https/);
      assert.equal(server.connections(), 0, 'nothing connected');
      const list = await runCli(['profile', 'list', '--json'], { env });
      assert.deepEqual(JSON.parse(list.stdout), [], 'nothing saved');
    } finally {
      await server.close();
      rmSync(home, { recursive: true, force: true });
    }
  },
);

test(
  'a profile saved with a remote http:// address before the ' +
    'rule is refused when a client is made: sync sends nothing',
  async () => {
    const home = mkdtempSync(join(tmpdir(), 'dd-transport-'));
    const server = await countingServer();
    const vault = createKeyVault({
      keytarLoader: async () => {
        throw new Error('no keychain in this test');
      },
    });
    const h = openHeadless({ home, notifier: createRecordingNotifier(), vault });
    try {
      h.store.profiles.save({
        ...profileDefaults,
        reminderThresholdDays: [7],
        id: 'prof_old',
        name: 'Old',
        deployment: 'core',
        url: `http://${ownAddress}:${server.port}`,
      });
      await vault.setKey('prof_old', 'k'.repeat(32), { sessionOnly: true });
      await assert.rejects(h.sync.syncProfile('prof_old'), (e: Error) =>
        /^Nothing was sent to http:.*unencrypted/.test(e.message),
      );
      assert.equal(server.connections(), 0);
    } finally {
      h.close();
      await server.close();
      rmSync(home, { recursive: true, force: true });
    }
  },
);
