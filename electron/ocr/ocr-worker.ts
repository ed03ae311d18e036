// The OCR engine's thread: tesseract.js's own worker for Node (its message handling, model
// loading and recognition), with the WebAssembly core chosen here. Its stock worker means to load
// the LSTM-only build of the core for the LSTM-only engine, but passes that choice to a test that
// never matches it (tesseract.js 7.0.0, src/worker-script/node/getCore.js), so it always loads the
// build that also holds the legacy engine: 3.4 MB of WebAssembly instead of 2.9 to compile in
// every process, for code the engine never runs. The same fast instructions are kept: relaxed
// SIMD where the runtime has it, else SIMD, else plain.
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { unpacked } from '../fs/asar-unpacked.ts';
import { putRestBelowReader } from './reader-first.ts';

/** Node's require from here (bundled as CommonJS, `import.meta` is empty and `__filename` says
 * where this code is). */
const here = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
/** From tesseract.js's own place: its core and helpers are its dependencies, wherever npm put them. */
const tess = createRequire(here.resolve('tesseract.js/package.json'));

interface Features {
  simd(): Promise<boolean>;
  relaxedSimd(): Promise<boolean>;
}
type Core = (o: object) => Promise<unknown>;

/** The file name of the LSTM-only core for what this runtime's WebAssembly can do. */
export async function lstmCoreName(f: Features): Promise<string> {
  if (await f.relaxedSimd()) return 'tesseract-core-relaxedsimd-lstm';
  if (await f.simd()) return 'tesseract-core-simd-lstm';
  return 'tesseract-core-lstm';
}

let loaded: Promise<{ name: string; core: Core }> | undefined;
/** The core for this runtime, loaded once: its name and its module (a factory of the engine). */
export function loadCore(): Promise<{ name: string; core: Core }> {
  loaded ??= (async () => {
    const name = await lstmCoreName(tess('wasm-feature-detect') as Features);
    // Unpacked in a packaged app: the core reads its WebAssembly from the file beside it.
    return { name, core: tess(unpacked(tess.resolve(`tesseract.js-core/${name}`))) as Core };
  })();
  return loaded;
}

/** How much of a WebAssembly function runs (V8 counts roughly the bytes of code executed) before
 * V8 compiles it again with its optimising compiler; V8's own is 13 million. At that, a ten-scan
 * build recompiled 99 of the engine's functions, for 0.6 s of compiling beside the reading; a
 * quarter of it went to the largest (75 KB), which then ran for 2 ms: it runs while the model
 * loads and briefly on each page. At 45 million, 56 are recompiled (0.4 s), not that one, and
 * the reading loops still are within the first page. Ten scans: 5% less time and 8% less CPU (12 paired
 * builds); fifty: the same time (6), where 30 million would save 3% and ten scans only 2%, and
 * 60 million the same as 45 on ten scans; a whole page read (a photo in the window): the same.
 * Set here, before the core is compiled: the setting is the process's (Node and Electron's main
 * process allow it to change after start). */
export const WASM_TIERING_BUDGET = 45_000_000;

if (parentPort) {
  putRestBelowReader();
  // Measured on V8 13 (Node 24's); an older V8's own budget is far smaller. Electron's V8 is newer.
  if (Number(process.versions.v8.split('.')[0]) >= 13)
    setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  const port = parentPort;
  const worker = here('tesseract.js/src/worker-script') as {
    dispatchHandlers(packet: unknown, send: (o: unknown) => void): void;
    setAdapter(a: object): void;
  };
  port.on('message', (packet) => worker.dispatchHandlers(packet, (o) => port.postMessage(o)));
  worker.setAdapter({
    // tesseract.js calls it with (its choice of core, a core path, its job's reply).
    getCore: async (_choice: unknown, _path: unknown, reply?: { progress(o: object): void }) => {
      try {
        const { name, core } = await loadCore();
        // Said to the engine's logger: which core this thread runs.
        reply?.progress({ status: `loaded ${name}`, progress: 1 });
        return core;
      } catch (e) {
        // tesseract.js reports the failure to the engine but leaves this thread running, and the
        // engine cannot end a thread it never got: the thread ends itself once that is said.
        setTimeout(() => process.exit(1), 100);
        throw e;
      }
    },
    gunzip: here('tesseract.js/src/worker-script/node/gunzip') as unknown,
    // The model is read from the installed package (a local langPath): nothing is fetched.
    fetch: () => Promise.reject(new Error('The text reader fetches nothing; its model is installed with it.')),
    ...(here('tesseract.js/src/worker-script/node/cache') as object),
  });
}
