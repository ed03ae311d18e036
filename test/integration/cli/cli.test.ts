import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../electron/sandbox/index.ts';
import { runCli, type CliRun } from './support.ts';
import { createApiClient } from '../../../electron/api/index.ts';
import type { Chargeback } from '../../../shared/api/index.ts';
import { currencyOrder, tallyCurrencyUse } from '../../../shared/domain/currency-order.ts';
import { chargebackStatusText, statusStepText } from '../../../shared/domain/merchant-format.ts';
import { cycleLabel } from '../../../shared/domain/cycles.ts';

const root = new URL('../../..', import.meta.url).pathname;
// The default data folder is under HOME: a private one, so no test can touch a real one, and
// no inherited DISPUTE_DESK_* variable decides for a test.
const userHome = mkdtempSync(join(tmpdir(), 'dd-cli-user-'));
const baseEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: userHome, XDG_CONFIG_HOME: join(userHome, '.config') };
  delete env.DISPUTE_DESK_HOME;
  delete env.DISPUTE_DESK_API_KEY;
  return env;
};
/** No Secret Service reachable, whatever the machine has: the CLI's keychain-less path. */
const noKeychain = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/dispute-desk-test-bus' };
const cli = (args: string[], o: { env?: NodeJS.ProcessEnv; input?: string } = {}) =>
  spawnSync(process.execPath, [join(root, 'electron/cli-bin.mjs'), ...args], {
    encoding: 'utf8',
    env: { ...baseEnv(), ...o.env },
    input: o.input ?? '',
  });

test('--help lists the commands; an unknown command exits 2 with one line', () => {
  const help = cli(['--help']);
  assert.equal(help.status, 0);
  for (const c of ['profile add', 'sync', 'chargebacks', 'entries', 'insights', 'sandbox'])
    assert.match(help.stdout, new RegExp(`\\n  ${c} `));
  const bad = cli(['frobnicate']);
  assert.equal(bad.status, 2);
  assert.equal(bad.stderr.trim().split('\n').length, 1);
});

