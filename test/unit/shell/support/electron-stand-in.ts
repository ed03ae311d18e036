// Runs the bundled main process (dist/electron/main.cjs) against a stand-in `electron` module that
// records what start-up asks of Electron, then prints the record as one JSON line on stdout.
// Used by main-bundle.test.ts in a child process per scenario (main.cjs starts itself on load).
import Module from 'node:module';
import { join } from 'node:path';

type Handler = (...args: unknown[]) => unknown;
const rec = {
  privileged: [] as unknown[],
  protocolHandled: [] as string[],
  ipcHandled: [] as string[],
  permissionHandlers: 0,
  appEvents: [] as string[],
  windows: [] as Array<{ url: string; preload: unknown; webPreferences: unknown }>,
  menus: 0,
  ipcAnswer: undefined as unknown,
  errors: [] as string[],
};
const ipcHandlers = new Map<string, Handler>();
const appHandlers = new Map<string, Handler[]>();

class FakeWindow {
  static all: FakeWindow[] = [];
  static getAllWindows(): FakeWindow[] {
    return FakeWindow.all;
  }
  readonly webContents = { send: (): void => undefined, mainFrame: { url: '' } };
  private readonly entry: { url: string; preload: unknown; webPreferences: unknown };
  constructor(o: { webPreferences?: { preload?: string } }) {
    this.entry = { url: '', preload: o.webPreferences?.preload, webPreferences: o.webPreferences };
    rec.windows.push(this.entry);
    FakeWindow.all.push(this);
  }
  async loadURL(url: string): Promise<void> {
    this.entry.url = url;
    this.webContents.mainFrame.url = url;
  }
  once(): void {}
  on(): void {}
  show(): void {}
  maximize(): void {}
  isDestroyed(): boolean {
    return false;
  }
  isMaximized(): boolean {
    return false;
  }
  getNormalBounds() {
    return { x: 0, y: 0, width: 1200, height: 800 };
  }
}

const electron = {
  app: {
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    on: (event: string, fn: Handler) => {
      rec.appEvents.push(event);
      appHandlers.set(event, [...(appHandlers.get(event) ?? []), fn]);
    },
    quit: () => undefined,
    getVersion: () => '0.0.0-test',
    setPath: () => undefined,
    setBadgeCount: () => undefined,
    isPackaged: false,
  },
  BrowserWindow: FakeWindow,
  ipcMain: {
    handle: (channel: string, fn: Handler) => {
      rec.ipcHandled.push(channel);
      ipcHandlers.set(channel, fn);
    },
    removeHandler: () => undefined,
    // The cancellation channel (dd-cancel) is a one-way message.
    on: () => undefined,
    off: () => undefined,
  },
  Menu: { setApplicationMenu: () => void rec.menus++, buildFromTemplate: (t: unknown) => t },
  net: { fetch: () => Promise.resolve(new Response('')) },
  protocol: {
    registerSchemesAsPrivileged: (s: unknown) => void rec.privileged.push(s),
    handle: (scheme: string) => void rec.protocolHandled.push(scheme),
  },
  session: {
    defaultSession: {
      setPermissionRequestHandler: () => void rec.permissionHandlers++,
      setPermissionCheckHandler: () => void rec.permissionHandlers++,
    },
  },
  shell: { openExternal: () => Promise.resolve(), openPath: () => Promise.resolve('') },
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
  dialog: {},
  Notification: Object.assign(class {}, { isSupported: () => false }),
  // Any method of a tray does nothing here.
  Tray: function Tray() {
    return new Proxy({}, { get: () => () => undefined });
  },
  nativeImage: { createFromPath: () => ({ resize: () => ({}) }) },
};

const mod = Module as unknown as { _load: (request: string, parent: unknown, isMain: boolean) => unknown };
const load = mod._load;
mod._load = (request, parent, isMain) => (request === 'electron' ? electron : load(request, parent, isMain));
process.on('uncaughtException', (e) => rec.errors.push(String(e)));
process.on('unhandledRejection', (e) => rec.errors.push(String(e)));

const main = join(process.argv[2]!, 'dist/electron/main.cjs');
Module.createRequire(main)(main);

// Start-up is asynchronous: wait until a window was given its address (or give up), then try the
// router the way a window would, and report.
const until = Date.now() + 15_000;
while (!rec.windows.some((w) => w.url) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
await new Promise((r) => setTimeout(r, 200));
const info = ipcHandlers.get('dd:getAppInfo');
if (info) {
  const frame = { url: rec.windows[0]?.url ?? '' };
  rec.ipcAnswer = await info({ senderFrame: frame, sender: { mainFrame: frame } }, {});
  const foreign = { url: 'https://evil.example/' };
  rec.ipcAnswer = {
    fromApp: rec.ipcAnswer,
    fromForeignFrame: await info({ senderFrame: foreign, sender: { mainFrame: foreign } }, {}),
  };
}
process.stdout.write(`${JSON.stringify(rec)}\n`);
for (const fn of appHandlers.get('before-quit') ?? []) fn({ preventDefault: () => undefined });
setTimeout(() => process.exit(0), 300).unref();
