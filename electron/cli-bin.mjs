#!/usr/bin/env node
// The CLI from its TypeScript source (Node's type stripping): what the tests and a developer
// changing the code run. Merchants run bin/dispute-desk.mjs, the same CLI bundled.
import { prepareCliProcess } from './cli-process.mjs';

await prepareCliProcess(import.meta.url);
await import('./cli.ts');
