// Fetches Electron's binary for `npm start`: Electron's own install script, run here on its own.
// `npm ci` never runs it (allowScripts in package.json says no to every package's install
// script it has not been shown to need), so this is the one step that downloads from outside
// the npm registry, and it is allowed to fail: without the network (CI, a machine that reaches
// only the registry) it says so and exits 0, and everything but the window still works.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { installedElectron } from '../electron/electron-binary.ts';

const root = new URL('..', import.meta.url).pathname;
/** Electron's binary is about 100 MB: a slow line gets this long before the step gives up. */
const TIME_LIMIT_MS = 10 * 60_000;

if (installedElectron(root)) {
  process.stdout.write('Electron is installed: `npm start` opens the window.\n');
  process.exit(0);
}
process.stdout.write('Fetching Electron’s binary (Electron’s install script)…\n');
const r = spawnSync(process.execPath, [join(root, 'node_modules/electron/install.js')], {
  cwd: join(root, 'node_modules/electron'),
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
  timeout: TIME_LIMIT_MS,
});
if (r.status === 0 && installedElectron(root)) {
  process.stdout.write('Electron is installed: `npm start` opens the window.\n');
  process.exit(0);
}
const why =
  r.error?.message ??
  (r.stderr.split('\n').find((l) => /error|failed|ENOTFOUND|ECONNREFUSED|EAI_AGAIN/i.test(l)) ||
    `the install script exited with ${r.status ?? r.signal}`);
process.stdout.write(
  `Electron's binary could not be fetched (${why.trim()}), so \`npm start\` cannot open the window ` +
    'on this machine yet. Everything else works without it: the tests, and the command line ' +
    '(`npm link`, then `dispute-desk --help`). Where the internet is reachable, run ' +
    '`npm run fetch-electron` to fetch it.\n',
);
