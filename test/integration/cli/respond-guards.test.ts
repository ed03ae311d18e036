// A merchant's mistakes with `respond`, as their shell runs it: an amount beyond what is disputed,
// in the wrong form, or on a type that carries none. Each exits non-zero with the reason and
// leaves the outbox as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin, type SandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import type { OutboxJob } from '../../../shared/outbox.ts';
import { runCli, type CliRun } from './support.ts';

let sb: Sandbox;
let admin: SandboxAdmin;
let home: string;

function cli(args: string[]): Promise<CliRun> {
  return runCli([...args, '--home', home], { env: { ...process.env, DISPUTE_DESK_API_KEY: sb.apiKey } });
}

async function queued(): Promise<OutboxJob[]> {
  const r = await cli(['outbox', 'list', '--json']);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as OutboxJob[];
}

before(async () => {
  sb = await startSandbox({ seed: 31, chargebacks: 0, decisionDelayMs: null, rateLimit: { max: 1_000_000 } });
  admin = createSandboxAdmin(sb.url, sb.adminToken);
  home = mkdtempSync(join(tmpdir(), 'dd-cli-guards-'));
  const store = openStore(databaseFile(home));
  const profile: Profile = { ...profileDefaults, id: 'prof_guard', name: 'Shop', deployment: 'test', url: sb.url };
  store.profiles.save(profile);
  store.close();
});
after(async () => {
  await sb.close();
  rmSync(home, { recursive: true, force: true });
});

test(
  'respond --type acceptLiability --amount 999999 --yes ' + 'on a $727.45 chargeback is refused; nothing is queued',
  async () => {
    const cb = await admin.createChargeback({ total: 72_745, currency: 'USD' });
    assert.equal((await cli(['sync'])).status, 0);

    const over = await cli(['respond', cb.id, '--type', 'acceptLiability', '--amount', '999999', '--yes']);
    assert.equal(over.status, 1);
    assert.match(
      over.stderr,
      /--amount: \$999,999\.00 is more than the \$727\.45 disputed: you can concede at most \$727\.45\./,
    );
    const penny = await cli(['respond', cb.id, '--type', 'acceptLiability', '--amount', '727.46', '--yes']);
    assert.equal(penny.status, 1, 'one cent over is over');
    const mistakes: Array<[string[], RegExp]> = [
      [['--amount', '0', '--yes'], /more than zero/],
      [['--amount=-5', '--yes'], /more than zero/],
      [
        ['--amount', '7.455', '--yes'],
        /"7\.455" is not an amount in USD: write it like 727\.45, with at most 2 decimals/,
      ],
      [['--amount', 'all', '--yes'], /not an amount in USD/],
      [['--yes'], /Accept liability needs --amount \(the amount conceded, in USD; at most 727\.45\)/],
    ];
    for (const [extra, reason] of mistakes) {
      const r = await cli(['respond', cb.id, '--type', 'acceptLiability', ...extra]);
      assert.equal(r.status, 1, extra.join(' '));
      assert.match(r.stderr, reason, extra.join(' '));
    }
    const noted = await cli(['respond', cb.id, '--type', 'notate', '--note', 'hi', '--amount', '5']);
    assert.equal(noted.status, 1);
    assert.match(noted.stderr, /Add a note carries no amount; only accepting liability concedes money/);
    assert.deepEqual(await queued(), [], 'no mistake queued anything');

    const unconfirmed = await cli(['respond', cb.id, '--type', 'acceptLiability', '--amount', '727.45']);
    assert.equal(unconfirmed.status, 1);
    assert.match(
      unconfirmed.stderr,
      /cannot be undone: add --yes to confirm\. You concede \$727\.45 \(USD\), the whole amount disputed\./,
    );

    const ok = await cli(['respond', cb.id, '--type', 'acceptLiability', '--amount', '700', '--yes']);
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /You concede \$700\.00 \(USD\) of the \$727\.45 disputed\. The cardholder keeps it/);
    const jobs = await queued();
    assert.deepEqual(
      jobs.map((j) => [j.messageType, j.amount, j.currency]),
      [['acceptLiability', 70_000, 'USD']],
    );
  },
);

test(
  'a second answer to the same stage is refused (exit 1, nothing queued) ' +
    'unless --another-answer says the merchant means it; --yes is not that',
  async () => {
    const cb = await admin.createChargeback();
    assert.equal((await cli(['sync'])).status, 0);
    const before = (await queued()).length;
    const first = await cli(['respond', cb.id, '--type', 'respond', '--note', 'Delivered on 3 March.']);
    assert.equal(first.status, 0, first.stderr);

    for (const extra of [[], ['--yes']]) {
      const again = await cli(['respond', cb.id, '--type', 'respond', '--note', 'Again.', ...extra]);
      assert.equal(again.status, 1, extra.join(' '));
      assert.match(
        again.stderr,
        /This chargeback already has an answer at this stage: Respond with evidence, queued .* UTC – “Delivered on 3 March\.”\. Another answer gives the issuer two responses to weigh and cannot be taken back\. Nothing was queued\. To send it anyway, add --another-answer\./,
      );
    }
    assert.equal((await queued()).length, before + 1, 'the refused answers queued nothing');
    const note = await cli(['respond', cb.id, '--type', 'notate', '--note', 'A note is not an answer.']);
    assert.equal(note.status, 0, note.stderr);
    const meant = await cli([
      'respond',
      cb.id,
      '--type',
      'respond',
      '--note',
      'Second, on purpose.',
      '--another-answer',
    ]);
    assert.equal(meant.status, 0, meant.stderr);
    assert.equal((await queued()).length, before + 3);
  },
);

test('an answer the service already holds (sent from elsewhere, synced here) counts as the first answer', async () => {
  const cb = await admin.createChargeback();
  const elsewhere = mkdtempSync(join(tmpdir(), 'dd-cli-elsewhere-'));
  try {
    const other = openStore(databaseFile(elsewhere));
    other.profiles.save({ ...profileDefaults, id: 'prof_other', name: 'Shop', deployment: 'test', url: sb.url });
    other.close();
    const there = (args: string[]) =>
      runCli([...args, '--home', elsewhere], { env: { ...process.env, DISPUTE_DESK_API_KEY: sb.apiKey } });
    assert.equal((await there(['sync'])).status, 0);
    assert.equal(
      (await there(['respond', cb.id, '--type', 'respond', '--note', 'From the other computer.'])).status,
      0,
    );
    assert.equal((await there(['outbox', 'run'])).status, 0);
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
  assert.equal((await cli(['sync'])).status, 0);
  const again = await cli(['respond', cb.id, '--type', 'respond']);
  assert.equal(again.status, 1);
  assert.match(
    again.stderr,
    /already has an answer at this stage: Respond with evidence, sent .* UTC – “From the other computer\.”/,
  );
});
