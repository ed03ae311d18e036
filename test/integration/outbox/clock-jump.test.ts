// A computer whose clock jumps ten days ahead never fails a still-open answer for good: the reply
// date is judged on the service's clock (its answers' Date header). Without the service's date, a
// deadline that looks passed only by this computer's clock holds the job back to be checked again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import { createApiClient, type ApiClient } from '../../../electron/api/index.ts';
import { createOutbox } from '../../../electron/outbox/outbox-service.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { addDays, easternToday, ymdToInt } from '../../../shared/domain/dates.ts';

const day = 24 * 60 * 60_000;
const inDays = (n: number): number => ymdToInt(addDays(easternToday(new Date()), n));

async function fixture() {
  const sb = await startSandbox({
    seed: 9,
    chargebacks: 1,
    decisionDelayMs: null,
    rateLimit: { max: 1_000_000 },
    dialect: 'microservice',
  });
  const home = mkdtempSync(join(tmpdir(), 'dd-clock-jump-'));
  const store = openStore(databaseFile(home));
  const profile: Profile = {
    ...profileDefaults,
    reminderThresholdDays: [7],
    id: 'prof_c',
    name: 'Shop',
    deployment: 'microservice',
    url: sb.url,
  };
  store.profiles.save(profile);
  const client = createApiClient({ baseUrl: sb.url, apiKey: sb.apiKey, deployment: 'microservice' });
  const admin = createSandboxAdmin(sb.url, sb.adminToken);
  // This computer's clock, ten days ahead of the world's.
  const outbox = (c: ApiClient) =>
    createOutbox({
      database: store.database,
      home,
      now: () => Date.now() + 10 * day,
      profileOf: (id) => store.profiles.get(id),
      clientFor: async () => c,
      retry: { attempts: 1_000, baseDelayMs: 60_000, maxDelayMs: 60_000 },
    });
  const queue = async (c: ApiClient, reply: number) => {
    const cb = await admin.createChargeback({ reply });
    const o = outbox(c);
    const job = await o.submit({
      profileId: profile.id,
      chargebackId: cb.id,
      messageType: 'respond',
      note: 'Delivered, signed for.',
      documents: [],
    });
    return { o, job, cb };
  };
  return {
    client,
    admin,
    queue,
    async close() {
      store.close();
      await sb.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

test('a clock ten days ahead does not fail an answer due in five days: it is sent', async () => {
  const f = await fixture();
  try {
    const { o, job, cb } = await f.queue(f.client, inDays(5));
    const t0 = Date.now();
    await o.runOnce();
    assert.ok(Date.now() - t0 < 10_000);
    assert.equal(o.get(job.id)?.state, 'done', JSON.stringify(o.get(job.id)));
    assert.equal((await f.admin.received(cb.id))[0]?.messages.length, 1);
  } finally {
    await f.close();
  }
});

test("without the service's date, a deadline passed only by this computer's clock waits, never fails for good", async () => {
  const f = await fixture();
  try {
    const silent: ApiClient = { ...f.client, serviceNow: () => undefined };
    const { o, job, cb } = await f.queue(silent, inDays(5));
    await o.runOnce();
    const held = o.get(job.id)!;
    assert.equal(held.state, 'queued', 'not failed');
    assert.match(held.steps[0]!.lastError ?? '', /By this computer's clock the reply date .* has passed/);
    assert.ok((held.steps[0]!.nextAttemptAt ?? 0) > Date.now() + 10 * day, 'checked again later');
    assert.deepEqual((await f.admin.received(cb.id))[0]?.messages ?? [], [], 'nothing was sent meanwhile');
  } finally {
    await f.close();
  }
});
