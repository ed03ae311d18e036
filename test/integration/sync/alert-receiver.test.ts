import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startAlertReceiver } from '../../../electron/sync/alert-receiver.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { syncFixture } from './support.ts';

const secret = 'a'.repeat(32);

test(
  'alerts from the sandbox reach the receiver (Opened, Won, Lost): each chargeback ' +
    're-read from the API at once, the change raised, duplicates recognised',
  async () => {
    const f = await syncFixture({ seed: 14, chargebacks: 40, alertRetryDelaysMs: [50, 100] });
    const logs: string[] = [];
    const synced: string[] = [];
    const syncs: Array<Promise<void>> = [];
    const receiver = await startAlertReceiver({
      store: f.h.store,
      profileId: f.profile.id,
      bindAddress: '127.0.0.1',
      port: 0,
      secret,
      headerName: 'X-Alert-Key',
      headerValue: 'fixed-value',
      log: (l) => logs.push(l),
      onAlert: (event, id) => {
        synced.push(id);
        syncs.push(f.h.sync.applyAlert(f.profile.id, event, id));
      },
    });
    try {
      await f.h.sync.syncProfile(f.profile.id);
      const admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
      await admin.addAlertReceiver({ url: receiver.url, headerName: 'X-Alert-Key', headerValue: 'fixed-value' });
      const fresh = await admin.createChargeback();
      const [open, doomed] = f.h.store.portfolio.listWorklist({ profileId: f.profile.id, limit: 2 }).rows;
      assert.ok(open && doomed && open.status === 'open' && doomed.status === 'open');
      await admin.decide(open.id, 'won');
      await admin.decide(doomed.id, 'lost');
      const deliveries = await admin.alertDeliveries();
      assert.deepEqual(
        deliveries.map((d) => [d.event, d.status]),
        [
          ['opened', 'delivered'],
          ['won', 'delivered'],
          ['lost', 'delivered'],
        ],
      );
      await Promise.all(syncs);
      assert.equal(
        f.h.store.portfolio.getChargeback(f.profile.id, open.id)?.status,
        'won',
        'the re-read after the Won alert stored the decision',
      );
      assert.equal(
        f.h.store.portfolio.getChargeback(f.profile.id, doomed.id)?.status,
        'lost',
        'the re-read after the Lost alert stored the decision',
      );
      assert.ok(
        f.h.store.portfolio.getChargeback(f.profile.id, fresh.id),
        'the Opened alert brought the new chargeback in after its sync',
      );
      assert.deepEqual(synced.sort(), [fresh.id, open.id, doomed.id].sort());
      const events = f.h.store.events.recent(f.profile.id);
      assert.ok(events.some((e) => e.kind === 'decision' && e.chargebackId === open.id && /^Won: /.test(e.title)));
      assert.ok(
        events.some(
          (e) =>
            e.kind === 'decision' &&
            e.chargebackId === doomed.id &&
            /^Lost: /.test(e.title) &&
            /decided for the cardholder/.test(e.body),
        ),
      );
      assert.ok(
        f.notifier.shown.some((n) => n.kind === 'decision' && n.chargebackId === doomed.id),
        'the loss was shown',
      );
      assert.ok(logs.includes(`alert received: lost for ${doomed.id}`), logs.join('\n'));
      assert.ok(
        (f.h.store.portfolio.detail(f.profile.id, doomed.id)?.statuses ?? []).some((s) => s.status === 'lost'),
        'the sync after the alert brought its status record',
      );

      const body = JSON.stringify({
        response: { alert: { disputeId: open.id, disputeStatus: 'Won', subject: 'Dispute notification' }, data: [] },
      });
      const post = (url: string, headers: Record<string, string>, b = body) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: b });
      const first = await post(receiver.url, { 'X-Alert-Key': 'fixed-value' });
      await Promise.all(syncs);
      assert.deepEqual(await first.json(), { ok: true, duplicate: false });
      assert.deepEqual(await (await post(receiver.url, { 'X-Alert-Key': 'fixed-value' })).json(), {
        ok: true,
        duplicate: true,
      });
    } finally {
      await receiver.close();
      await f.close();
    }
  },
);

