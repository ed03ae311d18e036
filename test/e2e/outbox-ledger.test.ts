// Issue 15, Outbox and Ledger, on the demo portfolio in Chromium. The Outbox: each job's chargeback,
// answer, amount (a concession, the amount disputed, yen without decimals, none recorded), its
// moments in the merchant's locale, its state in words, the outcome once decided; a failed attempt
// retried from its card; a chargeback decided after its answer was queued. The Ledger: totals and
// charts in the one currency order (USD, the currency of most demo chargebacks, first), month names
// and a money axis, value labels, the table view, the CSV in that order, one month, no entries, and
// the time to its first chart. Screenshots light and dark at 1280×800 (test-results/screenshots/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, Locator, Page } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath, type BrowserApp } from './support/browser-bridge.ts';
import { exploreDemo } from './support/flows.ts';
import { createSandboxAdmin } from '../../electron/sandbox/admin-client.ts';
import { createOutboxRepo } from '../../electron/store/outbox-repo.ts';
import { readLedger } from '../../electron/views/read-ledger.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { formatMoment, formatMonth } from '../../shared/domain/merchant-format.ts';
import { easternToday, formatYmd, parseServiceTimestamp } from '../../shared/domain/dates.ts';
import { periodStart } from '../../shared/views/insights-view.ts';
import type { OutboxJob } from '../../shared/outbox.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

/** Intl writes narrow and no-break spaces; the page and Node may not pick the same one. */
const plain = (s: string | null): string => (s ?? '').replace(/\s/g, ' ');
const text = async (l: Locator): Promise<string> => plain(await l.textContent());
const localeOf = (page: Page): Promise<string> => page.evaluate(() => navigator.language);
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).click();

async function shots(app: BrowserApp, name: string): Promise<void> {
  await app.page.emulateMedia({ colorScheme: 'light' });
  await app.shot(`${name}-light-1280x800`);
  await app.page.emulateMedia({ colorScheme: 'dark' });
  await app.shot(`${name}-dark-1280x800`);
  await app.page.emulateMedia({ colorScheme: 'light' });
}

