// Runs in the page before the app: defines `window.disputeDesk` with the same buildBridge the
// preload uses, over Playwright's page binding instead of Electron's IPC.
//
// webUtils.getPathForFile has a stand-in: a File the test made with `__ddTestFiles.fromDisk(path)`
// answers its path (as a File dropped from a folder does in Electron); any other File answers ''
// (as a File made by the page does), so main refuses it as it would in the app.
import { buildBridge } from '../../../shared/ipc/bridge.ts';
import { ipcContract, ipcEvents } from '../../../shared/ipc/contract.ts';
import type { Result } from '../../../shared/errors.ts';
import { toWire, fromWire } from './wire.ts';

interface Page {
  __ddInvoke(channel: string, payload: string, callId?: string): Promise<string>;
  __ddCancel(callId: string): Promise<void>;
  __ddRegisterDropped(entries: string): Promise<string>;
  __ddEmit?(event: string, payload: string): void;
  __ddTestFiles?: { fromDisk(path: string): File };
}
// A browser script typechecked with the Node sources: the page's global is reached as globalThis.
const w = globalThis as unknown as Page;
const listeners = new Map<string, Set<(p: unknown) => void>>();
w.__ddEmit = (event: string, payload: string) => listeners.get(event)?.forEach((l) => l(fromWire(payload)));
const onDisk = new WeakMap<object, string>();
w.__ddTestFiles = {
  fromDisk(path: string): File {
    // The content is never read in the window: main reads the file (or walks the folder) at its path.
    const file = new File([], path.split(/[\\/]/).filter(Boolean).pop() ?? path);
    onDisk.set(file, path);
    return file;
  },
};
const bridge = buildBridge(
  ipcContract,
  ipcEvents,
  {
    invoke: async (channel, payload, callId) =>
      fromWire(await w.__ddInvoke(channel, toWire(payload), callId)) as Result<unknown>,
    cancel: (callId) => void w.__ddCancel(callId),
    registerDropped: async (entries) => fromWire(await w.__ddRegisterDropped(toWire(entries))) as Result<string>,
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  },
  { pathForFile: (file) => onDisk.get(file) ?? '' },
);
Object.defineProperty(globalThis, 'disputeDesk', { value: bridge, writable: false, configurable: false });
