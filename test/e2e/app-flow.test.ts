// The desktop UI in Chromium through the browser bridge: demo onboarding, the inbox in
// deadline order (checked against the sandbox), a dispute, accepting liability with
// confirmation through the outbox, and a rejected API key. Screenshots land in
// test-results/screenshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { startSandbox } from '../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../electron/sandbox/admin-client.ts';
import { formatAmount, minorToMajor } from '../../shared/domain/money.ts';
import { currencyExponent } from '../../shared/domain/currencies.ts';
import { easternToday, ymdToInt } from '../../shared/domain/dates.ts';
import { sandboxEntries, wireTotals } from './support/sandbox-entries.ts';
import { exploreDemo, inboxIds, openFirstAnswerable, acceptLiability, disputedAmountText } from './support/flows.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

test(
  'demo onboarding → inbox in deadline order → dispute ' + '→ accept liability with confirmation → sent once',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const app = await openBrowserApp({ browser });
    try {
      const { page } = app;
      await exploreDemo(page, app.shot);

      // The inbox's order, against the sandbox's own deadlines.
      const profile = app.services.store.profiles.list()[0]!;
      const key = await app.services.vault.getKey(profile.id);
      const res = await fetch(`${profile.url}/chargebacks?page[limit]=100`, {
        headers: { APIKEY: key!, search: 'status[equals]=open&actionable[equals]=1' },
      });
      const open = ((await res.json()) as { response: { data: Array<{ id: string; reply: number }> } }).response.data;
      // Those past their reply date are folded at the end (issue 15): the list starts with what can still be answered.
      const today = ymdToInt(easternToday(new Date()));
      const expected = open
        .filter((c) => c.reply >= today)
        .sort((a, b) => a.reply - b.reply || a.id.localeCompare(b.id))
        .slice(0, 8)
        .map((c) => c.id);
      assert.deepEqual(await inboxIds(page, 8), expected);

      // The first chargeback still inside its deadline (overdue ones can no longer be answered).
      const chargebackId = await openFirstAnswerable(page, app.shot);
      const cb = app.services.store.portfolio.getChargeback(profile.id, chargebackId)!;
      assert.equal(
        await disputedAmountText(page),
        minorToMajor(cb.total, cb.currency).toFixed(currencyExponent(cb.currency)),
      );
      await acceptLiability(page, await disputedAmountText(page), app.shot);
      const msgs = await fetch(`${profile.url}/chargebackMessages`, {
        headers: { APIKEY: key!, search: `chargeback[equals]=${chargebackId}` },
      });
      const list = ((await msgs.json()) as { response: { data: Array<{ type: string; amount: number }> } }).response
        .data;
      assert.deepEqual(
        list.map((m) => [m.type, m.amount]),
        [['acceptLiability', cb.total]],
        'the sandbox holds exactly that message',
      );
    } finally {
      await app.close();
    }
  },
);

test('a rejected API key shows a clear message next to the form', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const sb = await startSandbox({ seed: 3, chargebacks: 3 });
  const app = await openBrowserApp({ browser });
  try {
    const { page } = app;
    await page.getByLabel('Profile name').fill('My shop');
    await page.getByLabel('Deployment').selectOption('test');
    await page.getByLabel('Service URL').fill(sb.url);
    await page.getByLabel('API key').fill('definitely-not-the-key');
    await page.getByRole('button', { name: 'Add profile' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /rejected the API key/);
    assert.equal(await page.getByLabel('API key').inputValue(), '', 'the key field is cleared');
    await app.shot('06-rejected-key');
    assert.equal(app.services.store.profiles.list().length, 0);
  } finally {
    await app.close();
    await sb.close();
  }
});

