// Registers each contract channel with Electron's ipcMain and routes it through the validating
// router; events go to every window's top frame. (Imports only types from electron.)
import type { IpcMain, BrowserWindow } from 'electron';
import { channelPrefix, eventPrefix } from '../../shared/ipc/define.ts';
import type { IpcRouter } from './router.ts';

export function registerIpc(ipcMain: IpcMain, router: IpcRouter): () => void {
  for (const name of router.channels) {
    ipcMain.handle(channelPrefix + name, (event, payload: unknown) => {
      const frame = event.senderFrame;
      return router.invoke(name, { url: frame?.url ?? '', isMainFrame: !!frame && frame === event.sender.mainFrame }, payload);
    });
  }
  return () => {
    for (const name of router.channels) ipcMain.removeHandler(channelPrefix + name);
  };
}

export function windowSink(windows: () => BrowserWindow[]): (event: string, payload: unknown) => void {
  return (event, payload) => {
    for (const w of windows()) if (!w.isDestroyed()) w.webContents.send(eventPrefix + event, payload);
  };
}
