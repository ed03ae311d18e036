// Pages the right way up (issue 24): a receipt scanned lying sideways, its name saying nothing,
// is turned upright before it is read, matched by what it says, and goes upright in its packet (as
// does one its name matched, which is only tested for which way up it lies, not read);
// a page that reads as noise every way up says it could not be read, never "read". The scans are
// made here: text drawn as SVG by sharp, then turned. Small pages: OCR shares two cores.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { syncFixture } from '../sync/support.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { createBatchService } from '../../../electron/app/batch/batch-service.ts';
import { createScanReader, readUpright } from '../../../electron/app/batch/read-scan.ts';
import { createOcrEngine, type OcrEngine } from '../../../electron/ocr/ocr-engine.ts';
import { receiptCard } from '../../support/receipts.ts';

const receipt = (lines: string[]) => receiptCard(lines);

/** The engine, counting the pages it is given. */
function counted(ocr: OcrEngine): OcrEngine & { readonly reads: number } {
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    read: (b, o) => (reads++, ocr.read(b, o)),
    warm: () => ocr.warm(),
    close: () => ocr.close(),
    get running() {
      return ocr.running;
    },
  };
}

/** The largest image in a built PDF: its width and height. */
async function largestImage(pdf: Buffer): Promise<{ w: number; h: number }> {
  const doc = await PDFDocument.load(pdf);
  let best = { w: 0, h: 0 };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream) || obj.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const w = Number(obj.dict.get(PDFName.of('Width'))?.toString());
    const h = Number(obj.dict.get(PDFName.of('Height'))?.toString());
    if (w * h > best.w * best.h) best = { w, h };
  }
  return best;
}

test('a sideways receipt is read upright, matched, and goes upright in its packet; noise is not "read"', async () => {
  const f = await syncFixture({ seed: 61, chargebacks: 2, faultRate: 0 });
  const ocr = createOcrEngine({ idleMs: 500 });
  try {
    const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
    const made = await admin.createChargeback({ total: 14442 });
    await f.h.sync.syncProfile(f.profile.id);
    const txn = f.h.store.portfolio.detail(f.profile.id, made.id)!.txn!;
    const digits = txn.order!.replace(/\D/g, '');

    const dir = join(f.home, 'shoebox');
    mkdirSync(dir);
    const upright = await receipt(['CORNER SHOP', `Order #${digits}`, `Auth code: ${txn.authCode}`, 'Total $144.42']);
    // Lying on its side: the top of the receipt points left, as a phone holds it in landscape.
    writeFileSync(join(dir, 'Scan 0001.jpg'), await sharp(upright).rotate(270).jpeg().toBuffer());
    // A page of speckle: nothing on it reads, whichever way up.
    const noise = Buffer.alloc(400 * 300);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) % 251 > 120 ? 255 : 0;
    writeFileSync(
      join(dir, 'Scan 0002.jpg'),
      await sharp(noise, { raw: { width: 400, height: 300, channels: 1 } })
        .jpeg()
        .toBuffer(),
    );

    const batch = createBatchService({
      store: f.h.store,
      evidence: f.h.evidence,
      outbox: f.h.outbox,
      reader: createScanReader({ evidence: f.h.evidence, ocr }),
    });
    const plan = await batch.plan(f.profile, [dir]);
    const side = plan.files.find((x) => x.name === 'Scan 0001.jpg')!;
    assert.equal(side.match.status, 'matched', side.match.reason);
    assert.equal((side.match as { chargebackId: string }).chargebackId, made.id);
    assert.match(side.match.reason, new RegExp(`Order ${txn.order}`));
    assert.deepEqual(side.scan, { read: true, turns: [90] }, 'turned 90° clockwise before reading');

    const speckle = plan.files.find((x) => x.name === 'Scan 0002.jpg')!;
    assert.equal(speckle.match.status, 'unmatched');
    assert.match(speckle.match.reason, /could not be read/);
    assert.doesNotMatch(speckle.match.reason, /was read/);
    assert.equal(speckle.scan?.read, false);

    // Queued, the page goes the way it was read: upright, wider than tall as the receipt was printed
    // (the sideways scan is taller than wide).
    const report = await batch.queue(f.profile, plan);
    const queued = report.chargebacks.find((c) => c.chargebackId === made.id)!;
    assert.equal(queued.outcome, 'queued', queued.reason);
    // The queued job's documents, as the outbox keeps them under the home folder.
    const pdfs = (readdirSync(join(f.home, 'outbox'), { recursive: true }) as string[]).filter((p) =>
      p.endsWith('.pdf'),
    );
    assert.equal(pdfs.length, 1, pdfs.join(', '));
    const img = await largestImage(readFileSync(join(f.home, 'outbox', pdfs[0]!)));
    assert.ok(img.w > img.h, `the receipt is upright in the packet (${img.w}x${img.h})`);
  } finally {
    await ocr.close();
    await f.close();
  }
});

