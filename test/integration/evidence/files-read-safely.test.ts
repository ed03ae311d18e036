// A batch folder is read as the merchant chose it and no further: only regular files, each opened
// once as the file the walk listed, never more than its declared size, nothing reached through a
// link that leaves the folder. Each refusal names the file and the batch goes on.
// Bounds: each import ends within 10 s (a hang is a failure, not a wait) and the child that reads
// /proc/self/pagemap stays within 150 MB of its starting memory (it once read 6 GB in 14 s).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync, unlinkSync, existsSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createEvidenceStore } from '../../../electron/evidence/index.ts';
import type { ImportOutcome } from '../../../shared/evidence/items.ts';

const png = (shade: number): Promise<Buffer> =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: shade, b: shade } } })
    .png()
    .toBuffer();

const byName = (outcomes: readonly ImportOutcome[]) =>
  new Map(outcomes.map((o) => [o.ok ? o.item.name : o.name, o] as const));
const reasonOf = (o: ImportOutcome | undefined): string => (o && !o.ok ? o.reason : `accepted: ${JSON.stringify(o)}`);

/** The import in a process of its own, killed after `ms`: its outcomes and memory. */
function importInChild(store: string, paths: string[], ms: number) {
  return new Promise<{ outcomes: ImportOutcome[]; baselineKb: number; peakKb: number }>((resolve, reject) => {
    const child = spawn(process.execPath, [
      '--no-warnings',
      new URL('./import-child.ts', import.meta.url).pathname,
      JSON.stringify({ store, paths }),
    ]);
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(out));
      else reject(new Error(`the import did not end within ${ms} ms (${signal ?? code}): ${err}`));
    });
  });
}

test(
  'a batch folder with a link to /proc/self/pagemap, a pipe and a link to a folder outside: ' +
    'each refused by name, the rest imported, memory bounded',
  { timeout: 30_000, skip: !existsSync('/proc/self/pagemap') && 'needs Linux /proc' },
  async () => {
    const root = mkdtempSync(join(tmpdir(), 'dd-read-safely-'));
    try {
      const batch = join(root, 'batch');
      const outside = join(root, 'someone-elses');
      mkdirSync(batch);
      mkdirSync(outside);
      writeFileSync(join(batch, 'receipt.png'), await png(200));
      writeFileSync(join(outside, 'private.png'), await png(10));
      writeFileSync(join(root, 'tax-return.png'), await png(90));
      symlinkSync('/proc/self/pagemap', join(batch, 'pagemap.png'));
      execFileSync('mkfifo', [join(batch, 'pipe.png')]);
      symlinkSync(outside, join(batch, 'shortcut'));
      symlinkSync(join(root, 'tax-return.png'), join(batch, 'link-out.png'));
      mkdirSync(join(batch, 'inner'));
      writeFileSync(join(batch, 'inner', 'label.png'), await png(120));
      // A link that stays inside the chosen folder is followed.
      symlinkSync(join(batch, 'inner', 'label.png'), join(batch, 'label-link.png'));

      const started = performance.now();
      const r = await importInChild(join(root, 'store'), [batch], 10_000);
      const names = byName(r.outcomes);
      assert.ok(performance.now() - started < 10_000);
      assert.ok(
        r.peakKb - r.baselineKb < 150 * 1024,
        `memory grew by ${Math.round((r.peakKb - r.baselineKb) / 1024)} MB`,
      );
      assert.match(reasonOf(names.get('pagemap.png')), /^pagemap\.png is a link to a place outside the folder/);
      assert.match(reasonOf(names.get('pipe.png')), /^pipe\.png is a pipe between programs, not a file/);
      assert.match(reasonOf(names.get('shortcut')), /^shortcut is a link to a place outside the folder/);
      assert.match(reasonOf(names.get('link-out.png')), /^link-out\.png is a link to a place outside the folder/);
      assert.ok(!names.has('private.png') && !names.has('tax-return.png'), [...names.keys()].join(', '));
      for (const ok of ['receipt.png', 'label.png', 'label-link.png'])
        assert.equal(names.get(ok)?.ok, true, `${ok}: ${reasonOf(names.get(ok))}`);
      const stored = await createEvidenceStore(join(root, 'store')).list();
      assert.equal(stored.length, 2, 'the receipt and the label (once, though listed twice)');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
);

test(
  'a file chosen on its own that says 0 bytes but reads on (/proc/self/pagemap) is refused after its first read',
  { timeout: 30_000, skip: !existsSync('/proc/self/pagemap') && 'needs Linux /proc' },
  async () => {
    const root = mkdtempSync(join(tmpdir(), 'dd-read-proc-'));
    try {
      const r = await importInChild(join(root, 'store'), ['/proc/self/pagemap'], 10_000);
      assert.ok(r.peakKb - r.baselineKb < 150 * 1024, `grew by ${Math.round((r.peakKb - r.baselineKb) / 1024)} MB`);
      assert.match(
        reasonOf(r.outcomes[0]),
        /^pagemap says it is empty but is not: it is a system file made up as it is read, not a document/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
);

test(
  'a file swapped for a pipe after the folder was listed is refused by name; the batch goes on',
  { timeout: 20_000, skip: process.platform === 'win32' && 'no mkfifo' },
  async () => {
    const root = mkdtempSync(join(tmpdir(), 'dd-read-swap-'));
    try {
      const batch = join(root, 'batch');
      mkdirSync(batch);
      for (const [i, n] of ['1.png', '2.png', '3.png', '4.png', '5.png'].entries())
        writeFileSync(join(batch, n), await png(40 * i));
      const store = createEvidenceStore(join(root, 'store'));
      let swapped = false;
      const outcomes = await store.importPaths([batch], {
        // Once the first file is in, the fourth (not yet opened) becomes a pipe nobody writes to.
        onProgress: () => {
          if (swapped) return;
          swapped = true;
          unlinkSync(join(batch, '4.png'));
          execFileSync('mkfifo', [join(batch, '4.png')]);
        },
      });
      assert.ok(swapped);
      const names = byName(outcomes);
      assert.match(reasonOf(names.get('4.png')), /^4\.png is a pipe between programs, not a file, and was skipped/);
      for (const ok of ['1.png', '2.png', '3.png', '5.png']) assert.equal(names.get(ok)?.ok, true, ok);
      assert.equal((await store.list()).length, 4);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
);

test('a file replaced by another after the folder was listed is refused as changed, not read', async () => {
  const root = mkdtempSync(join(tmpdir(), 'dd-read-replaced-'));
  try {
    const batch = join(root, 'batch');
    mkdirSync(batch);
    for (const [i, n] of ['1.png', '2.png', '3.png', '4.png'].entries())
      writeFileSync(join(batch, n), await png(50 * i));
    const store = createEvidenceStore(join(root, 'store'));
    let swapped = false;
    const outcomes = await store.importPaths([batch], {
      onProgress: () => {
        if (swapped) return;
        swapped = true;
        // Another file put in its place (a new inode), as a swap by another program would.
        unlinkSync(join(batch, '4.png'));
        symlinkSync('/etc/hostname', join(batch, '4.png'));
      },
    });
    assert.match(reasonOf(byName(outcomes).get('4.png')), /^4\.png changed while it was being added/);
    assert.equal((await store.list()).length, 3);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
