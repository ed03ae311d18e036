// The window's one query client over `window.disputeDesk` (query-client.ts says its rules), made
// on first use. Apart from the hooks (data.ts) so the window's first call (start.ts), which runs
// before React is loaded, goes through it too.
import { api } from '../bridge.ts';
// In the bundle this import is the contract's table of kinds and tags alone, made at build time
// (build/contract-table.ts): the data layer reads nothing else of it.
import { ipcContract, ipcEventInvalidations, type IpcContract, type IpcEvents } from '../../shared/ipc/contract.ts';
import { createQueryClient, type QueryClient } from './query-client.ts';

let client: QueryClient<IpcContract, IpcEvents> | undefined;
export function dataClient(): QueryClient<IpcContract, IpcEvents> {
  if (!client) {
    client = createQueryClient({ bridge: api(), contract: ipcContract, eventInvalidations: ipcEventInvalidations });
    client.connectEvents();
  }
  return client;
}
