// Bundles what cannot run as plain TypeScript: the Electron main and preload scripts (CommonJS,
// the preload must be one file in a sandboxed renderer) and the React renderer (browser ESM, see
// renderer-bundle.ts); and the CLI, which could, but starts four times sooner bundled
// (cli-bundle.ts).
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bundleRenderer } from './renderer-bundle.ts';
import { bridgeScriptOptions } from './bridge-script.ts';
import { bundleCli, runtimeExternals, workers } from './cli-bundle.ts';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'dist');
// `--production` (npm run dist) rather than NODE_ENV=…, which Windows' shell cannot set inline.
const production = process.argv.includes('--production') || process.env.NODE_ENV === 'production';

async function bundleElectron(): Promise<void> {
  // The PDF drawing, HEIC decoding and OCR threads are files of their own: a worker is started
  // from a file, beside main.cjs.
  const entries = Object.fromEntries(
    [['main', 'main'], ...Object.entries(workers)]
      .map(([name, path]) => [name, join(root, 'electron', `${path}.ts`)])
      .filter(([, p]) => existsSync(p!)),
  );
  if (Object.keys(entries).length === 0) return;
  const common = {
    outdir: join(out, 'electron'),
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    sourcemap: true,
    // Native modules and Electron itself are loaded at run time from node_modules (unpacked from asar).
    external: runtimeExternals,
    logLevel: 'warning',
  } as const;
  const preload = join(root, 'electron', 'preload.ts');
  await Promise.all([
    build({ ...common, entryPoints: entries }),
    existsSync(preload) ? build({ ...common, ...bridgeScriptOptions, entryPoints: { preload } }) : undefined,
  ]);
}

await Promise.all([
  bundleElectron(),
  bundleRenderer({ root, outdir: join(out, 'renderer'), production }),
  bundleCli({ root, outdir: join(out, 'cli'), production }),
]);
