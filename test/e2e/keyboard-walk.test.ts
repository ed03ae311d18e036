// Issue 15: the whole answer flow with the keyboard alone, as a merchant who cannot use a mouse
// does it: from the first start to a packet sent, through the inbox, the guided dispute page, the
// evidence, the preview and the outbox. No click, fill or check: Tab, arrows, Space, Enter and
// Escape only. On every stop the focus is somewhere a sighted keyboard user can see: the element
// is drawn, and it shows a focus ring.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { scanJpeg } from '../integration/evidence/corpus.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

interface Focused {
  /** Role (or tag), then accessible-ish name: "button Add files…". */
  what: string;
  tag: string;
  role: string;
  name: string;
  type: string;
  value: string;
  checked: boolean;
  /** Drawn: a box of some size, not display:none or visibility:hidden. */
  drawn: boolean;
  /** A focus ring of some kind: an outline or a box shadow. */
  ring: boolean;
  inDialog: boolean;
}

// Evaluated in the page (as text: the tests compile without the DOM's types).
const focusedScript = `(() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  const label = a.getAttribute('aria-label') || (a.labels && a.labels[0] && a.labels[0].textContent)
    || a.closest('label')?.textContent || a.textContent || '';
  const name = label.replace(/\\s+/g, ' ').trim().slice(0, 80);
  const role = a.getAttribute('role') || (a.tagName === 'INPUT' ? a.type : a.tagName.toLowerCase());
  const box = a.getBoundingClientRect();
  const style = getComputedStyle(a);
  const drawn = box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
  const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  return {
    what: role + ' ' + name, tag: a.tagName.toLowerCase(), role, name, type: a.type || '', value: a.value || '',
    checked: !!a.checked, drawn, ring, inDialog: !!a.closest('dialog'),
  };
})()`;
const focused = (page: Page) => page.evaluate(focusedScript) as Promise<Focused | null>;

/** Every stop the walk made, for the message when it goes wrong. */
const walk: string[] = [];

/** Presses Tab until the focus is on what `wanted` accepts; fails after `max` presses, or on any
 * stop that is not drawn or shows no focus ring. */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, label: string, max = 80): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (!f) continue;
    walk.push(f.what);
    assert.ok(f.drawn, `Tab stopped on something not drawn: ${f.what}`);
    assert.ok(f.ring, `Tab stopped on something with no visible focus: ${f.what}`);
    if (wanted(f)) return f;
  }
  assert.fail(`${label} was not reached in ${max} presses of Tab; the walk: ${walk.slice(-max).join(' → ')}`);
}

const button = (name: RegExp) => (f: Focused) => f.tag === 'button' && name.test(f.name);

test('the whole answer flow by keyboard alone: start, inbox, dispute, evidence, preview, send', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const files = mkdtempSync(join(tmpdir(), 'dd-e2e-keys-'));
  const app = await openBrowserApp({ browser });
  const { page, services } = app;
  try {
    await scanJpeg(join(files, 'receipt.jpg'), { width: 1240, height: 1754, density: 150 });

    // First start: the demo, by keyboard.
    await page.getByRole('button', { name: 'Explore with demo data' }).waitFor();
    await tabTo(page, button(/^Explore with demo data$/), 'Explore with demo data');
    await page.keyboard.press('Enter');
    const grid = page.getByRole('grid', { name: /Chargebacks/ });
    await grid.waitFor({ timeout: 60_000 });
    await page.locator('.vrow .cell.main .id').first().waitFor();
    await app.shot('keyboard-01-inbox');

    // The inbox: into the list, down to the first chargeback that can still be answered, open it.
    await tabTo(page, (f) => f.role === 'grid', 'the list of chargebacks');
    await page.keyboard.press('Home');
    let chosen = '';
    for (let i = 0; i < 20 && !chosen; i++) {
      await page.keyboard.press('ArrowDown');
      const row = grid.locator('[role="row"][aria-selected="true"]');
      const days =
        (await row
          .locator('[data-testid="days-left"]')
          .textContent()
          .catch(() => null)) ?? '';
      if (days && !/Overdue|Not answerable|Queued|Sending|Sent/.test(days))
        chosen = ((await row.locator('.cell.main .id').textContent()) ?? '').split(' ')[0]!;
    }
    assert.ok(chosen, 'an answerable chargeback among the first rows');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Evidence that wins' }).waitFor();
    assert.match((await page.locator('main, .content').first().textContent()) ?? '', new RegExp(chosen));

    // The guided answer: into the "Response" group, arrows to "Respond with evidence".
    const radio = await tabTo(page, (f) => f.type === 'radio', 'the answers');
    let answer = radio;
    for (let i = 0; i < 4 && !(answer.value === 'respond' && answer.checked); i++) {
      if (answer.value === 'respond') await page.keyboard.press('Space');
      else await page.keyboard.press('ArrowRight');
      answer = (await focused(page))!;
    }
    assert.equal(answer.value, 'respond', 'Respond with evidence reached with the arrows');
    assert.equal(answer.checked, true, 'and chosen');
    await app.shot('keyboard-02-answer');

    // Evidence: the file dialog opened from the keyboard.
    app.dialogs.answerFiles([join(files, 'receipt.jpg')]);
    await tabTo(page, button(/^Add files…$/), 'Add files…');
    await page.keyboard.press('Enter');
    await page.locator('.page-tile').first().waitFor({ timeout: 60_000 });

    // The preview: opened with Enter, closed with Escape, focus back where it was.
    await tabTo(page, button(/^Preview the packet$/), 'Preview the packet');
    await page.keyboard.press('Enter');
    const preview = page.getByRole('dialog', { name: 'Preview of the packet' });
    await preview.waitFor();
    assert.equal((await focused(page))?.inDialog, true, 'focus moved into the preview');
    await app.shot('keyboard-03-preview');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    assert.equal((await focused(page))?.name, 'Preview the packet', 'focus came back to the opener');

    // Send: the one button beside the summary, reached by Tab, pressed with Enter.
    const send = page.getByRole('button', { name: 'Add to outbox' });
    await send.and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
    await tabTo(page, button(/^Add to outbox$/), 'Add to outbox');
    await page.keyboard.press('Enter');
    // The final review opens with the keyboard on its "Confirm and send".
    await page.getByRole('dialog', { name: 'Review before sending' }).waitFor();
    assert.deepEqual(
      [(await focused(page))?.inDialog, (await focused(page))?.name],
      [true, 'Confirm and send'],
      'focus is on what just opened',
    );
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await page.locator('.job .state.done').first().waitFor({ timeout: 60_000 });
    await app.shot('keyboard-04-sent');

    const jobs = services.outbox.list().filter((j) => j.chargebackId === chosen);
    assert.equal(jobs.length, 1, 'one job for the chargeback answered by keyboard');
    assert.equal(jobs[0]!.messageType, 'respond');
    assert.ok(
      jobs[0]!.steps.some((s) => s.kind === 'document'),
      'its evidence went with it',
    );
  } finally {
    await app.close();
    rmSync(files, { recursive: true, force: true });
  }
});
