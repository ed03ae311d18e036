// The real app under Playwright's Electron launcher, where an Electron binary exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

function electronBinary(): string | undefined {
  try {
    const p = createRequire(import.meta.url)('electron') as unknown;
    return typeof p === 'string' && existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

test('the packaged main process opens one secure window on app://', async (t) => {
  const binary = electronBinary();
  if (!binary) return t.skip('No Electron binary on this machine (its download is blocked here); the UI runs in Chromium through the browser bridge instead.');
  const { _electron } = await import('playwright');
  const home = mkdtempSync(join(tmpdir(), 'dd-electron-'));
  const app = await _electron.launch({ executablePath: binary, args: [join(root, 'dist/electron/main.cjs')], env: { ...process.env, DISPUTE_DESK_HOME: home } });
  try {
    const window = await app.firstWindow();
    assert.match(window.url(), /^app:\/\/dispute-desk\//);
    const exposed = await window.evaluate(() => Object.keys((window as unknown as { disputeDesk: object }).disputeDesk).length);
    assert.ok(exposed > 10);
    assert.equal(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require), 'undefined', 'no Node in the window');
  } finally {
    await app.close();
    rmSync(home, { recursive: true, force: true });
  }
});
