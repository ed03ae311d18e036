// How the window's bridge script is built: the app's preload (bundle.ts) and its stand-in in the
// browser tests and the UI benchmark (test/e2e/support/browser-bridge.ts). It holds the whole IPC
// contract (zod and every channel's schemas) and runs before the window's own script at every
// load, so it is kept small: minified, zod in English alone (unminified, with every language's
// messages, it was 930 KB).
import type { BuildOptions } from 'esbuild';
import { zodEnglishOnly } from './zod-english-only.ts';

export const bridgeScriptOptions: BuildOptions = { bundle: true, minify: true, plugins: [zodEnglishOnly] };
