// The only bridge between the window and the app: one frozen `window.disputeDesk`, built from the
// IPC contract, exposing exactly the contract's methods and its events (ipc/electron-preload-bridge.ts).
// Bundled to one CommonJS file (sandboxed preloads may only require electron).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createPreloadBridge } from './ipc/electron-preload-bridge.ts';

contextBridge.exposeInMainWorld('disputeDesk', createPreloadBridge(ipcRenderer, webUtils));
