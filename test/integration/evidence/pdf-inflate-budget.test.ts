// Nothing inside a PDF is unpacked in the main process, and nothing is unpacked without a budget:
// a 1 MB file whose page content inflates to 1 GB once froze the app for 21 s at 4.3 GB, in the
// window's size estimate, before any budget was checked. Bounds, in each test: the outcome within
// 10 s, the event loop never held for more than 1 s (measured by perf_hooks), the process's
// memory grown by less than 400 MB.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createEvidenceStore, buildPacket, estimatePacket } from '../../../electron/evidence/index.ts';
import { closePdfRenderers } from '../../../electron/evidence/pdf-raster.ts';
import { inflateLimits } from '../../../electron/evidence/pdf-inflate-budget.ts';
import { defaultLimits } from '../../../shared/evidence/limits.ts';
import type { BuildSettings, EvidenceItem } from '../../../shared/evidence/items.ts';
import { contentInflateBomb, deflatedZeros, objectStreamInflateBomb } from './hostile-corpus.ts';

const MB = 1024 * 1024;
const settings: BuildSettings = {
  preset: 'document',
  limits: defaultLimits,
  pageSize: 'letter',
  output: 'pdf',
  baseName: 'evidence',
};

let gigabyte: Buffer;
before(async () => {
  gigabyte = await deflatedZeros(1024 * MB);
});
after(() => closePdfRenderers());

/** `fn`'s outcome, how long it took, the longest the event loop was held, and how much the
 * process's resident memory grew at its peak. */
async function watched<T>(fn: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const rss0 = process.memoryUsage.rss();
  let peak = rss0;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const start = performance.now();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, ms: performance.now() - start, heldMs: delay.max / 1e6, grewMb: (peak - rss0) / MB };
  } finally {
    clearInterval(sample);
    delay.disable();
  }
}

// Generous enough for a machine busy with the rest of the suite; the old behaviour held the event
// loop for 21 s and took 4.3 GB, so each bound still tells the two apart.
function assertBounded(r: { ms: number; heldMs: number; grewMb: number }): void {
  assert.ok(r.ms < 30_000, `took ${Math.round(r.ms)} ms`);
  assert.ok(r.heldMs < 2500, `the event loop was held for ${Math.round(r.heldMs)} ms`);
  assert.ok(r.grewMb < 400, `memory grew by ${Math.round(r.grewMb)} MB`);
}

function fixture() {
  const dir = mkdtempSync(join(tmpdir(), 'dd-inflate-'));
  return {
    dir,
    store: createEvidenceStore(join(dir, 'store')),
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const pagesOf = (item: EvidenceItem) => ({
  pages: Array.from({ length: item.pages }, (_, page) => ({ itemId: item.id, page, rotation: 0 as const })),
});

for (const pages of [1, 2])
  test(
    `a ${pages} MB PDF of ${pages} page(s) each inflating to 1 GB: the size estimate and the build refuse ` +
      'each page by reason, off the main thread, within bounds',
    { timeout: 120_000 },
    async () => {
      const f = fixture();
      try {
        const bytes = contentInflateBomb(gigabyte, pages);
        assert.ok(bytes.length < pages * 1.1 * MB, `${bytes.length} bytes`);
        writeFileSync(join(f.dir, 'bomb.pdf'), bytes);
        const [o] = await f.store.importPaths([join(f.dir, 'bomb.pdf')]);
        assert.ok(o?.ok, JSON.stringify(o));
        const estimate = await watched(() => estimatePacket(f.store, pagesOf(o.item), settings));
        assertBounded(estimate);
        assert.equal(estimate.value.fits, false);
        assert.equal(estimate.value.problems.length, pages);
        estimate.value.problems.forEach((p, i) =>
          assert.match(
            p,
            new RegExp(
              `^bomb\\.pdf${pages > 1 ? ` page ${i + 1}` : ''} could not be used: one of its streams unpacks ` +
                'to more than 64 MB \\(a decompression bomb\\), too much to read safely',
            ),
          ),
        );
        const outDir = join(f.dir, 'out');
        const built = await watched(() => buildPacket(f.store, pagesOf(o.item), settings, { outDir }));
        assertBounded(built);
        assert.equal(built.value.ok, false);
        assert.equal(existsSync(outDir), false, 'nothing was written');
      } finally {
        f.close();
      }
    },
  );

test(
  'a PDF whose object stream inflates to 1 GB is refused at import, in the PDF thread, within bounds',
  { timeout: 120_000 },
  async () => {
    const f = fixture();
    try {
      writeFileSync(join(f.dir, 'objects.pdf'), objectStreamInflateBomb(gigabyte));
      const r = await watched(() => f.store.importPaths([join(f.dir, 'objects.pdf')]));
      assertBounded(r);
      const [o] = r.value;
      assert.equal(o?.ok, false);
      assert.match(
        o.ok ? '' : o.reason,
        /^objects\.pdf could not be used: one of its streams unpacks to more than 64 MB \(a decompression bomb\)/,
      );
      assert.deepEqual(await f.store.list(), [], 'nothing was stored');
    } finally {
      f.close();
    }
  },
);

test(
  'a PDF page whose content inflates to 20 MB (within the budget) is measured and kept',
  { timeout: 60_000 },
  async () => {
    const f = fixture();
    try {
      // Spaces: a content stream of nothing but white space is a valid, empty page.
      writeFileSync(join(f.dir, 'wide.pdf'), contentInflateBomb(await deflatedZeros(20 * MB)));
      const [o] = await f.store.importPaths([join(f.dir, 'wide.pdf')]);
      assert.ok(o?.ok, JSON.stringify(o));
      const r = await watched(() => estimatePacket(f.store, pagesOf(o.item), settings));
      assertBounded(r);
      assert.deepEqual(r.value.problems, []);
      assert.equal(r.value.pages, 1);
    } finally {
      f.close();
    }
  },
);

test(
  "a document's pages together have a budget, whichever PDF thread reads them: past it the rest are refused unread",
  { timeout: 60_000 },
  async () => {
    const f = fixture();
    const saved = inflateLimits.documentBytes;
    // Lowered here (the main side keeps the sum) so that four pages of 20 MB show it quickly.
    inflateLimits.documentBytes = 48 * MB;
    try {
      writeFileSync(join(f.dir, 'statement.pdf'), contentInflateBomb(await deflatedZeros(20 * MB), 4));
      const [o] = await f.store.importPaths([join(f.dir, 'statement.pdf')]);
      assert.ok(o?.ok, JSON.stringify(o));
      const r = await watched(() => estimatePacket(f.store, pagesOf(o.item), settings));
      assertBounded(r);
      assert.equal(r.value.problems.length, 3, JSON.stringify(r.value.problems));
      for (const p of r.value.problems)
        assert.match(
          p,
          /^statement\.pdf page \d could not be used: its pages unpack to more than 48 MB in all \(a decompression bomb\)/,
        );
      // Asked again, the refused pages are not read again: at once.
      const again = await watched(() => estimatePacket(f.store, pagesOf(o.item), settings));
      assert.ok(again.ms < 3000, `${Math.round(again.ms)} ms`);
      assert.equal(again.value.problems.length, 3);
    } finally {
      inflateLimits.documentBytes = saved;
      f.close();
    }
  },
);
