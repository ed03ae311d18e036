// Insights' "Disputed" and the Ledger's "Charged back" differ, and Insights says why, on the demo
// portfolio through the real renderer in Chromium and the real handlers: Disputed on screen is what
// the stored chargebacks claimed, retrieval requests included; those move no money, so the Ledger,
// which counts the money that moved, shows another figure; the sentence beside Disputed says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { exploreDemo } from './support/flows.ts';
import { readLedger } from '../../electron/views/read-ledger.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { entryKind } from '../../shared/domain/entry-kinds.ts';
import { parseServiceTimestamp } from '../../shared/domain/dates.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).click();

test('Insights says why its Disputed is not the Ledger’s Charged back: retrieval requests claim and move no money', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({ browser, viewport: { width: 1280, height: 800 } });
  try {
    const { page, services } = app;
    await exploreDemo(page, async () => undefined);
    const profile = services.store.profiles.list()[0]!;

    // The records: every stored USD chargeback, and the retrieval requests among them.
    const usd = services.store.portfolio
      .chargebackIds(profile.id)
      .map((id) => services.store.portfolio.getChargeback(profile.id, id)!)
      .filter((c) => c.currency === 'USD');
    const retrievals = usd.filter((c) => c.cycle === 'retrieval');
    assert.ok(retrievals.length > 0, 'the demo has USD retrieval requests');
    const claimed = usd.reduce((sum, c) => sum + c.total, 0);
    const claimedByRetrievals = retrievals.reduce((sum, c) => sum + c.total, 0);
    assert.ok(claimedByRetrievals > 0, 'retrieval requests name an amount');
    // Every entry the service ever recorded: none moves money for a retrieval request.
    const from = parseServiceTimestamp('2000-01-01 00:00:00')!;
    const to = new Date(Date.now() + 2 * 86_400_000);
    const entries = services.store.ledger.window(profile.id, from, to);
    const retrievalIds = new Set(retrievals.map((c) => c.id));
    assert.deepEqual(
      entries.filter((e) => e.chargebackId !== null && retrievalIds.has(e.chargebackId) && entryKind(e) !== 'fee'),
      [],
      'retrieval requests move no money',
    );

    // Insights, all history: Disputed is every USD chargeback's claim, the retrieval requests' included.
    await nav(page, 'Insights');
    await page.getByRole('button', { name: 'All history' }).click();
    await page.getByTestId('period-words').filter({ hasText: 'All history' }).waitFor();
    const disputed = plain(await page.getByTestId('disputed-USD').textContent());
    assert.equal(disputed, plain(formatAmount(claimed, 'USD')));
    // The sentence that says why the Ledger shows another figure.
    const hint = plain(await page.locator('.insights-screen p.hint').first().textContent());
    assert.ok(
      hint.includes(
        'Disputed is what the chargebacks claimed, retrieval requests included (they ask for documents and move no ' +
          'money); the Ledger counts the money that moved, on the day it moved, so their totals differ.',
      ),
      hint,
    );
    await app.shot('insights-disputed-words');

    // The Ledger over the same records: its Charged back is the money that moved, another figure.
    await nav(page, 'Ledger');
    await page.getByLabel('From', { exact: true }).fill('2000-01-01');
    const toDay = await page.getByLabel('To', { exact: true }).inputValue();
    const ledger = readLedger(
      services.store,
      profile.id,
      from,
      new Date(parseServiceTimestamp(`${toDay} 00:00:00`)!.getTime() + 86_400_000),
    );
    const moved = ledger.currencies.find((c) => c.currency === 'USD')!.totals.chargedBack;
    const chargedBack = page.getByTestId('charged-back-USD');
    await chargedBack.filter({ hasText: formatAmount(moved, 'USD') }).waitFor();
    assert.notEqual(Math.abs(moved), claimed, 'the two screens’ totals differ, as Insights says');
  } finally {
    await app.close();
  }
});
