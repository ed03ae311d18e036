// The CLI's stdout holds only the command's output: what libraries print (console.log in this
// thread, console.log and process.stdout in a worker thread, process.stdout.write) goes to stderr.
// And a HEIC is decoded in a thread whose printing reaches neither stream.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../..', import.meta.url).pathname;
const run = (script: string) =>
  spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });

test('after reserveStdout only the returned stream writes to stdout; library output goes to stderr', () => {
  const r = run(`
    import { reserveStdout } from './electron/cli/reserved-stdout.ts';
    import { Worker } from 'node:worker_threads';
    console.log('early log');
    const out = reserveStdout();
    console.log('library log');
    console.info('library info');
    process.stdout.write('library write\\n');
    const w = new Worker("console.log('worker log'); process.stdout.write('worker write\\\\n');", { eval: true });
    await new Promise((resolve) => w.once('exit', resolve));
    out.write('{"ok":true}\\n');
  `);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'early log\n{"ok":true}\n');
  for (const line of ['library log', 'library info', 'library write', 'worker log', 'worker write'])
    assert.match(r.stderr, new RegExp(`^${line}$`, 'm'));
});

test('a junk HEIC is refused with a reason and what libheif prints reaches no stream of the process', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dd-heic-junk-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const junk = Buffer.alloc(4096, 0x5a);
  junk.writeUInt32BE(24, 0);
  junk.write('ftypheic', 4, 'latin1');
  junk.writeUInt32BE(0, 12);
  junk.write('mif1heic', 16, 'latin1');
  writeFileSync(join(dir, 'junk.heic'), junk);
  const r = run(`
    import { probeImage } from './electron/evidence/decode.ts';
    import { readFileSync } from 'node:fs';
    try { await probeImage(readFileSync(${JSON.stringify(join(dir, 'junk.heic'))}), 'heic'); process.stderr.write('decoded?!\\n'); }
    catch (e) { process.stderr.write('refused: ' + e.message + '\\n'); }
  `);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(
    r.stderr.trim(),
    'refused: its picture data is damaged and cannot be read. Open it in ' +
      'a photo viewer and save or export it again, then add the new copy',
  );
});
