// The previews kept in <data>/previews/ (electron/evidence/previews.ts), with a stand-in build
// that writes one small file: the same key is not built again, a packet taken for an answer is
// moved (the preview's build was its one write), and what is kept is bounded: the last preview of
// a chargeback, at most `keep` chargebacks', none after its answer is queued, none of an earlier run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPreviews } from '../../../electron/evidence/previews.ts';
import type { BuildResult } from '../../../shared/evidence/items.ts';

function fixture(t: { after(fn: () => void): void }) {
  const dir = mkdtempSync(join(tmpdir(), 'dd-previews-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  let builds = 0;
  const build =
    (text: string, ok = true) =>
    async (into: string): Promise<BuildResult> => {
      builds++;
      if (!ok)
        return {
          ok: false,
          files: [],
          totalBytes: 0,
          totalPages: 2,
          problems: [{ message: 'The packet has 2 pages; the limit is 1.' }],
          warnings: [],
          step: 0,
        };
      await mkdir(into, { recursive: true });
      await writeFile(join(into, 'evidence.pdf'), text);
      return {
        ok: true,
        files: [{ name: 'evidence.pdf', documentType: 'pdf', bytes: text.length, pages: 1 }],
        totalBytes: text.length,
        totalPages: 1,
        problems: [],
        warnings: [],
        step: 0,
      };
    };
  const root = join(dir, 'previews');
  const kept = (): string[] =>
    readdirSync(root)
      .flatMap((cb) => readdirSync(join(root, cb)).map((d) => `${cb}/${d}`))
      .sort();
  return { dir, root, build, builds: () => builds, kept };
}

test('the same packet is shown without building again; a changed one is built in a folder of its own', async (t) => {
  const f = fixture(t);
  const previews = createPreviews(f.root);
  const first = await previews.show('cb_1', 'key-a', f.build('first'));
  assert.equal((await previews.show('cb_1', 'key-a', f.build('again'))).dir, first.dir);
  assert.equal(f.builds(), 1, 'unchanged: not built again');
  const second = await previews.show('cb_1', 'key-b', f.build('second'));
  assert.notEqual(second.dir, first.dir);
  assert.equal(f.builds(), 2);
  assert.equal(existsSync(first.dir), false, 'the replaced preview is cleared away');
  assert.equal(await previews.fileOf('cb_1', 'evidence.pdf'), join(second.dir, 'evidence.pdf'));
  // A packet that does not fit writes nothing: the last preview stays the one to open.
  const refused = await previews.show('cb_1', 'key-c', f.build('', false));
  assert.equal(refused.result.ok, false);
  assert.equal(await previews.fileOf('cb_1', 'evidence.pdf'), join(second.dir, 'evidence.pdf'));
  await assert.rejects(
    previews.fileOf('cb_1', 'other.pdf'),
    /That preview is gone/,
    'a file the preview does not have',
  );
});

test('taken for an answer: moved, not copied, and gone from the previews; another key takes nothing', async (t) => {
  const f = fixture(t);
  const previews = createPreviews(f.root);
  const shown = await previews.show('cb_1', 'key-a', f.build('the packet'));
  const inode = statSync(join(shown.dir, 'evidence.pdf')).ino;
  const staging = join(f.dir, 'staging');
  assert.equal(await previews.take('cb_1', 'key-other', staging), undefined, 'not the previewed packet: nothing moves');
  assert.equal(existsSync(join(shown.dir, 'evidence.pdf')), true);
  const taken = await previews.take('cb_1', 'key-a', staging);
  assert.deepEqual(
    taken?.files.map((x) => x.name),
    ['evidence.pdf'],
  );
  assert.equal(statSync(join(staging, 'evidence.pdf')).ino, inode, 'the same file: its build was its one write');
  assert.equal(existsSync(shown.dir), false);
  await assert.rejects(previews.fileOf('cb_1', 'evidence.pdf'), /That preview is gone: preview the packet again/);
  assert.equal(await previews.take('cb_1', 'key-a', join(f.dir, 'again')), undefined, 'taken once');
});

test("bounded: `keep` chargebacks' last previews; none once answered; none of an earlier run", async (t) => {
  const f = fixture(t);
  // An earlier run's preview, left in the folder.
  mkdirSync(join(f.root, 'cb_old', '1'), { recursive: true });
  writeFileSync(join(f.root, 'cb_old', '1', 'evidence.pdf'), 'old');
  const previews = createPreviews(f.root, { keep: 2 });
  await previews.show('cb_1', 'k1', f.build('1'));
  assert.deepEqual(
    f.kept().filter((k) => k.startsWith('cb_old/')),
    [],
    "an earlier run's preview is cleared",
  );
  await previews.show('cb_2', 'k2', f.build('2'));
  await previews.show('cb_1', 'k1', f.build('1 again'));
  await previews.show('cb_3', 'k3', f.build('3'));
  assert.deepEqual(
    f.kept().map((k) => k.split('/')[0]),
    ['cb_1', 'cb_3'],
    'the least recently shown went',
  );
  await assert.rejects(previews.fileOf('cb_2', 'evidence.pdf'), /That preview is gone/);
  await previews.forget('cb_3');
  assert.deepEqual(
    f.kept().map((k) => k.split('/')[0]),
    ['cb_1'],
  );
});
