// One import (and optionally a build) in a process of its own, so a test can measure its peak
// memory, run it as another user, and give it a temporary folder of its own. Takes one JSON
// argument; prints one JSON line: the outcomes, the build's result, and peak resident memory.
import { createEvidenceStore, buildPacket } from '../../../electron/evidence/index.ts';
import { defaultLimits } from '../../../shared/evidence/limits.ts';
import { probePdfSafely } from '../../../electron/evidence/pdf-raster.ts';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { cardScanOf } from '../../../electron/evidence/card-mask/card-scan.ts';

const job = JSON.parse(process.argv[2]!) as { store: string; paths: string[]; buildTo?: string };
// The PDF threads are part of the app's runtime (a PDF is never unpacked in the main thread):
// started on a one-page PDF, so the baseline holds them and the import's figure is its work alone.
const blank = await PDFDocument.create();
blank.addPage();
const tiny = await blank.save();
await Promise.all([probePdfSafely(tiny), probePdfSafely(tiny)]);
// So is the OCR engine that searches every page for card numbers before it is built (about 100 MB,
// the same for one page or a thousand; a second starts only when pages keep the first busy, see
// ocr-pool.ts): started on two small pictures read at once, in a store of its own.
const warm = createEvidenceStore(`${job.store}-warm-up`);
// Two different pictures (the store keeps one copy of the same bytes).
const pictureOf = (width: number) =>
  sharp({ create: { width, height: 100, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
const warmed = await Promise.all(
  [300, 301].map(async (w) => warm.importBuffer(`warm-up-${w}.jpg`, await pictureOf(w))),
);
await Promise.all(warmed.map((w) => (w.ok ? cardScanOf(warm, w.item) : undefined)));
// The baseline: Node, sharp, pdf-lib, the PDF threads, the OCR engine and the app's code loaded,
// nothing imported yet.
const baselineKb = process.resourceUsage().maxRSS;
const store = createEvidenceStore(job.store);
// Imported as a build imports (the card-number search follows: pictures are proved by drawing
// the page it reads), when a build follows.
const outcomes = await store.importPaths(job.paths, { searchFollows: job.buildTo !== undefined });
const afterImportKb = process.resourceUsage().maxRSS;
let build: unknown;
if (job.buildTo) {
  const items = outcomes.flatMap((o) => (o.ok && o.item.kind !== 'pdf' && !o.duplicate ? [o.item] : []));
  const pages = items.map((i) => ({ itemId: i.id, page: 0, rotation: 0 as const }));
  build = await buildPacket(
    store,
    { pages },
    {
      preset: 'document',
      limits: { ...defaultLimits, maxPages: 500, maxTotalBytes: 500 * 1024 * 1024 },
      pageSize: 'letter',
      output: 'pdf',
      baseName: 'evidence',
    },
    { outDir: job.buildTo },
  );
}
process.stdout.write(
  `${JSON.stringify({ outcomes, build, baselineKb, afterImportKb, peakKb: process.resourceUsage().maxRSS })}\n`,
);
