// `dispute-desk batch` as a merchant runs it: every packet's letter printed before anything is
// queued, a decided chargeback held back for good, an overdue one held back unless --include.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin, type SandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import type { OutboxJob } from '../../../shared/outbox.ts';
import { runCli, type CliRun } from './support.ts';
import { receiptCard } from '../../support/receipts.ts';

let sb: Sandbox;
let admin: SandboxAdmin;
let home: string;
const cli = (args: string[]): Promise<CliRun> =>
  runCli([...args, '--home', home], { env: { ...process.env, DISPUTE_DESK_API_KEY: sb.apiKey } });
const receipt = (path: string) =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: '#f4f1ea' } })
    .jpeg({ quality: 80 })
    .toFile(path);

before(async () => {
  sb = await startSandbox({ seed: 41, chargebacks: 0, decisionDelayMs: null, rateLimit: { max: 1_000_000 } });
  admin = createSandboxAdmin(sb.url, sb.adminToken);
  home = mkdtempSync(join(tmpdir(), 'dd-cli-batch-review-'));
  const store = openStore(databaseFile(home));
  const profile: Profile = { ...profileDefaults, id: 'prof_batch', name: 'Shop', deployment: 'test', url: sb.url };
  store.profiles.save(profile);
  store.close();
});
after(async () => {
  await sb.close();
  rmSync(home, { recursive: true, force: true });
});

test('batch prints each letter; a lost chargeback is never queued; an overdue one only with --include', async () => {
  const fine = await admin.createChargeback();
  const lost = await admin.createChargeback();
  const overdue = await admin.createChargeback({ reply: 20200101 });
  await admin.decide(lost.id, 'lost');
  assert.equal((await cli(['sync'])).status, 0);
  const folder = join(home, 'receipts');
  mkdirSync(folder);
  for (const id of [fine.id, lost.id, overdue.id]) await receipt(join(folder, `receipt ${id}.jpg`));

  const dry = await cli(['batch', folder, '--dry-run']);
  assert.equal(dry.status, 0, dry.stderr);
  assert.match(
    dry.stdout,
    new RegExp(`== ${fine.id} \\$49\\.99: will be queued\\n   \\| We respond to chargeback ${fine.id}`),
  );
  assert.match(
    dry.stdout,
    new RegExp(
      `== ${lost.id} \\$49\\.99: cannot be answered\\n   ! This chargeback is ` +
        `lost: the issuer has decided it, and the processor accepts no more responses\\.`,
    ),
  );
  assert.match(
    dry.stdout,
    new RegExp(
      `== ${overdue.id} \\$49\\.99: held back \\(add --include ${overdue.id} ` +
        `to send it anyway\\)\\n   ! The reply date \\(2020-01-01\\) has passed: the processor will likely refuse`,
    ),
  );
  assert.match(
    dry.stdout,
    /1 chargeback would get a packet; 0 file\(s\) wait for you\. 2 held back\.\nDry run: nothing was queued\./,
  );
  assert.doesNotMatch(dry.stdout, /\| .*\[/, 'no letter has a blank');

  const run = await cli(['batch', folder, '--yes', '--include', overdue.id, '--include', lost.id, '--json']);
  assert.equal(run.status, 0, run.stderr);
  const report = (
    JSON.parse(run.stdout) as {
      report: { chargebacks: Array<{ chargebackId: string; outcome: string; reason?: string }> };
    }
  ).report;
  const outcome = new Map(report.chargebacks.map((c) => [c.chargebackId, c]));
  assert.equal(outcome.get(fine.id)?.outcome, 'queued');
  assert.equal(outcome.get(overdue.id)?.outcome, 'queued', 'the merchant insisted');
  assert.equal(outcome.get(lost.id)?.outcome, 'skipped', 'a decided chargeback cannot be insisted on');
  assert.match(outcome.get(lost.id)?.reason ?? '', /is lost: the issuer has decided it/);
  const jobs = JSON.parse((await cli(['outbox', 'list', '--json'])).stdout) as OutboxJob[];
  assert.deepEqual(jobs.map((j) => j.chargebackId).sort(), [fine.id, overdue.id].sort());
  // Insisting is the merchant's yes to sending late: the outbox's guards let it in, and only it.
  const late = new Map(jobs.map((j) => [j.chargebackId, j.sendLate === true]));
  assert.deepEqual([late.get(overdue.id), late.get(fine.id)], [true, false]);
});

test('batch answers a pre-arbitration with the answer its stage takes; --answer changes it, never to one without evidence', async () => {
  const pre = await admin.createChargeback({ cycle: 'preArbitration' });
  assert.equal((await cli(['sync'])).status, 0);
  const folder = join(home, 'pre-arbitration');
  mkdirSync(folder);
  // Photographed lying on its side, named by the merchant with the chargeback it answers.
  const card = await receiptCard(['CORNER SHOP', 'Order #40449', 'Total $144.42'], { turn: 270 });
  writeFileSync(join(folder, `receipt ${pre.id}.jpg`), card);

  const dry = await cli(['batch', folder, '--dry-run', '--json']);
  assert.equal(dry.status, 0, dry.stderr);
  const out = JSON.parse(dry.stdout) as {
    files: Array<{ name: string; read: boolean | null; rotation: number; answer: string | null }>;
    packets: Array<{ chargebackId: string; messageType: string; holds: unknown[] }>;
  };
  // Its name decided (its text was not read), and it is turned upright all the same.
  assert.deepEqual(
    out.files.map((f) => [f.name, f.read, f.rotation, f.answer]),
    [[`receipt ${pre.id}.jpg`, null, 90, 'repsondToPreArbitration']],
  );
  assert.deepEqual(out.packets[0]!.holds, [], 'not held back as unusual at its stage');

  const changed = await cli(['batch', folder, '--dry-run', '--answer', `${pre.id}=requestArbitration`]);
  assert.equal(changed.status, 0, changed.stderr);
  assert.match(changed.stdout, /answered with: Request arbitration \(requestArbitration;/);

  const conceding = await cli(['batch', folder, '--yes', '--answer', `${pre.id}=acceptLiability`]);
  assert.notEqual(conceding.status, 0);
  assert.match(conceding.stdout + conceding.stderr, /cannot carry this packet's files/);
  const jobs = JSON.parse((await cli(['outbox', 'list', '--json'])).stdout) as OutboxJob[];
  assert.ok(!jobs.some((j) => j.chargebackId === pre.id), 'nothing queued for it');
});
