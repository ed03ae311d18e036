// The real app under Playwright's Electron launcher, where an Electron binary exists: the same
// merchant steps as the Chromium specs (support/flows.ts), against the packaged main process,
// its preload and its app:// protocol. Here (no binary can be downloaded) it says that it skips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exploreDemo, openFirstAnswerable, acceptLiability, disputedAmountText, type Shot } from './support/flows.ts';
import { screenshotDir } from './support/browser-bridge.ts';
import { installedElectron } from '../../electron/electron-binary.ts';

const root = new URL('../..', import.meta.url).pathname;

const skipReason =
  'No Electron binary on this machine (its download is blocked here); ' +
  'the same steps run in Chromium through the browser bridge instead.';

test('the real app: one secure window on app://, demo onboarding, a dispute answered through the outbox', async (t) => {
  const binary = installedElectron(root);
  if (!binary) return t.skip(skipReason);
  const { _electron } = await import('playwright');
  const home = mkdtempSync(join(tmpdir(), 'dd-electron-'));
  const app = await _electron.launch({
    executablePath: binary,
    args: [join(root, 'dist/electron/main.cjs')],
    env: { ...process.env, DISPUTE_DESK_HOME: home },
  });
  try {
    const page = await app.firstWindow();
    mkdirSync(screenshotDir, { recursive: true });
    const shot: Shot = async (name) =>
      void (await page.screenshot({ path: join(screenshotDir, `electron-${name}.png`) }));
    assert.match(page.url(), /^app:\/\/dispute-desk\//);
    const exposed = await page.evaluate(
      () => Object.keys((globalThis as unknown as { disputeDesk: object }).disputeDesk).length,
    );
    assert.ok(exposed > 10);
    assert.equal(
      await page.evaluate(() => typeof (globalThis as { require?: unknown }).require),
      'undefined',
      'no Node in the window',
    );
    assert.equal(
      await page.evaluate(() => typeof (globalThis as { process?: unknown }).process),
      'undefined',
      'no process object in the window',
    );

    await exploreDemo(page, shot);
    await openFirstAnswerable(page, shot);
    await acceptLiability(page, await disputedAmountText(page), shot);
    assert.equal(await page.locator('.job .state.done').count(), 1);
  } finally {
    await app.close();
    rmSync(home, { recursive: true, force: true });
  }
});
