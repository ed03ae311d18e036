// `respond` interrupted while it builds the evidence (SIGTERM, Ctrl-C's SIGINT) or failing after
// its work folder was made: the command stops (nothing is queued), exits non-zero with the
// reason, and leaves nothing behind. The packet is built in an outbox staging folder
// (<home>/outbox/staging-*), which must go; TMPDIR is a fresh folder per run, so any leftover of
// any other mkdtemp shows too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import type { OutboxJob } from '../../../shared/outbox.ts';
import { scanJpeg } from '../evidence/corpus.ts';
import { runCli } from './support.ts';

const root = new URL('../../..', import.meta.url).pathname;
let sb: Sandbox;
let dir: string;
let home: string;
let scans: string;
let admin: ReturnType<typeof createSandboxAdmin>;

const env = (tmp: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DISPUTE_DESK_API_KEY: sb.apiKey,
  TMPDIR: tmp,
  TMP: tmp,
  TEMP: tmp,
});
const freshTmp = (name: string): string => {
  const t = join(dir, name);
  mkdirSync(t);
  return t;
};

/** Staging folders in the outbox: where a packet is built before its job exists. */
const staging = (): string[] => {
  try {
    return readdirSync(join(home, 'outbox')).filter((n) => n.startsWith('staging-'));
  } catch {
    return [];
  }
};

async function queued(): Promise<OutboxJob[]> {
  const r = await runCli(['outbox', 'list', '--json', '--home', home], { env: env(freshTmp(`list-${Date.now()}`)) });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as OutboxJob[];
}

before(async () => {
  sb = await startSandbox({ seed: 47, chargebacks: 0, decisionDelayMs: null, rateLimit: { max: 1_000_000 } });
  admin = createSandboxAdmin(sb.url, sb.adminToken);
  dir = mkdtempSync(join(tmpdir(), 'dd-cli-interrupt-'));
  home = join(dir, 'home');
  const store = openStore(databaseFile(home));
  const profile: Profile = { ...profileDefaults, id: 'prof_int', name: 'Shop', deployment: 'test', url: sb.url };
  store.profiles.save(profile);
  store.close();
  // Enough large scans that the build takes seconds: the signal lands while it works.
  scans = join(dir, 'scans');
  mkdirSync(scans);
  for (let i = 0; i < 12; i++)
    await scanJpeg(join(scans, `receipt-${i}.jpg`), { width: 2480 + i, height: 3508, density: 300 });
});
after(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A chargeback of its own for each test, synced into the store. */
async function freshChargeback(): Promise<string> {
  const id = (await admin.createChargeback({ total: 4_200, currency: 'USD' })).id;
  const sync = await runCli(['sync', '--home', home], { env: env(freshTmp(`sync-${id}`)) });
  assert.equal(sync.status, 0, sync.stderr);
  return id;
}

/** Starts respond with evidence, waits until its staging folder exists, then signals it. */
async function interrupt(
  chargebackId: string,
  signal: NodeJS.Signals,
  tmp: string,
  again = false,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; msToExit: number }> {
  const child = spawn(
    process.execPath,
    [
      join(root, 'electron/cli-bin.mjs'),
      'respond',
      chargebackId,
      '--type',
      'respond',
      '--note',
      'Delivered and signed for.',
      '--evidence',
      scans,
      '--home',
      home,
    ],
    { env: env(tmp), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, sig) => resolve({ code, signal: sig })),
  );
  let sentAt = 0;
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    if (staging().length > 0) {
      await sleep(300); // well into the build
      sentAt = Date.now();
      child.kill(signal);
      if (again) {
        // A merchant who presses Ctrl-C twice: the second one comes once the first was taken
        // (signals of one kind do not queue), while the work unwinds.
        for (let j = 0; j < 40 && !stderr.includes('stopping'); j++) await sleep(5);
        sentAt = Date.now();
        child.kill(signal);
      }
      break;
    }
    await sleep(25);
  }
  assert.ok(sentAt > 0, `the build's work folder never appeared (exit ${child.exitCode}): ${stderr}`);
  const r = await exited;
  return { ...r, stderr, msToExit: Date.now() - sentAt };
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} during respond's evidence build: stops, queues nothing, leaves no temp folder`, async (t) => {
    const chargebackId = await freshChargeback();
    const tmp = freshTmp(`tmp-${signal}`);
    const r = await interrupt(chargebackId, signal, tmp);
    assert.deepEqual(readdirSync(tmp), [], 'nothing left in the temp folder');
    assert.deepEqual(staging(), [], 'no staging folder left in the outbox');
    assert.equal(r.code, signal === 'SIGTERM' ? 143 : 130, `exit code (signal ${r.signal}); stderr: ${r.stderr}`);
    assert.match(r.stderr, signal === 'SIGTERM' ? /Stopped \(SIGTERM\)/ : /Stopped by Ctrl-C/);
    t.diagnostic(`stopped ${r.msToExit} ms after ${signal}`);
    assert.ok(r.msToExit < 5_000, `stopped ${r.msToExit} ms after the signal`);
    assert.deepEqual(
      (await queued()).filter((j) => j.chargebackId === chargebackId),
      [],
      'an interrupted respond queues nothing',
    );
  });
}

test('Ctrl-C twice during the build quits at once, and still leaves no temp folder', async () => {
  const chargebackId = await freshChargeback();
  const tmp = freshTmp('tmp-twice');
  const r = await interrupt(chargebackId, 'SIGINT', tmp, true);
  assert.deepEqual(readdirSync(tmp), [], 'nothing left in the temp folder');
  assert.deepEqual(staging(), [], 'no staging folder left in the outbox');
  assert.equal(r.code, 130, `exit code (signal ${r.signal}); stderr: ${r.stderr}`);
  assert.ok(r.msToExit < 2_000, `quit ${r.msToExit} ms after the second Ctrl-C`);
  assert.deepEqual(
    (await queued()).filter((j) => j.chargebackId === chargebackId),
    [],
    'nothing queued',
  );
});

test('respond failing after its work folder was made (no usable evidence) leaves no temp folder', async () => {
  const chargebackId = await freshChargeback();
  const tmp = freshTmp('tmp-error');
  const junk = join(dir, 'junk');
  mkdirSync(junk);
  writeFileSync(join(junk, 'receipt.jpg'), 'not a picture at all');
  const r = await runCli(
    ['respond', chargebackId, '--type', 'respond', '--note', 'Delivered.', '--evidence', junk, '--home', home],
    { env: env(tmp) },
  );
  assert.equal(r.status, 1);
  assert.match(r.stderr, /None of the evidence files could be used; nothing was queued/);
  assert.deepEqual(readdirSync(tmp), []);
  assert.deepEqual(staging(), []);
});