test('Outbox: amounts, moments, states in words, outcomes; a failed job retried; a chargeback closed since', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({ browser });
  try {
    const { page, services } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    await exploreDemo(page, async () => undefined);
    const locale = await localeOf(page);
    const profile = services.store.profiles.list()[0]!;
    const sandbox = services.demoSandbox()!;
    const admin = createSandboxAdmin(sandbox.url, sandbox.adminToken);
    const answerable = services.store.portfolio
      .listWorklist({ profileId: profile.id, status: 'open', offset: 0, limit: 200 })
      .rows.filter((r) => r.actionable && (r.daysLeft ?? -1) >= 2);
    assert.ok(answerable.length >= 4, 'the demo has open chargebacks to answer');
    const [conceded, noted, failing, closing] = answerable;
    const cardOf = (id: string) => page.locator('.job').filter({ hasText: id });

    // A partial concession, sent; then the issuer decides against it.
    const half = Math.floor(conceded!.total / 2);
    const concession = await services.outbox.submit({
      profileId: profile.id,
      chargebackId: conceded!.id,
      messageType: 'acceptLiability',
      amount: half,
      currency: conceded!.currency,
      documents: [],
    });
    // A note, sent; then the issuer decides for the merchant and the money comes back.
    await services.outbox.submit({
      profileId: profile.id,
      chargebackId: noted!.id,
      messageType: 'notate',
      note: 'Tracking attached by email.',
      documents: [],
    });
    await services.outbox.runOnce();
    await admin.decide(conceded!.id, 'lost');
    await admin.decide(noted!.id, 'won');
    // A pass brings the decisions and the reversal the win booked.
    await services.sync.syncProfile(profile.id);

    // A note while the service fails: the card says so, with the next try and the reason.
    await admin.setFaults({ rate: 1, kinds: ['500'] });
    const failingJob = await services.outbox.submit({
      profileId: profile.id,
      chargebackId: failing!.id,
      messageType: 'notate',
      note: 'Service down.',
      documents: [],
    });
    await services.outbox.runOnce();
    await admin.setFaults({ rate: 0 });

    // An answer held before it went, whose chargeback the processor then closed.
    const held = await services.outbox.submit({
      profileId: profile.id,
      chargebackId: closing!.id,
      messageType: 'notate',
      note: 'Held back.',
      documents: [],
    });
    services.outbox.pause(held.id);
    await admin.decide(closing!.id, 'closed');
    await services.sync.syncChargeback(profile.id, closing!.id);

    // A job made before every concession named its amount, on a yen chargeback: nothing to format
    // but the amount disputed, in whole yen.
    const yen = services.store.portfolio
      .chargebackIds(profile.id)
      .map((id) => services.store.portfolio.getChargeback(profile.id, id)!)
      .find((c) => c.currency === 'JPY')!;
    assert.ok(yen, 'the demo holds a yen chargeback');
    const legacy: OutboxJob = {
      id: 'job_legacy_no_amount',
      profileId: profile.id,
      chargebackId: yen.id,
      state: 'paused',
      messageType: 'acceptLiability',
      createdAt: Date.now() - 86_400_000,
      updatedAt: Date.now() - 86_400_000,
      warnings: [],
      steps: [{ position: 0, kind: 'message', state: 'pending', name: 'Accept liability', sentBytes: 0, attempts: 0 }],
    };
    createOutboxRepo(services.store.database).insert(legacy, new Map([[0, { path: '', requestToken: 'legacy' }]]));

    await nav(page, 'Outbox');
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();

    // The concession: its amount of the amount disputed, sent, lost.
    const c1 = cardOf(conceded!.id);
    await c1.getByTestId('job-outcome').waitFor({ timeout: 30_000 });
    const sent1 = services.outbox.get(concession.id)!;
    assert.equal(sent1.state, 'done');
    assert.equal(
      await text(c1.getByTestId('job-amount')),
      plain(
        `Concedes ${formatAmount(half, conceded!.currency)} of ${formatAmount(conceded!.total, conceded!.currency)}`,
      ),
    );
    assert.equal(await text(c1.getByTestId('job-state')), 'Sent — the issuer has decided');
    assert.equal(await text(c1.getByTestId('job-outcome')), 'Lost — nothing recovered');
    assert.equal(await text(c1.getByTestId('job-queued')), plain(formatMoment(sent1.createdAt, { locale })));
    assert.equal(await text(c1.getByTestId('job-sent')), plain(formatMoment(sent1.updatedAt, { locale })));
    assert.notEqual(await text(c1.getByTestId('job-tried')), 'Not yet');
    if (conceded!.order) assert.match(await text(c1.getByTestId('job-customer')), new RegExp(conceded!.order));
    assert.equal((await c1.locator('.state.done').count()) > 0, true);

    // The note: the amount disputed, won, the money back.
    const c2 = cardOf(noted!.id);
    assert.equal(
      await text(c2.getByTestId('job-amount')),
      plain(`Disputed ${formatAmount(noted!.total, noted!.currency)}`),
    );
    assert.equal(
      await text(c2.getByTestId('job-outcome')),
      plain(`Won — ${formatAmount(noted!.total, noted!.currency)} recovered`),
    );

    // The failed attempt: reason and next try in words; no outcome yet.
    const c3 = cardOf(failing!.id);
    assert.match(await text(c3.getByTestId('job-state')), /^Failed — (will retry at .+|trying again now): .+/);
    assert.equal(await c3.getByTestId('job-outcome').count(), 0);
    assert.notEqual(await text(c3.getByTestId('job-tried')), 'Not yet', 'a failed attempt is a try');

    // The held answer to a chargeback closed since: why it can no longer go, and no Retry.
    const c4 = cardOf(closing!.id);
    assert.equal(await text(c4.getByTestId('job-state')), 'Held: paused — nothing sent until you resume');
    assert.match(
      await text(c4.getByTestId('job-too-late')),
      /is closed now: the processor no longer accepts answers to it/,
    );
    assert.equal(await c4.getByRole('button', { name: 'Retry now' }).count(), 0);

    // No amount recorded, on a yen chargeback.
    const c5 = cardOf(yen.id);
    assert.equal(
      await text(c5.getByTestId('job-amount')),
      plain(`Concedes an amount not recorded (${formatAmount(yen.total, 'JPY')} disputed)`),
    );
    assert.doesNotMatch(formatAmount(yen.total, 'JPY'), /\./, 'yen have no minor unit');
    assert.equal(await text(c5.getByTestId('job-tried')), 'Not yet');

    await page.locator('.job').first().scrollIntoViewIfNeeded();
    await shots(app, 'outbox-amounts-states');
    await c3.scrollIntoViewIfNeeded();
    await app.shot('outbox-failed-light-1280x800');

    // Retry works from the card once the service is back: the state moves on to sent.
    await c3.getByRole('button', { name: 'Retry now' }).click();
    // A note answers nothing: once sent, nothing awaits the issuer.
    await c3
      .getByTestId('job-state')
      .filter({ hasText: 'Sent to the processor — it answers nothing' })
      .waitFor({ timeout: 30_000 });
    assert.equal(services.outbox.get(failingJob.id)!.state, 'done');

    // The held answer cannot be sent: resumed, the processor refuses it, and it says why.
    await c4.getByRole('button', { name: 'Resume' }).click();
    await services.outbox.runOnce();
    await c4
      .getByTestId('job-state')
      .filter({ hasText: /^Failed — not sent: .*closed/ })
      .waitFor({ timeout: 30_000 });
    assert.equal(await c4.getByRole('button', { name: 'Retry now' }).count(), 0, 'retrying cannot help');
    await c4.getByRole('button', { name: 'Cancel' }).click();
    await c4.getByTestId('job-state').filter({ hasText: 'Cancelled — nothing was sent' }).waitFor();
  } finally {
    await app.close();
  }
});

