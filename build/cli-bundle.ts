// The command line as ES modules in dist/cli/: what `dispute-desk` (bin/dispute-desk.mjs) runs,
// so starting it parses one bundle instead of type-stripping a hundred source files. What only
// some commands need (the store, the API client, image work) is in chunks beside it, loaded by a
// dynamic import when such a command runs: `--help` reads the command table and little else.
import { build, type Plugin } from 'esbuild';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zodEnglishOnly } from './zod-english-only.ts';

/** Loaded from node_modules at run time by every bundle of main's code (the app's and the CLI's):
 * native modules, Electron, and libraries that find their own files (workers, language data)
 * beside them. */
export const runtimeExternals = [
  'electron',
  'sharp',
  'keytar',
  'heic-decode',
  'libheif-js',
  'pdfjs-dist',
  '@napi-rs/canvas',
  'tesseract.js',
  '@tesseract.js-data/eng',
];

/** Worker threads start from a file: each is an entry of its own beside the chunks, and the code
 * that starts one from its TypeScript source (`new URL('./x-worker.ts', import.meta.url)`) is
 * pointed at the bundled file instead. Flat output keeps `./` meaning the same folder. */
export const workers = {
  'heic-worker': 'evidence/heic-worker',
  'pdf-raster-worker': 'evidence/pdf-raster-worker',
  'ocr-worker': 'ocr/ocr-worker',
};
const bundledWorkers: Plugin = {
  name: 'bundled-workers',
  setup(b) {
    b.onLoad({ filter: /[\\/]electron[\\/](evidence|ocr)[\\/][^\\/]+\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const names = Object.keys(workers).join('|');
      const pattern = new RegExp(`new URL\\('\\./(${names})\\.ts', import\\.meta\\.url\\)`, 'g');
      return { contents: source.replace(pattern, "new URL('./$1.mjs', import.meta.url)"), loader: 'ts' };
    });
  },
};

export async function bundleCli(o: { root: string; outdir: string; production?: boolean }): Promise<void> {
  // Chunks are named by their content: last build's would otherwise pile up beside this one's.
  rmSync(o.outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      cli: join(o.root, 'electron', 'cli.ts'),
      ...Object.fromEntries(Object.entries(workers).map(([w, path]) => [w, join(o.root, 'electron', `${path}.ts`)])),
    },
    outdir: o.outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    // CommonJS libraries inside an ES module bundle still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __ddRequire } from 'node:module'; const require = __ddRequire(import.meta.url);",
    },
    external: runtimeExternals,
    plugins: [zodEnglishOnly, bundledWorkers],
    minifySyntax: o.production === true,
    logLevel: 'warning',
  });
}
