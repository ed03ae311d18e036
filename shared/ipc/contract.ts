// The IPC contract: every request the renderer can make and every event main can push.
// Adding a channel = one entry in shared/ipc/channels/<area>.ts, declared there as a query (what it
// reads) or a mutation (what it stales), + its handler in electron/ipc/handlers/. Nothing that is
// not listed here is reachable from the window.
import { z } from 'zod';
import { appChannels } from './channels/app.ts';
import { portfolioChannels } from './channels/portfolio.ts';
import { evidenceChannels } from './channels/evidence.ts';
import { outboxChannels } from './channels/outbox.ts';
import { batchChannels } from './channels/batch.ts';
import { insightsChannels } from './channels/insights.ts';
import { savedFilterChannels } from './channels/saved-filters.ts';
import { inboxBatchChannels } from './channels/inbox-batch.ts';
import { cardHistoryChannels } from './channels/card-history.ts';
import { windowStartChannels } from './channels/window-start.ts';
import { outboxJobSchema } from '../outbox.ts';
import type { EventInvalidations } from './define.ts';

export const ipcContract = {
  ...appChannels,
  ...portfolioChannels,
  ...evidenceChannels,
  ...outboxChannels,
  ...batchChannels,
  ...insightsChannels,
  ...savedFilterChannels,
  ...inboxBatchChannels,
  ...cardHistoryChannels,
  ...windowStartChannels,
} as const;

export const ipcEvents = {
  notification: z.object({
    title: z.string(),
    body: z.string(),
    chargebackId: z.string().optional(),
    kind: z.string(),
  }),
  syncProgress: z.object({
    profileId: z.string(),
    mode: z.string(),
    phase: z.string(),
    done: z.number(),
    expected: z.number(),
  }),
  /** A sync pass or one chargeback's refresh has ended (ok or not): what the window shows may have
   * changed without anything worth a notification (an amount, a status the service corrected). */
  syncFinished: z.object({ profileId: z.string(), ok: z.boolean() }),
  outboxChanged: outboxJobSchema,
  outboxProgress: z.object({ jobId: z.string(), position: z.number(), sentBytes: z.number(), totalBytes: z.number() }),
  batchProgress: z.object({ phase: z.enum(['importing', 'reading', 'building']), done: z.number(), total: z.number() }),
  openChargeback: z.object({ profileId: z.string(), chargebackId: z.string() }),
} as const;

/** What each event makes stale in the window. A notification follows a sync that found something
 * (a new chargeback, a decision, money); progress events change nothing that is cached. */
export const ipcEventInvalidations: EventInvalidations<typeof ipcEvents> = {
  notification: ['chargebacks', 'events', 'sync', 'ledger', 'outbox'],
  syncProgress: [],
  syncFinished: ['chargebacks', 'events', 'sync', 'ledger', 'outbox'],
  outboxChanged: ['outbox', 'chargebacks', 'sync'],
  outboxProgress: [],
  batchProgress: [],
  openChargeback: [],
};

export type IpcContract = typeof ipcContract;
export type IpcEvents = typeof ipcEvents;
