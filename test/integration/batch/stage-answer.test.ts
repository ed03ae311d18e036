// The answer the stage takes (issue 24): each packet of a batch goes with the answer its
// chargeback's stage takes, by the dispute page's own rule, so pre-arbitration and arbitration
// chargebacks are answered from a batch instead of held back as "unusual"; the merchant can
// change it per packet; an answer that carries no evidence is refused, and nothing is queued.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { syncFixture } from '../sync/support.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { createBatchService } from '../../../electron/app/batch/batch-service.ts';
import { scanJpeg } from '../evidence/corpus.ts';
import { packetAnswers, targetOf, withAnswer } from '../../../shared/batch.ts';

test('packets take the answer of their stage; the merchant changes one; no evidence-less answer goes', async () => {
  const f = await syncFixture({ seed: 43, chargebacks: 1, faultRate: 0 });
  try {
    const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
    const first = await admin.createChargeback({ total: 4999 });
    const preArb = await admin.createChargeback({ total: 2500, cycle: 'preArbitration' });
    const arb = await admin.createChargeback({ total: 1200, cycle: 'arbitration' });
    await f.h.sync.syncProfile(f.profile.id);
    const dir = join(f.home, 'receipts');
    mkdirSync(dir);
    for (const [i, cb] of [first, preArb, arb].entries())
      await scanJpeg(join(dir, `receipt ${cb.id}.jpg`), { width: 600 + i, height: 800 });

    const batch = createBatchService({ store: f.h.store, evidence: f.h.evidence, outbox: f.h.outbox });
    let plan = await batch.plan(f.profile, [dir]);
    const byId = async () => new Map((await batch.review(f.profile, plan)).map((p) => [p.chargebackId, p]));
    let packets = await byId();
    assert.equal(packets.get(first.id)!.messageType, 'respond');
    assert.equal(packets.get(preArb.id)!.messageType, 'repsondToPreArbitration');
    assert.equal(packets.get(arb.id)!.messageType, 'requestArbitration');
    for (const p of packets.values()) assert.deepEqual(p.holds, [], `${p.chargebackId} is not held back`);
    assert.deepEqual(packets.get(preArb.id)!.choices, packetAnswers('preArbitration', '', 'core'));
    assert.ok(!packets.get(preArb.id)!.choices.includes('acceptLiability'), 'only answers that carry evidence');

    // The merchant takes the pre-arbitration to arbitration instead.
    plan = withAnswer(plan, preArb.id, 'requestArbitration');
    packets = await byId();
    assert.equal(packets.get(preArb.id)!.messageType, 'requestArbitration');
    // An answer that carries no documents cannot take a packet of files: refused, not queued.
    const conceding = withAnswer(plan, first.id, 'acceptLiability');
    await assert.rejects(batch.review(f.profile, conceding), /cannot carry this packet's files/);
    const alone = { ...conceding, files: conceding.files.filter((x) => targetOf(x) === first.id) };
    const refused = await batch.queue(f.profile, alone);
    assert.equal(refused.chargebacks[0]!.outcome, 'failed');
    assert.match(refused.chargebacks[0]!.reason!, /cannot carry this packet's files/);
    assert.equal(f.h.outbox.list().length, 0, 'nothing queued');

    const report = await batch.queue(f.profile, plan);
    assert.deepEqual(
      report.chargebacks.map((c) => [c.chargebackId, c.outcome]).sort(),
      [first.id, preArb.id, arb.id].map((id) => [id, 'queued']).sort(),
    );
    const jobs = f.h.outbox.list().filter((j) => report.chargebacks.some((c) => c.jobId === j.id));
    assert.deepEqual(
      jobs.map((j) => [j.chargebackId, j.messageType]).sort(),
      [
        [first.id, 'respond'],
        [preArb.id, 'requestArbitration'],
        [arb.id, 'requestArbitration'],
      ].sort(),
    );
  } finally {
    await f.close();
  }
});