test("the ledger's totals equal the sandbox's entries: disputed amounts, fees and reversals apart", async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({ browser });
  try {
    const { page } = app;
    await page.getByRole('button', { name: 'Explore with demo data' }).click();
    await page.getByRole('grid', { name: /Chargebacks/ }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Ledger' }).click();
    await page.getByLabel('From').fill('2000-01-01');
    await page.locator('[data-testid="net-USD"]').waitFor();
    await app.shot('10-ledger');
    const profile = app.services.store.profiles.list()[0]!;
    const entries = await sandboxEntries(app.services.demoSandbox()!, (await app.services.vault.getKey(profile.id))!);
    assert.ok(
      entries.some((e) => e.isFee === 1) && entries.some((e) => e.isFee === 0 && e.amount < 0),
      'the demo holds fees and disputed amounts',
    );
    const totals = wireTotals(entries);
    assert.ok(totals.size >= 2, 'the demo portfolio has several currencies');
    for (const [currency, w] of totals) {
      // One row per currency in the totals table (it was a card with a description list).
      const cell = (id: string) => page.getByTestId(`${id}-${currency}`).textContent();
      const shown = {
        'Charged back': await cell('charged-back'),
        Fees: await cell('fees'),
        Reversed: await cell('reversed'),
        Net: await cell('net'),
      };
      const money = (n: number): string => formatAmount(n, currency);
      assert.deepEqual(
        shown,
        { 'Charged back': money(w.chargedBack), Fees: money(w.fees), Reversed: money(w.reversed), Net: money(w.net) },
        currency,
      );
    }
    // The entries are listed by the service's own words: a fee says it is one.
    const feeRow = page.locator('table.entries tbody tr').filter({ hasText: 'Chargeback fee' }).first();
    assert.equal(await feeRow.getAttribute('data-kind'), 'fee');
  } finally {
    await app.close();
  }
});

test(
  'activity lists what changed, newest first; opening ' + 'it marks all read; an event opens its chargeback',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const app = await openBrowserApp({ browser });
    try {
      const { page, services } = app;
      await exploreDemo(page, async () => undefined);
      const profile = services.store.profiles.list()[0]!;
      // The issuer decides one chargeback; the next sync brings the decision in as an event.
      const sandbox = services.demoSandbox()!;
      const [decided] = services.store.portfolio.listWorklist({
        profileId: profile.id,
        status: 'open',
        offset: 0,
        limit: 1,
      }).rows;
      await createSandboxAdmin(sandbox.url, sandbox.adminToken).decide(decided!.id, 'won');
      await page.getByRole('button', { name: 'Sync now' }).click();
      await page.getByText(/^Up to date/).waitFor();
      const stored = services.store.events.recent(profile.id);
      assert.ok(
        stored.some((e) => e.chargebackId === decided!.id),
        'the decision is an event',
      );
      const unread = stored.filter((e) => !e.read).length;
      assert.ok(unread > 0, 'the first sync and the deadlines raised events');
      await page.getByRole('button', { name: `Activity ${unread} new` }).click();
      const panel = page.getByRole('dialog', { name: 'Recent activity' });
      await panel.waitFor();
      await app.shot('15-activity');
      assert.deepEqual(
        await panel.locator('li strong').allTextContents(),
        stored.map((e) => e.title),
      );
      assert.equal(
        services.store.events.recent(profile.id).filter((e) => !e.read).length,
        0,
        'opening the list marks every event read',
      );
      const withChargeback = stored.findIndex((e) => e.chargebackId);
      assert.ok(withChargeback >= 0, 'some event is about one chargeback');
      await panel.locator('li .event').nth(withChargeback).click();
      await page.getByRole('region', { name: `Chargeback ${stored[withChargeback]!.chargebackId}` }).waitFor();
      await page.keyboard.press('Escape');
    } finally {
      await app.close();
    }
  },
);

