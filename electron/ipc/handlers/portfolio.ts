import type { Handlers } from '../../../shared/ipc/define.ts';
import type { portfolioChannels } from '../../../shared/ipc/channels/portfolio.ts';
import type { AppServices } from '../../app-services.ts';
import { AppError } from '../../../shared/errors.ts';
import { valueOf } from '../../app/outcome.ts';
import { ledgerWindow } from '../../app/ledger-window.ts';
import { readLedger } from '../../views/read-ledger.ts';
import { exportInboxCsv, exportLedgerCsv } from '../../app/exports.ts';
import { readDisputeView } from '../../views/read-dispute.ts';
import { sendingTrouble } from '../../outbox/job-status.ts';
import { withAnswers, worklistQueryOf } from '../../views/worklist-query.ts';
import type { WorklistQuery } from '../../store/portfolio/index.ts';
import { sendByBusinessDaysOf } from '../../../shared/domain/send-by.ts';

export function portfolioHandlers(
  s: Pick<AppServices, 'answers' | 'outbox' | 'store' | 'sync' | 'updateBadge' | 'useCases' | 'vault'>,
): Handlers<typeof portfolioChannels> {
  const worklistQuery = <Q extends WorklistQuery>(q: Q): Q => worklistQueryOf(s, q);
  return {
    listInbox: async (q) => {
      const page = s.store.portfolio.listWorklist(worklistQuery(q));
      const rows = withAnswers(s, q.profileId, page.rows);
      const profile = s.store.profiles.get(q.profileId);
      return {
        ...page,
        rows,
        counts: s.store.portfolio.inboxCounts(q.profileId, {
          ...(profile ? { sendByBusinessDays: sendByBusinessDaysOf(profile) } : {}),
        }),
        mainCurrency: profile?.mainCurrency ?? s.store.portfolio.mostCommonCurrency(q.profileId) ?? 'USD',
      };
    },
    exportInboxCsv: async (q) => valueOf(await exportInboxCsv(s.useCases.exports, q)),
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
      keyMissing: (await s.vault.status(profileId)) === 'missing',
      sending: sendingTrouble(s.outbox.list({ profileId })),
    }),
    listEvents: async ({ profileId }) => s.store.events.recent(profileId),
    markEventsRead: async ({ profileId, upToId }) => {
      s.store.events.markRead(profileId, Date.now(), upToId);
      return { ok: true as const };
    },
    listLedger: async ({ profileId, from, to }) => {
      const w = valueOf(ledgerWindow(from, to));
      return readLedger(s.store, profileId, w.from, w.to);
    },
    exportLedgerCsv: async ({ profileId, from, to }) =>
      valueOf(await exportLedgerCsv(s.useCases.exports, profileId, from, to)),
  };
}
