// Issue 15, the inbox as a worklist, on the demo portfolio in Chromium: each finding seen fixed,
// and screenshots light and dark at 1280×800 and 1920×1080 (test-results/screenshots/inbox-*).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { existsSync } from 'node:fs';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

/** Watches the page from its first paint: did a false empty state or a skeleton ever show? */
async function watchFirstLoad(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as { __seen: { empty: boolean; skeleton: boolean } };
    g.__seen = { empty: false, skeleton: false };
    const doc = (
      globalThis as unknown as { document: { body: { innerText: string }; querySelector(s: string): unknown } }
    ).document;
    const check = (): void => {
      if (doc.body.innerText.includes('No chargebacks yet')) g.__seen.empty = true;
      if (doc.querySelector('.skeleton')) g.__seen.skeleton = true;
    };
    const Observer = (
      globalThis as unknown as { MutationObserver: new (cb: () => void) => { observe(n: unknown, o: object): void } }
    ).MutationObserver;
    new Observer(check).observe(doc.body, { childList: true, subtree: true, characterData: true });
  });
}

const rowTexts = (page: Page, sel: string) => page.locator(`.vrow ${sel}`).allTextContents();

test(
  'the inbox as a worklist: sections, sort, amounts at risk, no ' +
    'wrapping, outcome colours, skeleton, search by customer, CSV',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const app = await openBrowserApp({ browser });
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-worklist-'));
    try {
      const { page, services } = app;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: 'Explore with demo data' }).waitFor();
      await watchFirstLoad(page);
      await page.getByRole('button', { name: 'Explore with demo data' }).click();
      await page.locator('.vrow .cell.main .id').first().waitFor({ timeout: 60_000 });
      const profile = services.store.profiles.list()[0]!;

      // Finding: "No chargebacks yet" flashed before the first load. Now a skeleton stands in.
      const seen = await page.evaluate(
        () => (globalThis as unknown as { __seen: { empty: boolean; skeleton: boolean } }).__seen,
      );
      assert.equal(seen.empty, false, 'no false empty state before the first answer');
      assert.equal(seen.skeleton, true, 'a skeleton until the first answer');

      // Finding: the first screen was overdue disputes. Now "answer now" leads, past the deadline is
      // folded at the end with its count, and no row on the first screen is overdue.
      const worklist = services.store.portfolio.listWorklist({ profileId: profile.id, collapsed: ['past-deadline'] });
      const past = worklist.sections.find((s) => s.section === 'past-deadline')!;
      assert.ok(past.count > 0, 'the demo portfolio has chargebacks past their deadline');
      const heads = page.locator('.vsection');
      assert.match((await heads.first().textContent()) ?? '', /^▾Answer now/);
      assert.equal(
        await page.getByTestId('section-answer-now').getByTestId('section-count').textContent(),
        String(worklist.sections[0]!.count),
      );
      const deadlines = await rowTexts(page, '[data-testid="days-left"]');
      assert.ok(deadlines.length >= 8, `the first screen shows rows (${deadlines.length})`);
      assert.ok(!deadlines.some((d) => /Overdue/.test(d)), deadlines.join(', '));
      // The last section, folded: its heading and count, no rows.
      const vlist = page.getByRole('grid', { name: /Chargebacks/ });
      await vlist.evaluate((el) => ((el as unknown as { scrollTop: number }).scrollTop = 1e7));
      const pastHead = page.getByTestId('section-past-deadline');
      await pastHead.waitFor();
      assert.equal(await pastHead.getByTestId('section-count').textContent(), String(past.count));
      assert.match((await pastHead.textContent()) ?? '', /▸Past the deadline/);
      // Finding: no amount at risk. Each section heading says how much, per currency.
      assert.match((await pastHead.textContent()) ?? '', /at risk/);
      await pastHead.click();
      await page
        .locator('.vrow [data-testid="days-left"]', { hasText: /Overdue by/ })
        .first()
        .waitFor();
      await vlist.evaluate((el) => ((el as unknown as { scrollTop: number }).scrollTop = 0));

      // Finding: no column headers, no sort. Headings sort within sections, and say so (aria-sort).
      // The heading (a columnheader) says the order; the button in it changes it.
      const amountHead = page.getByRole('columnheader', { name: /^Amount/ });
      assert.equal(await page.getByRole('columnheader', { name: /^Deadline/ }).getAttribute('aria-sort'), 'ascending');
      await amountHead.getByRole('button').click();
      assert.equal(await amountHead.getAttribute('aria-sort'), 'ascending');
      const bySize = services.store.portfolio.listWorklist({
        profileId: profile.id,
        sort: 'amount',
        dir: 'asc',
        limit: 5,
      });
      await page.waitForFunction(
        (first) =>
          (
            (
              globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }
            ).document.querySelector('.vrow .cell.main .id')?.textContent ?? ''
          ).startsWith(first),
        bySize.rows[0]!.id,
      );
      assert.deepEqual(
        (await rowTexts(page, '.cell.main .id')).slice(0, 5).map((s) => s.split(' ')[0]),
        bySize.rows.map((r) => r.id),
      );
      await amountHead.getByRole('button').click();
      assert.equal(await amountHead.getAttribute('aria-sort'), 'descending');
      await page.getByRole('button', { name: /^Deadline/ }).click();

      // Finding: no customer or order on a row. Now both, with the email.
      const withCustomer = worklist.rows.find((r) => r.customerName && r.customerEmail && r.order)!;
      assert.ok(withCustomer, 'the demo portfolio names its customers');
      // Finding: search ignored order number, name and email. Each finds the row now, case-blind.
      for (const term of [withCustomer.order!, withCustomer.customerName!.toUpperCase(), withCustomer.customerEmail!]) {
        await page.getByLabel('Search').fill(term);
        const row = page.locator('.vrow').filter({ hasText: withCustomer.id });
        await row.waitFor({ timeout: 5_000 });
        assert.match(
          (await row.getByTestId('customer').textContent()) ?? '',
          new RegExp(`${withCustomer.customerName}.*${withCustomer.order}`),
        );
      }
      await page.getByLabel('Search').fill('');
      await page.locator('.vrow').nth(8).waitFor();

      // Findings: deadline badges wrapped, the toolbar wrapped unevenly. One line each now.
      const wrapped = await page.locator('.vrow .cell, .vrow .deadline').evaluateAll((els) =>
        els
          .filter((e) => {
            const el = e as unknown as { getBoundingClientRect(): { height: number }; textContent: string };
            return el.getBoundingClientRect().height > 40;
          })
          .map((e) => (e as unknown as { textContent: string }).textContent),
      );
      assert.deepEqual(wrapped, [], 'no cell wraps onto a second line');
      const badgeHeights = await page
        .locator('.vrow .deadline')
        .evaluateAll((els) =>
          els.map((e) =>
            Math.round(
              (e as unknown as { getBoundingClientRect(): { height: number } }).getBoundingClientRect().height,
            ),
          ),
        );
      assert.equal(new Set(badgeHeights).size, 1, `one badge height: ${badgeHeights.join(',')}`);
      // One row: every control's vertical extent overlaps every other's.
      const boxes = await page
        .locator('.inbox-toolbar > *')
        .evaluateAll((els) =>
          els.map((e) =>
            (e as unknown as { getBoundingClientRect(): { top: number; bottom: number } }).getBoundingClientRect(),
          ),
        );
      const top = Math.max(...boxes.map((b) => b.top));
      const bottom = Math.min(...boxes.map((b) => b.bottom));
      assert.ok(top < bottom, `the toolbar is one row at 1280: ${JSON.stringify(boxes.map((b) => [b.top, b.bottom]))}`);

      await app.shot('inbox-worklist-light-1280x800');
      await page.setViewportSize({ width: 1920, height: 1080 });
      await app.shot('inbox-worklist-light-1920x1080');

      // Finding: won, lost and closed shared one grey. Each has its own colour, light and dark.
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const colours: string[] = [];
        for (const status of ['won', 'lost', 'closed']) {
          await page.getByLabel('Status').selectOption(status);
          const badge = page.locator(`.vrow .deadline.outcome.${status}`).first();
          await badge.waitFor();
          colours.push(
            await badge.evaluate((e) => {
              const g = globalThis as unknown as {
                getComputedStyle(e: unknown): { color: string; backgroundColor: string };
              };
              return `${g.getComputedStyle(e).color} on ${g.getComputedStyle(e).backgroundColor}`;
            }),
          );
        }
        assert.equal(new Set(colours).size, 3, `${scheme}: ${colours.join(' | ')}`);
        await page.getByLabel('Status').selectOption('');
      }
      await page.getByTestId('section-answer-now').waitFor();
      await page.locator('.vrow').nth(8).waitFor();
      await app.shot('inbox-worklist-dark-1920x1080');
      await page.setViewportSize({ width: 1280, height: 800 });
      await app.shot('inbox-worklist-dark-1280x800');
      await page.emulateMedia({ colorScheme: 'light' });

      // CSV of the current view: the rows as listed, through main's CSV writer.
      await page.getByLabel('Search').fill(withCustomer.order!);
      await page.locator('.vrow').filter({ hasText: withCustomer.id }).waitFor();
      const file = join(files, 'inbox.csv');
      app.dialogs.answerSave(file);
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved 1 chargebacks' }).waitFor();
      const csv = readFileSync(file, 'utf8').trim().split(/\r?\n/);
      assert.equal(csv.length, 2, csv.join('\n'));
      assert.match(csv[0]!, /^section,chargeback,status,stage/);
      assert.ok(csv[1]!.includes(withCustomer.id) && csv[1]!.includes(withCustomer.customerEmail!), csv[1]);
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);
