import type { Handlers } from '../../../shared/ipc/define.ts';
import type { portfolioChannels, DisputeView } from '../../../shared/ipc/channels/portfolio.ts';
import type { AppServices } from '../../app-services.ts';
import { AppError } from '../../../shared/errors.ts';
import { entryChargebackId, type Entry } from '../../../shared/api/index.ts';
import { explainReasonCode, categoryLabel } from '../../../shared/domain/reason-codes.ts';
import { evidenceGuidance, generalAdvice } from '../../../shared/domain/evidence-guidance.ts';
import { describeTransaction } from '../../../shared/domain/labels.ts';
import { entryLine, summariseEntries, type EntryLine } from '../../../shared/domain/entry-kinds.ts';
import { ruleFor, messageTypesOrdered, messageTypesForCycle } from '../../../shared/domain/message-type-rules.ts';
import { dialectOf } from '../../../shared/domain/dialects.ts';
import { parseServiceTimestamp } from '../../../shared/domain/dates.ts';
import { ledgerView } from '../../../shared/views/ledger-view.ts';
import { writeFile } from 'node:fs/promises';
import { sendingTrouble } from '../../outbox/job-status.ts';
import { toCsv, type CsvColumn } from '../../export/csv.ts';

function window(from: string, to: string): { from: Date; to: Date } {
  const start = parseServiceTimestamp(`${from} 00:00:00`);
  const end = parseServiceTimestamp(`${to} 00:00:00`);
  if (!start || !end || end < start) throw new AppError('validation', 'Choose a date window whose end is on or after its start.');
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

/** A chargeback's entries in its currency, described and totalled by the one entry rule. */
function moneyOf(entries: readonly Entry[], currency: string): DisputeView['money'] {
  const lines = entries.map((e) => entryLine({ ...e, currency, chargebackId: entryChargebackId(e) }));
  return { entries: lines, totals: summariseEntries(lines).byCurrency[0] ?? null };
}

export function portfolioHandlers(s: AppServices): Handlers<typeof portfolioChannels> {
  function ledger(profileId: string, from: string, to: string) {
    const w = window(from, to);
    const currencyOf = (id: string | null) => (id ? s.store.portfolio.getChargeback(profileId, id)?.currency : undefined) ?? 'USD';
    return ledgerView(s.store.portfolio.listEntries(profileId, w.from, w.to), currencyOf);
  }
  return {
    listInbox: async (q) => {
      const page = s.store.portfolio.listInbox(q);
      const answers = s.answers.statesOf(q.profileId, page.rows.map((r) => r.id));
      const rows = page.rows.map((r) => {
        const a = answers.get(r.id)!;
        return { ...r, answer: { stage: a.stage, label: a.label } };
      });
      return { ...page, rows, counts: s.store.portfolio.inboxCounts(q.profileId) };
    },
    getDispute: async ({ profileId, chargebackId }) => {
      const d = s.store.portfolio.detail(profileId, chargebackId);
      if (!d) throw new AppError('not-found', 'This chargeback is not in the local store; sync to bring it in.');
      const cb = d.chargeback;
      const explanation = explainReasonCode(cb.reasonCode);
      const guidance = evidenceGuidance(explanation.category);
      const ticked = s.store.portfolio.checklist(profileId, chargebackId);
      const answerable = cb.status === 'open' && cb.actionable === 1;
      const fits = new Set(messageTypesForCycle(cb.cycle));
      const dialect = dialectOf(s.store.profiles.get(profileId)?.deployment ?? 'core');
      const view: DisputeView = {
        chargeback: cb as unknown as Record<string, unknown>,
        explanation: { title: explanation.title, plainWords: explanation.plainWords, category: explanation.category ?? null, categoryLabel: explanation.category ? categoryLabel[explanation.category] : null },
        guidance: { summary: guidance.summary, checklist: guidance.checklist.map((i) => ({ ...i, checked: ticked.has(i.id) })), advice: generalAdvice },
        facts: d.txn ? describeTransaction(d.txn as unknown as Record<string, unknown>) : [],
        statuses: d.statuses as unknown as Array<Record<string, unknown>>,
        messages: d.messages as unknown as Array<Record<string, unknown>>,
        documents: d.documents as unknown as Array<Record<string, unknown>>,
        money: moneyOf(d.entries, cb.currency),
        answerable,
        ...(answerable ? {} : { whyNot: cb.status !== 'open' ? `This chargeback is ${cb.status}: the processor accepts no more responses.` : 'This chargeback cannot be answered through the API (it is marked not actionable). Contact your processor to respond.' }),
        answer: s.answers.stateOf(profileId, chargebackId),
        sentDrafts: s.store.drafts.sent(profileId, chargebackId).map((a) => ({ jobId: a.jobId, sentAt: a.sentAt, pages: a.draft?.arrangement.pages.length ?? 0, rebuttal: a.draft?.rebuttal ?? '' })),
        // Evidence is offered with an answer only where this profile's service can take it.
        messageTypes: messageTypesOrdered(cb.cycle).map((type) => ({ type, ...ruleFor(type, dialect), fits: fits.has(type) })),
      };
      return view;
    },
    setChecklistItem: async ({ profileId, chargebackId, itemId, checked }) => {
      s.store.portfolio.setChecklist(profileId, chargebackId, itemId, checked);
      return { ok: true as const };
    },
    syncNow: async ({ profileId }) => {
      const r = await s.sync.syncProfile(profileId);
      s.updateBadge();
      return { mode: r.mode, chargebacks: r.chargebacks, entries: r.entries, events: r.events, durationMs: r.durationMs };
    },
    getSyncStatus: async ({ profileId }) => ({ ...s.sync.freshness(profileId), sending: sendingTrouble(s.outbox.list({ profileId })) }),
    listEvents: async ({ profileId }) => s.store.events.recent(profileId),
    markEventsRead: async ({ profileId, upToId }) => {
      s.store.events.markRead(profileId, Date.now(), upToId);
      return { ok: true as const };
    },
    listLedger: async ({ profileId, from, to }) => ledger(profileId, from, to),
    exportLedgerCsv: async ({ profileId, from, to }) => {
      const l = ledger(profileId, from, to);
      const path = await s.platform.dialogs.saveFile({ title: 'Export ledger entries', defaultName: `ledger ${from} to ${to}.csv`, filters: [{ name: 'CSV', extensions: ['csv'] }] });
      if (!path) return { saved: false };
      await writeFile(path, toCsv(ledgerCsvColumns, l.entries));
      return { saved: true, name: path.split(/[\\/]/).at(-1) ?? path };
    },
  };
}
