// The browser the window is tested and measured in (support/launch-chromium.ts): Chromium's own
// address-bar WebUI is off, and Playwright's own list of features turned off still is. Chromium
// keeps only the last --disable-features it is given, so adding one could silently turn
// Playwright's back on (PaintHolding among them, which changes when a reload paints).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import {
  browserUiFeatures,
  chromiumPath,
  disabledFeatures,
  launchChromium,
  offByPlaywright,
} from './support/launch-chromium.ts';

test("the test browser has Chromium's address-bar WebUI off and keeps Playwright's features off", async (t) => {
  if (!existsSync(chromiumPath))
    return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const byPlaywright = await offByPlaywright();
  assert.ok(byPlaywright.includes('PaintHolding'), `Playwright's own list: ${byPlaywright.join()}`);
  const browser = await launchChromium();
  try {
    const off = await disabledFeatures(browser);
    for (const f of [...byPlaywright, ...browserUiFeatures]) assert.ok(off.includes(f), `${f} is off: ${off.join()}`);
  } finally {
    await browser.close();
  }
});
