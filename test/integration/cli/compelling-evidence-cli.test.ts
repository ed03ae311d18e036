// Compelling Evidence 3.0 through the CLI against the sandbox in core mode (issue 22, "Done when"):
// `show` says the verdict in words and `--json` carries it with the transaction IDs; `respond` on a
// qualifying 10.4 chargeback queues a packet whose letter and exhibit name both earlier purchases;
// one whose priors are too recent or include a disputed one is told why and its packet claims
// nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, cardHistoryScenarios, type Sandbox } from '../../../electron/sandbox/index.ts';
import type { CardHistoryScenarios } from '../../../electron/sandbox/index.ts';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import type { OutboxJob } from '../../../shared/outbox.ts';
import { pdfWithPages } from '../evidence/corpus.ts';
import { readPdf } from '../evidence/pdf-read.ts';
import { runCli, type CliRun } from './support.ts';

let sb: Sandbox;
let home: string;
let sc: CardHistoryScenarios;
let receipt: string;

const cli = (args: string[]): Promise<CliRun> =>
  runCli([...args, '--home', home], { env: { ...process.env, DISPUTE_DESK_API_KEY: sb.apiKey } });

before(async () => {
  sb = await startSandbox({
    seed: 41,
    chargebacks: 2,
    decisionDelayMs: null,
    cardHistories: true,
    rateLimit: { max: 1_000_000 },
  });
  sc = cardHistoryScenarios(sb);
  home = mkdtempSync(join(tmpdir(), 'dd-cli-ce3-'));
  const store = openStore(databaseFile(home));
  const profile: Profile = { ...profileDefaults, id: 'prof_ce3', name: 'Shop', deployment: 'test', url: sb.url };
  store.profiles.save(profile);
  store.close();
  receipt = join(home, 'receipt.pdf');
  await pdfWithPages(receipt, 1);
  const synced = await cli(['sync']);
  assert.equal(synced.status, 0, synced.stderr);
});
after(async () => {
  await sb.close();
  rmSync(home, { recursive: true, force: true });
});

/** The text of every page of the packet queued for `jobId`, one string per file. */
async function packetText(job: OutboxJob): Promise<string[]> {
  const folder = join(home, 'outbox', job.id);
  const files = readdirSync(folder).filter((f) => f.endsWith('.pdf'));
  assert.ok(files.length > 0, `the job's folder holds its packet: ${readdirSync(folder).join(', ')}`);
  return Promise.all(files.map(async (f) => (await readPdf(join(folder, f))).map((p) => p.plain).join('\n')));
}

async function respondWithReceipt(chargeback: string): Promise<OutboxJob> {
  const r = await cli(['respond', chargeback, '--type', 'respond', '--evidence', receipt, '--yes', '--json']);
  assert.equal(r.status, 0, r.stderr);
  return (JSON.parse(r.stdout) as { job: OutboxJob }).job;
}

test('show: a qualifying 10.4 chargeback says so with both transactions; --json carries the verdict and IDs', async () => {
  const text = await cli(['show', sc.qualifies.chargeback]);
  assert.equal(text.status, 0, text.stderr);
  assert.match(
    text.stdout,
    /Qualifies for Compelling Evidence 3\.0: the same IP address and customer account\/login ID/,
  );
  for (const id of sc.qualifies.priors) assert.match(text.stdout, new RegExp(`  ${id}  \\d{4}-\\d{2}-\\d{2}  \\$`));
  // The checklist's item is filled by the check, naming both purchases.
  assert.match(
    text.stdout,
    new RegExp(
      'Two earlier undisputed payments \\(the transaction record: earlier purchases ' +
        `${sc.qualifies.priors[0]} and ${sc.qualifies.priors[1]}, the same IP`,
    ),
  );

  const json = await cli(['show', sc.qualifies.chargeback, '--json']);
  assert.equal(json.status, 0, json.stderr);
  const ce3 = JSON.parse(json.stdout).cardHistory.compellingEvidence;
  assert.equal(ce3.state, 'checked');
  assert.equal(ce3.verdict.kind, 'qualifies');
  assert.deepEqual(
    ce3.verdict.priors.map((p: { id: string }) => p.id),
    sc.qualifies.priors,
  );
  assert.equal(ce3.verdict.disputed.id, sc.qualifies.txn);
});

test('show: too recent and a disputed prior are each told why; --json says does-not-qualify with the reasons', async () => {
  const recent = await cli(['show', sc.tooRecent.chargeback]);
  assert.match(recent.stdout, /Does not qualify for Compelling Evidence 3\.0/);
  assert.match(recent.stdout, /  - Two earlier undisputed payments\n/, 'not ticked by a check that does not qualify');
  assert.match(recent.stdout, new RegExp(`${sc.tooRecent.priors[0]} \\(.*\\) is 30 days before, too recent`));

  const json = await cli(['show', sc.disputedPrior.chargeback, '--json']);
  const v = JSON.parse(json.stdout).cardHistory.compellingEvidence.verdict;
  assert.equal(v.kind, 'does-not-qualify');
  assert.ok(
    v.reasons.some((r: string) => r.includes(sc.disputedPrior.priors[1]!) && r.endsWith('has its own chargeback.')),
    v.reasons.join('\n'),
  );
});

test('respond on a qualifying chargeback: the letter and the CE 3.0 exhibit name both earlier purchases', async () => {
  const job = await respondWithReceipt(sc.qualifies.chargeback);
  const text = (await packetText(job)).join('\n');
  assert.match(text, /Visa Compelling Evidence 3\.0: earlier undisputed purchases on the same card/, 'the exhibit');
  assert.match(text, /Exhibit \d+ \(Visa Compelling Evidence 3\.0\): the same card was used for 2 earlier/, 'letter');
  for (const id of sc.qualifies.priors) {
    const times = text.split(id).length - 1;
    assert.ok(times >= 2, `${id} is named by the letter and by the exhibit (${times} times)`);
  }
});

test('respond on a too-recent or disputed-prior chargeback: its packet claims nothing of CE 3.0', async () => {
  for (const name of ['tooRecent', 'disputedPrior'] as const) {
    const job = await respondWithReceipt(sc[name].chargeback);
    const text = (await packetText(job)).join('\n');
    assert.doesNotMatch(text, /Compelling Evidence/, `${name}: nothing claimed`);
    for (const id of sc[name].priors) assert.ok(!text.includes(id), `${name}: ${id} is not named`);
  }
});

test('respond --customer-history on a not-received chargeback: the customer’s earlier orders are an exhibit', async () => {
  const r = await cli([
    'respond',
    sc.customerHistory.chargeback,
    '--type',
    'respond',
    '--evidence',
    receipt,
    '--customer-history',
    '--yes',
    '--json',
  ]);
  assert.equal(r.status, 0, r.stderr);
  const text = (await packetText((JSON.parse(r.stdout) as { job: OutboxJob }).job)).join('\n');
  assert.match(text, /The customer.s earlier undisputed orders/);
  for (const id of sc.customerHistory.priors) assert.ok(text.includes(id), `${id} is listed`);
  assert.doesNotMatch(text, /Compelling Evidence/, 'a not-received chargeback claims no CE 3.0');
});
