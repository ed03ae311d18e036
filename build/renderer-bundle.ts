// The React renderer as browser ESM: app.js (with app.css), pdf.js's worker as a file of its own
// (a worker is started from a file), and code only some screens need in chunks/, loaded by a
// dynamic import when first used: pdf.js itself, about half of the renderer, is fetched when a
// PDF thumbnail or preview is drawn, not at start; every screen but the inbox is fetched once
// the first rows are shown (renderer/screens/later.ts). The chunks app.js imports statically are
// named in index.html as modulepreload links, so they are fetched beside app.js instead of
// after it. `npm run build` writes dist/renderer/; the UI benchmark builds a production copy
// elsewhere to measure it.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zodEnglishOnly } from './zod-english-only.ts';
import { contractTable } from './contract-table.ts';

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
  const [app] = await Promise.all([
    build({
      ...common,
      // start.js: the window's first script, which sends the first call before app.js has loaded.
      entryPoints: { start: join(o.root, 'renderer', 'start.ts'), app: entry },
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      metafile: true,
      plugins: [zodEnglishOnly, contractTable(o.root, [join(o.root, 'renderer', 'data', 'client.ts')])],
      jsx: 'automatic',
      loader: { '.css': 'css', '.svg': 'file', '.png': 'file' },
      define: { 'process.env.NODE_ENV': JSON.stringify(o.production ? 'production' : 'development') },
    }),
    // Apart from the app's build: a worker shares no chunk with the window.
    build({ ...common, entryPoints: { 'pdf.worker': join(o.root, 'node_modules/pdfjs-dist/build/pdf.worker.mjs') } }),
  ]);
  // The chunks start.js and app.js need before they run: their static imports, and theirs (paths
  // as the metafile gives them, from esbuild's working directory).
  const outputs = app.metafile.outputs;
  const inOut = (f: string): string => relative(o.outdir, join(process.cwd(), f));
  const needed = new Set<string>();
  const visit = (f: string): void => {
    for (const i of outputs[f]?.imports ?? []) {
      if (i.kind !== 'import-statement' || needed.has(i.path)) continue;
      needed.add(i.path);
      visit(i.path);
    }
  };
  for (const f of Object.keys(outputs)) if (['start.js', 'app.js'].includes(inOut(f))) visit(f);
  const preload = [...needed].map((f) => `    <link rel="modulepreload" href="./${inOut(f)}" />\n`).join('');
  const html = readFileSync(join(o.root, 'renderer', 'index.html'), 'utf8');
  if (!html.includes('  </head>')) throw new Error('renderer/index.html has no </head> for the modulepreload links');
  writeFileSync(join(o.outdir, 'index.html'), html.replace('  </head>', `${preload}  </head>`));
}
