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

test('an answer the stage does not usually take, sent and accepted, answers that stage: a second one is refused', async () => {
  // The walk: "Respond with evidence" on a pre-arbitration, confirmed, sent and accepted; the inbox
  // then still said "Not answered" and a pre-arbitration response went through unwarned.
  const cb = await admin.createChargeback({ cycle: 'preArbitration' });
  assert.equal((await cli(['sync'])).status, 0);
  const unusual = await cli(['respond', cb.id, '--type', 'respond', '--note', 'Our evidence.', '--unusual']);
  assert.equal(unusual.status, 0, unusual.stderr);
  const job = (await queued()).find((j) => j.chargebackId === cb.id)!;
  assert.equal(job.cycle, 'preArbitration', 'the job keeps the stage it answers');
  assert.equal((await cli(['outbox', 'run'])).status, 0);
  assert.equal((await cli(['sync'])).status, 0);
  const again = await cli(['respond', cb.id, '--type', 'repsondToPreArbitration', '--note', 'And again.']);
  assert.equal(again.status, 1);
  assert.match(
    again.stderr,
    /already has an answer at this stage: Respond with evidence, sent .* UTC – “Our evidence\.”/,
  );
});

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
  const again = await cli(['respond', cb.id, '--type', 'respond', '--note', 'Second thoughts.']);
  assert.equal(again.status, 1);
  assert.match(
    again.stderr,
    /already has an answer at this stage: Respond with evidence, sent .* UTC – “From the other computer\.”/,
  );
});

test('a note longer than the service takes is refused when it is queued (exit 1, nothing queued), not when sent', async () => {
  const cb = await admin.createChargeback();
  assert.equal((await cli(['sync'])).status, 0);
  const before = (await queued()).length;
  const long = await cli(['respond', cb.id, '--type', 'respond', '--note', 'x'.repeat(5001)]);
  assert.equal(long.status, 1);
  assert.match(
    long.stderr,
    /The note is 5,001 characters long; the service takes at most 5,000\. Shorten it\. Nothing was queued\./,
  );
  assert.equal((await queued()).length, before, 'nothing was queued');
  const fits = await cli(['respond', cb.id, '--type', 'respond', '--note', 'x'.repeat(5000)]);
  assert.equal(fits.status, 0, fits.stderr);
  assert.equal((await queued()).length, before + 1);
});