test('the theme follows the system: dark colours when the system is dark', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({ browser, colorScheme: 'dark' });
  try {
    const { page } = app;
    const luminance = async (selector: string, property: 'backgroundColor' | 'color') => {
      const rgb = await page
        .locator(selector)
        .first()
        .evaluate(
          (el, p) =>
            (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(el)[
              p
            ]!,
          property,
        );
      const [r, g, b] = rgb.match(/\d+/g)!.map(Number) as [number, number, number];
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    await exploreDemo(page, async (name) => app.shot(`dark-${name}`));
    assert.ok((await luminance('.app', 'color')) > 0.7, 'light text');
    assert.ok((await luminance('.nav', 'backgroundColor')) < 0.2, 'dark surfaces');
    await openFirstAnswerable(page, async (name) => app.shot(`dark-${name}`));
    assert.ok((await luminance('.card', 'backgroundColor')) < 0.2, 'dark cards');
  } finally {
    await app.close();
  }
});

test('keyboard only: into the inbox, down the rows, open one, and back', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({ browser });
  try {
    const { page } = app;
    await exploreDemo(page, async () => undefined);
    const ids = await inboxIds(page, 3);
    const grid = page.getByRole('grid', { name: /Chargebacks/ });
    // Tab from the search field through the filters reaches the list.
    await page.getByLabel('Search').focus();
    // (the filters, Export CSV and the saved filters; the column headings are inside the grid)
    for (
      let i = 0;
      i < 16 && !(await grid.evaluate((el) => (el as unknown as { matches(s: string): boolean }).matches(':focus')));
      i++
    )
      await page.keyboard.press('Tab');
    assert.ok(
      await grid.evaluate((el) => (el as unknown as { matches(s: string): boolean }).matches(':focus')),
      'the list takes the focus',
    );
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const active = await grid.getAttribute('aria-activedescendant');
    assert.equal(
      await page.locator(`[id="${active}"]`).getAttribute('aria-rowindex'),
      '4',
      'the focused row is announced (row 1 of the grid is its column headings)',
    );
    await page.keyboard.press('Enter');
    // Row 1 holds the column headings, row 2 the "Answer now" heading: row 4 is the second chargeback.
    await page.getByRole('region', { name: `Chargeback ${ids[1]}` }).waitFor();
    const back = page.getByRole('button', { name: '← Inbox' });
    await back.focus();
    await page.keyboard.press('Enter');
    await grid.waitFor();
  } finally {
    await app.close();
  }
});

test('a failed answer says why; once part of it was sent it can be dismissed, after a confirmation', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({ browser });
  const dir = mkdtempSync(join(tmpdir(), 'dd-e2e-fail-'));
  try {
    const { page, services } = app;
    await exploreDemo(page, async () => undefined);
    const profile = services.store.profiles.list()[0]!;
    const [target] = services.store.portfolio
      .listWorklist({ profileId: profile.id, status: 'open', offset: 0, limit: 100 })
      .rows.filter((r) => r.actionable && (r.daysLeft ?? -1) >= 0);
    // Text dressed as a PDF: the service checks content, so the second document is refused after
    // the first (and, on the micro-service, the message) went.
    writeFileSync(join(dir, 'invoice.pdf'), '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    writeFileSync(join(dir, 'receipt.pdf'), 'this is not a PDF at all');
    const pdf = (name: string) => ({ path: join(dir, name), name, documentType: 'pdf' as const });
    const documents = [pdf('invoice.pdf'), pdf('receipt.pdf')];
    const job = await services.outbox.submit({
      profileId: profile.id,
      chargebackId: target!.id,
      messageType: 'respond',
      documents,
    });
    await services.outbox.runOnce();
    assert.equal(services.outbox.get(job.id)!.state, 'failed');
    await page.getByRole('button', { name: 'Outbox' }).click();
    const card = page.locator('.job').filter({ hasText: target!.id });
    // The reason is in the state's words (was a separate error line).
    const state = card.getByTestId('job-state');
    await state.filter({ hasText: /^Failed — partly sent: \S/ }).waitFor();
    assert.equal(
      await card.getByRole('button', { name: 'Cancel' }).count(),
      0,
      'what reached the processor cannot be cancelled',
    );
    await card.getByRole('button', { name: 'Dismiss…' }).click();
    await card.getByRole('alert').filter({ hasText: 'already reached the processor' }).waitFor();
    await app.shot('16-outbox-dismiss');
    await card.getByRole('button', { name: 'Dismiss the job' }).click();
    await card.locator('.state.dismissed').first().waitFor();
    assert.equal(services.outbox.get(job.id)!.state, 'dismissed');
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
