// The OCR engine as the app runs it: offline (the model from the npm package, no cache written),
// one page at a time in a worker thread, progress reported, a cancel ends the page at once and
// the next page still reads, an image it cannot read is a clear error and not a dead engine.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createRequire } from 'node:module';
import { createOcrEngine, ocrPaths } from '../../../electron/ocr/ocr-engine.ts';
import { loadCore, lstmCoreName } from '../../../electron/ocr/ocr-worker.ts';
import { isAppError } from '../../../shared/errors.ts';

const ocr = createOcrEngine({ idleMs: 200 });
const cwd = process.cwd();
const work = mkdtempSync(join(tmpdir(), 'dd-ocr-'));
// tesseract.js caches the model in the working folder by default: this one must stay empty.
process.chdir(work);
after(async () => {
  await ocr.close();
  process.chdir(cwd);
  rmSync(work, { recursive: true, force: true });
});

const page = (lines: string[]) =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="600"><rect width="100%" ' +
        'height="100%" ' +
        'fill="#fff"/>' +
        lines
          .map((l, i) => `<text x="80" y="${100 + i * 60}" font-size="36" font-family="DejaVu Sans">${l}</text>`)
          .join('') +
        '</svg>',
    ),
  )
    .jpeg()
    .toBuffer();

test('the model comes from the installed package, the thread is ours; nothing is fetched or cached', async () => {
  const { langPath, workerPath } = ocrPaths();
  assert.ok(existsSync(join(langPath, 'eng.traineddata.gz')), langPath);
  assert.ok(existsSync(workerPath), workerPath);
  assert.match(langPath, /node_modules[\\/]@tesseract\.js-data[\\/]eng[\\/]/);
  const seen: number[] = [];
  assert.equal(ocr.running, false, 'no worker before the first page');
  const r = await ocr.read(await page(['Order number: ORD-48213', 'Total charged: $129.00']), {
    onProgress: (f) => seen.push(f),
  });
  assert.equal(ocr.running, true);
  assert.match(r.text, /ORD-48213/);
  assert.match(r.text, /\$129\.00/);
  assert.equal(r.lines.length, 2);
  assert.ok(seen.length > 0 && seen.at(-1) === 1, 'progress reaches the whole page');
  assert.deepEqual(readdirSync(work), [], 'no cached model written');
});

test("the engine's thread loads the core without the legacy engine, with the fastest instructions there are", async () => {
  assert.match(ocrPaths().workerPath, /[\\/]electron[\\/]ocr[\\/]ocr-worker\.ts$/);
  const has = (relaxed: boolean, simd: boolean) => ({ relaxedSimd: async () => relaxed, simd: async () => simd });
  assert.equal(await lstmCoreName(has(true, true)), 'tesseract-core-relaxedsimd-lstm');
  assert.equal(await lstmCoreName(has(false, true)), 'tesseract-core-simd-lstm');
  assert.equal(await lstmCoreName(has(false, false)), 'tesseract-core-lstm');
  // Each is a file of the installed core package: a rename in an update fails here, not in use.
  const tess = createRequire(createRequire(import.meta.url).resolve('tesseract.js/package.json'));
  for (const name of ['tesseract-core-relaxedsimd-lstm', 'tesseract-core-simd-lstm', 'tesseract-core-lstm'])
    assert.ok(existsSync(tess.resolve(`tesseract.js-core/${name}.wasm`)), name);
  const { name, core } = await loadCore();
  assert.equal(name, await lstmCoreName(tess('wasm-feature-detect') as Parameters<typeof lstmCoreName>[0]));
  assert.equal(typeof core, 'function');
  // The engine's own thread says which core it loaded.
  const statuses: string[] = [];
  const { langPath, workerPath } = ocrPaths();
  const tesseract = createRequire(import.meta.url)('tesseract.js') as {
    createWorker(l: string, oem: number, o: object): Promise<{ terminate(): Promise<unknown> }>;
  };
  const thread = await tesseract.createWorker('eng', 1, {
    langPath,
    workerPath,
    cacheMethod: 'none',
    logger: (m: { status: string }) => statuses.push(m.status),
  });
  await thread.terminate();
  assert.ok(statuses.includes(`loaded ${name}`), statuses.join(', '));
});

test('a cancel ends the page at once; the next page reads; so does one after a broken image', async () => {
  const ac = new AbortController();
  const reading = ocr.read(await page(['Walnut board 12.50']), { signal: ac.signal });
  setTimeout(() => ac.abort(), 50);
  await assert.rejects(reading, (e) => isAppError(e, 'cancelled'));
  const pre = new AbortController();
  pre.abort();
  await assert.rejects(
    ocr.read(await page(['x']), { signal: pre.signal }),
    (e) => isAppError(e, 'cancelled'),
    'already cancelled: not started',
  );
  assert.match((await ocr.read(await page(['Linen napkins 8.00']))).text, /Linen napkins/);
  await assert.rejects(ocr.read(Buffer.from('not an image at all')), (e) => isAppError(e, 'bad-input'));
  assert.match((await ocr.read(await page(['Copper kettle 40.00']))).text, /Copper kettle/);
});

test('pages are read one at a time, in the order asked; the engine ends when idle and starts again', async () => {
  const [a, b] = await Promise.all([ocr.read(await page(['First receipt'])), ocr.read(await page(['Second receipt']))]);
  assert.match(a.text, /First/);
  assert.match(b.text, /Second/);
  await new Promise((r) => setTimeout(r, 400));
  assert.equal(ocr.running, false, 'ended when idle');
  assert.match((await ocr.read(await page(['After a pause']))).text, /After a pause/);
  assert.equal(ocr.running, true);
});
