// The status bar tells the truth, in the window: after a restart that lost a session-only key it
// asks for the key (a dialog that stores it through replaceKey, never reading one back), then
// says when the last sync worked; when a sync fails it says so, why and what to do, and never
// "Up to date".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { startSandbox } from '../../electron/sandbox/index.ts';
import { profileDefaults, type Profile } from '../../shared/profiles.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

for (const colorScheme of ['light', 'dark'] as const)
  test(`${colorScheme}: a lost session-only key is asked for again; a failed sync is never "Up to date"`, async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const sb = await startSandbox({ seed: 4, chargebacks: 12, decisionDelayMs: null, rateLimit: { max: 1e6 } });
    const app = await openBrowserApp({ browser, colorScheme, viewport: { width: 1280, height: 800 }, navigate: false });
    try {
      const { page, services } = app;
      // The previous session: a profile whose key was kept for that session only, synced 3 hours ago.
      const profile: Profile = {
        ...profileDefaults,
        reminderThresholdDays: [...profileDefaults.reminderThresholdDays],
        id: 'prof_shop',
        name: 'Corner shop',
        deployment: 'test',
        url: sb.url,
      };
      services.store.profiles.save(profile);
      const syncedAt = Date.now() - 3 * 3_600_000;
      services.store.syncState.update(profile.id, { lastSuccessAt: syncedAt });
      // Three hours ago is yesterday between midnight and 3 AM (the window's zone is this
      // machine's): then the words name the day, not only the time.
      const today = new Date(syncedAt).toDateString() === new Date().toDateString();
      await page.goto(app.url);

      const bar = page.locator('footer.statusbar');
      const prompt = page.getByRole('dialog', { name: 'API key for Corner shop' });
      await prompt.waitFor();
      assert.match((await bar.textContent()) ?? '', /No API key is held for this profile/);
      assert.doesNotMatch((await bar.textContent()) ?? '', /Up to date/);
      assert.match(
        (await prompt.textContent()) ?? '',
        today ? /What you see was last synced at \d/ : /What you see was last synced on \w{3}, \w{3} \d+, \d{4}, \d/,
      );
      await app.shot(`freshness-key-prompt-${colorScheme}`);

      // A wrong key is refused by the service and kept nowhere.
      await prompt.getByLabel('New API key for Corner shop').fill('not-the-right-key-123');
      await prompt.getByRole('button', { name: 'Check and store the key' }).click();
      await prompt.getByRole('alert').waitFor();
      assert.equal(await services.vault.status(profile.id), 'missing');

      await prompt.getByLabel('New API key for Corner shop').fill(sb.apiKey);
      await prompt.getByRole('button', { name: 'Check and store the key' }).click();
      await prompt.waitFor({ state: 'detached' });
      await bar.getByText(/Up to date · last synced just now/).waitFor({ timeout: 30_000 });
      assert.equal(await services.vault.status(profile.id), 'session', 'no keychain here: kept for the session');
      await app.shot(`freshness-up-to-date-${colorScheme}`);

      // The profile syncs on its own from now (as the app does once started).
      services.sync.schedule(profile.id);
      await bar.getByText(/Up to date · last synced just now/).waitFor({ timeout: 30_000 });

      // The service (on this computer) goes away: the next sync fails, and the bar says why, what
      // to do and when Dispute Desk tries again by itself; no address, no system code, no internet
      // advice, and no toast saying it a second time.
      await sb.close();
      await bar.getByRole('button', { name: 'Sync now' }).click();
      await bar.getByText(/^Last sync failed/).waitFor({ timeout: 30_000 });
      const failed = (await bar.textContent()) ?? '';
      assert.match(failed, /Could not reach the chargeback service on this computer\./);
      assert.match(
        failed,
        /Dispute Desk tries again by itself at \d{1,2}:\d{2}( [AP]M)?; Sync now tries at once\. What you see was last synced just now\./,
      );
      assert.doesNotMatch(failed, /127\.0\.0\.1|:\d{4,5}\b|ECONNREFUSED|internet|sooner|of then/);
      assert.doesNotMatch(failed, /Up to date/);
      // The toast would come once Sync now's answer is in: wait past it, then none is there.
      await page.waitForTimeout(1_500);
      // (A reminder of deadlines the scheduled pass found may be there: that is news, not the failure.)
      assert.equal(
        await page
          .locator('.toast')
          .filter({ hasText: /reach|sync failed|could not/i })
          .count(),
        0,
        'the bar says it; no toast says it again',
      );
      const logged = readFileSync(join(services.home, 'logs', 'dispute-desk.log'), 'utf8');
      assert.match(logged, /Corner shop: sync failed: Could not reach .* \(127\.0\.0\.1:\d+ ECONNREFUSED: /);
      assert.equal(
        await bar.getByRole('button', { name: 'Enter the API key…' }).count(),
        0,
        'the key is not the trouble',
      );
      await app.shot(`freshness-sync-failed-${colorScheme}`);
    } finally {
      await app.close();
      await sb.close();
    }
  });
