// The outbox when the service is unreachable: jobs wait, and go once it is back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { startSandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { headlessWithoutKeychain as headless, tinyPdf } from '../../support/outbox-headless.ts';

test('offline: jobs created with the service down are sent when it comes back', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dd-offline-sb-'));
  const home = mkdtempSync(join(tmpdir(), 'dd-offline-'));
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  try {
    const first = await startSandbox({ dataDir, port, seed: 5, chargebacks: 1, decisionDelayMs: null });
    const admin = createSandboxAdmin(first.url, first.adminToken);
    const ids = [(await admin.createChargeback()).id, (await admin.createChargeback()).id];
    const key = first.apiKey;
    await first.close();

    const { h, vault } = headless(home);
    const profile: Profile = {
      ...profileDefaults,
      reminderThresholdDays: [7, 3, 1],
      id: 'prof_off',
      name: 'Shop',
      deployment: 'test',
      url: `http://127.0.0.1:${port}`,
    };
    h.store.profiles.save(profile);
    await vault.setKey(profile.id, key, { sessionOnly: true });
    const doc = join(home, 'receipt.pdf');
    writeFileSync(doc, tinyPdf('receipt'));
    const documents = [{ path: doc, name: 'receipt', documentType: 'pdf' as const }];
    for (const chargebackId of ids) {
      await h.outbox.submit({ profileId: profile.id, chargebackId, messageType: 'respond', documents });
    }
    rmSync(doc);
    const offline = await h.outbox.runOnce();
    assert.deepEqual(offline, { done: 0, failed: 0, waiting: 2 });
    assert.match(h.outbox.list()[0]!.steps[0]!.lastError ?? '', /Could not reach/);

    const back = await startSandbox({ dataDir, port });
    try {
      for (const j of h.outbox.list()) h.outbox.retry(j.id);
      const online = await h.outbox.runOnce();
      assert.deepEqual(online, { done: 2, failed: 0, waiting: 0 });
      const received = await createSandboxAdmin(back.url, back.adminToken).received();
      for (const id of ids) {
        const r = received.find((x) => x.chargeback === id);
        assert.equal(r?.messages.length, 1);
        assert.deepEqual(
          r?.documents.map((d) => d.name),
          ['receipt.pdf'],
        );
        const sent = createHash('sha256').update(tinyPdf('receipt')).digest('hex');
        assert.equal(r?.documents[0]?.sha256, sent, 'sent from the outbox copy, though the original was deleted');
      }
    } finally {
      h.close();
      await back.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
});
