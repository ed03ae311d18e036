// Debian's Chromium as the stand-in for the app's Electron window. Chromium's own window furniture
// is turned off where it costs: its "top chrome" WebUI (the address bar's popup, preloaded for
// every new window) ran in a renderer of its own while each new window loaded, and in one cold
// window's trace used more of the machine's two cores than the app's page did (1.08 s of main-thread
// time beside the page's 0.67 s). The app's window has no address bar: every new-window figure was
// measuring Chromium's as well.
import { chromium, type Browser } from 'playwright';

export const chromiumPath = '/usr/bin/chromium';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** The browser's own UI turned off (Chromium's feature names). */
export const browserUiFeatures = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup'];

/** The features a browser was started with turned off, as chrome://version shows its command line
 * (the last --disable-features: Chromium keeps only that one). */
export async function disabledFeatures(browser: Browser): Promise<string[]> {
  const page = await browser.newPage();
  try {
    await page.goto('chrome://version');
    const line = await page.locator('#command_line').innerText();
    const all = [...line.matchAll(/--disable-features=(\S+)/g)];
    return all.at(-1)?.[1]?.split(',') ?? [];
  } finally {
    await page.close();
  }
}

/** Playwright turns features off of its own (PaintHolding, MediaRouter...): the --disable-features
 * added here must name them too, or they come back on. Read once per process from a browser
 * started as Playwright starts it. */
let playwrightOff: Promise<string[]> | undefined;
export function offByPlaywright(): Promise<string[]> {
  return (playwrightOff ??= (async () => {
    const plain = await chromium.launch({ executablePath: chromiumPath, args });
    try {
      return await disabledFeatures(plain);
    } finally {
      await plain.close();
    }
  })());
}

export async function launchChromium(): Promise<Browser> {
  const off = [...new Set([...(await offByPlaywright()), ...browserUiFeatures])];
  return chromium.launch({ executablePath: chromiumPath, args: [...args, `--disable-features=${off.join(',')}`] });
}
