// A TIFF is priced by the pixels of all its pages before any is decoded: a 230 KB file declaring
// 999 pages of 110 megapixels (each under the per-page limit, the page count under the file
// limit) once cost minutes of CPU at import. Bounds: refused within 3 s of wall time and 3 s of
// CPU, the event loop never held for more than 1.5 s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvidenceStore } from '../../../electron/evidence/index.ts';
import { pixelBombTiff, worstLag } from './hostile-corpus.ts';
import { tiffPageSizes } from '../../../electron/evidence/tiff-pages.ts';

test(
  'a TIFF of 999 pages × 110 megapixels is refused from its declared pixels, before decoding',
  { timeout: 60_000 },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dd-tiff-bomb-'));
    try {
      const bytes = pixelBombTiff(999, 10_488);
      assert.ok(bytes.length < 300 * 1024, `${bytes.length} bytes`);
      writeFileSync(join(dir, 'scan.tif'), bytes);
      const store = createEvidenceStore(join(dir, 'store'));
      const cpu = process.cpuUsage();
      const r = await worstLag(() => store.importPaths([join(dir, 'scan.tif')]));
      const cpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;
      assert.ok(r.ms < 3000, `ended after ${Math.round(r.ms)} ms`);
      assert.ok(cpuMs < 3000, `${Math.round(cpuMs)} ms of CPU`);
      assert.ok(r.lagMs < 1500, `event loop blocked for ${Math.round(r.lagMs)} ms`);
      const [o] = r.value;
      assert.equal(o?.ok, false);
      assert.match(
        o.ok ? '' : o.reason,
        /^scan\.tif could not be used: its 999 pages hold over 3,\d{3} megapixels, more than Dispute Desk decodes from one file \(3,000\)\. Split it/,
      );
      assert.deepEqual(await store.list(), [], 'nothing was stored');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test('a TIFF of a few large pages within the budget is imported with every page', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dd-tiff-ok-'));
  try {
    writeFileSync(join(dir, 'statement.tif'), pixelBombTiff(3, 3000));
    const [o] = await createEvidenceStore(join(dir, 'store')).importPaths([join(dir, 'statement.tif')]);
    assert.ok(o?.ok, JSON.stringify(o));
    assert.equal(o.item.pages, 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the directory reader follows a TIFF page by page and stops at a loop', () => {
  const three = tiffPageSizes(pixelBombTiff(3, 40), 1000);
  assert.deepEqual(three, [
    { width: 40, height: 40 },
    { width: 40, height: 40 },
    { width: 40, height: 40 },
  ]);
  const looped = pixelBombTiff(2, 40);
  // The second directory's next-offset points back at the first (each is 2 + 10 × 12 + 4 bytes).
  const first = looped.readUInt32LE(4);
  looped.writeUInt32LE(first, first + 126 + 2 + 120);
  assert.equal(tiffPageSizes(looped, 1000)?.length, 2);
  assert.equal(tiffPageSizes(Buffer.from('II*\0\xff\xff\xff\x7f', 'latin1'), 1000), undefined);
});
