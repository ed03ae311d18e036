// The window's start (issue 26, "the inbox's cold first rows"): its first call (openWindow)
// answers the profiles and the inbox's first rows at once, and neither is asked for again. The
// window opens on the profile it used last; when that profile was removed since (from the CLI,
// or from another window), on the first one's inbox, never on an empty window.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { openChargeback } from '../support/chargeback-records.ts';
import { profileDefaults, type Profile } from '../../shared/profiles.ts';
import { addDays, easternToday, ymdToInt } from '../../shared/domain/dates.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

const profile = (id: string, name: string): Profile => ({
  ...profileDefaults,
  reminderThresholdDays: [...profileDefaults.reminderThresholdDays],
  id,
  name,
  deployment: 'test',
  url: 'http://127.0.0.1:9',
});
const cb = (id: string) => openChargeback(id, { reply: ymdToInt(addDays(easternToday(new Date()), 10)) });

// Every call the window makes, in order (the bridge's binding wrapped before the app's script runs).
const recordCalls = `
  globalThis.__calls = [];
  const invoke = globalThis.__ddInvoke;
  globalThis.__ddInvoke = (channel, ...rest) => (globalThis.__calls.push(channel), invoke(channel, ...rest));
`;

test('the first rows come from one call, for the profile used last; a removed one falls back to the first', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({ browser, navigate: false });
  try {
    const { page, services } = app;
    services.store.profiles.save(profile('shop-a', 'Shop A'));
    services.store.profiles.save(profile('shop-b', 'Shop B'));
    services.store.portfolio.upsertChargebacks('shop-a', [cb('cb_a_1')]);
    services.store.portfolio.upsertChargebacks('shop-b', [cb('cb_b_1'), cb('cb_b_2')]);
    services.store.events.raise('shop-a', { key: 'new:cb_a_1', kind: 'new', title: 'New chargeback', body: 'cb_a_1' });
    services.store.savedFilters.save('shop-a', 'Arbitration only', { cycle: 'arbitration' });
    await page.addInitScript({ content: recordCalls });
    const calls = () => page.evaluate(() => (globalThis as unknown as { __calls: string[] }).__calls);
    const shownIds = () => page.locator('.vrow .cell.main .id').allTextContents();

    // The merchant works in Shop B, then closes the window.
    await page.goto(app.url);
    await page.locator('.vrow .cell.main .id').first().waitFor();
    assert.deepEqual((await calls())[0], 'openWindow');
    assert.ok(!(await calls()).includes('listInbox'), `the first page is not asked again: ${await calls()}`);
    assert.ok(!(await calls()).includes('listProfiles'), `nor the profiles: ${await calls()}`);
    assert.match((await shownIds()).join(), /cb_a_1/, 'no profile remembered: the first');
    // The activity's unread count and the saved filters came with the first call too: nothing
    // asks for them while the first rows are painted.
    await page.getByRole('button', { name: 'Activity 1 new' }).waitFor();
    await page.getByRole('button', { name: 'Arbitration only', exact: true }).waitFor();
    await page.waitForTimeout(300);
    for (const asked of ['listEvents', 'listSavedFilters'])
      assert.ok(!(await calls()).includes(asked), `${asked} is not asked again: ${await calls()}`);
    await page.getByLabel('Profile').selectOption('shop-b');
    await page.getByText('cb_b_2').first().waitFor();

    // Reopened: Shop B's rows, from the first call alone.
    await page.reload();
    await page.locator('.vrow .cell.main .id').first().waitFor();
    assert.match((await shownIds()).join(), /cb_b_1.*cb_b_2|cb_b_2.*cb_b_1/);
    assert.equal(await page.getByLabel('Profile').inputValue(), 'shop-b');
    assert.equal((await calls()).filter((c) => c === 'listInbox').length, 0, `${await calls()}`);

    // Shop B is removed while the window is closed (the window still remembers it).
    assert.ok(services.store.profiles.remove('shop-b'));
    await page.reload();
    await page.locator('.vrow .cell.main .id').first().waitFor();
    assert.match((await shownIds()).join(), /cb_a_1/, "Shop A's inbox, not an empty window");
    assert.ok(!(await shownIds()).join().includes('cb_b_'));
    await app.shot('window-start-fallback');
  } finally {
    await app.close();
  }
});

test("the first call goes out from the window's first script, before app.js has loaded, and only once", async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({ browser, navigate: false });
  try {
    const { page, services } = app;
    services.store.profiles.save(profile('shop-a', 'Shop A'));
    services.store.portfolio.upsertChargebacks('shop-a', [cb('cb_a_1')]);
    await page.addInitScript({ content: recordCalls });
    const calls = () => page.evaluate(() => (globalThis as unknown as { __calls: string[] }).__calls);
    // app.js is held back until the call has gone out: only start.js can have made it.
    let release = (): void => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/app.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(app.url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (globalThis as unknown as { __calls?: string[] }).__calls?.length === 1);
    assert.deepEqual(await calls(), ['openWindow']);
    release();
    await page.locator('.vrow .cell.main .id').first().waitFor();
    const made = await calls();
    assert.equal(
      made.filter((c) => c === 'openWindow').length,
      1,
      `app.js takes the answer, asks nothing again: ${made}`,
    );
    assert.ok(!made.includes('listInbox') && !made.includes('listProfiles'), `${made}`);

    // A window opened on a start-up notice shows it and asks nothing of the inbox.
    await page.unroute('**/app.js');
    const notice = encodeURIComponent(JSON.stringify({ kind: 'recovered', text: 'The database was repaired.' }));
    await page.goto('about:blank');
    await page.goto(`${app.url}#startup=${notice}`);
    await page.getByText('The database was repaired.').waitFor();
    assert.ok(!(await calls()).includes('openWindow'), `${await calls()}`);
  } finally {
    await app.close();
  }
});
