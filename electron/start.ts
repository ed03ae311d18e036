// `npm start`: bundles, then runs the desktop app in Electron. The Electron binary is fetched
// by .ci/setup where the network allows (build/fetch-electron.ts); where it is missing this says
// how to get it.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { installedElectron } from './electron-binary.ts';

const root = new URL('..', import.meta.url).pathname;
const bundled = spawnSync(process.execPath, [join(root, 'build/bundle.ts')], { stdio: 'inherit' });
if (bundled.status !== 0) process.exit(bundled.status ?? 1);

const binary = installedElectron(root);
if (!binary) {
  process.stderr.write(
    'The Electron binary is not installed, so the desktop window cannot open.\n' +
      'Setup fetches it where the internet is reachable; to fetch it now, run\n' +
      '  npm run fetch-electron\n' +
      'on a machine with internet access, then `npm start` again. Meanwhile every feature runs\n' +
      'headless: `dispute-desk --help` after `npm link` (for example `dispute-desk sandbox` for demo data).\n',
  );
  process.exit(1);
}
const child = spawn(binary, [join(root, 'dist/electron/main.cjs')], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
