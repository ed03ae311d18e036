// The outbox's promise: whatever the network, the service or the computer does, each answer
// arrives exactly once and complete.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { startSandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { openHeadless } from '../../../electron/headless.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';

const root = new URL('../../..', import.meta.url).pathname;
const JOBS = 200;

function tinyPdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
}

function runner(home: string, key: string): { child: ReturnType<typeof spawn>; done: Promise<number | null> } {
  const child = spawn(process.execPath, ['--no-warnings', join(root, 'electron/cli.ts'), 'outbox', 'run', '--home', home, '--concurrency', '6'], { env: { ...process.env, DISPUTE_DESK_API_KEY: key }, stdio: 'ignore' });
  return { child, done: new Promise((r) => child.on('exit', (code) => r(code))) };
}

function headless(home: string) {
  const vault = createKeyVault({ keytarLoader: async () => { throw new Error('no keychain in this test'); } });
  return { h: openHeadless({ home, notifier: createRecordingNotifier(), vault }), vault };
}

test(`${JOBS} jobs (a message and 3 documents each), 20% faults, 3 SIGKILLs: exactly one message and the intended documents each`, async () => {
  const sb = await startSandbox({ seed: 31, chargebacks: 1, decisionDelayMs: null, rateLimit: { max: 1_000_000 }, faultRate: 0, slowMs: 300 });
  const home = mkdtempSync(join(tmpdir(), 'dd-outbox-'));
  try {
    const admin = createSandboxAdmin(sb.url, sb.adminToken);
    const { h } = headless(home);
    const profile: Profile = { ...profileDefaults, reminderThresholdDays: [7, 3, 1], id: 'prof_fault', name: 'Shop', deployment: 'test', url: sb.url };
    h.store.profiles.save(profile);
    const expected = new Map<string, Map<string, string>>();
    for (let i = 0; i < JOBS; i++) {
      const cb = await admin.createChargeback();
      const docs = [0, 1, 2].map((k) => {
        const path = join(home, `src-${i}-${k}.pdf`);
        const bytes = tinyPdf(`job ${i} document ${k} ${'x'.repeat(k * 500)}`);
        writeFileSync(path, bytes);
        return { path, name: `evidence-${i}-${k}`, documentType: 'pdf' as const, sha: createHash('sha256').update(bytes).digest('hex') };
      });
      await h.outbox.submit({ profileId: profile.id, chargebackId: cb.id, messageType: 'respond', note: `Evidence for ${cb.id}`, documents: docs });
      expected.set(cb.id, new Map(docs.map((d) => [`${d.name}.pdf`, d.sha])));
    }
    h.close();
    await admin.setFaults({ rate: 0.2, kinds: ['500', 'drop', 'drop-after-write', '429', 'slow'], slowMs: 300 });

    let kills = 0;
    for (let k = 0; k < 3; k++) {
      const r = runner(home, sb.apiKey);
      const at = 400 + Math.floor(Math.random() * 2500);
      const timer = setTimeout(() => r.child.kill('SIGKILL'), at);
      const code = await r.done;
      clearTimeout(timer);
      if (code === null) kills++;
    }
    assert.ok(kills >= 1, 'at least one run was killed mid-way');
    let rounds = 0;
    for (;;) {
      const { h: check } = headless(home);
      const open = check.outbox.list().filter((j) => j.state !== 'done');
      const failed = open.filter((j) => j.state === 'failed');
      check.close();
      assert.deepEqual(failed.map((j) => j.error), [], 'no job failed for good');
      if (open.length === 0) break;
      assert.ok(++rounds < 120, `still ${open.length} jobs open after ${rounds} rounds`);
      await new Promise((r) => setTimeout(r, 700));
      await runner(home, sb.apiKey).done;
    }

    const received = await admin.received();
    let duplicates = 0;
    let missing = 0;
    let messages = 0;
    let documents = 0;
    for (const [cbId, docs] of expected) {
      const got = received.find((r) => r.chargeback === cbId);
      const msgCount = got?.messages.length ?? 0;
      messages += msgCount;
      if (msgCount === 0) missing++;
      if (msgCount > 1) duplicates += msgCount - 1;
      const names = (got?.documents ?? []).map((d) => d.name);
      documents += names.length;
      for (const [name, sha] of docs) {
        const copies = (got?.documents ?? []).filter((d) => d.name === name);
        if (copies.length === 0) missing++;
        if (copies.length > 1) duplicates += copies.length - 1;
        for (const c of copies) assert.equal(c.sha256, sha, `${name} arrived intact`);
      }
      if (names.some((n) => !docs.has(n))) duplicates++;
    }
    console.log(`exactly-once: ${JOBS} chargebacks, ${messages} messages, ${documents} documents, ${duplicates} duplicates, ${missing} missing (after ${kills} kills and ${rounds} extra runs)`);
    assert.equal(duplicates, 0);
    assert.equal(missing, 0);
    assert.equal(messages, JOBS);
    assert.equal(documents, JOBS * 3);
  } finally {
    await sb.close();
    rmSync(home, { recursive: true, force: true });
  }
});

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
    const profile: Profile = { ...profileDefaults, reminderThresholdDays: [7, 3, 1], id: 'prof_off', name: 'Shop', deployment: 'test', url: `http://127.0.0.1:${port}` };
    h.store.profiles.save(profile);
    await vault.setKey(profile.id, key, { sessionOnly: true });
    const doc = join(home, 'receipt.pdf');
    writeFileSync(doc, tinyPdf('receipt'));
    for (const id of ids) await h.outbox.submit({ profileId: profile.id, chargebackId: id, messageType: 'respond', documents: [{ path: doc, name: 'receipt', documentType: 'pdf' }] });
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
        assert.deepEqual(r?.documents.map((d) => d.name), ['receipt.pdf']);
        assert.equal(r?.documents[0]?.sha256, createHash('sha256').update(tinyPdf('receipt')).digest('hex'), 'sent from the outbox copy, though the original was deleted');
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