test(
  'an answer is judged by the chargeback as the service holds it when it is sent: one opened since the ' +
    'last sync is read and answered; an amount is checked against the amount disputed now',
  async () => {
    assert.equal((await cli(['sync'])).status, 0);
    const fresh = await admin.createChargeback();
    const before = (await queued()).length;
    const r = await cli(['respond', fresh.id, '--type', 'respond', '--note', 'Delivered on 3 March; signed for.']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal((await queued()).length, before + 1);

    const lowered = await admin.createChargeback({ total: 72_745, currency: 'USD' });
    assert.equal((await cli(['sync'])).status, 0);
    await admin.modify(lowered.id, { total: 30_000 });
    const over = await cli(['respond', lowered.id, '--type', 'acceptLiability', '--amount', '400', '--yes']);
    assert.equal(over.status, 1);
    assert.match(over.stderr, /--amount: \$400\.00 is more than the \$300\.00 disputed/);
    assert.equal((await queued()).length, before + 1, 'nothing more was queued');
  },
);

test('an empty answer is refused (exit 1, nothing queued); a note makes it one', async () => {
  const cb = await admin.createChargeback();
  assert.equal((await cli(['sync'])).status, 0);
  const before = (await queued()).length;
  for (const args of [
    ['--type', 'respond'],
    ['--type', 'respond', '--note', '   '],
    ['--type', 'represent', '--yes'],
  ]) {
    const r = await cli(['respond', cb.id, ...args]);
    assert.equal(r.status, 1, args.join(' '));
    assert.match(
      r.stderr,
      /(Respond with evidence|Represent) has nothing in it: write a note, fill in an evidence section or add a file first\. An empty answer tells the issuer nothing, and you get one answer per stage\. Nothing was queued\./,
    );
  }
  const note = await cli(['respond', cb.id, '--type', 'notate']);
  assert.equal(note.status, 1);
  assert.match(note.stderr, /Add a note has nothing in it: write the note first\. Nothing was queued\./);
  assert.equal((await queued()).length, before, 'nothing was queued');
  const ok = await cli(['respond', cb.id, '--type', 'respond', '--note', 'Delivered on 3 March; signed for.']);
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal((await queued()).length, before + 1);
});

test('an answer to a won, lost or closed chargeback, or one not actionable, is refused whatever the flags', async () => {
  const before = (await queued()).length;
  const all = ['--note', 'x', '--yes', '--another-answer', '--unusual', '--send-late'];
  for (const outcome of ['won', 'lost', 'closed'] as const) {
    const cb = await admin.createChargeback();
    assert.equal((await cli(['sync'])).status, 0);
    // Decided after the last sync: respond asks the service first, so it is seen.
    await admin.decide(cb.id, outcome);
    const r = await cli(['respond', cb.id, '--type', 'respond', ...all]);
    assert.equal(r.status, 1, outcome);
    assert.match(
      r.stderr,
      outcome === 'closed'
        ? /This chargeback is closed: the processor accepts no more responses\. Nothing was queued\./
        : new RegExp(`This chargeback is ${outcome}: the issuer has decided it, and the processor accepts no more`),
    );
    assert.doesNotMatch(r.stderr, /after this answer was queued/);
  }
  const unanswerable = await admin.createChargeback({ actionable: 0 });
  assert.equal((await cli(['sync'])).status, 0);
  const r = await cli(['respond', unanswerable.id, '--type', 'respond', ...all]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /cannot be answered through the API \(it is marked not actionable\): contact your processor/);
  assert.equal((await queued()).length, before, 'nothing was queued');
});

test('an answer the stage does not usually take is refused until --unusual says the merchant means it', async () => {
  const cb = await admin.createChargeback({ cycle: 'first' });
  assert.equal((await cli(['sync'])).status, 0);
  const before = (await queued()).length;
  const asked = ['respond', cb.id, '--type', 'requestArbitration', '--note', 'Let the network decide.', '--yes'];
  const r = await cli(asked);
  assert.equal(r.status, 1);
  assert.match(
    r.stderr,
    /"Request arbitration" is not an answer this stage \(.+\) usually takes; the processor may refuse it, and you get one answer per stage\. Nothing was queued\. To send it anyway, add --unusual\./,
  );
  assert.equal((await cli([...asked, '--send-late'])).status, 1, 'another yes is not this one');
  assert.equal((await queued()).length, before, 'nothing was queued');
  const meant = await cli([...asked, '--unusual']);
  assert.equal(meant.status, 0, meant.stderr);
  assert.doesNotMatch(meant.stdout, /unusual/, 'no warning after the fact: it was asked first');
  assert.equal((await queued()).length, before + 1);
});

test('an answer after the reply date is refused until --send-late; then the outbox tries it once all the same', async () => {
  const cb = await admin.createChargeback({ reply: 20200101 });
  assert.equal((await cli(['sync'])).status, 0);
  const before = (await queued()).length;
  const asked = ['respond', cb.id, '--type', 'respond', '--note', 'Delivered on 3 March.'];
  const r = await cli(asked);
  assert.equal(r.status, 1);
  assert.match(
    r.stderr,
    /The reply date \(2020-01-01\) has passed: the processor will likely refuse an answer sent now\. Nothing was queued\. To send it anyway, add --send-late\./,
  );
  assert.equal((await queued()).length, before, 'nothing was queued');
  const late = await cli([...asked, '--send-late']);
  assert.equal(late.status, 0, late.stderr);
  const job = (await queued()).find((j) => j.chargebackId === cb.id);
  assert.equal(job?.sendLate, true);
  await cli(['outbox', 'run']);
  const tried = (await queued()).find((j) => j.chargebackId === cb.id)!;
  assert.doesNotMatch(tried.error ?? '', /reply date .* has passed; the processor will not accept/, 'not refused here');
  assert.ok(
    tried.warnings.some((w) => /Sent after the reply date, as you asked/.test(w)),
    tried.warnings.join(),
  );
});
