// Where the installed Electron binary is, if it is. `require('electron')` would try to download
// a missing binary from the internet at that moment; `npm start` and the tests only look.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function installedElectron(root: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const pkg = join(root, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const dist = env.ELECTRON_OVERRIDE_DIST_PATH ?? join(pkg, 'dist');
  const binary = executable ? join(dist, executable) : undefined;
  return binary && existsSync(binary) ? binary : undefined;
}
