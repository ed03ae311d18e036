// The desktop behind the platform interfaces: OS dialogs, notifications, the tray badge, and
// the system shell (PDFs open in the system viewer; links only after the allow-list check).
import { app, dialog, Notification, shell, Tray, nativeImage, type BrowserWindow } from 'electron';
import { resolve, sep } from 'node:path';
import type { FileDialogs, DesktopShell, Badge } from './types.ts';
import type { Notifier } from './notifier.ts';
import { mayOpenExternally } from './security.ts';

export function electronDialogs(window: () => BrowserWindow | undefined): FileDialogs {
  return {
    async openFiles(o) {
      const w = window();
      const props: Array<'openFile' | 'multiSelections'> = o.multiple ? ['openFile', 'multiSelections'] : ['openFile'];
      const r = w
        ? await dialog.showOpenDialog(w, {
            title: o.title,
            properties: props,
            ...(o.filters ? { filters: o.filters } : {}),
          })
        : await dialog.showOpenDialog({
            title: o.title,
            properties: props,
            ...(o.filters ? { filters: o.filters } : {}),
          });
      return r.canceled ? [] : r.filePaths;
    },
    async openFolder(o) {
      const w = window();
      const r = w
        ? await dialog.showOpenDialog(w, { title: o.title, properties: ['openDirectory'] })
        : await dialog.showOpenDialog({ title: o.title, properties: ['openDirectory'] });
      return r.canceled ? undefined : r.filePaths[0];
    },
    async saveFile(o) {
      const w = window();
      const options = { title: o.title, defaultPath: o.defaultName, ...(o.filters ? { filters: o.filters } : {}) };
      const r = w ? await dialog.showSaveDialog(w, options) : await dialog.showSaveDialog(options);
      return r.canceled ? undefined : r.filePath;
    },
  };
}

export function electronShell(home: string, allowedHosts: () => string[]): DesktopShell {
  return {
    async openPath(path) {
      const full = resolve(path);
      if (!full.startsWith(resolve(home) + sep))
        throw new Error("Only files in Dispute Desk's data folder are opened.");
      const error = await shell.openPath(full);
      if (error) throw new Error(error);
    },
    async openExternal(url) {
      if (!mayOpenExternally(url, allowedHosts()))
        throw new Error('That link is not on the list of sites Dispute Desk opens.');
      await shell.openExternal(url);
    },
  };
}

export function electronNotifier(onClick: (chargebackId: string) => void): Notifier {
  return {
    notify(n) {
      if (!Notification.isSupported()) return;
      const note = new Notification({ title: n.title, body: n.body, silent: n.kind === 'summary' });
      if (n.chargebackId) note.on('click', () => onClick(n.chargebackId!));
      note.show();
    },
  };
}

export function electronBadge(iconPath: string, onClick: () => void): Badge {
  let tray: Tray | undefined;
  return {
    setDueSoonCount(count) {
      app.setBadgeCount(count);
      if (!tray) {
        tray = new Tray(nativeImage.createFromPath(iconPath).resize({ width: 18, height: 18 }));
        tray.on('click', onClick);
      }
      tray.setToolTip(
        count
          ? `Dispute Desk: ${count} chargeback${count === 1 ? '' : 's'} due soon or overdue`
          : 'Dispute Desk: nothing due soon',
      );
      if (process.platform === 'darwin') tray.setTitle(count ? String(count) : '');
    },
  };
}
