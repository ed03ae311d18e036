// kill -9 at any moment of a sync leaves a database that opens, passes integrity_check, and the
// next sync completes what the last one started.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { syncFixture } from './support.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';

const root = new URL('../../..', import.meta.url).pathname;

function runSync(home: string, key: string, killAfterMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--no-warnings', join(root, 'electron/cli.ts'), 'sync', '--home', home], { env: { ...process.env, DISPUTE_DESK_API_KEY: key } });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    if (killAfterMs !== undefined) {
      // Kill once some pages are in, at a moment chosen by the test.
      const timer = setInterval(() => {
        if ((stderr.match(/sync: /g) ?? []).length >= 3) {
          clearInterval(timer);
          setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        }
      }, 5);
      child.on('exit', () => clearInterval(timer));
    }
    child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
  });
}

test('kill -9 during sync, three times, then a run that completes: nothing corrupt, nothing missing', async () => {
  const f = await syncFixture({ seed: 12, chargebacks: 2500, entries: 6000, slowMs: 15, faultRate: 0.3, faultKinds: ['slow'] });
  f.h.close();
  try {
    for (const delay of [0, 40, 120]) {
      const r = await runSync(f.home, f.sb.apiKey, delay);
      assert.equal(r.signal, 'SIGKILL', `killed (stderr: ${r.stderr.slice(-300)})`);
      const db = new DatabaseSync(join(f.home, 'dispute-desk.db'));
      assert.deepEqual(db.prepare('PRAGMA integrity_check').all().map((r) => (r as { integrity_check: string }).integrity_check), ['ok']);
      const state = JSON.parse((db.prepare('SELECT json FROM sync_state').get() as { json: string }).json) as { pass: unknown };
      assert.ok(state.pass, 'an unfinished pass is recorded');
      db.close();
    }
    await createSandboxAdmin(f.sb.url, f.sb.adminToken).setFaults({ rate: 0 });
    const done = await runSync(f.home, f.sb.apiKey);
    assert.equal(done.code, 0, done.stderr);
    const db = new DatabaseSync(join(f.home, 'dispute-desk.db'));
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM chargebacks').get() as { n: number }).n, 2500);
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM entries').get() as { n: number }).n, 6000);
    assert.equal(JSON.parse((db.prepare('SELECT json FROM sync_state').get() as { json: string }).json).pass, null);
    db.close();
  } finally {
    await f.close().catch(() => undefined);
  }
});
