// One chargeback re-read on its own (after an alert, or after sending): outside the passes, with
// no cursor, because it is one record and its children read in full and saved in one transaction.
import type { Store } from '../store/index.ts';
import type { Profile } from '../../shared/profiles.ts';
import type { ApiClient } from '../api/index.ts';
import { eventsFromChargebacks } from './derive-events.ts';
import type { SyncNotices } from './notices.ts';
import { profileOrThrow } from './sync-pass.ts';

export interface RefreshDeps {
  store: Store;
  clientFor(profile: Profile): Promise<ApiClient>;
  now: () => Date;
  notices: SyncNotices;
}

/** One chargeback as the service holds it now: record, statuses, messages, documents. */
export async function refreshChargeback(
  deps: RefreshDeps,
  profileId: string,
  chargebackId: string,
  signal: AbortSignal,
): Promise<void> {
  const { store, now, notices } = deps;
  const profile = profileOrThrow(store, profileId);
  const client = await deps.clientFor(profile);
  const cb = await client.getChargeback(chargebackId, signal);
  const statuses = await client.getStatuses(chargebackId, signal);
  const messages = await client.messagesOf(chargebackId, signal);
  const documents = await client.documentsOf(chargebackId, signal);
  store.transaction(() => {
    const changes = store.portfolio.upsertChargebacks(profileId, [cb], now().getTime());
    store.portfolio.saveStatuses(profileId, statuses);
    store.portfolio.saveMessages(profileId, messages);
    store.portfolio.saveDocuments(profileId, documents);
    notices.raiseAll(profileId, eventsFromChargebacks(changes, new Map([[cb.id, cb]])));
  });
  notices.announce(profile);
}
