// The real UI in Debian's Chromium, wired to the real IPC router and services in this process:
// the built renderer is served over loopback, the init script defines window.disputeDesk as the
// preload does, and every call goes through page.exposeBinding to the router.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync, mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'esbuild';
import { bridgeScriptOptions } from '../../../build/bridge-script.ts';
import type { Browser, BrowserContext, Frame, Page } from 'playwright';
import { createAppServices, type AppServices } from '../../../electron/app-services.ts';
import { createIpcRouter } from '../../../electron/ipc/router.ts';
import { createEventHub } from '../../../electron/ipc/event-hub.ts';
import { createHandlers } from '../../../electron/ipc/handlers/index.ts';
import { createScriptedDialogs } from '../../../electron/platform/headless-dialogs.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { ipcContract, ipcEvents } from '../../../shared/ipc/contract.ts';
import { toWire, fromWire } from './wire.ts';

const root = new URL('../../..', import.meta.url).pathname;
export const screenshotDir = join(root, 'test-results', 'screenshots');
export { chromiumPath, launchChromium } from './launch-chromium.ts';

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
};

export interface BrowserApp {
  page: Page;
  services: AppServices;
  dialogs: ReturnType<typeof createScriptedDialogs>;
  /** Files the app asked the system to open (a viewer), in order. */
  opened: string[];
  /** The window's address: opened already unless `navigate: false` was asked. */
  url: string;
  /** Another window on the same main, in a browser context of its own: blank, not navigated. */
  newWindow(): Promise<Page>;
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

let bridgeScript: Promise<string> | undefined;
function bridge(): Promise<string> {
  // Built as the app's preload is (the benchmark's first rows pay for it as the app's window does).
  bridgeScript ??= build({
    ...bridgeScriptOptions,
    entryPoints: [join(root, 'test/e2e/support/bridge-entry.ts')],
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text);
  return bridgeScript;
}

/** `rendererDir`: another build than dist/renderer (the UI benchmark's production one).
 * `navigate: false`: the page is left blank, for a caller that stores data or watches the page
 * before the app starts, then goes to `url`. */
export async function openBrowserApp(o: {
  browser: Browser;
  colorScheme?: 'light' | 'dark';
  /** 1280×820 unless given. */
  viewport?: { width: number; height: number };
  /** The merchant's locale and time zone as the window sees them; Chromium's own unless given. */
  locale?: string;
  timezoneId?: string;
  rendererDir?: string;
  navigate?: boolean;
}): Promise<BrowserApp> {
  const rendererDir = o.rendererDir ?? join(root, 'dist', 'renderer');
  if (!existsSync(join(rendererDir, 'app.js')))
    throw new Error('The renderer is not built: run `npm run build` first.');
  const home = mkdtempSync(join(tmpdir(), 'dd-e2e-'));
  const server: Server = createServer(async (req, res) => {
    const path =
      normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^\/+/, '') || 'index.html';
    if (path.startsWith('..')) return void res.writeHead(403).end();
    // Chromium asks a page served over http for its icon; the app's window (app://) never does.
    // Answered empty, so no walk mistakes its 404 in the console for one of the app's files.
    if (path === 'favicon.ico') return void res.writeHead(204).end();
    try {
      const body = await readFile(join(rendererDir, path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const events = createEventHub(ipcEvents);
  const dialogs = createScriptedDialogs();
  const opened: string[] = [];
  const services = await createAppServices({
    home,
    events,
    vault: createKeyVault({
      keytarLoader: async () => {
        throw new Error('no keychain in the browser tests');
      },
    }),
    platform: {
      dialogs: dialogs.dialogs,
      shell: { openPath: async (path) => void opened.push(path), openExternal: async () => undefined },
      badge: { setDueSoonCount: () => undefined },
      notifier: createRecordingNotifier(),
    },
  });
  const router = createIpcRouter({
    contract: ipcContract,
    handlers: createHandlers(services),
    trustedOrigins: [origin],
  });
  const senderOf = (source: { frame: Frame; page: Page }) => ({
    url: source.frame.url(),
    isMainFrame: source.frame === source.page.mainFrame(),
  });
  const contexts: BrowserContext[] = [];
  /** A window on this app's main: a browser context of its own (nothing cached or compiled), its
   * page wired to the router as the preload wires the app's window. */
  const newWindow = async (): Promise<Page> => {
    const context = await o.browser.newContext({
      viewport: o.viewport ?? { width: 1280, height: 820 },
      colorScheme: o.colorScheme ?? 'light',
      ...(o.locale ? { locale: o.locale } : {}),
      ...(o.timezoneId ? { timezoneId: o.timezoneId } : {}),
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.exposeBinding('__ddInvoke', async (source, channel: string, payload: string, callId?: string) =>
      toWire(await router.invoke(channel, senderOf(source), fromWire(payload), callId ?? undefined)),
    );
    await page.exposeBinding('__ddCancel', (source, callId: string) => void router.cancel(senderOf(source), callId));
    // The preload's own channel for dropped paths (in the app the page cannot reach it; here the
    // page stands in for the preload, as bridge-entry.ts does).
    await page.exposeBinding('__ddRegisterDropped', (source, entries: string) =>
      toWire(router.registerDropped(senderOf(source), fromWire(entries))),
    );
    await page.addInitScript({ content: await bridge() });
    const off = events.addSink((event, payload) => {
      void page
        .evaluate(
          ([e, p]) => (globalThis as unknown as { __ddEmit?: (e: string, p: string) => void }).__ddEmit?.(e, p),
          [event, toWire(payload)] as const,
        )
        .catch(() => undefined);
    });
    page.on('close', off);
    return page;
  };
  const page = await newWindow();
  const url = `${origin}/index.html`;
  if (o.navigate !== false) await page.goto(url);
  mkdirSync(screenshotDir, { recursive: true });
  return {
    page,
    services,
    dialogs,
    opened,
    url,
    newWindow,
    shot: async (name) => {
      await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
    },
    async close() {
      for (const c of contexts) await c.close();
      await services.close();
      await new Promise<void>((r) => server.close(() => r()));
      rmSync(home, { recursive: true, force: true });
    },
  };
}
