// `npm run bench`: runs every test/bench/*.bench.ts in its own process, one after another, so
// one benchmark's memory and CPU never colour another's figures. Each prints its own figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('.', import.meta.url).pathname;
const pick = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => pick.length === 0 || pick.some((p) => f.includes(p)))
  .sort();
let failed = 0;
for (const f of files) {
  process.stdout.write(`\n=== ${f}\n`);
  const r = spawnSync(process.execPath, ['--expose-gc', join(dir, f)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  if (r.status !== 0) failed++;
}
process.stdout.write(`\n${files.length - failed} benchmarks ran, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
