// The inbox as a worklist: the sections a merchant works through, in the order they work them,
// and the orders a section can be read in. The store answers the same rule in SQL
// (electron/store/portfolio/worklist-sql.ts, sectionSql); a unit test holds the two together.
import type { AnswerStage } from './answer-state.ts';
import type { DeadlineState } from './dates.ts';
import { decidedStatuses } from './deadline-words.ts';

export const inboxSections = ['answer-now', 'awaiting-issuer', 'decided', 'past-deadline'] as const;
export type InboxSection = (typeof inboxSections)[number];

export const inboxSectionLabel: Record<InboxSection, string> = {
  'answer-now': 'Answer now',
  'awaiting-issuer': 'Sent, awaiting the issuer',
  decided: 'Decided',
  'past-deadline': 'Past the deadline',
};

/** What a section's money means: still in play, or already settled. */
export const inboxSectionAmountLabel: Record<InboxSection, string> = {
  'answer-now': 'at risk',
  'awaiting-issuer': 'at risk',
  decided: 'disputed',
  'past-deadline': 'at risk',
};

/** An answer delivered to the processor: only then is the merchant's part done. One still waiting
 * in the outbox, being sent or failing (the service down, a refusal to retry) may never arrive, so
 * its chargeback stays in "answer now", its row saying where the answer stands. */
export function answerIsOut(stage: AnswerStage): boolean {
  return stage === 'sent';
}

export interface SectionFacts {
  status: string;
  actionable: boolean;
  deadline: DeadlineState;
  answer: AnswerStage;
}

/**
 * Where a chargeback belongs on the worklist. Decided ones are done; an open one the service no
 * longer lets the merchant answer, or one whose answer was delivered, waits on the issuer; an answerable
 * one past its reply date can no longer be answered in time, so it goes last, out of the way of
 * the ones that still can. A reply date that cannot be read may be today: it stays in "answer now".
 */
export function inboxSection(f: SectionFacts): InboxSection {
  if (decidedStatuses.has(f.status) || f.answer === 'decided') return 'decided';
  if (!f.actionable || answerIsOut(f.answer)) return 'awaiting-issuer';
  if (f.deadline === 'overdue') return 'past-deadline';
  return 'answer-now';
}

export const inboxSorts = ['deadline', 'amount', 'reason', 'customer', 'stage'] as const;
export type InboxSort = (typeof inboxSorts)[number];

export const inboxSortLabel: Record<InboxSort, string> = {
  deadline: 'Deadline',
  amount: 'Amount',
  reason: 'Reason',
  customer: 'Customer / order',
  stage: 'Stage',
};

export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/** How a section's rows are ordered where that is not what the column heading says: a decided
 * chargeback has no deadline left, so sorting by deadline lists those by their latest change (the
 * store's order, worklist-sql.ts's orderBy). Undefined where the heading says it. */
export function sectionOrderNote(section: InboxSection, sort: InboxSort, dir: SortDirection): string | undefined {
  if (section !== 'decided' || sort !== 'deadline') return undefined;
  return dir === 'asc' ? 'latest change first' : 'oldest change first';
}