test('failures: non-zero exit, one line on stderr, and with --json an error object', () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-cli-'));
  try {
    const r = cli(['chargebacks', '--home', home]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^dispute-desk: No profile yet\. .*\n$/);
    const j = cli(['chargebacks', '--home', home, '--json']);
    assert.equal(j.status, 1);
    assert.equal(JSON.parse(j.stdout).ok, false);
    const usage = cli(['entries', '--home', home, '--from', '2026-13-01', '--to', '2026-01-01']);
    assert.equal(usage.status, 1);
    assert.match(usage.stderr, /--from must be a date/);
    const unknown = cli(['sync', '--home', home, '--bogus']);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /Unknown option '--bogus'/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

/** For commands that talk to a sandbox in this process: the event loop must keep running. */
function cliAsync(args: string[], o: { env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<CliRun> {
  return runCli(args, { env: { ...baseEnv(), ...o.env }, ...(o.input !== undefined ? { input: o.input } : {}) });
}

test('options with values may come before the command', () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-cli-'));
  try {
    for (const args of [
      ['--home', home, 'profile', 'list', '--json'],
      ['--json', '--home', home, 'profile', 'list'],
      ['profile', '--home', home, 'list', '--json'],
      [`--home=${home}`, 'profile', 'list', '--json'],
    ]) {
      const r = cli(args);
      assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
      assert.deepEqual(JSON.parse(r.stdout), []);
    }
    assert.ok(existsSync(join(home, 'dispute-desk.db')), 'the folder given before the command is the one used');
    const bad = cli(['--home', home, 'frobnicate']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /unknown command "frobnicate"/);
    const none = cli(['--home', home]);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /no command given/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('DISPUTE_DESK_HOME chooses the data folder; a rejected key is said plainly and nothing is saved', async () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-cli-'));
  const other = mkdtempSync(join(tmpdir(), 'dd-cli-'));
  const sb = await startSandbox({ seed: 2, chargebacks: 3 });
  try {
    const r = await cliAsync(['profile', 'add', '--name', 'Shop', '--deployment', 'test', '--url', sb.url], {
      env: { DISPUTE_DESK_HOME: home, DISPUTE_DESK_API_KEY: 'wrong-key', ...noKeychain },
    });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /rejected the API key/);
    assert.ok(!r.stderr.includes('wrong-key'));
    assert.deepEqual(JSON.parse(cli(['profile', 'list', '--json'], { env: { DISPUTE_DESK_HOME: home } }).stdout), []);

    const added = await cliAsync(['profile', 'add', '--name', 'Shop', '--deployment', 'test', '--url', sb.url], {
      env: { DISPUTE_DESK_HOME: home, DISPUTE_DESK_API_KEY: sb.apiKey, ...noKeychain },
    });
    assert.equal(added.status, 0, added.stderr);
    // Written under DISPUTE_DESK_HOME: read back through --home, absent from another folder.
    assert.ok(existsSync(join(home, 'dispute-desk.db')));
    assert.deepEqual(
      JSON.parse(cli(['profile', 'list', '--json', '--home', home]).stdout).map((p: { name: string }) => p.name),
      ['Shop'],
    );
    assert.deepEqual(JSON.parse(cli(['profile', 'list', '--json'], { env: { DISPUTE_DESK_HOME: other } }).stdout), []);
    assert.ok(!existsSync(join(userHome, '.config', 'Dispute Desk')), 'the default folder was not used');
  } finally {
    await sb.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(other, { recursive: true, force: true });
  }
});

test(
  'profile add: --session-only is refused with the way that works; without ' +
    'a keychain the key from DISPUTE_DESK_API_KEY is checked, not stored',
  async () => {
    const home = mkdtempSync(join(tmpdir(), 'dd-cli-'));
    const sb = await startSandbox({ seed: 2, chargebacks: 3 });
    try {
      const add = ['profile', 'add', '--home', home, '--name', 'Shop', '--deployment', 'test', '--url', sb.url];
      const session = await cliAsync([...add, '--session-only'], { input: `${sb.apiKey}\n` });
      assert.equal(session.status, 1);
      assert.match(
        session.stderr,
        /^dispute-desk: --session-only cannot work from the command line: .*forgotten.*DISPUTE_DESK_API_KEY.*\n$/,
      );
      assert.ok(!session.stdout.includes('keychain'), 'no claim that the key is in the keychain');

      const piped = await cliAsync(add, { input: `${sb.apiKey}\n`, env: noKeychain });
      assert.equal(piped.status, 1, 'a piped key with no keychain to keep it: refused');
      assert.match(piped.stderr, /keychain is not available.*DISPUTE_DESK_API_KEY/);
      assert.deepEqual(JSON.parse(cli(['profile', 'list', '--json', '--home', home]).stdout), []);

      const viaEnv = await cliAsync(add, { env: { ...noKeychain, DISPUTE_DESK_API_KEY: sb.apiKey } });
      assert.equal(viaEnv.status, 0, viaEnv.stderr);
      assert.match(viaEnv.stdout, /its key was checked but not stored .*keep DISPUTE_DESK_API_KEY set/);
      assert.ok(!viaEnv.stdout.includes('in the keychain'));
      assert.ok(!viaEnv.stdout.includes(sb.apiKey) && !viaEnv.stderr.includes(sb.apiKey));
      const synced = await cliAsync(['sync', '--home', home], {
        env: { ...noKeychain, DISPUTE_DESK_API_KEY: sb.apiKey },
      });
      assert.equal(synced.status, 0, synced.stderr);
      const keyless = await cliAsync(['sync', '--home', home], { env: noKeychain });
      assert.equal(keyless.status, 1);
      assert.match(keyless.stderr, /DISPUTE_DESK_API_KEY/);
    } finally {
      await sb.close();
      rmSync(home, { recursive: true, force: true });
    }
  },
);

test('chargebacks and entries from the store, as text and as JSON, match what the service holds', async () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-cli-'));
  const sb = await startSandbox({ seed: 5, chargebacks: 40, entries: 120 });
  const env = { ...noKeychain, DISPUTE_DESK_HOME: home, DISPUTE_DESK_API_KEY: sb.apiKey };
  try {
    assert.equal(
      (await cliAsync(['profile', 'add', '--name', 'Shop', '--deployment', 'test', '--url', sb.url], { env })).status,
      0,
    );
    const sync = await cliAsync(['sync'], { env });
    assert.equal(sync.status, 0, sync.stderr);
    assert.match(sync.stdout, /Full sync of "Shop" done .*40 chargebacks/);

    const client = createApiClient({ baseUrl: sb.url, apiKey: sb.apiKey, deployment: 'test' });
    const truth: Chargeback[] = [];
    for await (const c of client.listChargebacks()) truth.push(c);

    type Row = { id: string; status: string; actionable: boolean; reply: number | null; daysLeft: number | null };
    const json = await cliAsync(['chargebacks', '--json'], { env });
    assert.equal(json.status, 0, json.stderr);
    const listed = JSON.parse(json.stdout) as { rows: Row[]; total: number; lastSyncAt: number };
    assert.equal(listed.total, 40);
    assert.deepEqual(listed.rows.map((r) => r.id).sort(), truth.map((c) => c.id).sort());
    // The window's order (the worklist): those to answer now by reply deadline, ..., those past
    // the deadline last.
    const open = (r: Row) => r.status === 'open' && r.actionable;
    const answerNow = listed.rows.filter((r) => open(r) && (r.daysLeft ?? 0) >= 0);
    const late = listed.rows.filter((r) => open(r) && (r.daysLeft ?? 0) < 0);
    assert.ok(answerNow.length > 0 && answerNow.length < 40);
    assert.deepEqual(listed.rows.slice(0, answerNow.length), answerNow, 'those to answer now first');
    assert.deepEqual(listed.rows.slice(listed.rows.length - late.length), late, 'those past the deadline last');
    const replies = answerNow.map((r) => r.reply ?? 99991231);
    assert.deepEqual(
      replies,
      [...replies].sort((a, b) => a - b),
      'by reply deadline',
    );

    const text = await cliAsync(['chargebacks'], { env });
    assert.equal(text.status, 0, text.stderr);
    const lines = text.stdout.trimEnd().split('\n');
    assert.deepEqual(
      lines.slice(0, -2).map((l) => l.split(/\s+/)[0]),
      listed.rows.map((r) => r.id),
      'one line per chargeback, same order',
    );
    assert.match(lines.at(-2)!, /^40 of 40 chargebacks \(data from .+\)\.$/);
    assert.match(lines.at(-1)!, /^Dates are the service's days \(US Eastern\)/);
    const first = listed.rows[0]!;
    assert.match(
      lines[0]!,
      new RegExp(
        `^${first.id}\\s+open\\s+send by \\d{4}-\\d{2}-\\d{2}\\s+reply by \\d{4}-\\d{2}-\\d{2}\\s+` +
          '(Overdue by|Due today|Send today|Send-by date passed |\\d+ days? (left|to send))',
      ),
    );

    const lost = JSON.parse((await cliAsync(['chargebacks', '--status', 'lost', '--json'], { env })).stdout) as {
      rows: Row[];
    };
    assert.deepEqual(
      lost.rows.map((r) => r.id).sort(),
      truth
        .filter((c) => c.status === 'lost')
        .map((c) => c.id)
        .sort(),
    );
    const soon = JSON.parse((await cliAsync(['chargebacks', '--due-within', '3', '--json'], { env })).stdout) as {
      rows: Row[];
    };
    assert.ok(
      soon.rows.length > 0 && soon.rows.every((r) => r.status === 'open' && r.daysLeft !== null && r.daysLeft <= 3),
    );

    // `show` explains one dispute in the dispute page's words: statuses, stage, messages and moments in
    // words, the reply deadline with its time and zone, and no coded value (20261006, "open") left raw.
    const explained = truth.find((c) => c.status !== 'open') ?? truth[0]!;
    const berlin = { ...env, TZ: 'Europe/Berlin', LANG: 'en_GB.UTF-8' };
    const shown = await cliAsync(['show', explained.id], { env: berlin });
    assert.equal(shown.status, 0, shown.stderr);
    const view = JSON.parse((await cliAsync(['show', explained.id, '--json'], { env: berlin })).stdout) as {
      history: Array<{ at: string | null; status: string; messageType: string | null }>;
      deadline: { reply: string | number | null };
    };
    const out = shown.stdout;
    assert.match(out.split('\n')[0]!, new RegExp(`^${explained.id}  .+  ${chargebackStatusText(explained.status)}, `));
    assert.ok(out.includes(cycleLabel(explained.cycle)), 'the stage in words');
    if (view.deadline.reply !== null) assert.match(out, /^Reply by .+ (CET|CEST|GMT\+\d)/m);
    else assert.match(out, /^No reply date \(/m);
    for (const step of view.history)
      assert.ok(out.includes(statusStepText(step.status, step.messageType)), `history: ${step.status}`);
    assert.doesNotMatch(out, /\b20\d{6}\b/, 'no date left as YYYYMMDD');
    assert.doesNotMatch(out, /\b(open|won|lost|closed|requested|processed), /, 'no status left raw');

    // Insights: every chargeback counted once, by reason and by network; won and lost as the service
    // holds them; the same view as the window's screen.
    type Insight = { disputes: number; won: number; lost: number; decided: number; winRate: number | null };
    type Insights = {
      overall: Insight;
      byReason: Insight[];
      byNetwork: Insight[];
      byMonth: Insight[];
      undated: number;
    };
    const insightsRun = await cliAsync(['insights', '--json'], { env });
    assert.equal(insightsRun.status, 0, insightsRun.stderr);
    const insights = JSON.parse(insightsRun.stdout) as Insights;
    assert.equal(insights.overall.disputes, 40);
    const sum = (rows: Insight[]) => rows.reduce((n, r) => n + r.disputes, 0);
    assert.equal(sum(insights.byReason), 40, 'each chargeback under one reason');
    assert.equal(sum(insights.byNetwork), 40, 'each chargeback under one network');
    assert.equal(sum(insights.byMonth) + insights.undated, 40, 'each dated chargeback in one month');
    assert.equal(insights.overall.won >= truth.filter((c) => c.status === 'won').length, true);
    assert.equal(insights.overall.lost, truth.filter((c) => c.status === 'lost').length);
    const { won, decided, winRate } = insights.overall;
    assert.equal(winRate, decided ? won / decided : null);
    const insightsText = await cliAsync(['insights'], { env });
    assert.equal(insightsText.status, 0, insightsText.stderr);
    assert.match(insightsText.stdout, /^All history\n  All disputes +40 /);
    assert.match(insightsText.stdout, /\nBy reason\n[\s\S]*\nBy network\n/);
    const wrongPeriod = await cliAsync(['insights', '--period', '2y'], { env });
    assert.notEqual(wrongPeriod.status, 0);
    assert.match(wrongPeriod.stderr, /--period must be one of 3m, 6m, 12m, all \(got "2y"\)/);

    type Entry = {
      id: string;
      created: string;
      amount: number;
      currency: string;
      chargeback: string | null;
      kind: string;
      label: string;
    };
    type Totals = { currency: string; chargedBack: number; fees: number; reversed: number; net: number; count: number };
    const all = await cliAsync(['entries', '--from', '2000-01-01', '--to', '2099-12-31', '--json'], { env });
    assert.equal(all.status, 0, all.stderr);
    const ledger = JSON.parse(all.stdout) as { entries: Entry[]; totals: { byCurrency: Totals[] } };
    assert.equal(ledger.entries.length, 120);
    const byCurrency = new Map<string, number>();
    for (const e of ledger.entries) byCurrency.set(e.currency, (byCurrency.get(e.currency) ?? 0) + e.amount);
    assert.deepEqual(
      new Map(ledger.totals.byCurrency.map((t) => [t.currency, t.net])),
      byCurrency,
      'totals are the sums of the entries',
    );
    assert.equal(
      ledger.totals.byCurrency.reduce((n, t) => n + t.count, 0),
      120,
    );
    // Fees are fees by the service's flag and description, in the rows and apart in the totals.
    const fees = ledger.entries.filter((e) => e.kind === 'fee');
    assert.ok(fees.length > 0 && fees.length < 120, 'the sandbox ledger holds fees and other entries');
    for (const e of fees) assert.match(e.label, /fee/i, `${e.id} says it is a fee`);
    const feeSums = new Map<string, number>();
    for (const e of fees) feeSums.set(e.currency, (feeSums.get(e.currency) ?? 0) + e.amount);
    for (const t of ledger.totals.byCurrency)
      assert.equal(t.fees, feeSums.get(t.currency) ?? 0, `${t.currency} fees apart`);
    for (const e of ledger.entries) {
      const cb = truth.find((c) => c.id === e.chargeback);
      assert.equal(e.currency, cb?.currency ?? 'USD', `${e.id} in its chargeback's currency`);
    }

    // A window of days (Eastern, as the service writes `created`), both ends included.
    const days = [...new Set(ledger.entries.map((e) => e.created.slice(0, 10)))].sort();
    const from = days[Math.floor(days.length / 3)]!;
    const to = days[Math.floor((2 * days.length) / 3)]!;
    const windowed = await cliAsync(['entries', '--from', from, '--to', to], { env });
    assert.equal(windowed.status, 0, windowed.stderr);
    const expected = ledger.entries.filter((e) => e.created.slice(0, 10) >= from && e.created.slice(0, 10) <= to);
    assert.ok(expected.length > 0 && expected.length < 120);
    const wl = windowed.stdout.trimEnd().split('\n');
    assert.equal(wl.at(-1), `${expected.length} entries.`);
    assert.deepEqual(
      wl.filter((l) => /^\d{4}-\d{2}-\d{2} /.test(l)).map((l) => l.trim().split(/\s+/).at(-1)),
      expected.map((e) => e.chargeback),
    );
    const rows = wl.filter((l) => /^\d{4}-\d{2}-\d{2} /.test(l));
    rows.forEach((l, i) =>
      assert.ok(l.includes(expected[i]!.label), `row ${i} names the entry as the service does: ${l}`),
    );
    // One totals line per currency, in the one currency order (was alphabetical).
    const currencies = currencyOrder(
      tallyCurrencyUse(expected.map((e) => ({ currency: e.currency, chargebackId: e.chargeback, amount: e.amount }))),
    );
    assert.deepEqual(
      wl.filter((l) => /^[A-Z]{3}: charged back /.test(l)).map((l) => l.slice(0, 3)),
      currencies,
      'one totals line per currency',
    );
  } finally {
    await sb.close();
    rmSync(home, { recursive: true, force: true });
  }
});

test.after(() => rmSync(userHome, { recursive: true, force: true }));

test(
  'sandbox --json writes one JSON document: the address ' + 'and keys when ready, nothing more when stopped',
  async () => {
    const child = spawn(
      process.execPath,
      [join(root, 'electron/cli-bin.mjs'), 'sandbox', '--port', '0', '--chargebacks', '3', '--json'],
      { env: baseEnv() },
    );
    let stdout = '';
    child.stdout.on('data', (c) => (stdout += c));
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => stdout.includes('\n') && resolve());
      child.once('exit', (code) =>
        reject(new Error(`The sandbox stopped (exit ${code}) before it was ready: ${stderr}`)),
      );
    });
    const started = JSON.parse(stdout) as { url: string; apiKey: string };
    assert.match(started.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    if (process.platform === 'linux') {
      // No image work here: the CLI did not restart itself with the allocator settings (only
      // `evidence`, `respond` and `batch` pay for that second start).
      const environ = readFileSync(`/proc/${child.pid}/environ`, 'latin1').split('\0');
      assert.ok(!environ.includes('MALLOC_ARENA_MAX=2'), 'glibc defaults');
      assert.ok(
        !readFileSync(`/proc/${child.pid}/cmdline`, 'latin1').split('\0').includes('--max-semi-space-size=1'),
        'V8 defaults',
      );
    }
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.deepEqual(JSON.parse(stdout), started, 'stdout holds that one document and nothing else');
  },
);
