// The answering commands as a merchant runs them: respond, outbox list, outbox run, batch.
// Each runs as its own process against a sandbox in this one, with the key in the environment.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin, type SandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import type { OutboxJob } from '../../../shared/outbox.ts';
import { runCli, type CliRun } from './support.ts';

let sb: Sandbox;
let admin: SandboxAdmin;
let home: string;

function cli(args: string[], o: { input?: string } = {}): Promise<CliRun> {
  return runCli([...args, '--home', home], { env: { ...process.env, DISPUTE_DESK_API_KEY: sb.apiKey }, ...o });
}

async function json<T>(args: string[]): Promise<T> {
  const r = await cli([...args, '--json']);
  assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

const receipt = (path: string, width: number) =>
  sharp({ create: { width, height: 800, channels: 3, background: '#f4f1ea' } })
    .jpeg({ quality: 80 })
    .toFile(path);

before(async () => {
  sb = await startSandbox({ seed: 23, chargebacks: 2, decisionDelayMs: null, rateLimit: { max: 1_000_000 } });
  admin = createSandboxAdmin(sb.url, sb.adminToken);
  home = mkdtempSync(join(tmpdir(), 'dd-cli-outbox-'));
  const store = openStore(databaseFile(home));
  const profile: Profile = {
    ...profileDefaults,
    reminderThresholdDays: [7, 3, 1],
    id: 'prof_cli',
    name: 'Shop',
    deployment: 'test',
    url: sb.url,
  };
  store.profiles.save(profile);
  store.close();
});
after(async () => {
  await sb.close();
  rmSync(home, { recursive: true, force: true });
});

test(
  'respond queues an answer (evidence built to the preset); outbox ' +
    'list shows every job and step; outbox run sends them once',
  async () => {
    const a = await admin.createChargeback();
    const b = await admin.createChargeback();
    const closing = await admin.createChargeback();
    assert.equal((await cli(['sync'])).status, 0);
    const photo = join(home, 'delivery photo.jpg');
    await receipt(photo, 600);

    const queued = await json<{ job: OutboxJob; warnings: string[] }>([
      'respond',
      a.id,
      '--type',
      'respond',
      '--note',
      'Delivered and signed for.',
      '--evidence',
      photo,
    ]);
    assert.equal(queued.job.state, 'queued');
    assert.deepEqual(
      queued.job.steps.map((s) => `${s.kind}:${s.state}`),
      ['document:pending', 'message:pending'],
      'the core API takes the documents first',
    );
    assert.match(queued.job.steps[0]!.name, /\.pdf$/, 'the evidence is built into a PDF packet');
    const packetPages = queued.job.steps[0]!.pages!;
    assert.ok(packetPages >= 2, 'the packet keeps its pages (the cover letter and the photo)');

    const unconfirmed = await cli(['respond', b.id, '--type', 'acceptLiability', '--amount', '49.99']);
    assert.equal(unconfirmed.status, 1);
    assert.match(unconfirmed.stderr, /Accept liability cannot be undone: add --yes to confirm/);
    const conceded = await json<{ job: OutboxJob }>([
      'respond',
      b.id,
      '--type',
      'acceptLiability',
      '--amount',
      '49.99',
      '--yes',
    ]);
    assert.equal(conceded.job.amount, 4999);
    const second = await cli(['respond', b.id, '--type', 'represent', '--yes', '--evidence', photo]);
    assert.equal(second.status, 1, 'a second answer to the same stage needs its own word; --yes is not it');
    assert.match(second.stderr, /add --another-answer/);
    const afterConceding = await cli([
      'respond',
      b.id,
      '--type',
      'represent',
      '--yes',
      '--another-answer',
      '--evidence',
      photo,
    ]);
    assert.equal(afterConceding.status, 0, "represent with evidence is the core API's own pattern");
    const unknown = await cli(['respond', 't1_chb_00000000000000000000000', '--type', 'respond']);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /is not in the local store/);
    const doomed = await json<{ job: OutboxJob }>([
      'respond',
      closing.id,
      '--type',
      'notate',
      '--note',
      'Tracking attached.',
    ]);

    const listed = await json<OutboxJob[]>(['outbox', 'list']);
    const represented = listed.find((j) => j.messageType === 'represent')!;
    assert.deepEqual(
      listed.map((j) => j.id),
      [queued.job.id, conceded.job.id, represented.id, doomed.job.id],
    );
    const text = await cli(['outbox', 'list']);
    assert.equal(text.status, 0);
    assert.doesNotMatch(text.stdout, /document evidence t1_chb_/, 'the packet as the merchant knows it, not its file');
    assert.match(
      text.stdout,
      new RegExp(
        // In the window's Outbox's words.
        `${queued.job.id}  ${a.id}  Respond with evidence  Waiting to send\\n    document Evidence packet ` +
          `\\(${packetPages} pages\\) +Waiting\\n    message  Respond with evidence\\s+Waiting`,
      ),
    );

    await admin.decide(closing.id, 'closed');
    const run = await cli(['outbox', 'run']);
    assert.equal(run.status, 1, 'a failed job makes the run exit 1');
    // The represent after the concession finds the chargeback lost: refused, with the reason.
    assert.match(run.stdout, /^2 done, 2 failed, 0 waiting to be tried again\./);
    assert.match(
      run.stdout,
      new RegExp(`${represented.id}  ${b.id}  Represent  Failed — not sent: Chargeback ${b.id} is lost now`),
    );
    assert.match(
      run.stdout,
      new RegExp(
        `${doomed.job.id}  ${closing.id}  Add a note  Failed — not sent: Chargeback ` +
          `${closing.id} is closed now and no longer accepts responses\\.`,
      ),
    );

    const received = await admin.received();
    const of = (id: string) => received.find((r) => r.chargeback === id);
    assert.deepEqual(
      of(a.id)?.messages.map((m) => [m.type, m.note]),
      [['respond', 'Delivered and signed for.']],
    );
    assert.equal(of(a.id)?.documents.length, 1);
    assert.deepEqual(
      of(b.id)?.messages.map((m) => [m.type, m.amount]),
      [['acceptLiability', 4999]],
    );
    assert.equal(of(closing.id), undefined);

    const rerun = await cli(['outbox', 'run', '--json']);
    assert.equal(rerun.status, 1, 'still 1 while a failed job is there');
    const data = JSON.parse(rerun.stdout) as { done: number; failed: number; waiting: number; jobs: OutboxJob[] };
    assert.deepEqual([data.done, data.failed, data.waiting], [2, 2, 0]);
    assert.equal((await admin.received(a.id))[0]?.messages.length, 1, 'nothing is sent twice');
    const bad = await cli(['outbox', 'run', '--timeout', '0']);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /--timeout is the seconds to wait/);
  },
);

