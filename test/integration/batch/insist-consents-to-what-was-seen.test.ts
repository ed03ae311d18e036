// Including a held-back packet is a yes to the holds the merchant saw, not to whatever holds it at
// queue time: a hold that appears in between (an answer queued from elsewhere, the reply date
// passing) is asked about again, and nothing is queued for that chargeback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { syncFixture } from '../sync/support.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { createBatchService } from '../../../electron/app/batch/batch-service.ts';
import { scanJpeg } from '../evidence/corpus.ts';
import { withInsist } from '../../../shared/batch.ts';

test('an insisted packet goes with the yes to the holds seen; a hold that came since is asked again', async () => {
  const f = await syncFixture({ seed: 44, chargebacks: 1, faultRate: 0 });
  try {
    const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
    const late = await admin.createChargeback({ total: 4999 });
    const lateToo = await admin.createChargeback({ total: 2500 });
    for (const cb of [late, lateToo]) await admin.modify(cb.id, { reply: 20200101 });
    await f.h.sync.syncProfile(f.profile.id);
    const dir = join(f.home, 'receipts');
    mkdirSync(dir);
    for (const [i, cb] of [late, lateToo].entries())
      await scanJpeg(join(dir, `receipt ${cb.id}.jpg`), { width: 600 + i, height: 800 });

    const batch = createBatchService({ store: f.h.store, evidence: f.h.evidence, outbox: f.h.outbox });
    let plan = await batch.plan(f.profile, [dir]);
    const packets = await batch.review(f.profile, plan);
    for (const p of packets) {
      assert.deepEqual(
        p.holds.map((h) => h.kind),
        ['overdue'],
        `${p.chargebackId} is held back as late`,
      );
      plan = withInsist(plan, p, true);
    }
    // Meanwhile an answer to one of them is queued from elsewhere (another window, the CLI).
    await f.h.outbox.submit({
      profileId: f.profile.id,
      chargebackId: lateToo.id,
      messageType: 'respond',
      note: 'Delivered.',
      sendLate: true,
      documents: [],
    });

    const report = await batch.queue(f.profile, plan);
    const outcome = new Map(report.chargebacks.map((c) => [c.chargebackId, c]));
    assert.equal(outcome.get(late.id)?.outcome, 'queued', 'the late packet the merchant included goes');
    assert.equal(outcome.get(lateToo.id)?.outcome, 'skipped');
    assert.match(outcome.get(lateToo.id)!.reason!, /^Since you included it: .*Review it again to send it anyway\./);
    const jobs = f.h.outbox.list().filter((j) => j.chargebackId === lateToo.id);
    assert.deepEqual(
      jobs.map((j) => j.messageType),
      ['respond'],
      'no second answer was queued unseen',
    );
    const sent = f.h.outbox.list().find((j) => j.chargebackId === late.id && j.messageType === 'respond');
    assert.equal(sent?.sendLate, true, 'the yes to "late" travels with the packet');
  } finally {
    await f.close();
  }
});
