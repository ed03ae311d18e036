import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startAlertReceiver } from '../../../electron/sync/alert-receiver.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { syncFixture } from './support.ts';

test('alerts from the sandbox reach the receiver: store updated at once, the chargeback synced, duplicates recognised, bad posts refused', async () => {
  const f = await syncFixture({ seed: 14, chargebacks: 40, alertRetryDelaysMs: [50, 100] });
  const logs: string[] = [];
  const synced: string[] = [];
  const syncs: Array<Promise<void>> = [];
  const receiver = await startAlertReceiver({
    store: f.h.store, profileId: f.profile.id, bindAddress: '127.0.0.1', port: 0, secret: 'a'.repeat(32), headerName: 'X-Alert-Key', headerValue: 'fixed-value',
    log: (l) => logs.push(l),
    onAlert: (event, id, data) => {
      synced.push(id);
      syncs.push(f.h.sync.applyAlert(f.profile.id, event, id, data));
    },
  });
  try {
    await f.h.sync.syncProfile(f.profile.id);
    const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
    await admin.addAlertReceiver({ url: receiver.url, headerName: 'X-Alert-Key', headerValue: 'fixed-value' });
    const fresh = await admin.createChargeback();
    const open = f.h.store.portfolio.listInbox({ profileId: f.profile.id, limit: 1 }).rows[0]!;
    await admin.decide(open.id, 'won');
    const deliveries = await admin.alertDeliveries();
    assert.deepEqual(deliveries.map((d) => d.status), ['delivered', 'delivered']);
    assert.equal(f.h.store.portfolio.getChargeback(f.profile.id, open.id)?.status, 'won', 'the Won alert updated the store at once');
    await Promise.all(syncs);
    assert.ok(f.h.store.portfolio.getChargeback(f.profile.id, fresh.id), 'the Opened alert brought the new chargeback in after its sync');
    assert.deepEqual(synced.sort(), [fresh.id, open.id].sort());
    assert.ok(f.h.store.events.recent(f.profile.id).some((e) => e.kind === 'decision' && e.chargebackId === open.id));

    const body = JSON.stringify({ response: { alert: { disputeId: open.id, disputeStatus: 'Won', subject: 'Dispute notification' }, data: [] } });
    const post = (url: string, headers: Record<string, string>, b = body) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: b });
    const first = await post(receiver.url, { 'X-Alert-Key': 'fixed-value' });
    await Promise.all(syncs);
    assert.deepEqual(await first.json(), { ok: true, duplicate: false });
    assert.deepEqual(await (await post(receiver.url, { 'X-Alert-Key': 'fixed-value' })).json(), { ok: true, duplicate: true });
    assert.equal((await post(receiver.url, {})).status, 401);
    assert.equal((await post(receiver.url, { 'X-Alert-Key': 'wrong-value' })).status, 401);
    assert.equal((await post(receiver.url.replace(/a{32}$/, 'b'.repeat(32)), { 'X-Alert-Key': 'fixed-value' })).status, 404);
    assert.equal((await post(receiver.url, { 'X-Alert-Key': 'fixed-value' }, '{"not": "an alert"}')).status, 400);
    assert.equal((await post(receiver.url, { 'X-Alert-Key': 'fixed-value' }, 'x'.repeat(300 * 1024))).status, 413);
    assert.ok(logs.some((l) => /refused: 401/.test(l)));
    assert.ok(logs.every((l) => !l.includes('a'.repeat(32)) && !l.includes('not": "an alert')), 'no secret and no body in the log');
  } finally {
    await receiver.close();
    await f.close();
  }
});
