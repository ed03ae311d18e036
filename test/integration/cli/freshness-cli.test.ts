// `dispute-desk chargebacks` says how old its list is and, once a sync failed, that it failed and
// why: a list from before a failed sync is not passed off as current.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../electron/sandbox/index.ts';
import { runCli } from './support.ts';

const noKeychain = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/dispute-desk-test-bus' };

test('after a failed sync, the chargebacks list says the sync failed and how old it is', async () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-cli-fresh-'));
  const sb = await startSandbox({ seed: 8, chargebacks: 5, decisionDelayMs: null });
  const env = { ...process.env, ...noKeychain, DISPUTE_DESK_HOME: home, DISPUTE_DESK_API_KEY: sb.apiKey };
  try {
    const added = await runCli(['profile', 'add', '--name', 'Shop', '--deployment', 'test', '--url', sb.url], { env });
    assert.equal(added.status, 0, added.stderr);
    assert.equal((await runCli(['sync'], { env })).status, 0);
    const fine = await runCli(['chargebacks'], { env });
    assert.match(
      fine.stdout.trimEnd().split('\n').at(-2)!,
      /^5 of 5 chargebacks \(data from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)\.$/,
    );

    await sb.close();
    const failed = await runCli(['sync'], { env });
    assert.equal(failed.status, 1);
    const after = await runCli(['chargebacks'], { env });
    assert.match(
      after.stdout.trimEnd().split('\n').at(-2)!,
      /^5 of 5 chargebacks \(data from .+; the last sync failed: Could not reach the chargeback service .+\)\.$/,
    );
    const json = JSON.parse((await runCli(['chargebacks', '--json'], { env })).stdout) as { lastSyncError: string };
    assert.match(json.lastSyncError, /Could not reach/);
  } finally {
    await sb.close();
    rmSync(home, { recursive: true, force: true });
  }
});
