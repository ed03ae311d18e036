#!/usr/bin/env node
// Entry for `npx dispute-desk`: the CLI is TypeScript run by Node's type stripping, which needs
// Node 22.18+; the project's own Node 24 (devDependency `node`) is first on npm's PATH.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `dispute-desk needs Node 22.18 or newer (this is ${process.version}); ` +
      `run it through npx or npm so the project's Node 24 is used.\n`,
  );
  process.exit(1);
}
// glibc gives every thread that allocates its own malloc arena and keeps what is freed there: the
// image library's worker threads then hold on to a hundred megabytes the merchant's machine
// never gets back. The allocator reads its settings only when a process starts, so the CLI
// restarts itself once (same process, same PID) with two arenas, large blocks handed back at
// once, and a small young generation so pixel buffers are collected soon after their last use.
if (
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  typeof process.execve === 'function'
) {
  const { fileURLToPath } = await import('node:url');
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...process.execArgv,
      '--max-semi-space-size=1',
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
  );
}
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name !== 'ExperimentalWarning') process.stderr.write(`${w.name}: ${w.message}\n`);
});
await import('./cli.ts');