test('Ledger: currency order, labelled chart and table, CSV in that order, one month, no entries, first paint', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({ browser });
  const dir = mkdtempSync(join(tmpdir(), 'dd-e2e-ledger-'));
  try {
    const { page, services } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    await exploreDemo(page, async () => undefined);
    const locale = await localeOf(page);
    const profile = services.store.profiles.list()[0]!;

    // First paint: from the click to the first chart drawn.
    const clicked = performance.now();
    await nav(page, 'Ledger');
    await page.locator('svg.ledger-chart').first().waitFor({ timeout: 30_000 });
    const firstPaint = performance.now() - clicked;
    console.log(`Ledger first chart ${Math.round(firstPaint)} ms after the click (demo portfolio)`);
    assert.ok(firstPaint < 5_000, `the Ledger draws in time (${Math.round(firstPaint)} ms)`);

    // It opens on the days Insights opens on: its last 12 months, whole months up to today.
    const today = easternToday(new Date());
    assert.equal(await page.getByLabel('From', { exact: true }).inputValue(), `${periodStart('12m', today)}-01`);
    assert.equal(await page.getByLabel('To', { exact: true }).inputValue(), formatYmd(today));

    await page.getByLabel('From', { exact: true }).fill('2000-01-01');
    const from = parseServiceTimestamp('2000-01-01 00:00:00')!;
    const to = new Date(
      parseServiceTimestamp(`${await page.getByLabel('To', { exact: true }).inputValue()} 00:00:00`)!.getTime() +
        86_400_000,
    );
    const view = readLedger(services.store, profile.id, from, to);
    assert.ok(view.currencies.length >= 3, 'the demo has several currencies');
    const order = view.currencies.map((c) => c.currency);
    assert.equal(order[0], 'USD', 'the currency of most chargebacks first');
    assert.notDeepEqual(order, [...order].sort(), 'not alphabetical');
    const rows = page.getByRole('region', { name: 'By currency', exact: true }).locator('tbody tr');
    await rows.nth(order.length - 1).waitFor();
    assert.deepEqual(
      await Promise.all((await rows.all()).map((tr) => tr.getAttribute('data-testid'))),
      order.map((c) => `total-${c}`),
    );
    const currencyButtons = page.getByRole('group', { name: 'Currency' }).getByRole('button');
    assert.deepEqual(await currencyButtons.allTextContents(), order);

    // The chart: the first currency's months by name, a money axis in it, a value on the bars.
    const usd = view.currencies[0]!;
    const chart = page.getByTestId('chart-USD');
    assert.deepEqual(
      (await chart.locator('.month-label').allTextContents()).map(plain),
      usd.months.map((m) => plain(formatMonth(m.month, { locale }))),
    );
    assert.equal(await chart.locator('.axis-title').textContent(), 'USD');
    const ticks = await chart.locator('.y-axis .tick').allTextContents();
    assert.ok(ticks.length >= 2 && ticks.every((tick) => tick.startsWith('$')), `money ticks: ${ticks.join(' ')}`);
    assert.match(plain(await chart.getAttribute('aria-describedby')), /\S/);
    assert.match(
      await text(chart.locator('desc')),
      new RegExp(`charged back ${formatAmount(usd.months.at(-1)!.chargedBack, 'USD').replace(/[$.]/g, '\\$&')}`),
    );
    await app.shot('ledger-totals-light-1280x800');
    await page.getByRole('region', { name: 'By month' }).scrollIntoViewIfNeeded();
    await shots(app, 'ledger-chart');

    // The table view of a yen ledger: every month, whole yen.
    await page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'JPY' }).click();
    await page.getByRole('button', { name: 'Table' }).click();
    const jpy = view.currencies.find((c) => c.currency === 'JPY')!;
    const table = page.getByTestId('month-table-JPY');
    assert.deepEqual(
      (await table.locator('tbody th').allTextContents()).map(plain),
      jpy.months.map((m) => plain(formatMonth(m.month, { locale }))),
    );
    const firstRow = table.locator('tbody tr').first().locator('td');
    assert.equal(await firstRow.nth(0).textContent(), formatAmount(jpy.months[0]!.chargedBack, 'JPY'));
    assert.doesNotMatch((await table.textContent()) ?? '', /¥[\d,]*\.\d/, 'no decimals on yen');
    await app.shot('ledger-table-light-1280x800');
    await page.getByRole('button', { name: 'Chart' }).click();

    // The CSV: every entry, by currency in the same order.
    app.dialogs.answerSave(join(dir, 'ledger.csv'));
    await page.getByRole('button', { name: 'Export CSV…' }).click();
    await page.getByText('Saved ledger.csv.').waitFor();
    const [header, ...csv] = readFileSync(join(dir, 'ledger.csv'), 'utf8').trim().split('\r\n');
    assert.equal(csv.length, view.entryCount);
    const currencyColumn = header!.split(',').indexOf('currency');
    const csvCurrencies = [...new Set(csv.map((line) => line.split(',')[currencyColumn]))];
    assert.deepEqual(csvCurrencies, order);

    // One month only: one group on the chart, one row in the table.
    const month = usd.months.at(-1)!.month;
    await page.getByLabel('From', { exact: true }).fill(`${month}-01`);
    await page.getByLabel('To', { exact: true }).fill(`${month}-28`);
    await page
      .getByTestId('chart-USD')
      .locator('.month-label')
      .first()
      .filter({ hasText: formatMonth(month, { locale }) })
      .waitFor();
    assert.equal(await page.getByTestId('chart-USD').locator('.month').count(), 1);
    // One month's bars are wide enough for their values (a year of demo months is not: the bars'
    // titles and the table carry them there).
    assert.ok((await page.getByTestId('chart-USD').locator('.value').count()) > 0, 'values are written on the bars');
    assert.equal(
      await page.getByTestId('chart-USD').locator('title').first().textContent(),
      `Charged back, fees and reversed per month in USD, ${formatMonth(month, { locale })}`,
    );
    await app.shot('ledger-one-month-light-1280x800');

    // No entries: said in words, nothing to export.
    await page.getByLabel('From', { exact: true }).fill('2001-01-01');
    await page.getByLabel('To', { exact: true }).fill('2001-01-31');
    await page.getByText('No ledger entries in this window.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Export CSV…' }).isDisabled(), true);
    assert.equal(await page.locator('svg.ledger-chart').count(), 0);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
