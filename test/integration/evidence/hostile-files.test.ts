// Hostile and odd files, generated here: each ends within 5 s with a clear outcome (a refusal that
// names its reason, or a packet), while the event loop keeps turning (the drawing runs in a worker).
// The 5 s and lag bounds are generous hang detectors, not speed targets.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFDict, PDFStream, PDFRawStream } from 'pdf-lib';
import { createEvidenceStore, buildPacket } from '../../../electron/evidence/index.ts';
import { closePdfRenderers, pdfDrawLimits } from '../../../electron/evidence/pdf-raster.ts';
import { defaultLimits, strictLimits } from '../../../shared/evidence/limits.ts';
import type { BuildSettings, EvidenceItem } from '../../../shared/evidence/items.ts';
import {
  formBombPdf,
  contentBombPdf,
  hiddenBombPdf,
  repeatedPagePdf,
  manyPageTiff,
  worstLag,
} from './hostile-corpus.ts';

after(() => closePdfRenderers());

const LAG_BOUND_MS = 1500;
const settingsFor: Record<string, BuildSettings> = {
  document: { preset: 'document', limits: defaultLimits, pageSize: 'letter', output: 'pdf', baseName: 'evidence' },
  strict: { preset: 'strict', limits: strictLimits, pageSize: 'letter', output: 'pdf', baseName: 'evidence' },
  'pdf pages as images': {
    preset: 'document',
    limits: defaultLimits,
    pageSize: 'letter',
    output: 'pdf',
    baseName: 'evidence',
    pdfPages: 'image',
  },
};

