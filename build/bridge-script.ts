// How the window's bridge script is built: the app's preload (bundle.ts) and its stand-in in the
// browser tests and the UI benchmark (test/e2e/support/browser-bridge.ts). It runs before the
// window's own script at every load, so it is kept small: minified, and given the contract's
// table instead of its schemas (contract-table.ts; main checks every call), so no zod schema is
// built in it. zod comes in only for the few schemas of the modules it shares with main, in
// English alone.
import type { BuildOptions } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { zodEnglishOnly } from './zod-english-only.ts';
import { contractTable } from './contract-table.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export const bridgeScriptOptions: BuildOptions = {
  bundle: true,
  minify: true,
  plugins: [zodEnglishOnly, contractTable(root)],
};
