// The portfolio as the service last told it, and the merchant's work on it: one repository made
// of the parts below, each doing one thing (mirror writes, the worklist, records, the checklist).
import type { Database } from '../database.ts';
import { createMirrorWrites } from './mirror-writes.ts';
import { createWorklist } from './worklist.ts';
import { createRecords } from './records.ts';
import { createChecklist } from './checklist.ts';

export function createPortfolioRepo(d: Database) {
  return { ...createMirrorWrites(d), ...createWorklist(d), ...createRecords(d), ...createChecklist(d) };
}
export type PortfolioRepo = ReturnType<typeof createPortfolioRepo>;
export type { ChargebackChange } from './mirror-writes.ts';
export type { InboxQuery, WorklistQuery } from './worklist.ts';
export type { InboxRow } from '../../../shared/views/inbox-row.ts';