test('a sideways receipt matched by its name (the chargeback ID) is turned upright in its packet, not read', async () => {
  const f = await syncFixture({ seed: 62, chargebacks: 2, faultRate: 0 });
  const ocr = createOcrEngine({ idleMs: 500 });
  try {
    const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
    const made = await admin.createChargeback({ total: 14442 });
    await f.h.sync.syncProfile(f.profile.id);
    const dir = join(f.home, 'named');
    mkdirSync(dir);
    const upright = await receipt(['CORNER SHOP', 'Order #40449', 'Total $144.42']);
    // Photographed in landscape, named by the merchant with the chargeback it answers.
    writeFileSync(join(dir, `receipt ${made.id}.jpg`), await sharp(upright).rotate(270).jpeg().toBuffer());
    const counting = counted(ocr);
    const batch = createBatchService({
      store: f.h.store,
      evidence: f.h.evidence,
      outbox: f.h.outbox,
      reader: createScanReader({ evidence: f.h.evidence, ocr: counting }),
    });
    const plan = await batch.plan(f.profile, [dir]);
    const named = plan.files[0]!;
    assert.equal(named.match.status, 'matched');
    assert.equal((named.match as { rule: string }).rule, 'chargeback-id');
    // Its text is not needed (its name decided), only which way up it lies.
    assert.deepEqual(named.scan, { turns: [90] });
    assert.ok(counting.reads <= 4, `the cheap test only: ${counting.reads} half-size reads`);

    const report = await batch.queue(f.profile, plan);
    assert.equal(report.chargebacks.find((c) => c.chargebackId === made.id)?.outcome, 'queued');
    const pdfs = (readdirSync(join(f.home, 'outbox'), { recursive: true }) as string[]).filter((p) =>
      p.endsWith('.pdf'),
    );
    assert.equal(pdfs.length, 1, pdfs.join(', '));
    const img = await largestImage(readFileSync(join(f.home, 'outbox', pdfs[0]!)));
    assert.ok(img.w > img.h, `the receipt is upright in the packet (${img.w}x${img.h})`);
  } finally {
    await ocr.close();
    await f.close();
  }
});

test('an upside-down page is turned 180°; an upright one is read once, as it lies', async () => {
  const ocr = createOcrEngine({ idleMs: 500 });
  try {
    const page = await receipt(['Harbor Lane Goods', 'Order number: ORD-40449', 'Total charged: $144.42']);
    const counting = counted(ocr);
    const up = await readUpright(counting, page);
    assert.equal(up.turn, 0);
    assert.equal(counting.reads, 1, 'a page that reads well is not tested the other ways');
    assert.match(up.text, /ORD-40449/);
    const down = await readUpright(ocr, await sharp(page).rotate(180).jpeg().toBuffer());
    assert.equal(down.turn, 180);
    assert.ok(down.readable);
    assert.match(down.text, /ORD-40449/);
  } finally {
    await ocr.close();
  }
});
