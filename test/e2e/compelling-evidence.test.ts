// Compelling Evidence 3.0 in the window, against the sandbox in core mode (issue 22, "Done when"):
// the dispute page of a qualifying Visa 10.4 chargeback says "Qualifies for Compelling Evidence 3.0"
// with both earlier purchases; its packet, previewed and then sent unchanged, holds the exhibit and
// the letter's paragraph naming both; a too-recent or disputed-prior chargeback is told why.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { chooseAnswer, confirmReview, meanUnusual } from './support/flows.ts';
import { startSandbox, cardHistoryScenarios } from '../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../electron/sandbox/admin-client.ts';
import { profileDefaults, type Profile } from '../../shared/profiles.ts';
import { scanJpeg } from '../integration/evidence/corpus.ts';
import { readPdf } from '../integration/evidence/pdf-read.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

async function open(page: Page, id: string): Promise<void> {
  await page.getByLabel('Search').fill(id);
  await page.locator('.vrow').filter({ hasText: id }).click();
  await page.getByRole('heading', { name: 'Evidence that wins' }).waitFor();
}

/** The window on a sandbox with the card-history scenarios, synced into a profile, the inbox shown;
 * `files`: a folder for the merchant's files. `close` ends all of it. */
async function cardHistoryApp(on: Browser, seed: number, chargebacks: number) {
  const sb = await startSandbox({
    seed,
    chargebacks,
    decisionDelayMs: null,
    cardHistories: true,
    rateLimit: { max: 1e6 },
  });
  const sc = cardHistoryScenarios(sb);
  const files = mkdtempSync(join(tmpdir(), 'dd-e2e-card-history-'));
  const app = await openBrowserApp({ browser: on, viewport: { width: 1280, height: 900 }, navigate: false });
  const close = async (): Promise<void> => {
    await app.close();
    await sb.close();
    rmSync(files, { recursive: true, force: true });
  };
  try {
    const profile: Profile = {
      ...profileDefaults,
      id: `prof_ch_${seed}`,
      name: 'Corner shop',
      deployment: 'test',
      url: sb.url,
    };
    app.services.store.profiles.save(profile);
    await app.services.vault.setKey(profile.id, sb.apiKey, { sessionOnly: true });
    await app.services.sync.syncProfile(profile.id);
    await app.page.goto(app.url);
    await app.page.locator('.vrow').first().waitFor({ timeout: 60_000 });
  } catch (e) {
    await close();
    throw e;
  }
  return { sb, sc, app, files, close };
}

/** Every PDF under `dir`, however deep. */
function pdfsUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? pdfsUnder(p) : n.endsWith('.pdf') ? [p] : [];
  });
}

