#!/usr/bin/env node
// `dispute-desk`: the command line as the README has people run it (`npm link` puts it on PATH).
// Runs the bundled CLI, dist/cli/ (built by `npm run build`, `npm start` and .ci/setup), which
// starts in about the time Node does; a checkout not built yet runs the TypeScript source.
import { existsSync } from 'node:fs';
import { prepareCliProcess } from '../electron/cli-process.mjs';

await prepareCliProcess(import.meta.url);
const bundled = new URL('../dist/cli/cli.mjs', import.meta.url);
await import(existsSync(bundled) ? bundled.href : '../electron/cli.ts');
