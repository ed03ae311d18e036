// Work folders go on every way out: the work ends, throws, or the process exits under it
// (process.exit, an uncaught error). TMPDIR is a fresh folder, so any leftover shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withTempFolder, liveTempFolders } from '../../../electron/fs/temp-folder.ts';

const root = new URL('../../..', import.meta.url).pathname;

test('the folder is removed when the work returns and when it throws', async () => {
  let seen = '';
  assert.equal(
    await withTempFolder('dd-test-', async (dir) => {
      seen = dir;
      writeFileSync(join(dir, 'packet.pdf'), 'x');
      return 7;
    }),
    7,
  );
  assert.equal(existsSync(seen), false);
  await assert.rejects(
    withTempFolder('dd-test-', async (dir) => {
      seen = dir;
      writeFileSync(join(dir, 'half.pdf'), 'x');
      throw new Error('the build failed half way');
    }),
    /half way/,
  );
  assert.equal(existsSync(seen), false);
  assert.deepEqual(liveTempFolders(), []);
});

for (const [name, exit] of [
  ['process.exit', 'process.exit(3)'],
  ['an uncaught error', "setImmediate(() => { throw new Error('boom'); })"],
] as const) {
  test(`the folder is removed when the process exits under the work (${name})`, (t) => {
    const tmp = mkdtempSync(join(tmpdir(), 'dd-tmp-root-'));
    t.after(() => rmSync(tmp, { recursive: true, force: true }));
    const r = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
      import { withTempFolder } from './electron/fs/temp-folder.ts';
      import { writeFileSync } from 'node:fs';
      import { join } from 'node:path';
      await withTempFolder('dd-respond-', async (dir) => {
        writeFileSync(join(dir, 'evidence.pdf'), 'x');
        ${exit};
        await new Promise(() => setInterval(() => undefined, 1000));
      });
    `,
      ],
      { cwd: root, env: { ...process.env, TMPDIR: tmp }, encoding: 'utf8' },
    );
    assert.notEqual(r.status, 0, 'the process exited with a failure');
    assert.deepEqual(readdirSync(tmp), [], r.stderr);
  });
}
