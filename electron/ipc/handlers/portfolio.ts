import type { Handlers } from '../../../shared/ipc/define.ts';
import type { portfolioChannels } from '../../../shared/ipc/channels/portfolio.ts';
import type { AppServices } from '../../app-services.ts';
import { AppError } from '../../../shared/errors.ts';
import type { EntryLine } from '../../../shared/domain/entry-kinds.ts';
import { parseServiceTimestamp } from '../../../shared/domain/dates.ts';
import { readLedger, readLedgerLines } from '../../views/read-ledger.ts';
import { readDisputeView } from '../../views/read-dispute.ts';
import { writeFile } from 'node:fs/promises';
import { sendingTrouble } from '../../outbox/job-status.ts';
import { toCsv, type CsvColumn } from '../../export/csv.ts';
import { inboxSectionLabel } from '../../../shared/domain/inbox-sections.ts';
import { worklistQueryOf } from '../../views/worklist-query.ts';
import type { InboxRow } from '../../../shared/views/inbox-row.ts';
import type { WorklistQuery } from '../../store/portfolio-repo.ts';

function window(from: string, to: string): { from: Date; to: Date } {
  const start = parseServiceTimestamp(`${from} 00:00:00`);
  const end = parseServiceTimestamp(`${to} 00:00:00`);
  if (!start || !end || end < start)
    throw new AppError('validation', 'Choose a date window whose end is on or after its start.');
  return { from: start, to: new Date(end.getTime() + 86_400_000) };
}

const ledgerCsvColumns: Array<CsvColumn<EntryLine>> = [
  { header: 'created', kind: 'text', value: (e) => e.created },
  { header: 'event', kind: 'text', value: (e) => e.eventLabel },
  { header: 'amount (minor units)', kind: 'number', value: (e) => e.amount },
  { header: 'currency', kind: 'text', value: (e) => e.currency },
  { header: 'chargeback', kind: 'text', value: (e) => e.chargebackId },
  { header: 'description', kind: 'text', value: (e) => e.description },
];

const inboxCsvColumns: Array<CsvColumn<InboxRow>> = [
  { header: 'section', kind: 'text', value: (r) => inboxSectionLabel[r.section] },
  { header: 'chargeback', kind: 'text', value: (r) => r.id },
  { header: 'status', kind: 'text', value: (r) => r.status },
  { header: 'stage', kind: 'text', value: (r) => r.cycle },
  { header: 'reply by', kind: 'text', value: (r) => (r.reply === null ? (r.replyInvalid ?? '') : String(r.reply)) },
  { header: 'days left', kind: 'number', value: (r) => r.daysLeft },
  { header: 'reason code', kind: 'text', value: (r) => r.reasonCode },
  { header: 'reason', kind: 'text', value: (r) => r.reason },
  { header: 'amount (minor units)', kind: 'number', value: (r) => r.total },
  { header: 'currency', kind: 'text', value: (r) => r.currency },
  { header: 'customer', kind: 'text', value: (r) => r.customerName },
  { header: 'email', kind: 'text', value: (r) => r.customerEmail },
  { header: 'order', kind: 'text', value: (r) => r.order },
  { header: 'transaction', kind: 'text', value: (r) => r.txn },
];

export function portfolioHandlers(s: AppServices): Handlers<typeof portfolioChannels> {
  const worklistQuery = <Q extends WorklistQuery>(q: Q): Q => worklistQueryOf(s, q);
  return {
    listInbox: async (q) => {
      const page = s.store.portfolio.listWorklist(worklistQuery(q));
      const answers = s.answers.statesOf(
        q.profileId,
        page.rows.map((r) => r.id),
      );
      const rows = page.rows.map((r) => {
        const a = answers.get(r.id)!;
        const waiting = a.stage === 'queued' || a.stage === 'sending';
        return {
          ...r,
          answer: { stage: a.stage, label: a.label },
          delivery: (waiting && s.answers.deliveryOf(q.profileId, r.id)) || null,
        };
      });
      const profile = s.store.profiles.get(q.profileId);
      return {
        ...page,
        rows,
        counts: s.store.portfolio.inboxCounts(q.profileId),
        mainCurrency: profile?.mainCurrency ?? s.store.portfolio.mostCommonCurrency(q.profileId) ?? 'USD',
      };
    },
    exportInboxCsv: async (q) => {
      const rows = s.store.portfolio.worklistAll(worklistQuery(q));
      const day = new Date().toISOString().slice(0, 10);
      const path = await s.platform.dialogs.saveFile({
        title: 'Export the inbox as shown',
        defaultName: `chargebacks ${day}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      });
      if (!path) return { saved: false, rows: rows.length };
      await writeFile(path, toCsv(inboxCsvColumns, rows));
      return { saved: true, name: path.split(/[\\/]/).at(-1) ?? path, rows: rows.length };
    },
    getDispute: async ({ profileId, chargebackId }) => {
      const view = readDisputeView(s, profileId, chargebackId);
      if (!view) throw new AppError('not-found', 'This chargeback is not in the local store; sync to bring it in.');
      return view;
    },
    setChecklistItem: async ({ profileId, chargebackId, itemId, checked }) => {
      s.store.portfolio.setChecklist(profileId, chargebackId, itemId, checked);
      return { ok: true as const };
    },
    syncNow: async ({ profileId }) => {
      const r = await s.sync.syncProfile(profileId);
      s.updateBadge();
      return {
        mode: r.mode,
        chargebacks: r.chargebacks,
        entries: r.entries,
        events: r.events,
        durationMs: r.durationMs,
      };
    },
    getSyncStatus: async ({ profileId }) => ({
      ...s.sync.freshness(profileId),
      sending: sendingTrouble(s.outbox.list({ profileId })),
    }),
    listEvents: async ({ profileId }) => s.store.events.recent(profileId),
    markEventsRead: async ({ profileId, upToId }) => {
      s.store.events.markRead(profileId, Date.now(), upToId);
      return { ok: true as const };
    },
    listLedger: async ({ profileId, from, to }) => {
      const w = window(from, to);
      return readLedger(s.store, profileId, w.from, w.to);
    },
    exportLedgerCsv: async ({ profileId, from, to }) => {
      const w = window(from, to);
      // Read before the dialog: a window the merchant typed wrong is said before a file is asked for.
      const lines = readLedgerLines(s.store, profileId, w.from, w.to, 'by-currency');
      const path = await s.platform.dialogs.saveFile({
        title: 'Export ledger entries',
        defaultName: `ledger ${from} to ${to}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      });
      if (!path) return { saved: false };
      await writeFile(path, toCsv(ledgerCsvColumns, lines));
      return { saved: true, name: path.split(/[\\/]/).at(-1) ?? path };
    },
  };
}
