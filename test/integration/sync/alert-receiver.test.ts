import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startAlertReceiver } from '../../../electron/sync/alert-receiver.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { syncFixture } from './support.ts';

const secret = 'a'.repeat(32);

test('alerts from the sandbox reach the receiver (Opened, Won, Lost): store updated at once, the chargeback synced, the change raised, duplicates recognised', async () => {
  const f = await syncFixture({ seed: 14, chargebacks: 40, alertRetryDelaysMs: [50, 100] });
  const logs: string[] = [];
  const synced: string[] = [];
  const syncs: Array<Promise<void>> = [];
  const receiver = await startAlertReceiver({
    store: f.h.store, profileId: f.profile.id, bindAddress: '127.0.0.1', port: 0, secret, headerName: 'X-Alert-Key', headerValue: 'fixed-value',
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
    const [open, doomed] = f.h.store.portfolio.listInbox({ profileId: f.profile.id, limit: 2 }).rows;
    assert.ok(open && doomed && open.status === 'open' && doomed.status === 'open');
    await admin.decide(open.id, 'won');
    await admin.decide(doomed.id, 'lost');
    const deliveries = await admin.alertDeliveries();
    assert.deepEqual(deliveries.map((d) => [d.event, d.status]), [['opened', 'delivered'], ['won', 'delivered'], ['lost', 'delivered']]);
    assert.equal(f.h.store.portfolio.getChargeback(f.profile.id, open.id)?.status, 'won', 'the Won alert updated the store at once');
    assert.equal(f.h.store.portfolio.getChargeback(f.profile.id, doomed.id)?.status, 'lost', 'the Lost alert (status Closed, no record) updated the store at once');
    await Promise.all(syncs);
    assert.ok(f.h.store.portfolio.getChargeback(f.profile.id, fresh.id), 'the Opened alert brought the new chargeback in after its sync');
    assert.deepEqual(synced.sort(), [fresh.id, open.id, doomed.id].sort());
    const events = f.h.store.events.recent(f.profile.id);
    assert.ok(events.some((e) => e.kind === 'decision' && e.chargebackId === open.id && /^Won: /.test(e.title)));
    assert.ok(events.some((e) => e.kind === 'decision' && e.chargebackId === doomed.id && /^Lost: /.test(e.title) && /decided for the cardholder/.test(e.body)));
    assert.ok(f.notifier.shown.some((n) => n.kind === 'decision' && n.chargebackId === doomed.id), 'the loss was shown');
    assert.ok(logs.includes(`alert received: lost for ${doomed.id}`), logs.join('\n'));
    assert.ok((f.h.store.portfolio.detail(f.profile.id, doomed.id)?.statuses ?? []).some((s) => s.status === 'lost'), 'the sync after the alert brought its status record');

    const body = JSON.stringify({ response: { alert: { disputeId: open.id, disputeStatus: 'Won', subject: 'Dispute notification' }, data: [] } });
    const post = (url: string, headers: Record<string, string>, b = body) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: b });
    const first = await post(receiver.url, { 'X-Alert-Key': 'fixed-value' });
    await Promise.all(syncs);
    assert.deepEqual(await first.json(), { ok: true, duplicate: false });
    assert.deepEqual(await (await post(receiver.url, { 'X-Alert-Key': 'fixed-value' })).json(), { ok: true, duplicate: true });
  } finally {
    await receiver.close();
    await f.close();
  }
});

test('refused posts are logged with status and reason only: never the body, the secret path or the header', async () => {
  const f = await syncFixture({ seed: 16, chargebacks: 5 });
  const logs: string[] = [];
  const handed: string[] = [];
  const receiver = await startAlertReceiver({
    store: f.h.store, profileId: f.profile.id, bindAddress: '127.0.0.1', port: 0, secret, headerName: 'X-Alert-Key', headerValue: 'fixed-value',
    log: (l) => logs.push(l),
    onAlert: (_event, id) => handed.push(id),
  });
  try {
    const marker = 'BODY-MARKER-4242';
    const alert = JSON.stringify({ response: { alert: { disputeId: 't1_chb_marker', disputeStatus: 'Won', subject: marker }, data: [] } });
    const send = (url: string, o: { method?: string; header?: string; body?: string } = {}) =>
      fetch(url, { method: o.method ?? 'POST', headers: { 'content-type': 'application/json', ...(o.header ? { 'X-Alert-Key': o.header } : {}) }, ...(o.method === 'GET' ? {} : { body: o.body ?? alert }) });
    const wrongPath = receiver.url.replace(/a{32}$/, 'b'.repeat(32));
    const statuses = [
      (await send(receiver.url, { method: 'GET', header: 'fixed-value' })).status,
      (await send(wrongPath, { header: 'fixed-value' })).status,
      (await send(receiver.url)).status,
      (await send(receiver.url, { header: 'wrong-value' })).status,
      (await send(receiver.url, { header: 'fixed-value', body: `not json ${marker}` })).status,
      (await send(receiver.url, { header: 'fixed-value', body: JSON.stringify({ note: marker }) })).status,
      (await send(receiver.url, { header: 'fixed-value', body: marker.repeat(300 * 1024 / marker.length + 1) })).status,
    ];
    assert.deepEqual(statuses, [405, 404, 401, 401, 400, 400, 413]);
    assert.deepEqual(handed, [], 'nothing refused was handed on');
    assert.deepEqual(logs, [
      'alert refused: 405 only POST is accepted (GET from 127.0.0.1)',
      'alert refused: 404 unknown path (POST from 127.0.0.1)',
      'alert refused: 401 missing or wrong authentication header (POST from 127.0.0.1)',
      'alert refused: 401 missing or wrong authentication header (POST from 127.0.0.1)',
      'alert refused: 400 not JSON (POST from 127.0.0.1)',
      'alert refused: 400 not an alert payload (POST from 127.0.0.1)',
      'alert refused: 413 body too large (POST from 127.0.0.1)',
    ]);
    for (const l of logs) for (const secretish of [secret, 'b'.repeat(32), marker, 'fixed-value', 'wrong-value', '/alerts/']) assert.ok(!l.includes(secretish), `${l} shows ${secretish}`);
    assert.equal((await send(receiver.url, { header: 'fixed-value' })).status, 200);
    assert.deepEqual(logs.at(-1), 'alert received: won for t1_chb_marker', 'an accepted alert is logged by event and ID, not by body');
  } finally {
    await receiver.close();
    await f.close();
  }
});
