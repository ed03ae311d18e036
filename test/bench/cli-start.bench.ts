// CLI start benchmark: `dispute-desk --help` as the README runs it (bin/dispute-desk.mjs, the
// bundled CLI) beside `node -e 0` on the same Node, whole processes taken in turn (A B A B …) so
// the machine's drift falls on both; the median of the pairs' differences against the target
// (within 0.3 s of starting Node). The TypeScript source entry is shown for reference.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bundleCli } from '../../build/cli-bundle.ts';

const root = new URL('../..', import.meta.url).pathname;
const PAIRS = 15;
await bundleCli({ root, outdir: join(root, 'dist/cli') });

/** Wall time of one whole process, in ms; it must succeed. */
function once(args: string[]): number {
  const s = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - s;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function paired(label: string, args: string[]): number {
  once(args); // warm-up: the file cache, not the figure
  once(['-e', '0']);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    a.push(once(args));
    b.push(once(['-e', '0']));
  }
  const extra = median(a.map((x, i) => x - b[i]!));
  console.log(
    `${label.padEnd(34)} ${median(a).toFixed(0).padStart(5)} ms, node -e 0 ${median(b).toFixed(0).padStart(4)} ms, ` +
      `+${extra.toFixed(0)} ms (median of ${PAIRS} pairs)`,
  );
  return extra;
}

const bundled = paired('dispute-desk --help (bundled)', [join(root, 'bin/dispute-desk.mjs'), '--help']);
paired('  from source (electron/cli-bin.mjs)', [join(root, 'electron/cli-bin.mjs'), '--help']);
console.log(
  `dispute-desk --help over node -e 0: ${(bundled / 1000).toFixed(3)} s   target < 0.3 s ${bundled < 300 ? 'ok' : 'MISSED'}`,
);
