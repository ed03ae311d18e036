// The store: one database, its repositories.
import { join } from 'node:path';
import { openDatabase, type Database } from './database.ts';
import { createProfilesRepo } from './profiles-repo.ts';
import { createPortfolioRepo } from './portfolio/index.ts';
import { createEventsRepo } from './events-repo.ts';
import { createSyncStateRepo } from './sync-state-repo.ts';
import { createDraftsRepo } from './drafts-repo.ts';
import { createInsightsRepo } from './insights-repo.ts';
import { createSavedFiltersRepo } from './saved-filters-repo.ts';
import { createLedgerRepo } from './ledger-repo.ts';
import { createChargebackBriefsRepo } from './chargeback-briefs-repo.ts';
import { createCardHistoryRepo } from './card-history-repo.ts';

export function databaseFile(home: string): string {
  return join(home, 'dispute-desk.db');
}

export function openStore(file: string) {
  const database = openDatabase(file);
  return {
    database,
    profiles: createProfilesRepo(database),
    portfolio: createPortfolioRepo(database),
    events: createEventsRepo(database),
    syncState: createSyncStateRepo(database),
    drafts: createDraftsRepo(database),
    insights: createInsightsRepo(database),
    savedFilters: createSavedFiltersRepo(database),
    ledger: createLedgerRepo(database),
    briefs: createChargebackBriefsRepo(database),
    cardHistory: createCardHistoryRepo(database),
    transaction: <T>(fn: () => T): T => database.transaction(fn),
    close: () => database.close(),
  };
}
export type Store = ReturnType<typeof openStore>;
export type { Database };
export type { InboxRow, InboxQuery, ChargebackChange } from './portfolio/index.ts';
export type { SyncState } from './sync-state-repo.ts';
export type { AppEvent } from './events-repo.ts';
