// Issue 15, Insights, on the demo portfolio in Chromium: the figures on screen are the view worked
// out from the store, the period filter changes them, nothing wraps, and screenshots light and
// dark at 1280×800 and 1920×1080 (test-results/screenshots/insights-*).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { exploreDemo } from './support/flows.ts';
import { readInsights } from '../../electron/views/read-insights.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { addDays, easternToday, ymdToInt } from '../../shared/domain/dates.ts';
import { describeWinRate, type InsightRow, type InsightsView } from '../../shared/views/insights-view.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

const percent = (r: InsightRow): string => (r.winRate === null ? '–' : `${Math.round(r.winRate * 100)}%`);

/** The screen shows exactly the view: headline, and every row of the three tables. */
async function assertShows(page: Page, view: InsightsView): Promise<void> {
  await page
    .getByTestId('win-rate-words')
    .filter({ hasText: describeWinRate(view.overall) })
    .waitFor();
  assert.equal(await page.getByTestId('win-rate').textContent(), percent(view.overall));
  assert.equal(await page.getByTestId('period-words').textContent(), view.overall.label);
  for (const m of view.overall.money) {
    assert.equal(
      await page.getByTestId(`recovered-${m.currency}`).textContent(),
      formatAmount(m.recovered, m.currency),
    );
    assert.equal(await page.getByTestId(`disputed-${m.currency}`).textContent(), formatAmount(m.disputed, m.currency));
    assert.equal(await page.getByTestId(`fees-${m.currency}`).textContent(), formatAmount(m.fees, m.currency));
  }
  const tables: Array<[string, InsightRow[]]> = [
    ['By reason', view.byReason],
    ['By network', view.byNetwork],
    ['By month', view.byMonth],
  ];
  for (const [title, rows] of tables) {
    const shown = page.getByRole('region', { name: title }).locator('tbody tr');
    assert.equal(await shown.count(), rows.length, title);
    for (const [i, r] of rows.entries()) {
      const tr = shown.nth(i);
      assert.equal(await tr.getAttribute('data-key'), r.key);
      const cell = (col: string) => tr.locator(`[data-col="${col}"]`).textContent();
      assert.deepEqual(
        [await cell('disputes'), await cell('decided'), await cell('won'), await cell('lost'), await cell('win-rate')],
        [String(r.disputes), String(r.decided), String(r.won), String(r.lost), percent(r)],
        `${title}: ${r.label}`,
      );
      const disputed = await tr.locator('td.amount').first().locator('div').allTextContents();
      assert.deepEqual(
        disputed,
        r.money.map((m) => formatAmount(m.disputed, m.currency)),
        `${title}: ${r.label}`,
      );
    }
  }
}

/** Every piece of text (a count, a name, one currency's amount, a toolbar button) is on one line: its
 * text's boxes all start at the same height. */
const textLeaves = [
  '.insight-table th',
  '.insight-table td:not(:has(*))',
  '.insight-table td div',
  '.insight-table td span',
  '.insights-toolbar h1',
  '.insights-toolbar button',
  '.insights-toolbar > span',
].join(', ');
async function assertNothingWraps(page: Page): Promise<void> {
  const wrapped = await page.locator(textLeaves).evaluateAll((leaves) => {
    const doc = (
      globalThis as unknown as {
        document: { createRange(): { selectNodeContents(n: unknown): void; getClientRects(): Array<{ top: number }> } };
      }
    ).document;
    return leaves
      .filter((leaf) => {
        const range = doc.createRange();
        range.selectNodeContents(leaf);
        const tops = [...range.getClientRects()].map((r) => r.top);
        return tops.length > 0 && Math.max(...tops) - Math.min(...tops) > 3;
      })
      .map((leaf) => (leaf as unknown as { textContent: string }).textContent);
  });
  assert.deepEqual(wrapped, [], 'no text wraps');
  // The toolbar is one row: each of its items starts within its first line.
  const tops = await page
    .locator('.insights-toolbar > *')
    .evaluateAll((items) =>
      items.map((i) =>
        (i as unknown as { getBoundingClientRect(): { top: number; bottom: number } }).getBoundingClientRect(),
      ),
    );
  assert.ok(Math.max(...tops.map((t) => t.top)) < Math.min(...tops.map((t) => t.bottom)), 'the toolbar is one row');
}

test('Insights: the view from the store on screen, the period filter, no wrapping, light and dark', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({ browser });
  try {
    const { page, services } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    await exploreDemo(page, async () => undefined);
    const profile = services.store.profiles.list()[0]!;
    // The demo's disputes were all issued in the last three months or so; one from eight months ago,
    // decided, gives the longer periods something more to count.
    const issued = addDays(easternToday(new Date()), -240);
    const demo = services.store.portfolio
      .chargebackIds(profile.id)
      .map((id) => services.store.portfolio.getChargeback(profile.id, id)!);
    const older = {
      ...demo.find((c) => c.status === 'lost')!,
      id: 'chb_insights_older',
      issued: ymdToInt(issued),
      received: ymdToInt(issued),
    };
    services.store.portfolio.upsertChargebacks(profile.id, [older]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Insights' }).click();

    const twelve = readInsights(services.store, profile.id, '12m');
    assert.ok(
      twelve.overall.decided > 0 && twelve.overall.money.length > 1,
      'the demo has decided disputes in currencies',
    );
    assert.equal(await page.getByRole('button', { name: 'Last 12 months' }).getAttribute('aria-pressed'), 'true');
    await assertShows(page, twelve);
    await assertNothingWraps(page);
    await app.shot('insights-light-1280x800');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await assertNothingWraps(page);
    await app.shot('insights-light-1920x1080');

    // The period filter: three months leave out the older disputes, all history takes them back.
    const three = readInsights(services.store, profile.id, '3m');
    assert.ok(three.overall.disputes < twelve.overall.disputes, 'there are disputes older than three months');
    assert.ok(twelve.byMonth.some((m) => m.key === `${issued.y}-${String(issued.m).padStart(2, '0')}`));
    await page.getByRole('button', { name: 'Last 3 months' }).click();
    await assertShows(page, three);
    await page.getByRole('button', { name: 'All history' }).click();
    await assertShows(page, readInsights(services.store, profile.id, 'all'));
    await page.getByRole('button', { name: 'Last 6 months' }).click();
    await assertShows(page, readInsights(services.store, profile.id, '6m'));

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Last 12 months' }).click();
    await assertShows(page, twelve);
    await app.shot('insights-dark-1920x1080');
    await page.setViewportSize({ width: 1280, height: 800 });
    await assertNothingWraps(page);
    await app.shot('insights-dark-1280x800');
  } finally {
    await app.close();
  }
});
