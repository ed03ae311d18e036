// The React renderer as browser ESM: app.js (with app.css), pdf.js's worker as a file of its own
// (a worker is started from a file), and code only some screens need in chunks/, loaded by a
// dynamic import when first used: pdf.js itself, about half of the renderer, is fetched when a
// PDF thumbnail or preview is drawn, not at start; every screen but the inbox is fetched once
// the first rows are shown (renderer/screens/later.ts). The chunks app.js imports statically are
// named in index.html as modulepreload links, so they are fetched beside app.js instead of
// after it. `npm run build` writes dist/renderer/; the UI benchmark builds a production copy
// elsewhere to measure it.
import { build, type Plugin } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { mkdirSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zodEnglishOnly } from './zod-english-only.ts';
import type * as ContractModuleNs from '../shared/ipc/contract.ts';

type ContractModule = typeof ContractModuleNs;

/**
 * The window's data layer reads three things of the IPC contract: whether a channel is a query or
 * a mutation, the tags it reads or stales, and what each event stales (renderer/data/data.ts). The
 * contract module also builds every channel's zod schemas, the inputs the preload checks and the
 * outputs main checks, at every start of the window, where nothing uses them. In the window that
 * import is given a table of those three things, made here from the contract itself at build time.
 */
function contractTable(root: string): Plugin {
  const contract = join(root, 'shared', 'ipc', 'contract.ts');
  const dataLayer = join(root, 'renderer', 'data', 'data.ts');
  return {
    name: 'contract-table',
    setup(b) {
      b.onResolve({ filter: /[\\/]contract\.ts$/ }, (args) =>
        args.importer === dataLayer && join(args.resolveDir, args.path) === contract
          ? { path: contract, namespace: 'contract-table' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'contract-table' }, async () => {
        const { ipcContract, ipcEventInvalidations } = (await import(pathToFileURL(contract).href)) as ContractModule;
        const table = Object.fromEntries(
          Object.entries(ipcContract).map(([k, d]) => [k, { kind: d.kind, tags: d.tags, invalidates: d.invalidates }]),
        );
        return {
          contents:
            `export const ipcContract = ${JSON.stringify(table)};\n` +
            `export const ipcEventInvalidations = ${JSON.stringify(ipcEventInvalidations)};\n`,
          loader: 'js',
        };
      });
    },
  };
}

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
      entryPoints: { app: entry },
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      metafile: true,
      plugins: [zodEnglishOnly, contractTable(o.root)],
      jsx: 'automatic',
      loader: { '.css': 'css', '.svg': 'file', '.png': 'file' },
      define: { 'process.env.NODE_ENV': JSON.stringify(o.production ? 'production' : 'development') },
    }),
    // Apart from the app's build: a worker shares no chunk with the window.
    build({ ...common, entryPoints: { 'pdf.worker': join(o.root, 'node_modules/pdfjs-dist/build/pdf.worker.mjs') } }),
  ]);
  // The chunks app.js needs before it runs: its static imports, and theirs (paths as the metafile
  // gives them, from esbuild's working directory).
  const outputs = app.metafile.outputs;
  const inOut = (f: string): string => relative(o.outdir, join(process.cwd(), f));
  const appJs = Object.keys(outputs).find((f) => inOut(f) === 'app.js');
  const needed = new Set<string>();
  const visit = (f: string): void => {
    for (const i of outputs[f]?.imports ?? []) {
      if (i.kind !== 'import-statement' || needed.has(i.path)) continue;
      needed.add(i.path);
      visit(i.path);
    }
  };
  if (appJs) visit(appJs);
  const preload = [...needed].map((f) => `    <link rel="modulepreload" href="./${inOut(f)}" />\n`).join('');
  const html = readFileSync(join(o.root, 'renderer', 'index.html'), 'utf8');
  if (!html.includes('  </head>')) throw new Error('renderer/index.html has no </head> for the modulepreload links');
  writeFileSync(join(o.outdir, 'index.html'), html.replace('  </head>', `${preload}  </head>`));
}
