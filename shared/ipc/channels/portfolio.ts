// Inbox, dispute, sync, events, ledger. The views that cross are typed projections (shared/views/).
import { cardNetworkSchema } from '../../domain/enums.ts';
import { z } from 'zod';
import { query, mutation } from '../define.ts';
import {
  inboxRowViewSchema,
  inboxSectionSchema,
  inboxSectionSummarySchema,
  inboxSortSchema,
  sortDirectionSchema,
} from '../../views/inbox-row.ts';
import { disputeViewSchema } from '../../views/dispute-view.ts';
import { connectionFactsSchema } from '../../domain/connection-facts.ts';
import { ledgerViewSchema } from '../../views/ledger-view.ts';

const profileId = z.string().min(1).max(200);
const chargebackId = z.string().min(1).max(200);
/** What the inbox shows: its filters, the order within each section, the folded sections. */
export const inboxView = {
  profileId,
  status: z.string().max(20).optional(),
  cycle: z.string().max(60).optional(),
  network: cardNetworkSchema.optional(),
  category: z.string().max(60).optional(),
  search: z.string().max(200).optional(),
  sort: inboxSortSchema.optional(),
  dir: sortDirectionSchema.optional(),
  collapsed: z.array(inboxSectionSchema).max(4).optional(),
};

/** One page of the inbox: the view, and where the page starts. */
export const inboxPageInput = z.strictObject({
  ...inboxView,
  offset: z.number().int().min(0).max(10_000_000),
  limit: z.number().int().min(1).max(500),
});
export const inboxPageSchema = z.object({
  rows: z.array(inboxRowViewSchema),
  /** Rows listed (folded sections are counted in `sections` only). */
  total: z.number().int(),
  sections: z.array(inboxSectionSummarySchema),
  counts: z.object({ open: z.number(), dueSoon: z.number(), overdue: z.number(), total: z.number() }),
  /** The currency the sections' approximate totals are in (the profile's, else the most common). */
  mainCurrency: z.string(),
});

export const portfolioChannels = {
  listInbox: query(
    'The inbox as a worklist: answer now, awaiting the issuer, decided, past the deadline; ' +
      'each sorted, counted and summed.',
    inboxPageInput,
    inboxPageSchema,
    { tags: ['chargebacks', 'outbox'] },
  ),
  exportInboxCsv: mutation(
    'Saves the inbox as shown (filters, order, folded sections left out) as CSV where the merchant chooses.',
    z.strictObject(inboxView),
    z.object({ saved: z.boolean(), name: z.string().optional(), rows: z.number().int() }),
    { invalidates: [] },
  ),
  getDispute: query(
    'Everything about one chargeback, explained.',
    z.strictObject({ profileId, chargebackId }),
    disputeViewSchema,
    { tags: ['chargebacks', 'outbox', 'drafts'] },
  ),
  setChecklistItem: mutation(
    'Ticks or unticks an evidence checklist item.',
    z.strictObject({ profileId, chargebackId, itemId: z.string().min(1).max(100), checked: z.boolean() }),
    z.object({ ok: z.literal(true) }),
    { invalidates: ['chargebacks'] },
  ),
  syncNow: mutation(
    'Syncs a profile now.',
    z.strictObject({ profileId }),
    z.object({
      mode: z.string(),
      chargebacks: z.number(),
      entries: z.number(),
      events: z.number(),
      durationMs: z.number(),
    }),
    { invalidates: ['chargebacks', 'sync', 'events', 'ledger', 'outbox'] },
  ),
  getSyncStatus: query(
    'How fresh the data is, and whether sending is failing.',
    z.strictObject({ profileId }),
    connectionFactsSchema,
    { tags: ['sync', 'outbox', 'keychain'] },
  ),
  listEvents: query(
    'Recent events (new chargebacks, decisions, money).',
    z.strictObject({ profileId }),
    z.array(
      z.object({
        id: z.number(),
        kind: z.string(),
        chargebackId: z.string().nullable(),
        title: z.string(),
        body: z.string(),
        createdAt: z.number(),
        read: z.boolean(),
      }),
    ),
    { tags: ['events'] },
  ),
  // The list keeps what was new highlighted for a moment after opening (components/activity.tsx).
  markEventsRead: mutation(
    "Marks a profile's events read, up to the newest one the merchant was shown.",
    z.strictObject({ profileId, upToId: z.number().int().min(0).optional() }),
    z.object({ ok: z.literal(true) }),
    { invalidates: [] },
  ),
  listLedger: query(
    'Ledger entries in a window, with totals (charged back, fees, reversed, net) by currency and month.',
    z.strictObject({ profileId, from: z.iso.date(), to: z.iso.date() }),
    ledgerViewSchema,
    { tags: ['ledger'] },
  ),
  exportLedgerCsv: mutation(
    'Saves the ledger window as CSV where the merchant chooses.',
    z.strictObject({ profileId, from: z.iso.date(), to: z.iso.date() }),
    z.object({ saved: z.boolean(), name: z.string().optional() }),
    { invalidates: [] },
  ),
} as const;
