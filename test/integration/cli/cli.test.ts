import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../electron/sandbox/index.ts';

const root = new URL('../../..', import.meta.url).pathname;
const cli = (args: string[], o: { env?: NodeJS.ProcessEnv; input?: string } = {}) =>
  spawnSync(process.execPath, [join(root, 'electron/cli-bin.mjs'), ...args], { encoding: 'utf8', env: { ...process.env, ...o.env }, input: o.input ?? '' });

test('--help lists the commands; an unknown command exits 2 with one line', () => {
  const help = cli(['--help']);
  assert.equal(help.status, 0);
  for (const c of ['profile add', 'sync', 'chargebacks', 'entries', 'sandbox']) assert.match(help.stdout, new RegExp(`\\n  ${c} `));
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
function cliAsync(args: string[], o: { env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'electron/cli-bin.mjs'), ...args], { env: { ...process.env, ...o.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.stdin.end(o.input ?? '');
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

test('DISPUTE_DESK_HOME chooses the data folder; a rejected key is said plainly and nothing is saved', async () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-cli-'));
  const sb = await startSandbox({ seed: 2, chargebacks: 3 });
  try {
    const r = await cliAsync(['profile', 'add', '--name', 'Shop', '--deployment', 'test', '--url', sb.url], { env: { DISPUTE_DESK_HOME: home }, input: 'wrong-key\n' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /rejected the API key/);
    assert.ok(!r.stderr.includes('wrong-key'));
    const list = cli(['profile', 'list', '--json'], { env: { DISPUTE_DESK_HOME: home } });
    assert.deepEqual(JSON.parse(list.stdout), []);
  } finally {
    await sb.close();
    rmSync(home, { recursive: true, force: true });
  }
});
