// A picture of one page is proved whole at import by drawing the page the card-number search
// reads (electron/evidence/card-mask/search-page.ts), kept in the store's page cache: the search
// that follows takes that drawing instead of decoding the file a second time. A picture that
// cannot be drawn still fails alone at import, in plain words, with nothing of it kept; a TIFF of
// several pages is still proved page by page.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPacket, createEvidenceStore } from '../../../electron/evidence/index.ts';
import { importAndSearch } from '../../../electron/evidence/card-mask/card-scan.ts';
import { closeCardScanner } from '../../../electron/evidence/card-mask/scan-engines.ts';
import { defaultLimits } from '../../../shared/evidence/limits.ts';
import { probeImage } from '../../../electron/evidence/decode.ts';
import { READ_DPI } from '../../../electron/evidence/card-mask/search-page.ts';
import { grayPageForOcr } from '../../../electron/ocr/page-image.ts';
import sharp from 'sharp';
import { imageMagick, scanJpeg, textPage } from './corpus.ts';

const dir = mkdtempSync(join(tmpdir(), 'dd-import-draw-'));
after(async () => {
  await closeCardScanner();
  rmSync(dir, { recursive: true, force: true });
});

/** A store whose page drawings are counted. */
function countedStore(name: string) {
  const store = createEvidenceStore(join(dir, name));
  const gray = store.pages.gray;
  const drawn: string[] = [];
  store.pages.gray = (key, draw) =>
    gray(key, () => {
      drawn.push(key);
      return draw();
    });
  return { store, drawn };
}

test('a scan is drawn once: an import a search follows proves it by the drawing the search then reads', async () => {
  const { store, drawn } = countedStore('once');
  const scan = join(dir, 'scan.jpg');
  await scanJpeg(scan, { width: 2480, height: 3508, density: 300 });
  // Imported for batch planning, which reads its pages otherwise: proved by a small version.
  const plain = countedStore('plain');
  const [p] = await plain.store.importPaths([scan]);
  assert.ok(p?.ok);
  assert.deepEqual(plain.drawn, [], 'no page drawn when no search follows');
  const [o] = await store.importPaths([scan], { searchFollows: true });
  assert.ok(o?.ok, JSON.stringify(o));
  assert.equal(drawn.length, 1, 'the import drew the page');
  // At 150 dpi on its own paper (an A4 scan stays A4): the search's size.
  assert.match(drawn[0]!, /:0:0:1240x1754$/);
  const page = await grayPageForOcr(store, o.item, 0, READ_DPI);
  assert.equal(drawn.length, 1, 'the search took the drawing the import made');
  assert.equal(page.width, 1240);
  // The 64-pixel probe is left out for such a picture; anything else is proved by it.
  const bytes = readFileSync(scan);
  assert.equal((await probeImage(bytes, 'jpeg', { drawsSinglePage: true })).proved, false);
  assert.equal((await probeImage(bytes, 'jpeg')).proved, true);
});

test('a picture cut short fails alone at import, in plain words, and nothing of it is kept', async () => {
  const { store } = countedStore('broken');
  const good = join(dir, 'good.jpg');
  await scanJpeg(good);
  const whole = readFileSync(good);
  const cut = join(dir, 'cut.jpg');
  writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
  const outcomes = await store.importPaths([cut, good], { searchFollows: true });
  const [bad, fine] = outcomes;
  assert.ok(bad && !bad.ok);
  assert.match(bad.reason, /^cut\.jpg could not be used: the file is cut short \(truncated\)/);
  assert.ok(fine?.ok);
  // One stored file and its record: the good one's. The cut one left neither.
  const stored = readdirSync(join(dir, 'broken'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
  assert.deepEqual(stored, [fine.item.id, `${fine.item.id}.json`].sort());
  assert.deepEqual(
    (await store.list()).map((i) => i.name),
    ['good.jpg'],
  );
});

test('a picture a few pixels wide and very long is drawn whole, not shrunk below a pixel', async () => {
  const { store, drawn } = countedStore('thin');
  const thin = join(dir, 'thin.jpg');
  await sharp({ create: { width: 4, height: 20000, channels: 3, background: '#888' } })
    .jpeg()
    .toFile(thin);
  const [o] = await store.importPaths([thin], { searchFollows: true });
  assert.ok(o?.ok, JSON.stringify(o));
  assert.equal(drawn.length, 1);
});

test('a TIFF of several pages is proved page by page by the probe, not by one drawing', async () => {
  const { store, drawn } = countedStore('tiff');
  const tiff = join(dir, 'two-pages.tif');
  imageMagick(['-size', '300x200', 'xc:white', '-size', '300x200', 'xc:gray', tiff]);
  const bytes = readFileSync(tiff);
  const facts = await probeImage(bytes, 'tiff', { drawsSinglePage: true });
  assert.equal(facts.pages, 2);
  assert.equal(facts.proved, true);
  const [o] = await store.importPaths([tiff], { searchFollows: true });
  assert.ok(o?.ok && o.item.pages === 2, JSON.stringify(o));
  assert.deepEqual(drawn, [], 'no page drawn at import');
});

test('sixteen scans, more than the import may draw ahead: imported, searched and built, each page drawn once', async () => {
  const { store, drawn } = countedStore('sixteen');
  const scans = join(dir, 'sixteen-scans');
  mkdirSync(scans);
  // A4 at 300 dpi: a 2.2 MB grey page each at 150 dpi, 35 MB in all, past the half of the page
  // cache (32 MB) the import fills.
  for (let k = 0; k < 16; k++)
    await sharp(textPage(2480, 3508, 50, `Invoice ${k}`))
      .withMetadata({ density: 300 })
      .jpeg({ quality: 90 })
      .toFile(join(scans, `scan-${String(k).padStart(2, '0')}.jpg`));
  const outcomes = await importAndSearch(store, [scans]);
  const items = outcomes.flatMap((o) => (o.ok && !o.duplicate ? [o.item] : []));
  assert.equal(items.length, 16, 'sixteen different scans');
  const drawnAtImport = drawn.length;
  assert.ok(drawnAtImport > 0 && drawnAtImport < 16, `the import drew ${drawnAtImport} pages ahead`);
  const result = await buildPacket(
    store,
    { pages: items.map((i) => ({ itemId: i.id, page: 0, rotation: 0 as const })) },
    {
      preset: 'document',
      limits: { ...defaultLimits, maxPages: 50, maxTotalBytes: 50 * 1024 * 1024 },
      pageSize: 'a4',
      output: 'pdf',
      baseName: 'evidence',
    },
    { outDir: join(dir, 'sixteen-out') },
  );
  assert.ok(result.ok, JSON.stringify(result.problems));
  assert.equal(result.totalPages, 16);
  assert.equal(drawn.length, 16, `each page drawn once (${drawn.length} drawings for 16 pages)`);
});