test(
  'refused posts are logged with status and reason ' + 'only: never the body, the secret path or the header',
  async () => {
    const f = await syncFixture({ seed: 16, chargebacks: 5 });
    const logs: string[] = [];
    const handed: string[] = [];
    const receiver = await startAlertReceiver({
      store: f.h.store,
      profileId: f.profile.id,
      bindAddress: '127.0.0.1',
      port: 0,
      secret,
      headerName: 'X-Alert-Key',
      headerValue: 'fixed-value',
      log: (l) => logs.push(l),
      onAlert: (_event, id) => handed.push(id),
    });
    try {
      const marker = 'BODY-MARKER-4242';
      const alert = JSON.stringify({
        response: { alert: { disputeId: 't1_chb_marker', disputeStatus: 'Won', subject: marker }, data: [] },
      });
      const send = (url: string, o: { method?: string; header?: string; body?: string } = {}) =>
        fetch(url, {
          method: o.method ?? 'POST',
          headers: { 'content-type': 'application/json', ...(o.header ? { 'X-Alert-Key': o.header } : {}) },
          ...(o.method === 'GET' ? {} : { body: o.body ?? alert }),
        });
      const wrongPath = `${receiver.url}/${'b'.repeat(32)}`;
      const statuses = [
        (await send(receiver.url, { method: 'GET', header: 'fixed-value' })).status,
        (await send(wrongPath, { header: 'fixed-value' })).status,
        (await send(receiver.url)).status,
        (await send(receiver.url, { header: 'wrong-value' })).status,
        (await send(receiver.url, { header: 'fixed-value', body: `not json ${marker}` })).status,
        (await send(receiver.url, { header: 'fixed-value', body: JSON.stringify({ note: marker }) })).status,
        (await send(receiver.url, { header: 'fixed-value', body: marker.repeat((300 * 1024) / marker.length + 1) }))
          .status,
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
      for (const l of logs)
        for (const secretish of [secret, 'b'.repeat(32), marker, 'fixed-value', 'wrong-value', '/alerts/'])
          assert.ok(!l.includes(secretish), `${l} shows ${secretish}`);
      assert.equal((await send(receiver.url, { header: 'fixed-value' })).status, 200);
      assert.deepEqual(
        logs.at(-1),
        'alert received: won for t1_chb_marker',
        'an accepted alert is logged by event and ID, not by body',
      );
    } finally {
      await receiver.close();
      await f.close();
    }
  },
);

test(
  'a forged alert changes nothing the API does not confirm: a record in ' +
    '`data` for another ID, or a false Won, leaves the open chargeback open',
  async () => {
    const f = await syncFixture({ seed: 18, chargebacks: 12 });
    const handed: Array<Promise<void>> = [];
    const receiver = await startAlertReceiver({
      store: f.h.store,
      profileId: f.profile.id,
      bindAddress: '127.0.0.1',
      port: 0,
      secret,
      onAlert: (event, id) => handed.push(f.h.sync.applyAlert(f.profile.id, event, id).catch(() => undefined)),
    });
    try {
      await f.h.sync.syncProfile(f.profile.id);
      const [open] = f.h.store.portfolio.listWorklist({ profileId: f.profile.id, limit: 1 }).rows;
      assert.ok(open && open.status === 'open');
      const real = f.h.store.portfolio.getChargeback(f.profile.id, open.id)!;
      const forged = {
        ...real,
        status: 'won',
        actionable: '0',
        issued: String(real.issued),
        reply: String(real.reply ?? ''),
      };
      const post = (disputeId: string, data: unknown[]) =>
        fetch(receiver.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Alert-Secret': secret },
          body: JSON.stringify({
            response: { alert: { disputeId, disputeStatus: 'Won', subject: 'Dispute notification' }, data },
          }),
        });
      assert.equal((await post('t1_chb_doesnotexist0000', [forged])).status, 200);
      await Promise.all(handed);
      assert.equal(
        f.h.store.portfolio.getChargeback(f.profile.id, open.id)?.status,
        'open',
        'a record under another ID is not taken',
      );
      assert.equal((await post(open.id, [forged])).status, 200);
      assert.equal((await post(open.id, [])).status, 200);
      await Promise.all(handed);
      const after = f.h.store.portfolio.getChargeback(f.profile.id, open.id)!;
      assert.equal(after.status, 'open', 'the API still says open');
      assert.equal(after.actionable, real.actionable);
      assert.equal(f.h.store.portfolio.getChargeback(f.profile.id, 't1_chb_doesnotexist0000'), undefined);
      assert.ok(
        !f.h.store.events.recent(f.profile.id).some((e) => e.chargebackId === open.id && e.kind === 'decision'),
        'no decision was announced',
      );
    } finally {
      await receiver.close();
      await f.close();
    }
  },
);

test(
  'the secret travels in a header, never in the URL; the receiver ' +
    'listens on loopback unless the merchant chose the network',
  async () => {
    const f = await syncFixture({ seed: 19, chargebacks: 3 });
    const handed: string[] = [];
    const receiver = await startAlertReceiver({
      store: f.h.store,
      profileId: f.profile.id,
      bindAddress: '127.0.0.1',
      port: 0,
      secret,
      onAlert: (_e, id) => handed.push(id),
    });
    try {
      assert.ok(!receiver.url.includes(secret), receiver.url);
      assert.match(receiver.url, /^http:\/\/127\.0\.0\.1:\d+\/alerts$/);
      const body = JSON.stringify({
        response: { alert: { disputeId: 't1_chb_x', disputeStatus: 'Won', subject: 's' }, data: [] },
      });
      const send = (url: string, headers: Record<string, string> = {}) => fetch(url, { method: 'POST', headers, body });
      assert.equal((await send(`${receiver.url}/${secret}`)).status, 404, 'the old secret path is no way in');
      assert.equal((await send(`${receiver.url}?secret=${secret}`)).status, 404);
      assert.equal((await send(receiver.url)).status, 401);
      assert.equal((await send(receiver.url, { 'X-Alert-Secret': secret.slice(1) })).status, 401);
      assert.equal((await send(receiver.url, { 'X-Alert-Secret': secret })).status, 200);
      assert.deepEqual(handed, ['t1_chb_x']);
      for (const bindAddress of ['0.0.0.0', '::', '192.168.1.20']) {
        await assert.rejects(
          startAlertReceiver({
            store: f.h.store,
            profileId: f.profile.id,
            bindAddress,
            port: 0,
            secret,
            onAlert: () => undefined,
          }),
          (e: Error) => e.message.includes(`${bindAddress} is reachable from other computers`),
          bindAddress,
        );
      }
      const wide = await startAlertReceiver({
        store: f.h.store,
        profileId: f.profile.id,
        bindAddress: '0.0.0.0',
        onNetwork: true,
        port: 0,
        secret,
        onAlert: () => undefined,
      });
      await wide.close();
    } finally {
      await receiver.close();
      await f.close();
    }
  },
);