test('the window: qualifies with both purchases named, in the page and the packet; the others say why', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const { sb, sc, app, files, close } = await cardHistoryApp(browser, 53, 4);
  try {
    const { page, services } = app;

    // The qualifying chargeback: the verdict, both purchases with their dates and amounts.
    await open(page, sc.qualifies.chargeback);
    const card = page.getByTestId('ce3');
    await card.getByRole('heading', { name: 'Qualifies for Compelling Evidence 3.0' }).waitFor({ timeout: 30_000 });
    const shown = await card.innerText();
    for (const id of sc.qualifies.priors) assert.ok(shown.includes(id), `${id} is shown`);
    assert.match(shown, /150 days before/);
    assert.match(shown, /Matching: IP address 198\.51\.100\.\d+; customer account\/login ID t1_cus_/);
    // The checklist's item is ticked by the check and names both purchases.
    const item = page.locator('.checklist li', { hasText: 'Two earlier undisputed payments' });
    await item.locator('.provided-by').waitFor();
    assert.ok(await item.getByRole('checkbox').isChecked(), 'ticked by the qualifying check');
    for (const id of sc.qualifies.priors) assert.ok((await item.innerText()).includes(id), `the item names ${id}`);
    await card.scrollIntoViewIfNeeded();
    await app.shot('ce3-qualifies');

    // Its packet: previewed, then sent unchanged (the preview's files are what goes).
    await chooseAnswer(page, 'respond');
    await scanJpeg(join(files, 'receipt.jpg'), { width: 1000, height: 1400 });
    app.dialogs.answerFiles([join(files, 'receipt.jpg')]);
    await page.getByRole('button', { name: 'Add files…' }).first().click();
    await page.locator('.page-tile').first().waitFor();
    // The letter as the editor shows it is the letter sent: its paragraph names both purchases.
    const asSent = page.getByTestId('letter-as-sent');
    await asSent.getByText(/\(Visa Compelling Evidence 3\.0\): the same card was used for 2 earlier/).waitFor();
    for (const id of sc.qualifies.priors) assert.ok((await asSent.innerText()).includes(id), `${id} in the letter`);
    await page.getByRole('button', { name: 'Preview the packet' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview of the packet' });
    await preview.locator('.preview-page').first().waitFor({ timeout: 60_000 });
    const previewed = pdfsUnder(join(services.home, 'previews'));
    assert.ok(previewed.length > 0, 'the preview is on disk');
    const text = (await Promise.all(previewed.map((p) => readPdf(p))))
      .flat()
      .map((p) => p.plain)
      .join('\n');
    assert.match(text, /Visa Compelling Evidence 3\.0: earlier undisputed purchases on the same card/);
    assert.match(text, /Exhibit \d+ \(Visa Compelling Evidence 3\.0\): the same card was used for 2 earlier/);
    for (const id of sc.qualifies.priors) assert.ok(text.split(id).length - 1 >= 2, `${id}: letter and exhibit`);
    const hashes = new Set(previewed.map((p) => createHash('sha256').update(readFileSync(p)).digest('hex')));
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add to outbox' }).click();
    await meanUnusual(page);
    await confirmReview(page);
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await page.locator('.job .state.done').first().waitFor({ timeout: 60_000 });
    const got = (await createSandboxAdmin(sb.url, sb.adminToken).received(sc.qualifies.chargeback))[0]!;
    assert.ok(got.documents.length > 0, 'documents went');
    for (const d of got.documents) assert.ok(hashes.has(String(d.sha256)), `${d.name} is the previewed file`);

    // Too recent, and a disputed earlier purchase: told why, nothing claimed.
    await page
      .getByRole('button', { name: /^Inbox/ })
      .first()
      .click();
    await open(page, sc.tooRecent.chargeback);
    const recent = page.getByTestId('ce3');
    await recent.getByRole('heading', { name: 'Does not qualify for Compelling Evidence 3.0' }).waitFor();
    assert.match(
      await recent.innerText(),
      new RegExp(`${sc.tooRecent.priors[0]} \\(.*\\) is 30 days before, too recent`),
    );
    const unticked = page.locator('.checklist li', { hasText: 'Two earlier undisputed payments' });
    assert.equal(
      await unticked.getByRole('checkbox').isChecked(),
      false,
      'a check that does not qualify ticks nothing',
    );
    await recent.scrollIntoViewIfNeeded();
    await app.shot('ce3-too-recent');

    await page
      .getByRole('button', { name: /^Inbox/ })
      .first()
      .click();
    await open(page, sc.disputedPrior.chargeback);
    const disputed = page.getByTestId('ce3');
    await disputed.getByRole('heading', { name: 'Does not qualify for Compelling Evidence 3.0' }).waitFor();
    assert.match(await disputed.innerText(), new RegExp(`${sc.disputedPrior.priors[1]} .* has its own chargeback`));
  } finally {
    await close();
  }
});

test('the window: the customer’s earlier orders, once added to the packet, are cited by the letter as it will be sent', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const { sc, app, files, close } = await cardHistoryApp(browser, 54, 2);
  try {
    const { page } = app;
    await open(page, sc.customerHistory.chargeback);
    await chooseAnswer(page, 'respond');
    await scanJpeg(join(files, 'receipt.jpg'), { width: 1000, height: 1400 });
    app.dialogs.answerFiles([join(files, 'receipt.jpg')]);
    await page.getByRole('button', { name: 'Add files…' }).first().click();
    await page.locator('.page-tile').first().waitFor();
    const asSent = page.getByTestId('letter-as-sent');
    await asSent.waitFor();
    await asSent.getByText(/The exhibits are listed below/).waitFor();
    assert.doesNotMatch(await asSent.innerText(), /earlier undisputed orders/, 'not added: not claimed');

    const history = page.getByTestId('customer-history');
    // The box shows the saved choice: it is ticked once main has kept it.
    const add = history.getByRole('checkbox', { name: /Add them to the packet/ });
    await add.click();
    const cited = asSent.getByText(
      /Exhibit 2 \(the customer’s earlier undisputed orders\): before the disputed purchase/,
    );
    await cited.waitFor({ timeout: 30_000 });
    for (const id of sc.customerHistory.priors) assert.ok((await cited.innerText()).includes(id), `${id} is cited`);
    await cited.scrollIntoViewIfNeeded();
    await app.shot('customer-history-cited');

    assert.ok(await add.isChecked());
    // The summary and the review count the packet as it will go: the letter, the receipt and the
    // customer's orders, each exhibit by its title.
    const summary = page.getByRole('article', { name: 'What will be sent' });
    await summary.getByText('3 pages, the cover letter’s included').waitFor({ timeout: 30_000 });
    await summary.getByTestId('summary-exhibits').getByText('2 files').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Add to outbox' }).click();
    await meanUnusual(page);
    const review = page.getByRole('dialog', { name: 'Review before sending' });
    assert.match(
      await review.getByTestId('review-evidence').innerText(),
      /^2 exhibits after a cover letter, 3 pages in all, the cover letter’s included: Receipt or order record, The customer’s earlier undisputed orders\.$/,
    );
    await review.getByRole('button', { name: 'Go back' }).click();
    await review.waitFor({ state: 'detached' });
    await add.click();
    await cited.waitFor({ state: 'detached', timeout: 30_000 });
    await summary.getByText('2 pages, the cover letter’s included').waitFor({ timeout: 30_000 });
  } finally {
    await close();
  }
});

