// The only bridge between the window and the app: one frozen `window.disputeDesk`, built from the
// IPC contract, exposing exactly the contract's methods and its events. Bundled to one CommonJS
// file (sandboxed preloads may only require electron).
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildBridge } from '../shared/ipc/bridge.ts';
import { ipcContract, ipcEvents } from '../shared/ipc/contract.ts';
import { channelPrefix, eventPrefix } from '../shared/ipc/define.ts';
import type { Result } from '../shared/errors.ts';

const bridge = buildBridge(ipcContract, ipcEvents, {
  invoke: (channel, payload) => ipcRenderer.invoke(channelPrefix + channel, payload) as Promise<Result<unknown>>,
  subscribe(event, listener) {
    const handler = (_e: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(eventPrefix + event, handler);
    return () => {
      ipcRenderer.off(eventPrefix + event, handler);
    };
  },
});

contextBridge.exposeInMainWorld('disputeDesk', bridge);
