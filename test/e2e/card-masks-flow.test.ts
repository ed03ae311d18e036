// Card numbers in the window: a receipt printing two card numbers is added, both are listed as
// covered and marked on the page's tile; the merchant says one is not a card number; that choice
// is saved with the draft and is still there when the window starts again, and the packet built
// for the preview covers only the other.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { chooseAnswer, exploreDemo, openFirstAnswerable } from './support/flows.ts';
import { receiptCard } from '../support/receipts.ts';

let browser: Browser | undefined;

before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

test('card numbers are listed as covered; one undone stays undone after the window starts again', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const files = mkdtempSync(join(tmpdir(), 'dd-e2e-cards-'));
  const app = await openBrowserApp({ browser });
  try {
    writeFileSync(
      join(files, 'till.jpg'),
      await receiptCard(['Visa 4111 1111 1111 1111', 'Mastercard 5555 5555 5555 4444', 'Order number: HL-20461']),
    );
    const { page } = app;
    const noShot = async (): Promise<void> => undefined;
    await exploreDemo(page, noShot);
    const chargebackId = await openFirstAnswerable(page, noShot);
    await chooseAnswer(page, 'respond');
    app.dialogs.answerFiles([join(files, 'till.jpg')]);
    await page.getByRole('button', { name: 'Add files…' }).click();
    const list = page.getByRole('region', { name: 'Card numbers' });
    await list.getByText('till.jpg: a card number ending 4444 is covered').waitFor({ timeout: 60_000 });
    await list.getByText('till.jpg: a card number ending 1111 is covered').waitFor();
    await page.locator('.mask-badge').filter({ hasText: '…1111, …4444 covered' }).waitFor();
    await page
      .getByRole('button', { name: 'Not a card number: send the number ending 1111 on till.jpg as it is' })
      .click();
    await list.getByText(/ending 1111 is sent as it is/).waitFor();
    await page
      .locator('.mask-badge')
      .filter({ hasText: /^■ …4444 covered$/ })
      .waitFor();
    // Saved with the draft in main.
    const profileId = app.services.store.profiles.list()[0]!.id;
    for (let i = 0; i < 50 && !app.services.store.drafts.get(profileId, chargebackId)?.unmasked; i++)
      await new Promise((r) => setTimeout(r, 100));
    const saved = app.services.store.drafts.get(profileId, chargebackId)!;
    assert.equal(saved.unmasked?.length, 1);
    assert.match(saved.unmasked![0]!, /^[0-9a-f]{64}:0:\d$/);

    // The window starts again: the undone mask is still undone, the other still covered.
    await page.reload();
    await page.locator('.vrow .cell.main .id').first().waitFor({ timeout: 60_000 });
    assert.equal(await openFirstAnswerable(page, noShot), chargebackId);
    await chooseAnswer(page, 'respond');
    const again = page.getByRole('region', { name: 'Card numbers' });
    await again.getByText(/ending 1111 is sent as it is/).waitFor({ timeout: 30_000 });
    await again.getByText('till.jpg: a card number ending 4444 is covered').waitFor();
    // The preview is built with the one mask in force.
    await page.getByRole('button', { name: 'Preview the packet' }).click();
    await page.locator('.preview-page').first().waitFor({ timeout: 120_000 });
  } finally {
    await app.close();
    rmSync(files, { recursive: true, force: true });
  }
});
