#!/usr/bin/env node
// Entry for `npx dispute-desk`: the CLI is TypeScript run by Node's type stripping, which needs
// Node 22.18+; the project's own Node 24 (devDependency `node`) is first on npm's PATH.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(`dispute-desk needs Node 22.18 or newer (this is ${process.version}); run it through npx or npm so the project's Node 24 is used.\n`);
  process.exit(1);
}
process.removeAllListeners('warning');
process.on('warning', (w) => { if (w.name !== 'ExperimentalWarning') process.stderr.write(`${w.name}: ${w.message}\n`); });
await import('./cli.ts');
