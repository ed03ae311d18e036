// The handler table: one handler per contract channel (the type says so; the router checks too).
// Each area's handlers declare the services they use (a Pick of AppServices), not the whole bag.
import type { Handlers } from '../../../shared/ipc/define.ts';
import type { IpcContract } from '../../../shared/ipc/contract.ts';
import type { AppServices } from '../../app-services.ts';
import { appHandlers } from './app.ts';
import { portfolioHandlers } from './portfolio.ts';
import { evidenceHandlers } from './evidence.ts';
import { outboxHandlers } from './outbox.ts';
import { batchHandlers } from './batch.ts';
import { insightsHandlers } from './insights.ts';
import { savedFilterHandlers } from './saved-filters.ts';
import { inboxBatchHandlers } from './inbox-batch.ts';
import { cardHistoryHandlers } from './card-history.ts';
import { windowStartHandlers } from './window-start.ts';

export function createHandlers(s: AppServices): Handlers<IpcContract> {
  return {
    ...appHandlers(s),
    ...portfolioHandlers(s),
    ...evidenceHandlers(s),
    ...outboxHandlers(s),
    ...batchHandlers(s),
    ...insightsHandlers(s),
    ...savedFilterHandlers(s),
    ...inboxBatchHandlers(s),
    ...cardHistoryHandlers(s),
    ...windowStartHandlers(s),
  };
}
