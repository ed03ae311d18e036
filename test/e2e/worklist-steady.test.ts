// Issue 26's leftover: "the worklist jumped back to the top during outbox refetches". The merchant
// scrolled down the inbox while answers went out: every job change stales the listing (the
// outboxChanged event), which is fetched again while the old rows stay shown. The list keeps its
// place through every refetch: its scroll offset never returns to the top, and it is never
// replaced by a skeleton or an empty state on the way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { startSandbox } from '../../electron/sandbox/index.ts';
import { profileDefaults, type Profile } from '../../shared/profiles.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

test('the worklist keeps its place while answers go out and the listing is fetched again', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const sb = await startSandbox({ seed: 81, chargebacks: 400, decisionDelayMs: null, rateLimit: { max: 1e6 } });
  const app = await openBrowserApp({ browser, viewport: { width: 1280, height: 900 }, navigate: false });
  try {
    const { page, services } = app;
    const profile: Profile = { ...profileDefaults, id: 'prof_steady', name: 'Shop', deployment: 'test', url: sb.url };
    services.store.profiles.save(profile);
    await services.vault.setKey(profile.id, sb.apiKey, { sessionOnly: true });
    await services.sync.syncProfile(profile.id);
    await page.goto(app.url);
    const vlist = page.getByRole('grid', { name: /Chargebacks/ });
    await page.locator('.vrow').first().waitFor({ timeout: 60_000 });
    // Every moment the list is replaced or sent back to the top is recorded, between the checks too.
    await vlist.evaluate((el) => {
      const g = globalThis as unknown as { __lost: string[] };
      g.__lost = [];
      // The events from main, counted on their way in: each one stales the listing.
      const w = globalThis as unknown as { __ddEmit: (e: string, p: string) => void; __events: string[] };
      const emit = w.__ddEmit;
      w.__events = [];
      w.__ddEmit = (e, p) => (w.__events.push(e), emit(e, p));
      const box = el as unknown as { scrollTop: number; addEventListener(e: string, f: () => void): void };
      box.addEventListener('scroll', () => {
        if (box.scrollTop === 0) g.__lost.push('scrolled to the top');
      });
    });
    await vlist.evaluate((el) => ((el as unknown as { scrollTop: number }).scrollTop = 5200));
    await page.waitForTimeout(300);
    const at = await vlist.evaluate((el) => (el as unknown as { scrollTop: number }).scrollTop);
    assert.ok(at > 4000, `scrolled down (${at})`);

    // Answers to chargebacks at the top of the list (rows move between sections) go out one by
    // one; each job change is an outboxChanged event, and the listing is fetched again.
    const ids = services.store.portfolio
      .listWorklist({ profileId: profile.id, limit: 12 })
      .rows.filter((r) => r.section === 'answer-now')
      .map((r) => r.id)
      .slice(0, 8);
    assert.ok(ids.length >= 5, 'chargebacks to answer');
    let fetches = 0;
    for (const id of ids) {
      const queued = await services.outbox.queue({
        profileId: profile.id,
        chargebackId: id,
        // An answer: its row moves from "answer now" to awaiting the issuer, above where the merchant is.
        messageType: 'respond',
        note: 'Delivered on 3 March and signed for.',
        unusual: true,
        documents: [],
      });
      assert.ok(queued.ok, queued.ok ? '' : queued.error.message);
      await services.outbox.runOnce();
      fetches++;
      await page.waitForTimeout(250);
      const now = await vlist.evaluate((el) => (el as unknown as { scrollTop: number }).scrollTop);
      assert.equal(now, at, `after answer ${fetches}, the list is where the merchant left it`);
      assert.equal(await page.locator('.skeleton').count(), 0, 'no skeleton over the rows');
      assert.ok((await page.locator('.vrow').count()) > 5, 'rows stay shown');
    }
    const lost = await page.evaluate(() => (globalThis as unknown as { __lost: string[] }).__lost);
    assert.deepEqual(lost, [], 'never sent back to the top in between');
    const events = await page.evaluate(() => (globalThis as unknown as { __events: string[] }).__events);
    assert.ok(
      events.filter((e) => e === 'outboxChanged').length >= ids.length,
      `every job change reached the window and staled the listing (${events.join(', ')})`,
    );
  } finally {
    await app.close();
    await sb.close();
  }
});
