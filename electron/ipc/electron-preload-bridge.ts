// What the preload exposes, built from Electron's renderer-side objects passed in: kept out of
// electron/preload.ts so it is tested without Electron (test/unit/security/preload-bridge.test.ts).
// Calls go to `dd:<channel>` with an optional call ID, cancellations to `dd-cancel`, events come
// from `dd-event:<event>`, and a dropped File becomes its path through webUtils.getPathForFile,
// handed to main on `dd-dropped` for the one-time token the call carries (shared/ipc/dropped.ts).
import type { IpcRenderer, IpcRendererEvent, WebUtils } from 'electron';
import { buildBridge } from '../../shared/ipc/bridge.ts';
import { ipcContract, ipcEvents } from '../../shared/ipc/contract.ts';
import { cancelChannel, channelPrefix, droppedChannel, eventPrefix } from '../../shared/ipc/define.ts';
import type { Result } from '../../shared/errors.ts';

export type PreloadIpc = Pick<IpcRenderer, 'invoke' | 'send' | 'on' | 'off'>;

export function createPreloadBridge(ipc: PreloadIpc, webUtils: Pick<WebUtils, 'getPathForFile'>) {
  return buildBridge(
    ipcContract,
    ipcEvents,
    {
      invoke: (channel, payload, callId) =>
        (callId === undefined
          ? ipc.invoke(channelPrefix + channel, payload)
          : ipc.invoke(channelPrefix + channel, payload, callId)) as Promise<Result<unknown>>,
      cancel: (callId) => ipc.send(cancelChannel, callId),
      registerDropped: (entries) => ipc.invoke(droppedChannel, entries) as Promise<Result<string>>,
      subscribe(event, listener) {
        const handler = (_e: IpcRendererEvent, payload: unknown): void => listener(payload);
        ipc.on(eventPrefix + event, handler);
        return () => {
          ipc.off(eventPrefix + event, handler);
        };
      },
    },
    { pathForFile: (file) => webUtils.getPathForFile(file as File) },
  );
}
