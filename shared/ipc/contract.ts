// The IPC contract: every request the renderer can make and every event main can push.
// Adding a channel = one entry here (schemas in shared/ipc/channels/*) + its handler in
// electron/ipc/handlers/. Nothing that is not listed here is reachable from the window.
import { z } from 'zod';
import { channel } from './define.ts';

export const ipcContract = {
  getAppInfo: channel(
    'Version and mode of the running app.',
    z.strictObject({}),
    z.object({ version: z.string(), demo: z.boolean(), platform: z.string() }),
  ),
} as const;

export const ipcEvents = {
  notification: z.object({ title: z.string(), body: z.string(), chargebackId: z.string().optional(), kind: z.string() }),
} as const;

export type IpcContract = typeof ipcContract;
export type IpcEvents = typeof ipcEvents;
