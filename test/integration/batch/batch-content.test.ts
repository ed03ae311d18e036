// Batch matching by what a scan says: receipts named as a scanner or a phone names them, whose
// printed order number, total and date belong to sandbox chargebacks, are matched by
// `dispute-desk batch DIR --dry-run --json` (its own process, the app's OCR engine), with the
// reason shown; a receipt of no chargeback stays unmatched; two that fit one are flagged; a name
// that says which chargeback wins over the content.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin, type SandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { formatAmount } from '../../../shared/domain/money.ts';
import { receiptLines, receiptScan, type ReceiptText } from '../../support/receipts.ts';
import { runCli, type CliRun } from '../cli/support.ts';
import { syncFixture } from '../sync/support.ts';
import { createBatchService } from '../../../electron/app/batch/batch-service.ts';
import { createScanReader } from '../../../electron/app/batch/read-scan.ts';
import { createOcrEngine } from '../../../electron/ocr/ocr-engine.ts';

let sb: Sandbox;
let admin: SandboxAdmin;
let home: string;

function cli(args: string[]): Promise<CliRun> {
  return runCli([...args, '--home', home], { env: { ...process.env, DISPUTE_DESK_API_KEY: sb.apiKey } });
}

before(async () => {
  sb = await startSandbox({ seed: 29, chargebacks: 3, decisionDelayMs: null, rateLimit: { max: 1_000_000 } });
  admin = createSandboxAdmin(sb.url, sb.adminToken);
  home = mkdtempSync(join(tmpdir(), 'dd-batch-ocr-'));
  const store = openStore(databaseFile(home));
  // The shop's name as its receipts print it: a receipt from another shop is a reason against.
  const profile: Profile = {
    ...profileDefaults,
    id: 'prof_ocr',
    name: 'Shop',
    merchant: 'Harbor Lane Goods',
    deployment: 'test',
    url: sb.url,
  };
  store.profiles.save(profile);
  store.close();
});
after(async () => {
  await sb.close();
  rmSync(home, { recursive: true, force: true });
});

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const printedDate = (ymd: number) =>
  `${ymd % 100} ${months[(Math.floor(ymd / 100) % 100) - 1]} ${Math.floor(ymd / 10000)}`;

