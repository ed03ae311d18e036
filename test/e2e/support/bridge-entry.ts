// Runs in the page before the app: defines `window.disputeDesk` with the same buildBridge the
// preload uses, over Playwright's page binding instead of Electron's IPC.
import { buildBridge } from '../../../shared/ipc/bridge.ts';
import { ipcContract, ipcEvents } from '../../../shared/ipc/contract.ts';
import type { Result } from '../../../shared/errors.ts';
import { toWire, fromWire } from './wire.ts';

interface Page {
  __ddInvoke(channel: string, payload: string): Promise<string>;
  __ddEmit?(event: string, payload: string): void;
}
// A browser script typechecked with the Node sources: the page's global is reached as globalThis.
const w = globalThis as unknown as Page;
const listeners = new Map<string, Set<(p: unknown) => void>>();
w.__ddEmit = (event: string, payload: string) => listeners.get(event)?.forEach((l) => l(fromWire(payload)));
const bridge = buildBridge(ipcContract, ipcEvents, {
  invoke: async (channel, payload) => fromWire(await w.__ddInvoke(channel, toWire(payload))) as Result<unknown>,
  subscribe(event, listener) {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  },
});
Object.defineProperty(globalThis, 'disputeDesk', { value: bridge, writable: false, configurable: false });
