// Setup's Electron step (build/fetch-electron.ts, run by .ci/setup) on a machine whose network
// does not reach Electron's downloads: it says what failed and what still works, exits 0 so the
// setup goes on, and leaves no half-fetched binary behind. The download is pointed at a closed
// port on this machine, so the test never depends on (or reaches) the internet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { installedElectron } from '../../../electron/electron-binary.ts';

const root = new URL('../../..', import.meta.url).pathname;

/** A local port nothing listens on: one given by the system, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const fetchElectron = (env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, [join(root, 'build/fetch-electron.ts')], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });

test(
  'without a network to fetch it from, the step says so and lets the setup go on',
  { skip: installedElectron(root) !== undefined && 'Electron is installed here: nothing would be fetched' },
  async () => {
    const port = await closedPort();
    const r = fetchElectron({ ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, electron_config_cache: '/nonexistent' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Electron's binary could not be fetched \(.+\), so `npm start` cannot open the window/);
    assert.match(r.stdout, /npm run fetch-electron/);
    assert.doesNotMatch(r.stdout, /Electron is installed/);
    assert.equal(installedElectron(root), undefined);
    assert.equal(existsSync(join(root, 'node_modules/electron/dist')), false);
  },
);
