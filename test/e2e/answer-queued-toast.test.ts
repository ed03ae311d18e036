// Conceding money on a USD chargeback, through the real renderer in Chromium and the real handlers:
// the merchant's mistakes first (0, then -5: refused in words a merchant reads, "in USD with at
// most 2 decimals", not "whole minor units", and nothing queued), then the right amount queued,
// and the toast that says so: it sends the merchant to the job's card where the card is, on the
// outbox above the toast (it said "below" when the card stood above it); the news that follows (the
// demo decides at once) waits until the toast has had its time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath, type BrowserApp } from './support/browser-bridge.ts';
import { chooseAnswer, confirmReview, exploreDemo, meanUnusual } from './support/flows.ts';
import { messageTypeRules } from '../../shared/domain/message-type-rules.ts';
import { typedAmount } from '../../shared/domain/concession.ts';
import { toastLifetimeMs } from '../../renderer/state/app-store.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

interface Box {
  top: number;
  bottom: number;
}
interface ToastSeen {
  text: string;
  toast: Box;
  card: Box | null;
  /** When it appeared, in the page's clock (ms). */
  at: number;
}

/** Runs in the page: notes each toast's words as they appear, with its box and the box of the job's
 * card (by its accessible name) at that moment, in globalThis.toastsSeen. */
function watchToasts(cardLabel: string): void {
  interface El {
    textContent: string | null;
    getBoundingClientRect(): Box;
  }
  const g = globalThis as unknown as {
    toastsSeen: ToastSeen[];
    performance: { now(): number };
    document: { body: unknown; querySelector(s: string): El | null };
    MutationObserver: new (f: () => void) => { observe(n: unknown, o: object): void };
  };
  g.toastsSeen = [];
  const box = (e: El): Box => ({ top: e.getBoundingClientRect().top, bottom: e.getBoundingClientRect().bottom });
  new g.MutationObserver(() => {
    const toast = g.document.querySelector('.toast');
    const text = toast && g.document.querySelector('.toast span')?.textContent;
    if (!toast || !text) return;
    const card = g.document.querySelector(`li.job[aria-label="${cardLabel}"]`);
    const last = g.toastsSeen.at(-1);
    if (last?.text === text && (last.card || !card)) return;
    g.toastsSeen.push({ text, toast: box(toast), card: card ? box(card) : null, at: g.performance.now() });
  }).observe(g.document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}

/** An open USD chargeback at its first stage, a few days from its send-by date. */
function usdAnswerable(app: BrowserApp) {
  const { store } = app.services;
  const profile = store.profiles.list()[0]!;
  for (const r of store.portfolio.worklistAll({ profileId: profile.id, sendByBusinessDays: 5 })) {
    if (r.section !== 'answer-now' || (r.sendByDaysLeft ?? -1) < 2) continue;
    const cb = store.portfolio.getChargeback(profile.id, r.id)!;
    if (cb.currency === 'USD' && cb.cycle === 'first' && cb.total > 100) return { profile, cb };
  }
  throw new Error('the demo portfolio has no open USD chargeback at its first stage');
}

test('a concession of 0 or -5 is refused in plain words and queues nothing; queued, the toast points to the card above it', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({ browser, viewport: { width: 1280, height: 800 } });
  try {
    const { page, services } = app;
    await exploreDemo(page, async () => undefined);
    const { cb } = usdAnswerable(app);
    await page.getByLabel('Search').fill(cb.id);
    await page.locator('.vrow').filter({ hasText: cb.id }).click();
    await page.getByRole('heading', { name: 'Evidence that wins' }).waitFor();
    await chooseAnswer(page, 'acceptLiability');

    // The mistakes: nothing conceded, or less than nothing.
    const amount = page.getByLabel(/Amount conceded/);
    const refusal = page.getByRole('alert').filter({ hasText: 'amount conceded' });
    for (const typed of ['0', '-5']) {
      await amount.fill(typed);
      await page.getByRole('button', { name: 'Send' }).click();
      await refusal.waitFor();
      assert.equal(
        await refusal.textContent(),
        'The amount conceded must be more than zero, in USD with at most 2 decimals.',
        `typed ${typed}`,
      );
      assert.equal(await amount.getAttribute('aria-invalid'), 'true');
      assert.equal(await page.getByRole('dialog', { name: 'Review before sending' }).count(), 0, 'no review');
      assert.deepEqual(services.outbox.list(), [], `nothing queued for ${typed}`);
    }

    // The right amount, half of what is disputed: queued, and the app moves to the outbox.
    await amount.fill(typedAmount(Math.floor(cb.total / 2), 'USD'));
    assert.equal(await refusal.count(), 0, 'the refusal goes once the amount is changed');
    await page.getByRole('button', { name: 'Send' }).click();
    await meanUnusual(page);
    // The demo's issuer decides a concession at once, and that news is said next: it waits until
    // the queued toast has had its time (it used to replace it within a second). The page notes
    // each toast as it comes, with when, and where it and the job's card stand at that moment.
    const label = messageTypeRules.acceptLiability.label;
    const cardLabel = `${label} for ${cb.id}`;
    await page.evaluate(watchToasts, cardLabel);
    await confirmReview(page);
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    const card = page.getByRole('listitem', { name: cardLabel });
    // And the card says when it has gone.
    await card
      .getByTestId('job-state')
      .filter({ hasText: /^Sent — / })
      .waitFor({ timeout: 30_000 });
    assert.equal(services.outbox.list().length, 1, 'one job queued');

    const seenNow = () => page.evaluate(() => (globalThis as unknown as { toastsSeen: ToastSeen[] }).toastsSeen);
    // The decision's news: shown once the queued toast has gone, its six seconds up.
    const news = page.locator('.toast span').filter({ hasNotText: 'is queued' });
    await news.waitFor({ timeout: 20_000 });
    const seen = await seenNow();
    const queued = seen.filter((s) => s.text.includes('is queued'));
    assert.ok(queued.length > 0, `the queued toast was shown: ${JSON.stringify(seen)}`);
    // News shown before it (the demo's deadline reminders) gave way to it: the merchant's action.
    const firstNews = seen.slice(seen.indexOf(queued[0]!)).find((s) => !s.text.includes('is queued'))!;
    assert.ok(
      firstNews.at - queued[0]!.at >= toastLifetimeMs.info - 500,
      `the news ("${firstNews.text}") waited for the queued toast: ${Math.round(firstNews.at - queued[0]!.at)} ms after it`,
    );
    for (const s of queued)
      assert.equal(
        s.text,
        `${label} is queued: the outbox sends it exactly once, and its card here says when it has gone.`,
      );
    // Where the toast says the card is: on this screen, in the window, above the toast (never below).
    const together = queued.filter((s) => s.card !== null);
    assert.ok(together.length > 0, 'the card was on screen while the toast was');
    const viewport = page.viewportSize()!;
    for (const s of together) {
      assert.ok(s.card!.top >= 0 && s.card!.top < viewport.height, 'the card is in the window');
      assert.ok(s.card!.bottom <= s.toast.top, `the card (${s.card!.bottom}) ends above the toast (${s.toast.top})`);
    }
    await app.shot('answer-queued-toast');
  } finally {
    await app.close();
  }
});
