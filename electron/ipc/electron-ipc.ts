// Registers each contract channel with Electron's ipcMain and routes it through the validating
// router; events go to every window's top frame. (Imports only types from electron.)
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, BrowserWindow } from 'electron';
import { cancelChannel, channelPrefix, droppedChannel, eventPrefix } from '../../shared/ipc/define.ts';
import type { IpcRouter, SenderInfo } from './router.ts';

const senderOf = (event: IpcMainEvent | IpcMainInvokeEvent): SenderInfo => {
  const frame = event.senderFrame;
  return { url: frame?.url ?? '', isMainFrame: !!frame && frame === event.sender.mainFrame };
};

export function registerIpc(ipcMain: IpcMain, router: IpcRouter): () => void {
  for (const name of router.channels) {
    ipcMain.handle(channelPrefix + name, (event, payload: unknown, callId?: unknown) =>
      router.invoke(name, senderOf(event), payload, typeof callId === 'string' ? callId : undefined),
    );
  }
  const cancel = (event: IpcMainEvent, callId: unknown): void => {
    if (typeof callId === 'string') router.cancel(senderOf(event), callId);
  };
  ipcMain.on(cancelChannel, cancel);
  ipcMain.handle(droppedChannel, (event, entries: unknown) => router.registerDropped(senderOf(event), entries));
  return () => {
    for (const name of router.channels) ipcMain.removeHandler(channelPrefix + name);
    ipcMain.removeHandler(droppedChannel);
    ipcMain.off(cancelChannel, cancel);
  };
}

export function windowSink(windows: () => BrowserWindow[]): (event: string, payload: unknown) => void {
  return (event, payload) => {
    for (const w of windows()) if (!w.isDestroyed()) w.webContents.send(eventPrefix + event, payload);
  };
}
