import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { syncFixture } from '../sync/support.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { createBatchService } from '../../../electron/app/batch/batch-service.ts';
import { scanJpeg } from '../evidence/corpus.ts';
import { formatYmd } from '../../../shared/domain/dates.ts';
import { minorToMajor } from '../../../shared/domain/money.ts';
import { worklistQueryOf } from '../../../electron/views/worklist-query.ts';

test(
  'a folder of receipts: matched by each rule, one ambiguous, ' +
    'one unmatched, one refused; review, assign, queue, send, report',
  async () => {
    const f = await syncFixture({ seed: 41, chargebacks: 5, faultRate: 0 });
    try {
      const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
      const a = await admin.createChargeback({ total: 4999, ref: 'R1112223' });
      const b = await admin.createChargeback({ total: 1500 });
      const twinA = await admin.createChargeback({ total: 777, issued: 20250301 });
      const twinB = await admin.createChargeback({ total: 777, issued: 20250301 });
      const closed = await admin.createChargeback();
      await admin.decide(closed.id, 'lost');
      await f.h.sync.syncProfile(f.profile.id);
      const bTotal = minorToMajor(1500, 'USD').toFixed(2);
      const bDate = formatYmd(f.h.store.portfolio.getChargeback(f.profile.id, b.id)!.issued);

      const dir = join(f.home, 'receipts');
      mkdirSync(dir);
      const make = async (name: string, n: number) => {
        await scanJpeg(join(dir, name), { width: 600 + n, height: 800 });
      };
      await make(`receipt ${a.id}.jpg`, 1);
      await make(`invoice R1112223.jpg`, 2);
      await make(`${bDate} ${bTotal}.jpg`, 3);
      await make(`2025-03-01 7.77.jpg`, 4);
      await make(`IMG_0042.jpg`, 5);
      await make(`closed ${closed.id}.jpg`, 6);
      writeFileSync(join(dir, '.hidden receipt.jpg'), 'hidden');
      writeFileSync(
        join(dir, 'notes.docx'),
        Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('word/document.xml')]),
      );

      const batch = createBatchService({ store: f.h.store, evidence: f.h.evidence, outbox: f.h.outbox });
      let plan = await batch.plan(f.profile, [dir]);
      const status = (name: string) => plan.files.find((x) => x.name === name)!.match;
      assert.equal(status(`receipt ${a.id}.jpg`).status, 'matched');
      assert.equal((status('invoice R1112223.jpg') as { chargebackId?: string }).chargebackId, a.id);
      assert.equal((status(`${bDate} ${bTotal}.jpg`) as { chargebackId?: string }).chargebackId, b.id);
      assert.equal(status('2025-03-01 7.77.jpg').status, 'ambiguous');
      assert.deepEqual(
        (status('2025-03-01 7.77.jpg') as { candidates: string[] }).candidates.sort(),
        [twinA.id, twinB.id].sort(),
      );
      assert.equal(status('IMG_0042.jpg').status, 'unmatched');
      assert.equal(status('notes.docx').status, 'refused');
      assert.equal(status('.hidden receipt.jpg').status, 'skipped', 'a hidden file is passed over, with its reason');
      assert.throws(() => batch.assign(plan, '.hidden receipt.jpg', a.id), /not an assignable file/);
      assert.equal(f.h.outbox.list().length, 0, 'nothing is queued before the merchant confirms');

      plan = batch.assign(plan, '2025-03-01 7.77.jpg', twinB.id);
      assert.throws(() => batch.assign(plan, 'notes.docx', a.id), /not an assignable file/);
      const report = await batch.queue(f.profile, plan);
      const byCb = new Map(report.chargebacks.map((c) => [c.chargebackId, c]));
      assert.equal(byCb.get(a.id)?.outcome, 'queued');
      assert.deepEqual(
        byCb.get(a.id)?.files.sort(),
        ['invoice R1112223.jpg', `receipt ${a.id}.jpg`].sort(),
        'one packet per chargeback',
      );
      assert.equal(byCb.get(b.id)?.outcome, 'queued');
      assert.equal(byCb.get(twinB.id)?.outcome, 'queued');
      assert.equal(byCb.get(closed.id)?.outcome, 'skipped');
      assert.match(
        byCb.get(closed.id)?.reason ?? '',
        /is lost: the issuer has decided it, and the processor accepts no more responses/,
      );
      assert.deepEqual(report.files.map((x) => `${x.name}:${x.outcome}`).sort(), [
        '.hidden receipt.jpg:skipped',
        'IMG_0042.jpg:unmatched',
        'notes.docx:refused',
      ]);
      // After the batch nothing can be assigned on its screen: the report says what still can be done.
      const unplaced = report.files.find((x) => x.name === 'IMG_0042.jpg')!;
      assert.doesNotMatch(unplaced.reason, /Assign it by hand/, 'the walk: the report repeated the review');
      assert.match(unplaced.reason, /add it from its chargeback's own page, or run a batch again with it\.$/);

      const sent = await f.h.outbox.runOnce();
      assert.deepEqual(sent, { done: 3, failed: 0, waiting: 0 });
      const received = await admin.received();
      for (const id of [a.id, b.id, twinB.id]) {
        const r = received.find((x) => x.chargeback === id);
        assert.equal(r?.messages.length, 1);
        assert.equal(r?.documents.length, 1);
        assert.match(r!.documents[0]!.name, /^evidence t1_chb_.*\.pdf$/);
      }
      assert.equal(
        received.find((x) => x.chargeback === twinA.id),
        undefined,
      );
    } finally {
      await f.close();
    }
  },
);

