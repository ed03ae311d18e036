// Building evidence in the UI: scans and a PDF added through the file picker, every page shown,
// reordered and rotated, previewed, then sent through the outbox; the sandbox holds the message
// and the document. Then the settings: a single page sent as an image, the preset adjusted, and
// a long PDF whose page thumbnails share one document.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { chooseAnswer, confirmReview, exploreDemo, openAdvanced, openFirstAnswerable } from './support/flows.ts';
import { scanJpeg, pdfWithPages } from '../integration/evidence/corpus.ts';

let browser: Browser | undefined;

async function waitFor(done: () => boolean, ms = 10_000): Promise<void> {
  for (const until = Date.now() + ms; !done();) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The demo inbox → the first chargeback that can be answered → Respond: the evidence builder
 * is open. Returns the chargeback's ID. */
async function openBuilder(page: Page): Promise<string> {
  const noShot = async (): Promise<void> => undefined;
  await exploreDemo(page, noShot);
  const chargebackId = await openFirstAnswerable(page, noShot);
  await chooseAnswer(page, 'respond');
  await page.getByRole('button', { name: 'Add files…' }).waitFor();
  return chargebackId;
}

before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

test(
  'evidence from scans and a PDF → preview → add to ' + 'outbox → the sandbox holds the message and the document',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-files-'));
    const app = await openBrowserApp({ browser });
    try {
      await scanJpeg(join(files, 'receipt.jpg'), { width: 1240, height: 1754, density: 150 });
      await scanJpeg(join(files, 'delivery.jpg'), { width: 1000, height: 1400 });
      await pdfWithPages(join(files, 'terms.pdf'), 2);
      const { page } = app;
      const chargebackId = await openBuilder(page);
      app.dialogs.answerFiles([join(files, 'receipt.jpg'), join(files, 'delivery.jpg'), join(files, 'terms.pdf')]);
      await page.getByRole('button', { name: 'Add files…' }).click();
      const tiles = page.locator('.page-tile');
      await tiles.nth(3).waitFor();
      assert.equal(await tiles.count(), 4, 'two scans and two PDF pages');
      await page.getByRole('button', { name: 'Remove page 4' }).click();
      await page.getByRole('button', { name: 'Rotate page 2' }).click();
      await page.getByRole('button', { name: 'Move page 3 earlier' }).click();
      // Titled by what they show, suggested from their names; each title is the merchant's to edit.
      assert.deepEqual(await page.locator('.page-name').allTextContents(), [
        '1. Receipt or order record',
        '2. Terms and policy p.1',
        '3. Delivery record',
      ]);
      const titleFields = await page.getByRole('list', { name: 'Exhibit titles' }).getByRole('textbox').all();
      assert.deepEqual(await Promise.all(titleFields.map((f) => f.inputValue())), [
        'Receipt or order record',
        'Terms and policy',
        'Delivery record',
      ]);
      // The live meter counts the cover letter too: 1 + 3 pages.
      await page
        .getByRole('status', { name: 'Size against the limits' })
        .filter({ hasText: /^4 pages \(limit 19\) · [\d,]+ KB of 10 MB · 1 file/ })
        .waitFor();
      await page.locator('canvas.thumb').first().waitFor();
      await app.shot('07-evidence-builder');
      await page.getByRole('button', { name: 'Preview the packet' }).click();
      // The preview waits for the pages' search for card numbers (OCR) to finish.
      await page.locator('.preview-page').nth(3).waitFor({ timeout: 120_000 });
      assert.equal(await page.locator('.preview-page').count(), 4, 'cover letter and three pages');
      await app.shot('08-preview');
      // The previewed file opens in the system's viewer, and a copy can be kept anywhere.
      await page.getByRole('button', { name: /^Open .*\.pdf in the system viewer$/ }).click();
      await waitFor(() => app.opened.length === 1);
      const shown = app.opened[0]!;
      assert.ok(shown.startsWith(join(app.services.home, 'previews')) && shown.endsWith('.pdf'), shown);
      assert.equal(readFileSync(shown).subarray(0, 5).toString('latin1'), '%PDF-');
      const copy = join(files, 'my copy.pdf');
      app.dialogs.answerSave(copy);
      await page.getByRole('button', { name: /^Save a copy of / }).click();
      await page.getByText(/A copy of .* was saved\./).waitFor();
      assert.deepEqual(readFileSync(copy), readFileSync(shown));
      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Add to outbox' }).click();
      await confirmReview(page);
      await page.getByRole('heading', { name: 'Outbox' }).waitFor();
      await page.locator('.job .state.done').first().waitFor({ timeout: 30_000 });
      await app.shot('09-outbox-sent');
      const profile = app.services.store.profiles.list()[0]!;
      const key = (await app.services.vault.getKey(profile.id))!;
      const get = async (path: string) =>
        (
          (await (
            await fetch(`${profile.url}${path}`, {
              headers: { APIKEY: key, search: `chargeback[equals]=${chargebackId}` },
            })
          ).json()) as { response: { data: Array<{ type?: string; name?: string; documentType?: string }> } }
        ).response.data;
      assert.deepEqual(
        (await get('/chargebackMessages')).map((m) => m.type),
        ['respond'],
      );
      const docs = await get('/chargebackDocuments');
      assert.equal(docs.length, 1);
      assert.match(docs[0]!.name!, /^evidence t1_chb_.*\.pdf$/);
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);

test(
  'a single page as an image file; preset adjustments saved with ' +
    'the draft; a 40-page PDF read once for all its thumbnails',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-files-'));
    const app = await openBrowserApp({ browser });
    try {
      await scanJpeg(join(files, 'receipt.jpg'), { width: 1240, height: 1754, density: 150 });
      await pdfWithPages(join(files, 'statement.pdf'), 40);
      // Every read of a stored file's bytes in main, by item.
      const reads = new Map<string, number>();
      const evidence = app.services.evidence;
      const bytes = evidence.bytes.bind(evidence);
      evidence.bytes = async (id: string) => {
        reads.set(id, (reads.get(id) ?? 0) + 1);
        return bytes(id);
      };
      const { page } = app;
      const chargebackId = await openBuilder(page);
      const meter = page.getByRole('status', { name: 'Size against the limits' });
      const builder = page.locator('.builder');

      app.dialogs.answerFiles([join(files, 'receipt.jpg')]);
      await page.getByRole('button', { name: 'Add files…' }).click();
      await page.locator('.page-tile').first().waitFor();
      await meter.filter({ hasText: /^2 pages/ }).waitFor();
      await openAdvanced(page);
      await builder.getByLabel('Send as', { exact: true }).selectOption('image');
      assert.equal(
        await builder.getByLabel('Start with a cover letter', { exact: true }).isChecked(),
        false,
        'an image file has no cover letter',
      );
      assert.equal(await builder.getByLabel('Cover letter', { exact: true }).count(), 0);
      await meter.filter({ hasText: /^1 page .* 1 file/ }).waitFor();
      await page.getByRole('button', { name: 'Preview the packet' }).click();
      await page.locator('img.preview-page').waitFor({ timeout: 120_000 });
      assert.match((await page.locator('.modal-head').textContent()) ?? '', /evidence t1_chb_.*\.jpg/);
      await app.shot('07b-evidence-single-image');
      await page.getByRole('button', { name: 'Close' }).click();

      await builder.getByLabel('Send as', { exact: true }).selectOption('pdf');
      await builder.getByLabel('Start with a cover letter', { exact: true }).check();
      app.dialogs.answerFiles([join(files, 'statement.pdf')]);
      await page.getByRole('button', { name: 'Add files…' }).click();
      await page.locator('.page-tile').nth(40).waitFor();
      // Scroll through every tile so each thumbnail is drawn.
      for (let i = 0; i <= 40; i += 8) await page.locator('.page-tile').nth(i).scrollIntoViewIfNeeded();
      await page.locator('.page-tile').nth(40).scrollIntoViewIfNeeded();
      await page.locator('.page-tile').nth(40).locator('canvas.thumb[width="160"]').waitFor({ timeout: 30_000 });
      const statement = (await evidence.list()).find((i) => i.name === 'statement.pdf')!;
      // Once for the shared document of the thumbnails, once for the estimate's measurement, and
      // once for each page the "belongs to another chargeback" check reads (the first, perhaps the
      // second): never once per thumbnail.
      assert.ok(
        (reads.get(statement.id) ?? 0) <= 4,
        `statement.pdf was read ${reads.get(statement.id)} times for 40 thumbnails`,
      );

      await meter.filter({ hasText: /^42 pages/ }).waitFor();
      const kbShown = async () =>
        Number(/· ([\d,]+) KB of/.exec((await meter.textContent()) ?? '')?.[1]?.replaceAll(',', ''));
      const before = await kbShown();
      assert.ok(before > 0, `a figure is shown before the change: ${await meter.textContent()}`);
      await builder.getByLabel('Resolution', { exact: true }).selectOption('100');
      await builder.getByLabel('Colour', { exact: true }).selectOption('bw');
      assert.equal(
        await builder.getByLabel('JPEG quality', { exact: true }).isDisabled(),
        true,
        'quality does not apply to black and white',
      );
      // The live estimate follows the settings: "calculating…" (no figure) until the new
      // arrangement's own estimate is in, then a smaller one.
      const shrunk = async () => {
        const kb = await kbShown();
        return !Number.isNaN(kb) && kb < before;
      };
      for (let i = 0; i < 300 && !(await shrunk()); i++) await page.waitForTimeout(100);
      assert.ok(await shrunk(), `the estimate shrank from ${before} KB (shown: ${await meter.textContent()})`);
      await app.shot('07c-evidence-adjustments');
      const profileId = app.services.store.profiles.list()[0]!.id;
      let saved = app.services.store.drafts.get(profileId, chargebackId);
      for (let i = 0; i < 20 && saved?.overrides?.colour !== 'bw'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        saved = app.services.store.drafts.get(profileId, chargebackId);
      }
      assert.deepEqual(saved?.overrides, { dpi: 100, colour: 'bw' }, 'the adjustments are saved with the draft');
      assert.match(
        (await meter.textContent()) ?? '',
        /PDF pages turned into images because the preset is black and white: statement\.pdf pages 1–40/,
      );
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);

test(
  'dropped on the window: a folder is read to its depth, hidden and system files ' +
    'are listed as skipped, a non-evidence file is refused; loose files are added too',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-files-'));
    const app = await openBrowserApp({ browser });
    try {
      // On disk, as the merchant has it: what a drop carries are these files and folders themselves.
      const scans = join(files, 'scans');
      mkdirSync(join(scans, 'statements'), { recursive: true });
      await scanJpeg(join(scans, 'receipt.jpg'), { width: 800, height: 1100 });
      copyFileSync(join(scans, 'receipt.jpg'), join(scans, '.secret.jpg'));
      writeFileSync(join(scans, 'Thumbs.db'), 'not evidence');
      await pdfWithPages(join(scans, 'statements', 'invoice.pdf'), 2);
      writeFileSync(join(scans, 'notes.txt'), 'Call the customer back on Monday.');
      await scanJpeg(join(files, 'delivery photo.jpg'), { width: 900, height: 700 });
      const { page } = app;
      await openBuilder(page);
      // A real drop event carrying the dropped folder, as Chromium gives it; the test bridge stands in
      // for Electron's webUtils.getPathForFile and knows where the folder is.
      await page.locator('.dropzone').evaluate((zone, folder) => {
        const onDisk = (globalThis as unknown as { __ddTestFiles: { fromDisk(path: string): File } }).__ddTestFiles;
        const drop = new (globalThis as unknown as { DragEvent: typeof Event }).DragEvent('drop', {
          bubbles: true,
          cancelable: true,
        });
        Object.defineProperty(drop, 'dataTransfer', { value: { items: [], files: [onDisk.fromDisk(folder)] } });
        (zone as unknown as EventTarget).dispatchEvent(drop);
      }, scans);
      await page.locator('.page-tile').nth(2).waitFor();
      assert.deepEqual(await page.locator('.page-name').allTextContents(), [
        '1. Receipt or order record',
        '2. Receipt or order record p.1',
        '3. Receipt or order record p.2',
      ]);
      const notAdded = page.getByRole('list', { name: 'Files not added' });
      await notAdded.getByText('notes.txt', { exact: false }).waitFor();
      const reasons = await notAdded.locator('li').allTextContents();
      assert.equal(reasons.length, 3, reasons.join('\n'));
      assert.ok(
        reasons.some((r) =>
          /^\.secret\.jpg is hidden .* was skipped\. If it is evidence, rename it without the dot/.test(r),
        ),
        reasons.join('\n'),
      );
      assert.ok(
        reasons.some((r) =>
          /^Thumbs\.db is a file the system keeps for itself, not evidence, and was skipped\./.test(r),
        ),
        reasons.join('\n'),
      );
      assert.ok(
        reasons.some((r) => /^notes\.txt is .*text/i.test(r)),
        reasons.join('\n'),
      );
      assert.equal(
        await notAdded.locator('li.muted').count(),
        2,
        'the two skipped files are shown as skipped, not as errors',
      );

      // A loose file, dropped on its own.
      await page.locator('.dropzone').evaluate(
        (zone, path) => {
          const onDisk = (globalThis as unknown as { __ddTestFiles: { fromDisk(path: string): File } }).__ddTestFiles;
          const drop = new (globalThis as unknown as { DragEvent: typeof Event }).DragEvent('drop', {
            bubbles: true,
            cancelable: true,
          });
          Object.defineProperty(drop, 'dataTransfer', { value: { items: [], files: [onDisk.fromDisk(path)] } });
          (zone as unknown as EventTarget).dispatchEvent(drop);
        },
        join(files, 'delivery photo.jpg'),
      );
      await page.locator('.page-tile').nth(3).waitFor();
      assert.equal(await page.locator('.page-name').nth(3).textContent(), '4. Delivery record');
      // What was dropped is in main's evidence store, with its own name.
      const stored = await app.services.evidence.list();
      assert.deepEqual(stored.map((i) => `${i.name}: ${i.kind}, ${i.pages}`).sort(), [
        'delivery photo.jpg: jpeg, 1',
        'invoice.pdf: pdf, 2',
        'receipt.jpg: jpeg, 1',
      ]);
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);
