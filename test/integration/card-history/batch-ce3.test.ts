// Batch builds the packet `respond` builds (issue 22): a qualifying Visa 10.4 chargeback's packet,
// queued from a folder of receipts, holds the Compelling Evidence 3.0 exhibit and the letter's
// paragraph naming both earlier purchases; a too-recent one's packet claims nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { syncFixture } from '../sync/support.ts';
import { cardHistoryScenarios } from '../../../electron/sandbox/index.ts';
import { createBatchService } from '../../../electron/app/batch/batch-service.ts';
import { scanJpeg } from '../evidence/corpus.ts';
import { readPdf } from '../evidence/pdf-read.ts';

test('batch: the qualifying chargeback gets the CE 3.0 exhibit and paragraph, the too-recent one nothing', async () => {
  const f = await syncFixture({ seed: 47, chargebacks: 1, cardHistories: true });
  try {
    const sc = cardHistoryScenarios(f.sb);
    await f.h.sync.syncProfile(f.profile.id);
    const dir = join(f.home, 'receipts');
    mkdirSync(dir);
    for (const [i, name] of (['qualifies', 'tooRecent'] as const).entries())
      await scanJpeg(join(dir, `receipt ${sc[name].chargeback}.jpg`), { width: 600 + i, height: 800 });

    const batch = createBatchService({
      store: f.h.store,
      evidence: f.h.evidence,
      outbox: f.h.outbox,
      packets: f.h.packets,
    });
    const plan = await batch.plan(f.profile, [dir]);
    // The review shows each packet's letter as it will be sent.
    const reviewed = await batch.review(f.profile, plan);
    const review = reviewed.find((p) => p.chargebackId === sc.qualifies.chargeback);
    assert.match(review?.letter ?? '', /Exhibit 2 \(Visa Compelling Evidence 3\.0\)/);
    assert.doesNotMatch(reviewed.find((p) => p.chargebackId === sc.tooRecent.chargeback)?.letter ?? '', /Compelling/);
    const report = await batch.queue(f.profile, plan);
    const textOf = async (chargeback: string): Promise<string> => {
      const entry = report.chargebacks.find((c) => c.chargebackId === chargeback);
      assert.equal(entry?.outcome, 'queued', JSON.stringify(entry));
      const folder = join(f.home, 'outbox', entry!.jobId!);
      const pages = await Promise.all(
        readdirSync(folder)
          .filter((n) => n.endsWith('.pdf'))
          .map((n) => readPdf(join(folder, n))),
      );
      return pages
        .flat()
        .map((p) => p.plain)
        .join('\n');
    };

    const qualifying = await textOf(sc.qualifies.chargeback);
    assert.match(qualifying, /Visa Compelling Evidence 3\.0: earlier undisputed purchases on the same card/);
    assert.match(qualifying, /Exhibit \d+ \(Visa Compelling Evidence 3\.0\)/);
    for (const id of sc.qualifies.priors) assert.ok(qualifying.split(id).length - 1 >= 2, `${id}: letter and exhibit`);

    const recent = await textOf(sc.tooRecent.chargeback);
    assert.doesNotMatch(recent, /Compelling Evidence/);
  } finally {
    await f.close();
  }
});