test(
  'batch --dry-run shows the plan and queues nothing; batch ' +
    '--yes queues one packet per chargeback, sent by outbox run',
  async () => {
    const target = await admin.createChargeback();
    assert.equal((await cli(['sync'])).status, 0);
    const folder = join(home, 'receipts');
    mkdirSync(folder);
    await receipt(join(folder, `receipt ${target.id}.jpg`), 610);
    await receipt(join(folder, `signature ${target.id}.jpg`), 620);
    await receipt(join(folder, 'IMG_0042.jpg'), 630);
    const before = (await json<OutboxJob[]>(['outbox', 'list'])).length;

    type Plan = {
      plan: { files: Array<{ name: string; match: { status: string; chargebackId?: string; reason: string } }> };
    };
    const dry = await json<Plan>(['batch', folder, '--dry-run']);
    const byName = new Map(dry.plan.files.map((f) => [f.name, f.match]));
    assert.equal(byName.get(`receipt ${target.id}.jpg`)?.chargebackId, target.id);
    assert.equal(byName.get(`signature ${target.id}.jpg`)?.chargebackId, target.id);
    assert.equal(byName.get('IMG_0042.jpg')?.status, 'unmatched');
    const dryText = await cli(['batch', folder, '--dry-run']);
    assert.match(
      dryText.stdout,
      new RegExp(`✓ receipt ${target.id}\\.jpg → ${target.id}: The name contains the chargeback ID`),
    );
    assert.match(dryText.stdout, /\? IMG_0042\.jpg \[text not read\]: .*Assign it by hand/);
    assert.match(
      dryText.stdout,
      /1 chargeback would get a packet; 1 file\(s\) wait for you\.\nDry run: nothing was queued\./,
    );
    const unconfirmed = await cli(['batch', folder]);
    assert.equal(unconfirmed.status, 1);
    assert.match(unconfirmed.stdout, /Nothing was queued: confirm with --yes\./);
    assert.equal((await json<OutboxJob[]>(['outbox', 'list'])).length, before, 'nothing queued without confirmation');

    const queued = await json<{
      report: {
        chargebacks: Array<{ chargebackId: string; outcome: string; files: string[]; jobId?: string }>;
        files: Array<{ name: string; outcome: string }>;
      };
    }>(['batch', folder, '--yes']);
    assert.deepEqual(
      queued.report.chargebacks.map((c) => [c.chargebackId, c.outcome, c.files.sort()]),
      [[target.id, 'queued', [`receipt ${target.id}.jpg`, `signature ${target.id}.jpg`]]],
    );
    assert.deepEqual(
      queued.report.files.map((f) => [f.name, f.outcome]),
      [['IMG_0042.jpg', 'unmatched']],
    );
    const jobs = await json<OutboxJob[]>(['outbox', 'list']);
    assert.equal(jobs.length, before + 1);
    const job = jobs.find((j) => j.id === queued.report.chargebacks[0]!.jobId)!;
    assert.deepEqual(
      job.steps.map((s) => s.kind),
      ['document', 'message'],
      'one packet for both receipts, before the message',
    );

    await cli(['outbox', 'run']);
    const got = (await admin.received(target.id))[0];
    assert.equal(got?.messages.length, 1);
    assert.equal(got?.documents.length, 1);
    assert.equal((await json<OutboxJob[]>(['outbox', 'list'])).find((j) => j.id === job.id)?.state, 'done');
  },
);
