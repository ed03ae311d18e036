// The desktop app's wiring: one instance, one secure window on the app:// protocol, the IPC
// router over the app's services, OS integration, and a quit that lets the outbox finish.
import { app, BrowserWindow, ipcMain, Menu, net, protocol, session, shell, screen } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAppServices, type AppServices } from './app-services.ts';
import { createHandlers } from './ipc/handlers/index.ts';
import { warmOpening } from './ipc/handlers/window-start.ts';
import { createIpcRouter } from './ipc/router.ts';
import { createEventHub } from './ipc/event-hub.ts';
import { registerIpc, windowSink } from './ipc/electron-ipc.ts';
import { ipcContract, ipcEvents } from '../shared/ipc/contract.ts';
import {
  appOrigin,
  appScheme,
  mayNavigate,
  mayOpenExternally,
  permissionDecision,
  secureWebPreferences,
} from './platform/security.ts';
import { resolveAppRequest } from './platform/app-protocol.ts';
import { electronBadge, electronDialogs, electronNotifier, electronShell } from './platform/electron-platform.ts';
import { loadWindowState, saveWindowState, visibleBounds } from './platform/window-state.ts';
import { resolveAppHome } from './app-home.ts';
import { describeRecovery } from './store/recovery.ts';
import { startupNoticeHash, type StartupNotice } from '../shared/startup-notice.ts';
import { userMessage } from '../shared/errors.ts';

const root = join(__dirname, '..');
const rendererDir = join(root, 'renderer');
const helpHosts = ['github.com'];

protocol.registerSchemesAsPrivileged([
  { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
]);

// A second copy would open the same database and run a second outbox: it hands over and leaves.
const firstInstance = app.requestSingleInstanceLock();
if (!firstInstance) app.quit();

let mainWindow: BrowserWindow | undefined;
let services: AppServices | undefined;
let quitting = false;

/** The window, on the app or, when start-up did not go as usual, on its account (recovery screen). */
async function createWindow(
  home: string,
  notice?: StartupNotice,
  /** Main's work while the window starts (in its own process): run once its page is asked for. */
  meanwhile?: () => Promise<void>,
): Promise<BrowserWindow> {
  const state = await loadWindowState(home);
  const bounds = visibleBounds(
    state?.bounds,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    ...bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Dispute Desk',
    backgroundColor: '#f7f7f5',
    webPreferences: secureWebPreferences(join(__dirname, 'preload.cjs')),
  });
  if (state?.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  const remember = (): void => {
    if (!win.isDestroyed()) void saveWindowState(home, { bounds: win.getNormalBounds(), maximized: win.isMaximized() });
  };
  win.on('resized', remember);
  win.on('moved', remember);
  win.on('close', remember);
  const loaded = win.loadURL(`${appOrigin}/index.html${notice ? startupNoticeHash(notice) : ''}`);
  await meanwhile?.();
  await loaded;
  return win;
}

function lockDown(): void {
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) =>
    callback(permissionDecision(permission)),
  );
  session.defaultSession.setPermissionCheckHandler((_wc, permission) => permissionDecision(permission));
  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!mayNavigate(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!mayNavigate(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (mayOpenExternally(url, helpHosts)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
}

function menu(): void {
  const template: Electron.MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [{ label: 'Dispute Desk on GitHub', click: () => void shell.openExternal('https://github.com') }],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

app.on('second-instance', () => {
  if (mainWindow) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  }
});

/** The tray icon: shipped beside the archive in installers (extraResources), from build/ in development. */
function trayIcon(): string {
  return app.isPackaged
    ? join(process.resourcesPath, 'icons', '256x256.png')
    : join(root, '..', 'build', 'icons', '256x256.png');
}

/** The profile that holds a chargeback, so a notification opens it in the right place. */
function profileOfChargeback(s: AppServices, chargebackId: string): string | undefined {
  return s.store.profiles.list().find((p) => s.store.portfolio.getChargeback(p.id, chargebackId))?.id;
}

if (firstInstance)
  void app.whenReady().then(async () => {
    const home = resolveAppHome(undefined, process.env);
    app.setPath('userData', home);
    lockDown();
    menu();
    protocol.handle(appScheme, async (request) => {
      const answer = resolveAppRequest(request.url, rendererDir);
      if (!answer.ok) return new Response(answer.reason, { status: answer.status });
      const file = await net.fetch(pathToFileURL(answer.path).toString());
      return new Response(file.body, { status: file.status, headers: answer.headers });
    });
    const events = createEventHub(ipcEvents);
    try {
      services = await createAppServices({
        home,
        events,
        version: app.getVersion(),
        platform: {
          dialogs: electronDialogs(() => mainWindow),
          shell: electronShell(home, () => helpHosts),
          badge: electronBadge(trayIcon(), () => mainWindow?.show()),
          notifier: electronNotifier((chargebackId) => {
            mainWindow?.show();
            const profileId = services && profileOfChargeback(services, chargebackId);
            if (profileId) events.emit('openChargeback', { profileId, chargebackId });
          }),
        },
      });
    } catch (e) {
      // Never a start with no window: the merchant reads why, and where the data is.
      mainWindow = await createWindow(home, { kind: 'failed', text: userMessage(e), dataFolder: home });
      return;
    }
    const handlers = createHandlers(services);
    const router = createIpcRouter({
      contract: ipcContract,
      handlers,
      trustedOrigins: [appOrigin],
      onRefused: (reason, channel) => services?.log(`IPC refused: ${reason} (${channel})`),
    });
    registerIpc(ipcMain, router);
    events.addSink(windowSink(() => BrowserWindow.getAllWindows()));
    const recovery = services.store.database.recovery;
    mainWindow = await createWindow(
      home,
      recovery ? { kind: 'recovered', text: describeRecovery(recovery), dataFolder: home } : undefined,
      () => warmOpening(handlers),
    );
    await services.start();
    app.on('activate', async () => {
      if (BrowserWindow.getAllWindows().length === 0) mainWindow = await createWindow(home);
    });
  });

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('before-quit', (event) => {
  if (quitting || !services) return;
  // Let the outbox finish its request (or leave it to be reconciled), then quit for real.
  event.preventDefault();
  quitting = true;
  services.close().finally(() => app.quit());
});
