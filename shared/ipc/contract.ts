// The IPC contract: every request the renderer can make and every event main can push.
// Adding a channel = one entry in shared/ipc/channels/<area>.ts + its handler in
// electron/ipc/handlers/. Nothing that is not listed here is reachable from the window.
import { z } from 'zod';
import { appChannels } from './channels/app.ts';
import { portfolioChannels } from './channels/portfolio.ts';
import { evidenceChannels } from './channels/evidence.ts';
import { outboxChannels } from './channels/outbox.ts';
import { batchChannels } from './channels/batch.ts';
import { insightsChannels } from './channels/insights.ts';
import { outboxJobSchema } from '../outbox.ts';
import { declareData, type EventInvalidations } from './define.ts';

// What these areas' channels read and stale, until their own files say it with query()/mutation().
const everything = ['profiles', 'keychain', 'chargebacks', 'sync', 'events', 'ledger', 'outbox', 'drafts'] as const;
const appData = declareData(appChannels, {
  getAppInfo: { tags: ['profiles'] },
  keychainStatus: { tags: ['keychain'] },
  listProfiles: { tags: ['profiles'] },
  addProfile: { invalidates: everything },
  updateProfile: { invalidates: ['profiles', 'sync'] },
  replaceKey: { invalidates: ['profiles', 'keychain', 'sync'] },
  removeProfile: { invalidates: everything },
  startDemo: { invalidates: everything },
});
const portfolioData = declareData(portfolioChannels, {
  listInbox: { tags: ['chargebacks', 'outbox'] },
  exportInboxCsv: { invalidates: [] },
  getDispute: { tags: ['chargebacks', 'outbox', 'drafts'] },
  setChecklistItem: { invalidates: ['chargebacks'] },
  syncNow: { invalidates: ['chargebacks', 'sync', 'events', 'ledger', 'outbox'] },
  getSyncStatus: { tags: ['sync', 'outbox'] },
  listEvents: { tags: ['events'] },
  // The list keeps what was new highlighted for a moment after opening (components/activity.tsx).
  markEventsRead: { invalidates: [] },
  listLedger: { tags: ['ledger'] },
  exportLedgerCsv: { invalidates: [] },
});
const outboxData = declareData(outboxChannels, {
  submitResponse: { invalidates: ['outbox', 'chargebacks', 'drafts', 'sync'] },
  listOutbox: { tags: ['outbox'] },
  pauseJob: { invalidates: ['outbox', 'chargebacks'] },
  resumeJob: { invalidates: ['outbox', 'chargebacks'] },
  cancelJob: { invalidates: ['outbox', 'chargebacks'] },
  retryJob: { invalidates: ['outbox', 'chargebacks'] },
  dismissJob: { invalidates: ['outbox', 'chargebacks'] },
});

export const ipcContract = {
  ...appData,
  ...portfolioData,
  ...evidenceChannels,
  ...outboxData,
  ...batchChannels,
  ...insightsChannels,
} as const;

export const ipcEvents = {
  notification: z.object({ title: z.string(), body: z.string(), chargebackId: z.string().optional(), kind: z.string() }),
  syncProgress: z.object({ profileId: z.string(), mode: z.string(), phase: z.string(), done: z.number(), expected: z.number() }),
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
  outboxChanged: ['outbox', 'chargebacks', 'sync'],
  outboxProgress: [],
  batchProgress: [],
  openChargeback: [],
};

export type IpcContract = typeof ipcContract;
export type IpcEvents = typeof ipcEvents;
