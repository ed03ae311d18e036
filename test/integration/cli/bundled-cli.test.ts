// The executable the README names (bin/dispute-desk.mjs) runs the bundled CLI that `npm run
// build` writes (dist/cli/): the same help, the same commands, and image work whose worker
// threads start from the bundle's own files. The other CLI tests run the TypeScript source.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleCli } from '../../../build/cli-bundle.ts';
import { IMAGE_WORK_MALLOC, IMAGE_WORK_V8_FLAGS, worksOnImages } from '../../../electron/cli-process.mjs';
import { READER_FIRST_ENV } from '../../../electron/ocr/reader-first-env.mjs';
import { scanJpeg, pdfWithPages } from '../evidence/corpus.ts';

const root = new URL('../../..', import.meta.url).pathname;
const bin = join(root, 'bin/dispute-desk.mjs');
let dir: string;

const run = (node: string, script: string, args: string[]) =>
  spawnSync(node, [script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DISPUTE_DESK_HOME: join(dir, 'home') },
  });

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dd-bundled-cli-'));
  // As `npm run build` does (build/bundle.ts).
  await bundleCli({ root, outdir: join(root, 'dist/cli') });
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('the executable runs the bundle, which prints the same help as the source', () => {
  assert.ok(existsSync(join(root, 'dist/cli/cli.mjs')));
  const fromBin = run(process.execPath, bin, ['--help']);
  const fromBundle = run(process.execPath, join(root, 'dist/cli/cli.mjs'), ['--help']);
  const fromSource = run(process.execPath, join(root, 'electron/cli-bin.mjs'), ['--help']);
  assert.equal(fromBin.status, 0, fromBin.stderr);
  assert.match(fromBin.stdout, /^Dispute Desk: answer card chargebacks/);
  assert.match(fromBin.stdout, /evidence build/);
  assert.equal(fromBin.stdout, fromSource.stdout);
  assert.equal(fromBundle.stdout, fromSource.stdout);
});

test('a mistyped command through the bundle fails with the usual line and exit code 2', () => {
  const r = run(process.execPath, bin, ['chargebaks']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /dispute-desk: unknown command "chargebaks"\. Run dispute-desk --help for the list\./);
  assert.equal(r.stdout, '');
});

test('a store command through the bundle opens the store (its chunks load)', () => {
  const r = run(process.execPath, bin, ['profile', 'list', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), []);
});

test('evidence build through the bundle: a scan and a PDF become a packet (worker files found)', async () => {
  const inputs = join(dir, 'in');
  mkdirSync(inputs);
  await scanJpeg(join(inputs, '1-receipt.jpg'), { width: 1240, height: 1754, density: 150 });
  await pdfWithPages(join(inputs, '2-terms.pdf'), 2);
  const out = join(dir, 'out');
  const r = run(process.execPath, bin, ['evidence', 'build', inputs, '--out', out, '--json']);
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout) as { inputs: Array<{ ok: boolean }> };
  assert.deepEqual(
    result.inputs.map((i) => i.ok),
    [true, true],
  );
  assert.ok(readdirSync(out).some((f) => f.endsWith('.pdf')));
});

test('only commands that work on images restart with the allocator settings', () => {
  assert.equal(worksOnImages(['evidence', 'build', 'x']), true);
  assert.equal(worksOnImages(['--home', '/tmp/evidence', 'respond', 'cb_1']), true);
  assert.equal(worksOnImages(['--json', 'batch', 'folder']), true);
  assert.equal(worksOnImages(['--help']), false);
  assert.equal(worksOnImages(['--home', 'evidence', 'sync']), false);
  assert.equal(worksOnImages(['chargebacks', 'evidence']), false);
});

test(
  'an image command runs restarted with its allocator and heap settings; any other as started',
  { skip: process.platform !== 'linux' && 'the restart is made on Linux only' },
  () => {
    // An entry that prepares its process as the CLI's do, then says what it runs with.
    const entry = join(dir, 'entry.mjs');
    writeFileSync(
      entry,
      `import { prepareCliProcess } from ${JSON.stringify(join(root, 'electron/cli-process.mjs'))};\n` +
        `await prepareCliProcess(import.meta.url);\n` +
        `const malloc = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('MALLOC_')));\n` +
        `const readerFirst = process.env[${JSON.stringify(READER_FIRST_ENV)}];\n` +
        `process.stdout.write(JSON.stringify({ argv: process.execArgv, malloc, readerFirst }));\n`,
    );
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('MALLOC_') && k !== READER_FIRST_ENV),
    );
    const said = (args: string[]) => {
      const r = spawnSync(process.execPath, [entry, ...args], { encoding: 'utf8', env });
      assert.equal(r.status, 0, r.stderr);
      return JSON.parse(r.stdout) as { argv: string[]; malloc: Record<string, string>; readerFirst?: string };
    };
    const image = said(['evidence', 'build', 'x']);
    assert.deepEqual(image.argv, IMAGE_WORK_V8_FLAGS);
    assert.ok(IMAGE_WORK_V8_FLAGS.includes('--initial-old-space-size=64'));
    assert.deepEqual(image.malloc, {
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '67108864',
      MALLOC_TRIM_THRESHOLD_: '268435456',
    });
    assert.deepEqual(image.malloc, IMAGE_WORK_MALLOC);
    // Its first OCR reader goes first (ocr/reader-first.ts): the priority it restarted at is kept.
    assert.equal(image.readerFirst, String(getPriority()));
    // batch may wait at its question, or send, after its image work: it gives back what it freed.
    const batch = said(['batch', 'x']);
    assert.deepEqual(batch.argv, IMAGE_WORK_V8_FLAGS);
    assert.deepEqual(batch.malloc, { MALLOC_ARENA_MAX: '2' });
    assert.equal(batch.readerFirst, String(getPriority()));
    const other = said(['sync']);
    assert.deepEqual(other.argv, []);
    assert.deepEqual(other.malloc, {});
    assert.equal(other.readerFirst, undefined);
  },
);

// `npm link` puts the executable on PATH with whatever Node is first there: an older one hands
// the run to the project's own Node 24 instead of failing on syntax it cannot read.
const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => {
  if (!existsSync(p)) return false;
  const v = spawnSync(p, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  const [major, minor] = v.split('.').map(Number);
  return major! < 22 || (major === 22 && minor! < 18);
});
test(
  'run by a Node too old for the CLI, the executable hands over to the project’s Node',
  { skip: !oldNode && 'no Node older than 22.18 here' },
  () => {
    const r = run(oldNode!, bin, ['no-such-command']);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /unknown command "no-such-command"/);
    const help = run(oldNode!, bin, ['--help']);
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^Dispute Desk: answer card chargebacks/);
  },
);
