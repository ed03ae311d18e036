// Bundles what cannot run as plain TypeScript: the Electron main and preload scripts (CommonJS,
// the preload must be one file in a sandboxed renderer) and the React renderer (browser ESM).
import { build } from 'esbuild';
import { cpSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'dist');
// `--production` (npm run dist) rather than NODE_ENV=…, which Windows' shell cannot set inline.
const production = process.argv.includes('--production') || process.env.NODE_ENV === 'production';

async function bundleElectron(): Promise<void> {
  // The PDF drawing and HEIC decoding threads are files of their own: a worker is started from a
  // file, beside main.cjs.
  const entries = Object.fromEntries(
    [
      ['main', 'main'],
      ['preload', 'preload'],
      ['pdf-raster-worker', 'evidence/pdf-raster-worker'],
      ['heic-worker', 'evidence/heic-worker'],
    ]
      .map(([name, path]) => [name, join(root, 'electron', `${path}.ts`)])
      .filter(([, p]) => existsSync(p!)),
  );
  if (Object.keys(entries).length === 0) return;
  await build({
    entryPoints: entries,
    outdir: join(out, 'electron'),
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    sourcemap: true,
    // Native modules and Electron itself are loaded at run time from node_modules (unpacked from asar).
    external: [
      'electron',
      'sharp',
      'keytar',
      'heic-decode',
      'libheif-js',
      'pdfjs-dist',
      '@napi-rs/canvas',
      'tesseract.js',
      '@tesseract.js-data/eng',
    ],
    logLevel: 'warning',
  });
}

async function bundleRenderer(): Promise<void> {
  const entry = join(root, 'renderer', 'main.tsx');
  if (!existsSync(entry)) return;
  mkdirSync(join(out, 'renderer'), { recursive: true });
  await build({
    entryPoints: { app: entry, 'pdf.worker': join(root, 'node_modules/pdfjs-dist/build/pdf.worker.mjs') },
    outdir: join(out, 'renderer'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'chrome130',
    minify: production,
    sourcemap: !production,
    metafile: false,
    jsx: 'automatic',
    loader: { '.css': 'css', '.svg': 'file', '.png': 'file' },
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    logLevel: 'warning',
  });
  cpSync(join(root, 'renderer', 'index.html'), join(out, 'renderer', 'index.html'));
}

await Promise.all([bundleElectron(), bundleRenderer()]);