test('same file names in subfolders stay separate rows; a match can be changed or left out', async () => {
  const f = await syncFixture({ seed: 43, chargebacks: 2, faultRate: 0 });
  try {
    const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
    const a = await admin.createChargeback({ total: 1200 });
    const b = await admin.createChargeback({ total: 3400 });
    await f.h.sync.syncProfile(f.profile.id);
    const dir = join(f.home, 'receipts');
    mkdirSync(join(dir, 'jan'), { recursive: true });
    mkdirSync(join(dir, 'feb'), { recursive: true });
    await scanJpeg(join(dir, 'jan', `${a.id}.jpg`), { width: 610, height: 800 });
    await scanJpeg(join(dir, 'feb', `${a.id}.jpg`), { width: 620, height: 800 });
    const batch = createBatchService({ store: f.h.store, evidence: f.h.evidence, outbox: f.h.outbox });
    let plan = await batch.plan(f.profile, [dir]);
    const names = plan.files.map((x) => x.name).sort();
    assert.deepEqual(names, [`${a.id} (copy 2).jpg`, `${a.id}.jpg`], 'two rows, two names');
    assert.ok(
      plan.files.every((x) => x.match.status === 'matched'),
      'both were matched on their original names',
    );
    // One goes to another chargeback, the other is left out: neither choice touches the other row.
    plan = batch.assign(plan, `${a.id}.jpg`, b.id);
    plan = batch.assign(plan, `${a.id} (copy 2).jpg`, undefined, true);
    assert.deepEqual(plan.files.map((x) => [x.name, x.assigned ?? null, x.leftOut ?? false]).sort(), [
      [`${a.id} (copy 2).jpg`, null, true],
      [`${a.id}.jpg`, b.id, false],
    ]);
    const report = await batch.queue(f.profile, plan);
    assert.deepEqual(
      report.chargebacks.map((c) => [c.chargebackId, c.outcome, c.files]),
      [[b.id, 'queued', [`${a.id}.jpg`]]],
    );
    assert.deepEqual(
      report.files.map((x) => [x.name, x.outcome]),
      [[`${a.id} (copy 2).jpg`, 'left out']],
    );
  } finally {
    await f.close();
  }
});

test("each chargeback beside a scan counts to the inbox row's send-by date, the profile's buffer before the reply date", async () => {
  const f = await syncFixture({ seed: 44, chargebacks: 30, faultRate: 0 });
  try {
    // A buffer of its own (not the deployment's default of 5): the batch must read the profile's.
    f.h.store.profiles.save({ ...f.profile, sendByBusinessDays: 3 });
    await f.h.sync.syncProfile(f.profile.id);
    const now = new Date();
    const batch = createBatchService({ store: f.h.store, evidence: f.h.evidence, outbox: f.h.outbox, now: () => now });
    const rows = f.h.store.portfolio.worklistAll(worklistQueryOf(f.h, { profileId: f.profile.id, now }));
    const listed = new Map(batch.chargebacks(f.profile.id).map((c) => [c.id, c]));
    const open = rows.filter((r) => r.status === 'open' && r.reply !== null);
    assert.ok(open.length > 5, 'open chargebacks with a reply date to compare');
    for (const r of open) {
      const c = listed.get(r.id)!;
      assert.deepEqual(
        [c.reply, c.daysLeft, c.sendBy, c.sendByDaysLeft],
        [r.reply, r.daysLeft, r.sendBy, r.sendByDaysLeft],
        `${r.id}: the walk's "45 days left" beside the inbox's "39 days to send"`,
      );
      assert.notEqual(c.sendBy, c.reply, 'three business days before the reply date');
    }
  } finally {
    await f.close();
  }
});
