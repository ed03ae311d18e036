// A queue that outlives its database: an emptied database, or one put back from a copy older than
// the sends, gets its outbox jobs back from their manifests and sends each answer exactly once,
// in both dialects. The sandbox here does not honour request tokens (a test knob), so a second
// send would show as a second record: exactly once is the manifests' doing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import { createApiClient, type ApiClient } from '../../../electron/api/index.ts';
import { createOutbox } from '../../../electron/outbox/outbox-service.ts';
import { describeRecovery } from '../../../electron/store/recovery.ts';
import { openHeadless } from '../../../electron/headless.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { AppError } from '../../../shared/errors.ts';
import type { DialectName } from '../../../shared/domain/dialects.ts';

const pdf = (text: string): Buffer =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\n` +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
  );

const losses: Array<[string, (file: string, copy: string) => void]> = [
  ['emptied (0 bytes, no backup)', (file) => truncateSync(file, 0)],
  ['put back from a copy taken before anything was sent', (file, copy) => copyFileSync(copy, file)],
];

for (const dialect of ['core', 'microservice'] as DialectName[]) {
  for (const [loss, lose] of losses) {
    test(`${dialect}: a database ${loss} rebuilds its queue from the manifests and sends each answer exactly once`, async () => {
      const sb = await startSandbox({
        seed: 5,
        chargebacks: 1,
        decisionDelayMs: null,
        rateLimit: { max: 1_000_000 },
        honourRequestTokens: false,
        dialect,
      });
      const home = mkdtempSync(join(tmpdir(), 'dd-rebuilt-'));
      try {
        const admin = createSandboxAdmin(sb.url, sb.adminToken);
        const deployment = dialect === 'core' ? 'test' : 'microservice';
        const profile: Profile = {
          ...profileDefaults,
          reminderThresholdDays: [7],
          id: 'prof_r',
          name: 'Shop',
          deployment,
          url: sb.url,
        };
        const client = createApiClient({ baseUrl: sb.url, apiKey: sb.apiKey, deployment });
        const file = databaseFile(home);
        let store = openStore(file);
        store.profiles.save(profile);
        const outbox = (c: ApiClient) =>
          createOutbox({
            database: store.database,
            home,
            profileOf: (id) => store.profiles.get(id),
            clientFor: async () => c,
            retry: { attempts: 1_000, baseDelayMs: 1, maxDelayMs: 1 },
          });
        const receipt = join(home, 'receipt.pdf');
        writeFileSync(receipt, pdf('receipt'));
        const [a, b, c] = await Promise.all([
          admin.createChargeback(),
          admin.createChargeback(),
          admin.createChargeback(),
        ]);
        const submit = (chargebackId: string, withDocument: boolean) =>
          outbox(client).submit({
            profileId: profile.id,
            chargebackId,
            messageType: 'respond',
            note: 'Delivered, signed for.',
            documents: withDocument ? [{ path: receipt, name: 'receipt', documentType: 'pdf' }] : [],
          });
        // Sent in full; sent, but the answer to its message lost (a crash: its outcome unknown);
        // not sent at all.
        const sent = await submit(a!.id, true);
        const lost = await submit(b!.id, true);
        const waiting = await submit(c!.id, false);
        const copy = join(home, 'older-copy.db');
        store.database.db.exec(`VACUUM INTO '${copy}'`);

        const first = outbox(client);
        first.pause(lost.id);
        first.pause(waiting.id);
        await first.runOnce();
        first.resume(lost.id);
        let messageLost = false;
        const losing: ApiClient = {
          ...client,
          async sendMessage(m, o) {
            const out = await client.sendMessage(m, o);
            if (m.chargeback !== b!.id) return out;
            messageLost = true;
            throw new AppError('network', 'The connection dropped before the answer came.');
          },
        };
        const second = outbox(losing);
        // Only the job whose message is to be lost: the third waits for the rebuilt database.
        await second.runOnce();
        second.resume(waiting.id);
        assert.ok(messageLost, 'the message to b went, and its answer was lost');
        assert.equal(store.database.db.prepare('SELECT 1 FROM outbox_jobs').all().length, 3);
        const manifest = (id: string) =>
          JSON.parse(readFileSync(join(home, 'outbox', id, 'job.json'), 'utf8')) as {
            job: { state: string; steps: Array<{ kind: string; state: string }> };
          };
        assert.equal(manifest(sent.id).job.state, 'done', 'an ended job keeps its manifest, saying so');
        assert.ok(
          manifest(lost.id).job.steps.some((s) => s.kind === 'message' && s.state === 'unknown'),
          'the manifest knows the message may have gone',
        );
        store.close();
        for (const suffix of ['-wal', '-shm']) rmSync(file + suffix, { force: true });
        rmSync(join(home, 'backups'), { recursive: true, force: true });
        lose(file, copy);

        store = openStore(file);
        const recovery = store.database.recovery;
        assert.ok(recovery, 'the open says what it did');
        assert.match(describeRecovery(recovery), /Answers put back in the outbox from their own files/);
        for (const job of [lost, waiting]) assert.match(describeRecovery(recovery), new RegExp(job.id));
        const t0 = Date.now();
        const rebuilt = outbox(client);
        await rebuilt.runOnce();
        assert.ok(Date.now() - t0 < 15_000, 'sent within 15 s');
        for (const job of [sent, lost, waiting]) assert.equal(rebuilt.get(job.id)?.state, 'done', `${job.id} is done`);
        const received = async (id: string) => (await admin.received(id))[0] ?? { messages: [], documents: [] };
        for (const [cb, documents] of [
          [a!.id, 1],
          [b!.id, 1],
          [c!.id, 0],
        ] as const) {
          const got = await received(cb);
          assert.equal(got.messages.length, 1, `one message for ${cb}`);
          assert.equal(got.documents.length, documents, `${documents} document(s) for ${cb}`);
        }
        store.close();
      } finally {
        await sb.close();
        rmSync(home, { recursive: true, force: true });
      }
    });
  }
}

test("a removed profile's queued answers go with it: no manifest brings them back at the next open", async () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-removed-profile-'));
  const open = () =>
    openHeadless({
      home,
      notifier: createRecordingNotifier(),
      vault: createKeyVault({
        keytarLoader: async () => {
          throw new Error('no keychain here');
        },
      }),
    });
  try {
    let h = open();
    for (const [id, name] of [
      ['prof_gone', 'Closed shop'],
      ['prof_kept', 'Open shop'],
    ] as const)
      h.store.profiles.save({
        ...profileDefaults,
        reminderThresholdDays: [7],
        id,
        name,
        deployment: 'core',
        url: 'https://api.example.com',
      });
    const submit = (profileId: string) =>
      h.outbox.submit({
        profileId,
        chargebackId: `t1_chb_${profileId}`,
        messageType: 'respond',
        note: 'Delivered.',
        documents: [],
      });
    const gone = await submit('prof_gone');
    const kept = await submit('prof_kept');
    await h.profiles.remove('prof_gone');
    assert.equal(existsSync(join(home, 'outbox', gone.id)), false, "the removed profile's job folder went");
    h.close();
    h = open();
    try {
      assert.equal(h.store.database.recovery, undefined, 'nothing to rebuild');
      assert.deepEqual(
        h.store.profiles.list().map((p) => p.name),
        ['Open shop'],
      );
      assert.deepEqual(
        h.outbox.list().map((j) => j.id),
        [kept.id],
      );
    } finally {
      h.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a manifest that cannot be read is named once, kept, and never queued', async () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-bad-manifest-'));
  try {
    const file = databaseFile(home);
    let store = openStore(file);
    store.profiles.save({
      ...profileDefaults,
      reminderThresholdDays: [7],
      id: 'prof_m',
      name: 'Shop',
      deployment: 'core',
      url: 'https://api.example.com',
    });
    const job = await createOutbox({
      database: store.database,
      home,
      profileOf: (id) => store.profiles.get(id),
      clientFor: async () => {
        throw new AppError('network', 'No connection in this test.');
      },
    }).submit({
      profileId: 'prof_m',
      chargebackId: 't1_chb_m',
      messageType: 'respond',
      note: 'Delivered.',
      documents: [],
    });
    store.database.db.prepare('DELETE FROM outbox_jobs').run();
    store.close();
    writeFileSync(join(home, 'outbox', job.id, 'job.json'), '{"version": 1, "job": "half a rec');
    store = openStore(file);
    try {
      const said = describeRecovery(store.database.recovery!);
      assert.match(
        said,
        new RegExp(`Not queued: the answer in .*${job.id} could not be read back: its record .* cannot be read`),
      );
      assert.equal(store.database.db.prepare('SELECT count(*) AS n FROM outbox_jobs').get()!.n, 0);
    } finally {
      store.close();
    }
    assert.ok(existsSync(join(home, 'outbox', job.id, 'job.json.unreadable')), 'kept');
    store = openStore(file);
    assert.equal(store.database.recovery, undefined, 'said once');
    store.close();
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a manifest that reads but does not fit together is reported; the database still opens and the rest is rebuilt', async () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-odd-manifest-'));
  try {
    const file = databaseFile(home);
    let store = openStore(file);
    store.profiles.save({
      ...profileDefaults,
      reminderThresholdDays: [7],
      id: 'prof_m',
      name: 'Shop',
      deployment: 'core',
      url: 'https://api.example.com',
    });
    const outbox = createOutbox({
      database: store.database,
      home,
      profileOf: (id) => store.profiles.get(id),
      clientFor: async () => {
        throw new AppError('network', 'No connection in this test.');
      },
    });
    const submit = (chargebackId: string) =>
      outbox.submit({ profileId: 'prof_m', chargebackId, messageType: 'respond', note: 'Delivered.', documents: [] });
    const odd = await submit('t1_chb_odd');
    const fine = await submit('t1_chb_fine');
    store.database.db.prepare('DELETE FROM outbox_jobs').run();
    store.close();
    // Its steps name a file position the record does not hold.
    const oddPath = join(home, 'outbox', odd.id, 'job.json');
    const manifest = JSON.parse(readFileSync(oddPath, 'utf8')) as { files: unknown[] };
    manifest.files = [];
    writeFileSync(oddPath, JSON.stringify(manifest));
    store = openStore(file);
    try {
      const jobs = store.database.db.prepare('SELECT id FROM outbox_jobs').all() as Array<{ id: string }>;
      assert.deepEqual(
        jobs.map((j) => j.id),
        [fine.id],
        'the answer whose record fits is back in the queue',
      );
      assert.match(
        describeRecovery(store.database.recovery!),
        new RegExp(`${odd.id} could not be read back: could not be put back`),
      );
    } finally {
      store.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
