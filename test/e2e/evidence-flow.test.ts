// Building evidence in the UI: scans and a PDF added through the file picker, every page shown,
// reordered and rotated, previewed, then sent through the outbox; the sandbox holds the message
// and the document.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { scanJpeg, pdfWithPages } from '../integration/evidence/corpus.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

test('evidence from scans and a PDF → preview → add to outbox → the sandbox holds the message and the document', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const files = mkdtempSync(join(tmpdir(), 'dd-e2e-files-'));
  const app = await openBrowserApp({ browser });
  try {
    await scanJpeg(join(files, 'receipt.jpg'), { width: 1240, height: 1754, density: 150 });
    await scanJpeg(join(files, 'delivery.jpg'), { width: 1000, height: 1400 });
    await pdfWithPages(join(files, 'terms.pdf'), 2);
    const { page } = app;
    await page.getByRole('button', { name: 'Explore with demo data' }).click();
    await page.getByRole('grid', { name: /Chargebacks/ }).waitFor({ timeout: 60_000 });
    const target = page.locator('.vrow').filter({ has: page.locator('[data-testid="days-left"]', { hasNotText: /Overdue|Not answerable/ }) }).first();
    const chargebackId = ((await target.locator('.cell.main .id').textContent()) ?? '').split(' ')[0]!;
    await target.click();
    await page.getByLabel('Response').selectOption('respond');
    await page.getByRole('button', { name: 'Add files…' }).waitFor();
    app.dialogs.answerFiles([join(files, 'receipt.jpg'), join(files, 'delivery.jpg'), join(files, 'terms.pdf')]);
    await page.getByRole('button', { name: 'Add files…' }).click();
    const tiles = page.locator('.page-tile');
    await tiles.nth(3).waitFor();
    assert.equal(await tiles.count(), 4, 'two scans and two PDF pages');
    await page.getByRole('button', { name: 'Remove page 4' }).click();
    await page.getByRole('button', { name: 'Rotate page 2' }).click();
    await page.getByRole('button', { name: 'Move page 3 earlier' }).click();
    assert.deepEqual(await page.locator('.page-name').allTextContents(), ['1. receipt.jpg', '2. terms.pdf p.1', '3. delivery.jpg']);
    // The live meter counts the cover letter too: 1 + 3 pages.
    await page.getByRole('status', { name: 'Size against the limits' }).filter({ hasText: /^4 pages \(limit 19\) · \d+ KB of 10\.0 MB · 1 file/ }).waitFor();
    await page.locator('canvas.thumb').first().waitFor();
    await app.shot('07-evidence-builder');
    await page.getByRole('button', { name: 'Preview the packet' }).click();
    await page.locator('.preview-page').nth(3).waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('.preview-page').count(), 4, 'cover letter and three pages');
    await app.shot('08-preview');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Add to outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await page.locator('.job .state.done').first().waitFor({ timeout: 30_000 });
    await app.shot('09-outbox-sent');
    const profile = app.services.store.profiles.list()[0]!;
    const key = (await app.services.vault.getKey(profile.id))!;
    const get = async (path: string) => ((await (await fetch(`${profile.url}${path}`, { headers: { APIKEY: key, search: `chargeback[equals]=${chargebackId}` } })).json()) as { response: { data: Array<{ type?: string; name?: string; documentType?: string }> } }).response.data;
    assert.deepEqual((await get('/chargebackMessages')).map((m) => m.type), ['respond']);
    const docs = await get('/chargebackDocuments');
    assert.equal(docs.length, 1);
    assert.match(docs[0]!.name!, /^evidence t1_chb_.*\.pdf$/);
  } finally {
    await app.close();
    rmSync(files, { recursive: true, force: true });
  }
});
