// An evidence section offers the packet's files whose names say what it holds, through the real
// renderer in Chromium and the real handlers: receipt.jpg added to the packet is offered under
// "Receipt or invoice" (the walk left that section Empty with the file titled as a receipt);
// "Put it here" fills the section once, the summary counts one more section filled, and the offer
// goes. A file whose name says nothing (scan001.jpg) is offered nowhere.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { chooseAnswer, exploreDemo, openFirstAnswerable } from './support/flows.ts';
import { scanJpeg } from '../integration/evidence/corpus.ts';
import { slotIds } from '../../shared/evidence/slots.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

async function until<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  for (const end = Date.now() + ms; ;) {
    const v = read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('receipt.jpg in the packet is offered to "Receipt or invoice", put there once; scan001.jpg is offered nowhere', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const files = mkdtempSync(join(tmpdir(), 'dd-e2e-suggest-'));
  const app = await openBrowserApp({ browser });
  try {
    const { page, services } = app;
    await scanJpeg(join(files, 'receipt.jpg'), { width: 1000, height: 1400 });
    await scanJpeg(join(files, 'scan001.jpg'), { width: 1100, height: 1500 }); // other bytes: not the same file
    await exploreDemo(page, async () => undefined);
    const chargebackId = await openFirstAnswerable(page, async () => undefined);
    const profile = services.store.profiles.list()[0]!;
    await chooseAnswer(page, 'respond');
    await page.getByRole('button', { name: 'Add files…' }).waitFor();

    // Every kind of dispute shows the receipt section; nothing is offered before a file is added.
    const section = page.getByRole('region', { name: 'Receipt or invoice' });
    await section.getByTestId('slot-state-receipt').filter({ hasText: 'Empty' }).waitFor();
    assert.equal(await page.locator('.slot-suggestion').count(), 0, 'nothing offered with an empty packet');
    const summary = page.getByRole('article', { name: 'What will be sent' }).getByTestId('summary-slots');
    const filled = async (): Promise<[number, number]> => {
      const m = /^(\d+) of (\d+) filled$/.exec((await summary.textContent()) ?? '');
      assert.ok(m, 'the summary counts the sections filled');
      return [Number(m[1]), Number(m[2])];
    };
    const [before, sections] = await filled();

    // Both files into the packet (not into a section).
    app.dialogs.answerFiles([join(files, 'receipt.jpg'), join(files, 'scan001.jpg')]);
    await page.getByRole('button', { name: 'Add files…' }).click();
    await page.locator('.page-tile').nth(1).waitFor();

    // The offer, under the section its name names, and nowhere else; scan001.jpg says nothing.
    const offer = section.getByTestId('slot-suggestion-receipt');
    await offer.waitFor();
    assert.equal(
      (await offer.textContent())?.replace(/\s+/g, ' '),
      'receipt.jpg, in the packet, looks like one; it counts here only once put here. Put it here',
    );
    const offered = await page.locator('.slot-suggestion').allTextContents();
    assert.equal(offered.length, 1, `one offer on the page: ${offered.join(' | ')}`);
    assert.ok(!offered.some((o) => o.includes('scan001.jpg')), 'a name that says nothing is offered nowhere');
    // Offered is not filled: the section is still Empty and the summary counts as before.
    assert.equal(await section.getByTestId('slot-state-receipt').textContent(), 'Empty');
    assert.deepEqual(await filled(), [before, sections]);

    // Put it here: the section holds it, once.
    await offer.getByRole('button', { name: 'Put it here' }).click();
    await section
      .getByTestId('slot-state-receipt')
      .filter({ hasText: /^✓ Exhibit 1$/ })
      .waitFor();
    await summary.filter({ hasText: `${before + 1} of ${sections} filled` }).waitFor();
    const held = section.getByRole('list', { name: 'Files in Receipt or invoice' }).locator('li');
    assert.equal(await held.count(), 1);
    assert.match((await held.textContent()) ?? '', /receipt\.jpg/);
    // Offered no more, so no second click can put it twice.
    assert.equal(await offer.count(), 0, 'once put there, it is offered no more');
    assert.equal(await page.getByRole('button', { name: 'Put it here' }).count(), 0);
    assert.equal(await page.locator('.slot-suggestion').count(), 0, 'nor anywhere else');
    assert.equal(await page.locator('.page-tile').count(), 2, 'putting it there adds no page');

    // The draft as kept: the receipt section holds receipt.jpg's item, once; scan001.jpg is in no section.
    const kept = await until(() => {
      const d = services.store.drafts.get(profile.id, chargebackId);
      return d?.slots?.receipt?.files.length ? d : undefined;
    });
    const idOf = (name: string) => kept.items.find((i) => i.name === name)!.id;
    assert.deepEqual(kept.slots?.receipt?.files, [idOf('receipt.jpg')]);
    const inSections = slotIds.flatMap((id) => kept.slots?.[id]?.files ?? []);
    assert.ok(!inSections.includes(idOf('scan001.jpg')), 'scan001.jpg is in no section');
    assert.equal(kept.arrangement.pages.length, 2);
    await app.shot('slot-suggestion-put');
  } finally {
    await app.close();
    rmSync(files, { recursive: true, force: true });
  }
});
