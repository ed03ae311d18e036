// Issue 15: every screen, light and dark, at 1280×800 and 1920×1080, on the demo portfolio in
// Chromium. Each picture is saved (test-results/screenshots/gallery-<screen>-<scheme>-<size>.png)
// and each screen is held to what a reviewer would see at a glance: nothing runs off the side of
// the window, and axe-core (the accessibility engine browsers' own audits use) finds no serious or
// critical fault, contrast in both themes included.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath, type BrowserApp } from './support/browser-bridge.ts';
import { exploreDemo, openFirstAnswerable } from './support/flows.ts';

// Evaluated rather than added as a <script>: the window's CSP allows no inline script, rightly.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const sizes = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '1920x1080', width: 1920, height: 1080 },
] as const;
const schemes = ['light', 'dark'] as const;

/** The screens a merchant reaches from the navigation, each with what shows it is drawn. */
const navScreens = [
  { name: 'outbox', nav: 'Outbox', ready: (p: Page) => p.getByRole('heading', { name: /Outbox/ }).first() },
  { name: 'batch', nav: 'Batch upload', ready: (p: Page) => p.getByRole('heading', { name: /Batch/ }).first() },
  { name: 'ledger', nav: 'Ledger', ready: (p: Page) => p.getByRole('heading', { name: /Ledger/ }).first() },
  { name: 'insights', nav: 'Insights', ready: (p: Page) => p.getByTestId('win-rate') },
  { name: 'settings', nav: 'Settings', ready: (p: Page) => p.getByRole('heading', { name: /Settings/ }).first() },
] as const;

interface Finding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** axe-core's serious and critical findings on the page as it is now. */
async function accessibilityFaults(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    interface AxeResult {
      violations: Array<{ id: string; impact?: string; help: string; nodes: Array<{ target: unknown[] }> }>;
    }
    const axe = (globalThis as unknown as { axe: { run(o: object): Promise<AxeResult> } }).axe;
    const r = await axe.run({ resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
  });
}

/** How far the page runs past the window's right edge, in CSS pixels (0 when it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } })
      .document.documentElement;
    return Math.max(0, d.scrollWidth - d.clientWidth);
  });
}

/** Pictures the screen at every size and checks it fits and reads; returns what failed, in words. */
async function review(app: BrowserApp, screen: string, scheme: string): Promise<string[]> {
  const failed: string[] = [];
  for (const size of sizes) {
    await app.page.setViewportSize({ width: size.width, height: size.height });
    // Let the layout and any virtual list settle at the new size before the picture.
    await app.page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    await app.shot(`gallery-${screen}-${scheme}-${size.name}`);
    const over = await overflow(app.page);
    if (over > 0) failed.push(`${screen} (${scheme}, ${size.name}) runs ${over}px past the window's edge`);
    for (const f of await accessibilityFaults(app.page))
      failed.push(`${screen} (${scheme}, ${size.name}): ${f.impact} ${f.id} "${f.help}" at ${f.nodes.join(' | ')}`);
  }
  return failed;
}

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

for (const scheme of schemes) {
  test(`every screen in ${scheme}, at 1280×800 and 1920×1080, fits the window and passes axe`, async (t) => {
    if (!browser) return t.skip('Chromium is not installed');
    const app = await openBrowserApp({ browser, colorScheme: scheme });
    const failed: string[] = [];
    try {
      await app.page.getByRole('button', { name: 'Explore with demo data' }).waitFor();
      failed.push(...(await review(app, 'onboarding', scheme)));
      await exploreDemo(app.page, async () => undefined);
      failed.push(...(await review(app, 'inbox', scheme)));
      await openFirstAnswerable(app.page, async () => undefined);
      failed.push(...(await review(app, 'dispute', scheme)));
      for (const s of navScreens) {
        await app.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: s.nav }).click();
        await s.ready(app.page).waitFor({ timeout: 30_000 });
        failed.push(...(await review(app, s.name, scheme)));
      }
    } finally {
      await app.close();
    }
    assert.deepEqual(failed, []);
  });
}