function fixture() {
  const dir = mkdtempSync(join(tmpdir(), 'dd-hostile-'));
  const store = createEvidenceStore(join(dir, 'store'));
  return { dir, store, close: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Import, then (if it was accepted) build: the outcome as the merchant reads it. */
async function importAndBuild(f: ReturnType<typeof fixture>, name: string, bytes: Buffer, settings: BuildSettings) {
  writeFileSync(join(f.dir, name), bytes);
  const [o] = await f.store.importPaths([join(f.dir, name)]);
  assert.ok(o);
  if (!o.ok) return { refusedAtImport: o.reason, built: undefined };
  const item: EvidenceItem = o.item;
  const pages = Array.from({ length: item.pages }, (_, page) => ({ itemId: item.id, page, rotation: 0 as const }));
  const built = await buildPacket(f.store, { pages }, settings, {
    outDir: join(f.dir, `out-${Math.random().toString(36).slice(2)}`),
  });
  return { refusedAtImport: undefined, built };
}

for (const [label, settings] of Object.entries(settingsFor)) {
  test(
    'forms nested 40 deep, each drawn twice (7.5 KB), preset ' + `${label}: refused for their nesting, loop responsive`,
    async () => {
      const f = fixture();
      try {
        const bytes = formBombPdf(40, 2);
        assert.ok(bytes.length < 8 * 1024);
        const r = await worstLag(() => importAndBuild(f, 'laughs.pdf', bytes, settings));
        assert.ok(r.ms < 5000, `ended after ${Math.round(r.ms)} ms`);
        assert.ok(r.lagMs < LAG_BOUND_MS, `event loop blocked for ${Math.round(r.lagMs)} ms`);
        assert.equal(r.value.refusedAtImport, undefined);
        assert.equal(r.value.built?.ok, false);
        assert.match(
          JSON.stringify(r.value.built?.problems),
          /laughs\.pdf could not be used: a page nests forms more than 12 deep, too deep to draw safely/,
        );
      } finally {
        f.close();
      }
    },
  );

  test(
    'forms nested 11 deep, each drawn 8 times (8.6 billion ' +
      `draws), preset ${label}: refused by the operator budget`,
    async () => {
      const f = fixture();
      try {
        const r = await worstLag(() => importAndBuild(f, 'wide.pdf', formBombPdf(11, 8), settings));
        assert.ok(r.ms < 5000, `ended after ${Math.round(r.ms)} ms`);
        assert.ok(r.lagMs < LAG_BOUND_MS, `event loop blocked for ${Math.round(r.lagMs)} ms`);
        assert.match(
          JSON.stringify(r.value.built?.problems),
          /wide\.pdf could not be used: a page asks for more than 500,000 drawing operations \(a content bomb, or forms drawn within forms\)/,
        );
      } finally {
        f.close();
      }
    },
  );
}

test(
  'a 480 KB content stream drawing a 10,000-operator ' + 'form 80,000 times: refused by reason, loop responsive',
  async () => {
    const f = fixture();
    try {
      const r = await worstLag(() => importAndBuild(f, 'bomb.pdf', contentBombPdf(), settingsFor.strict!));
      assert.ok(r.ms < 5000, `ended after ${Math.round(r.ms)} ms`);
      assert.ok(r.lagMs < LAG_BOUND_MS, `event loop blocked for ${Math.round(r.lagMs)} ms`);
      assert.match(
        JSON.stringify(r.value.built?.problems),
        /bomb\.pdf could not be used: a page asks for more than 500,000 drawing operations/,
      );
    } finally {
      f.close();
    }
  },
);

test('10,000 operators drawn 60 times through a pattern cell, a soft mask or Type 3 glyphs: refused by the budget', async () => {
  // Not forms, so not priced: pdf.js would have run them all.
  for (const via of ['pattern', 'mask', 'glyph'] as const) {
    const f = fixture();
    try {
      const r = await worstLag(() => importAndBuild(f, `${via}.pdf`, hiddenBombPdf(via), settingsFor.strict!));
      assert.ok(r.ms < 5000, `${via}: ended after ${Math.round(r.ms)} ms`);
      assert.match(
        JSON.stringify(r.value.built?.problems),
        new RegExp(`${via}\\.pdf could not be used: a page asks for more than 500,000 drawing operations`),
        via,
      );
    } finally {
      f.close();
    }
  }
});

test('forms nested deeper than the budget, drawn once each: refused for their nesting', async () => {
  const f = fixture();
  try {
    // Each level draws the next once: few operators, but 30 levels deep.
    const r = await worstLag(() => importAndBuild(f, 'deep.pdf', formBombPdf(30, 1), settingsFor.strict!));
    assert.ok(r.ms < 5000);
    assert.match(
      JSON.stringify(r.value.built?.problems),
      /deep\.pdf could not be used: a page nests forms more than 12 deep/,
    );
  } finally {
    f.close();
  }
});

test('a page tree naming one page 100,000 times (600 KB) is refused at import from its shape', async () => {
  const f = fixture();
  try {
    const bytes = repeatedPagePdf(100_000);
    assert.ok(bytes.length > 500_000);
    const r = await worstLag(() => importAndBuild(f, 'tree.pdf', bytes, settingsFor.document!));
    assert.ok(r.ms < 5000, `ended after ${Math.round(r.ms)} ms`);
    assert.ok(r.lagMs < LAG_BOUND_MS * 2, `event loop blocked for ${Math.round(r.lagMs)} ms`);
    assert.match(
      r.value.refusedAtImport ?? '',
      /^tree\.pdf could not be used: it has 100,000 pages, more than Dispute Desk reads from one file \(1,000\)/,
    );
  } finally {
    f.close();
  }
});

test('a page tree that names one page twice is refused as damaged or hostile', async () => {
  const f = fixture();
  try {
    const r = await importAndBuild(f, 'twice.pdf', repeatedPagePdf(2), settingsFor.document!);
    assert.match(r.refusedAtImport ?? '', /names the same page or branch more than once/);
  } finally {
    f.close();
  }
});

test('a TIFF of 2,000 pages is refused from its page count, at once', async () => {
  const f = fixture();
  try {
    const r = await worstLag(() => importAndBuild(f, 'fax.tif', manyPageTiff(2000), settingsFor.document!));
    assert.ok(r.ms < 5000, `ended after ${Math.round(r.ms)} ms`);
    assert.ok(r.lagMs < LAG_BOUND_MS, `event loop blocked for ${Math.round(r.lagMs)} ms`);
    assert.match(
      r.value.refusedAtImport ?? '',
      /^fax\.tif could not be used: it has 2,000 pages, more than Dispute Desk reads from one file \(1,000\)/,
    );
    const ok = await importAndBuild(f, 'short.tif', manyPageTiff(3), settingsFor.document!);
    assert.equal(ok.built?.ok, true, 'a short TIFF made the same way is fine');
  } finally {
    f.close();
  }
});

test(
  "a page without /Contents (pdf-lib's own addPage) " + 'and a page with a zero media box build as blank pages',
  async () => {
    const f = fixture();
    try {
      const doc = await PDFDocument.create();
      doc.addPage();
      doc.addPage().setMediaBox(0, 0, 0, 0);
      const bytes = Buffer.from(await doc.save());
      for (const settings of Object.values(settingsFor)) {
        const r = await worstLag(() => importAndBuild(f, 'blank.pdf', bytes, settings));
        assert.ok(r.value.built?.ok, JSON.stringify(r.value));
        assert.equal(r.value.built.files[0]?.pages, 2);
      }
    } finally {
      f.close();
    }
  },
);

test('a time budget stops a page that draws too long, and names the reason', async () => {
  const f = fixture();
  const saved = pdfDrawLimits.pageMs;
  pdfDrawLimits.pageMs = 1;
  try {
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Receipt');
    const r = await importAndBuild(f, 'receipt.pdf', Buffer.from(await doc.save()), settingsFor.strict!);
    assert.match(
      JSON.stringify(r.built?.problems),
      /drawing one of its pages took longer than 0.001 seconds, so it was stopped/,
    );
  } finally {
    pdfDrawLimits.pageMs = saved;
    f.close();
  }
});

test(
  'active content of a source PDF never reaches the ' + 'packet: scripts, launch actions, attached files, orphans',
  async () => {
    const f = fixture();
    try {
      const doc = await PDFDocument.create();
      const page = doc.addPage();
      page.drawText('Signed delivery note');
      doc.addJavaScript('greet', 'app.alert("hello")');
      await doc.attach(Buffer.from('SECRET-ATTACHMENT-BYTES'), 'secret.txt', { mimeType: 'text/plain' });
      const ctx = doc.context;
      // Hidden where embedding the page copies it: in the page's resources.
      const launch = ctx.register(ctx.obj({ Type: 'Action', S: 'Launch', F: 'calc.exe' }));
      const js = ctx.register(ctx.obj({ S: 'JavaScript', JS: 'app.launchURL("x")' }));
      const file = ctx.register(ctx.stream('ORPHAN-FILE-BYTES', { Type: 'EmbeddedFile' }));
      page.node.Resources()!.set(PDFName.of('Hidden'), ctx.obj({ A: launch, B: js, C: file }));
      page.node.set(PDFName.of('AA'), ctx.obj({ O: js }));
      const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
      for (const settings of [settingsFor.document!]) {
        const r = await importAndBuild(f, 'active.pdf', bytes, settings);
        assert.ok(r.built?.ok, JSON.stringify(r));
        const outDir = readdirSync(f.dir)
          .filter((n) => n.startsWith('out-'))
          .map((n) => join(f.dir, n))
          .at(-1)!;
        const packet = await PDFDocument.load(readFileSync(join(outDir, r.built.files[0]!.name)));
        const found: string[] = [];
        for (const [, obj] of packet.context.enumerateIndirectObjects()) {
          const d = obj instanceof PDFDict ? obj : obj instanceof PDFStream ? obj.dict : undefined;
          const raw = obj instanceof PDFRawStream ? Buffer.from(obj.contents).toString('latin1') : '';
          const text = `${d?.toString() ?? ''}${raw}`;
          for (const bad of [
            '/JavaScript',
            '/Launch',
            '/EmbeddedFile',
            '/JS',
            '/AA',
            'SECRET-ATTACHMENT-BYTES',
            'ORPHAN-FILE-BYTES',
            'calc.exe',
          ])
            if (text.includes(bad)) found.push(bad);
        }
        assert.deepEqual([...new Set(found)], []);
        assert.equal(packet.getPageCount(), 1, 'the page itself is kept');
      }
    } finally {
      f.close();
    }
  },
);
