// Dialogs as a keyboard user meets them: focus moves in when one opens, Tab never walks the page
// behind it, Escape closes it, and focus comes back to the control that opened it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { chooseAnswer, exploreDemo, openFirstAnswerable } from './support/flows.ts';
import { scanJpeg } from '../integration/evidence/corpus.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

// Evaluated in the page (as text: the tests compile without the DOM's types).
/** Where the keyboard focus is: inside a dialog or not, and the name of what holds it. */
const focusIn = (page: Page) =>
  page.evaluate(`(() => {
    const a = document.activeElement;
    return { inDialog: !!a?.closest('dialog'), name: a?.getAttribute('aria-label') || a?.textContent || '' };
  })()`) as Promise<{ inDialog: boolean; name: string }>;
/** The app behind is inert: a modal <dialog> is open (the browser blocks everything outside it). */
const appInert = (page: Page) => page.evaluate(`!!document.querySelector('dialog:modal')`) as Promise<boolean>;

test('the packet preview takes focus, keeps Tab inside, closes on Escape and gives focus back', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const files = mkdtempSync(join(tmpdir(), 'dd-e2e-dialog-'));
  const app = await openBrowserApp({ browser });
  try {
    await scanJpeg(join(files, 'receipt.jpg'), { width: 1240, height: 1754, density: 150 });
    const { page } = app;
    const noShot = async (): Promise<void> => undefined;
    await exploreDemo(page, noShot);
    await openFirstAnswerable(page, noShot);
    await chooseAnswer(page, 'respond');
    app.dialogs.answerFiles([join(files, 'receipt.jpg')]);
    await page.getByRole('button', { name: 'Add files…' }).click();
    await page.locator('.page-tile').first().waitFor();

    const opener = page.getByRole('button', { name: 'Preview the packet' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Preview of the packet' });
    await dialog.waitFor();
    assert.equal((await focusIn(page)).inDialog, true, 'focus moved into the dialog');
    // More presses than the dialog has controls: focus never leaves it.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      const f = await focusIn(page);
      assert.equal(f.inDialog, true, `Tab ${i + 1} stayed in the dialog (focus on "${f.name}")`);
    }
    // The page behind cannot be reached by the mouse either.
    assert.equal(await appInert(page), true, 'the app behind is inert');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const back = await focusIn(page);
    assert.equal(back.inDialog, false);
    assert.equal(back.name, 'Preview the packet', 'focus went back to the button that opened the preview');
    assert.equal(await appInert(page), false, 'the app is usable again');
  } finally {
    await app.close();
    rmSync(files, { recursive: true, force: true });
  }
});