test('the window: a qualifying Compelling Evidence 3.0 check is an answer on its own: no file needed, its exhibit goes', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const { sb, sc, app, close } = await cardHistoryApp(browser, 55, 2);
  try {
    const { page } = app;
    await open(page, sc.qualifies.chargeback);
    await page
      .getByTestId('ce3')
      .getByRole('heading', { name: 'Qualifies for Compelling Evidence 3.0' })
      .waitFor({ timeout: 30_000 });
    await chooseAnswer(page, 'respond');
    const summary = page.getByRole('article', { name: 'What will be sent' });
    await summary.getByText('2 pages, the cover letter’s included').waitFor({ timeout: 60_000 });
    await summary.getByTestId('summary-exhibits').getByText('1 file').waitFor();
    await page.getByRole('button', { name: 'Add to outbox' }).click();
    await meanUnusual(page);
    const review = page.getByRole('dialog', { name: 'Review before sending' });
    assert.match(
      await review.getByTestId('review-evidence').innerText(),
      /^1 exhibit after a cover letter, 2 pages in all, the cover letter’s included: Visa Compelling Evidence 3\.0: earlier undisputed purchases on the same card\.$/,
    );
    await app.shot('ce3-alone-review');
    await confirmReview(page);
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await page.locator('.job .state.done').first().waitFor({ timeout: 60_000 });
    const got = (await createSandboxAdmin(sb.url, sb.adminToken).received(sc.qualifies.chargeback))[0]!;
    assert.equal(got.documents.length, 1, 'the packet went');
  } finally {
    await close();
  }
});
