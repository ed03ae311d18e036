// "Sync now" pressed while a pass runs (or the schedule's pass running when a decision comes) must
// bring what the service holds now. Joining the running pass gave back a report whose chargebacks
// were read before the change: the window kept showing a decided chargeback as open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { syncFixture } from './support.ts';

test('a sync asked for while a pass runs brings a decision made after that pass read the chargebacks', async () => {
  const f = await syncFixture({ seed: 5, chargebacks: 30 });
  try {
    const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
    await f.h.sync.syncProfile(f.profile.id);
    const open = f.h.store.portfolio
      .listWorklist({ profileId: f.profile.id, status: 'open', offset: 0, limit: 100 })
      .rows.find((r) => r.actionable);
    assert.ok(open, 'an open chargeback to decide');

    // The running pass has read the chargebacks when the issuer decides; then Sync now is asked.
    let asked: Promise<unknown> | undefined;
    const off = f.h.sync.onProgress((p) => {
      if (asked || p.phase === 'chargebacks') return;
      asked = admin.decide(open.id, 'won').then(() => f.h.sync.syncProfile(f.profile.id));
    });
    const first = f.h.sync.syncProfile(f.profile.id);
    await first;
    assert.ok(asked, 'the pass went past its chargebacks phase');
    await asked;
    off();
    assert.equal(f.h.store.portfolio.getChargeback(f.profile.id, open.id)?.status, 'won');
  } finally {
    await f.close();
  }
});