test('batch --dry-run --json matches scanner-named receipts by what is printed on them', async () => {
  const totals = [12900, 4750, 23315, 8800];
  const made = [];
  for (const total of totals) made.push(await admin.createChargeback({ total }));
  assert.equal((await cli(['sync'])).status, 0);
  const store = openStore(databaseFile(home));
  const facts = made.map((cb) => {
    const d = store.portfolio.detail('prof_ocr', cb.id)!;
    return {
      id: cb.id,
      order: d.txn!.order!,
      total: formatAmount(d.chargeback.total, d.chargeback.currency),
      date: printedDate(d.chargeback.issued!),
    };
  });
  store.close();
  const [a, b, c, d] = facts as [(typeof facts)[0], (typeof facts)[0], (typeof facts)[0], (typeof facts)[0]];
  const receipt = (f: typeof a, o: Partial<ReceiptText> = {}) =>
    receiptLines({ order: f.order, total: f.total, date: f.date, items: 12, ...o });

  const folder = join(home, 'scans');
  mkdirSync(folder);
  writeFileSync(join(folder, 'Scan 0001.jpg'), await receiptScan(receipt(a, { seed: 1 }), { seed: 1 }));
  writeFileSync(join(folder, 'IMG_2231.jpg'), await receiptScan(receipt(b, { seed: 2 }), { look: 'photo', seed: 2 }));
  // A scanner's multi-page PDF: a cover sheet first, the receipt on page 2.
  const pdf = await PDFDocument.create();
  const cover = pdf.addPage([595, 842]);
  cover.drawText('Scanned with OfficeJet. Pages: 2', {
    x: 60,
    y: 760,
    size: 14,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  const page2 = await sharp(await receiptScan(receipt(c, { seed: 3 }), { seed: 3 }))
    .resize(1654)
    .jpeg({ quality: 85 })
    .toBuffer();
  pdf.addPage([595, 842]).drawImage(await pdf.embedJpg(page2), { x: 0, y: 0, width: 595, height: 842 });
  writeFileSync(join(folder, 'Scan 0002.pdf'), await pdf.save());
  // A receipt of no stored chargeback: its own order, total and date.
  writeFileSync(
    join(folder, 'Scan 0003.jpg'),
    await receiptScan(receiptLines({ order: 'ORD-90817', total: '$61.37', date: '2 Feb 2025', items: 12, seed: 4 }), {
      seed: 4,
    }),
  );
  // A second receipt for d: both that fit d are flagged.
  writeFileSync(join(folder, 'Scan 0004.jpg'), await receiptScan(receipt(d, { seed: 5 }), { seed: 5 }));
  writeFileSync(
    join(folder, 'Scan 0005.jpg'),
    await receiptScan(receipt(d, { seed: 6, merchant: 'Harbor Lane Goods - invoice copy' }), { seed: 6 }),
  );
  // Named for a, printed for b: the merchant's name wins.
  writeFileSync(join(folder, `receipt ${a.id}.jpg`), await receiptScan(receipt(b, { seed: 7 }), { seed: 7 }));

  const r = await cli(['batch', folder, '--dry-run', '--json']);
  assert.equal(r.status, 0, r.stderr);
  type Match = {
    status: string;
    chargebackId?: string;
    rule?: string;
    reason: string;
    confidence?: number;
    candidates?: string[];
  };
  type FileReport = {
    name: string;
    read: boolean | null;
    rotation: number;
    reason: string;
    agreed: string[];
    against: string[];
    answer: string | null;
  };
  const out = JSON.parse(r.stdout) as {
    plan: { files: Array<{ name: string; match: Match; warning?: string }> };
    files: FileReport[];
  };
  const plan = out.plan;
  const by = new Map(plan.files.map((f) => [f.name, f]));
  const matched = (name: string, id: string) => {
    const m = by.get(name)!.match;
    assert.equal(m.status, 'matched', `${name}: ${m.reason}`);
    assert.equal(m.chargebackId, id, `${name}: ${m.reason}`);
    return m;
  };
  const first = matched('Scan 0001.jpg', a.id);
  assert.equal(first.rule, 'content');
  assert.equal(
    first.reason.startsWith(
      `Order ${a.order}, ${a.total} and your shop's name (Harbor Lane Goods) on ${a.date} ` +
        "match this chargeback's transaction.",
    ),
    true,
    first.reason,
  );
  assert.ok(first.confidence! >= 0.5);
  // Per file: whether its text was read, the turn applied, the reasons, and the answer it goes with.
  const report = new Map(out.files.map((x) => [x.name, x]));
  assert.deepEqual(
    { ...report.get('Scan 0001.jpg')!, reason: undefined },
    {
      name: 'Scan 0001.jpg',
      read: true,
      rotation: 0,
      status: 'matched',
      chargebackId: a.id,
      rule: 'content',
      confidence: first.confidence,
      candidates: [],
      reason: undefined,
      agreed: [`Order ${a.order}`, a.total, `on ${a.date}`, "your shop's name (Harbor Lane Goods)"],
      against: [],
      answer: 'respond',
    },
  );
  assert.equal(report.get(`receipt ${a.id}.jpg`)!.read, null, 'named for its chargeback: not read');
  matched('IMG_2231.jpg', b.id);
  matched('Scan 0002.pdf', c.id);
  assert.equal(by.get('Scan 0003.jpg')!.match.status, 'unmatched');
  assert.match(by.get('Scan 0003.jpg')!.match.reason, /nothing on it matches a chargeback's transaction/);
  matched('Scan 0004.jpg', d.id);
  matched('Scan 0005.jpg', d.id);
  assert.match(by.get('Scan 0004.jpg')!.warning ?? '', /Scan 0005\.jpg also fits this chargeback/);
  assert.match(by.get('Scan 0005.jpg')!.warning ?? '', /Scan 0004\.jpg also fits this chargeback/);
  assert.equal(matched(`receipt ${a.id}.jpg`, a.id).rule, 'chargeback-id');

  // The text output shows the reasons and the flag.
  const text = await cli(['batch', folder, '--dry-run']);
  assert.match(text.stdout, new RegExp(`✓ IMG_2231\\.jpg → ${b.id}: Order ${b.order}`));
  assert.match(text.stdout, /! Scan 0005\.jpg also fits this chargeback/);
});

test(
  "the evidence builder's check: a receipt printed for another chargeback " +
    'is named with the reason; its own, or one that says nothing, is not',
  async () => {
    const f = await syncFixture({ seed: 31, chargebacks: 2, faultRate: 0 });
    const ocr = createOcrEngine();
    try {
      const admin2 = createSandboxAdmin(f.sb.url, f.sb.adminToken);
      const mine = await admin2.createChargeback({ total: 3150 });
      const other = await admin2.createChargeback({ total: 9925 });
      await f.h.sync.syncProfile(f.profile.id);
      const facts = (id: string) => {
        const d = f.h.store.portfolio.detail(f.profile.id, id)!;
        return receiptLines({
          order: d.txn!.order!,
          total: formatAmount(d.chargeback.total, d.chargeback.currency),
          date: printedDate(d.chargeback.issued!),
          items: 10,
          seed: 9,
        });
      };
      const batch = createBatchService({
        store: f.h.store,
        evidence: f.h.evidence,
        outbox: f.h.outbox,
        reader: createScanReader({ evidence: f.h.evidence, ocr }),
      });
      const add = async (name: string, scan: Buffer) => {
        writeFileSync(join(f.home, name), scan);
        const [o] = await f.h.evidence.importPaths([join(f.home, name)]);
        assert.ok(o?.ok);
        return o.item.id;
      };
      const wrong = await add('Scan 0100.jpg', await receiptScan(facts(other.id), { seed: 9 }));
      const warning = await batch.belongsElsewhere(f.profile, mine.id, wrong);
      assert.match(
        warning ?? '',
        new RegExp(
          `^Scan 0100\\.jpg looks like evidence for chargeback ` +
            `${other.id}, not this one\\. What is printed on it: Order ORD-`,
        ),
      );
      assert.equal(
        await batch.belongsElsewhere(f.profile, other.id, wrong),
        undefined,
        'on its own chargeback: no warning',
      );
      const right = await add('Scan 0101.jpg', await receiptScan(facts(mine.id), { seed: 10 }));
      assert.equal(await batch.belongsElsewhere(f.profile, mine.id, right), undefined);
      const blank = await add(
        'photo.jpg',
        await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8899aa' } })
          .jpeg()
          .toBuffer(),
      );
      assert.equal(await batch.belongsElsewhere(f.profile, mine.id, blank), undefined, 'nothing to read: nothing said');
      const named = await add(`delivery ${other.id}.jpg`, await receiptScan(facts(mine.id), { seed: 11 }));
      assert.match(
        (await batch.belongsElsewhere(f.profile, mine.id, named)) ?? '',
        /Its name: The name contains the chargeback ID/,
      );
    } finally {
      await ocr.close();
      await f.close();
    }
  },
);
