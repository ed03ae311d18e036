// The React renderer as browser ESM: app.js (with app.css), pdf.js's worker as a file of its own
// (a worker is started from a file), and code only some screens need in chunks/, loaded by a
// dynamic import when first used: pdf.js itself, about half of the renderer, is fetched when a
// PDF thumbnail or preview is drawn, not at start. `npm run build` writes dist/renderer/; the UI
// benchmark builds a production copy elsewhere to measure it.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { zodEnglishOnly } from './zod-english-only.ts';

export async function bundleRenderer(o: { root: string; outdir: string; production: boolean }): Promise<void> {
  const entry = join(o.root, 'renderer', 'main.tsx');
  if (!existsSync(entry)) return;
  mkdirSync(o.outdir, { recursive: true });
  // Chunk names carry a content hash: the ones of an earlier build would pile up.
  rmSync(join(o.outdir, 'chunks'), { recursive: true, force: true });
  const common = {
    outdir: o.outdir,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'chrome130',
    minify: o.production,
    sourcemap: !o.production,
    logLevel: 'warning',
  } as const;
  await Promise.all([
    build({
      ...common,
      entryPoints: { app: entry },
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      plugins: [zodEnglishOnly],
      jsx: 'automatic',
      loader: { '.css': 'css', '.svg': 'file', '.png': 'file' },
      define: { 'process.env.NODE_ENV': JSON.stringify(o.production ? 'production' : 'development') },
    }),
    // Apart from the app's build: a worker shares no chunk with the window.
    build({ ...common, entryPoints: { 'pdf.worker': join(o.root, 'node_modules/pdfjs-dist/build/pdf.worker.mjs') } }),
  ]);
  cpSync(join(o.root, 'renderer', 'index.html'), join(o.outdir, 'index.html'));
}
