// The renderer's only way to the app: `window.disputeDesk`, typed from the IPC contract.
import type { Bridge } from '../shared/ipc/define.ts';
import type { IpcContract, IpcEvents } from '../shared/ipc/contract.ts';

declare global {
  interface Window {
    disputeDesk: Bridge<IpcContract, IpcEvents>;
  }
}

export const api = (): Bridge<IpcContract, IpcEvents> => window.disputeDesk;
