// A batch reads the folder the merchant chose and nothing beyond it: a link to a folder or file
// elsewhere (someone else's receipts, a tax return) and a pipe are each listed as skipped by
// name, never matched or queued; the receipts inside go on to their chargebacks. Bound: the plan
// is made within 20 s (a pipe once hung the import for ever).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { syncFixture } from '../sync/support.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { createBatchService } from '../../../electron/app/batch/batch-service.ts';
import { scanJpeg } from '../evidence/corpus.ts';

test(
  'a batch folder with links leading outside it and a pipe: each skipped by name, nothing from ' +
    'outside matched or queued, the receipt inside queued',
  { timeout: 60_000, skip: process.platform === 'win32' && 'no mkfifo' },
  async () => {
    const f = await syncFixture({ seed: 7, chargebacks: 2, faultRate: 0 });
    try {
      const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
      const inside = await admin.createChargeback({ total: 2500 });
      const outside = await admin.createChargeback({ total: 3100 });
      await f.h.sync.syncProfile(f.profile.id);

      const dir = join(f.home, 'receipts');
      const elsewhere = join(f.home, 'elsewhere');
      mkdirSync(dir);
      mkdirSync(elsewhere);
      await scanJpeg(join(dir, `receipt ${inside.id}.jpg`), { width: 600, height: 800 });
      await scanJpeg(join(elsewhere, `receipt ${outside.id}.jpg`), { width: 610, height: 800 });
      await scanJpeg(join(f.home, `tax return ${outside.id}.jpg`), { width: 620, height: 800 });
      symlinkSync(elsewhere, join(dir, 'shortcut'));
      symlinkSync(join(f.home, `tax return ${outside.id}.jpg`), join(dir, `linked ${outside.id}.jpg`));
      execFileSync('mkfifo', [join(dir, `pipe ${outside.id}.jpg`)]);

      const batch = createBatchService({ store: f.h.store, evidence: f.h.evidence, outbox: f.h.outbox });
      const started = performance.now();
      const plan = await batch.plan(f.profile, [dir]);
      assert.ok(performance.now() - started < 20_000);
      const row = (name: string) => plan.files.find((x) => x.name === name)?.match;
      assert.equal(row(`receipt ${inside.id}.jpg`)?.status, 'matched');
      for (const [name, why] of [
        ['shortcut', /^shortcut is a link to a place outside the folder being added and was skipped/],
        [`linked ${outside.id}.jpg`, /is a link to a place outside the folder being added and was skipped/],
        [`pipe ${outside.id}.jpg`, /is a pipe between programs, not a file, and was skipped/],
      ] as const) {
        const m = row(name);
        assert.equal(m?.status, 'skipped', `${name}: ${JSON.stringify(m)}`);
        assert.match((m as { reason: string }).reason, why);
      }
      assert.equal(row(`receipt ${outside.id}.jpg`), undefined, 'nothing from the linked folder is listed');
      assert.equal(row(`tax return ${outside.id}.jpg`), undefined);

      const report = await batch.queue(f.profile, plan);
      assert.deepEqual(
        report.chargebacks.filter((c) => c.outcome === 'queued').map((c) => c.chargebackId),
        [inside.id],
      );
      assert.equal(f.h.outbox.list().length, 1, 'one answer queued, for the receipt inside the folder');
      assert.equal((await f.h.evidence.list()).length, 1, 'only the receipt inside was stored');
    } finally {
      await f.close();
    }
  },
);
