// What the merchant is told after a pass or a refresh: the events stored with the data they come
// from (raised inside its transaction), shown once as notifications, and the deadline reminders
// checked from the store (so they fire offline too). Kept apart from the passes because both a
// pass and one chargeback's refresh end with it.
import type { Store } from '../store/index.ts';
import type { Profile } from '../../shared/profiles.ts';
import type { Notifier } from '../platform/notifier.ts';
import type { DerivedEvent } from './derive-events.ts';
import { dueReminders } from './reminders.ts';
import { sendByBusinessDaysOf } from '../../shared/domain/send-by.ts';

export interface SyncNoticesDeps {
  store: Store;
  notifier: Notifier;
  now: () => Date;
  /** How many individual notifications one sync may show before it summarises. */
  notifyLimit?: number | undefined;
}

export function createSyncNotices(deps: SyncNoticesDeps) {
  const { store, now } = deps;

  /** Shows the stored events not shown yet: this pass's, and any a crash kept from being shown.
   * They are claimed before they are shown, so a crash in between loses a notification (the event
   * stays in the list) rather than showing one twice. */
  function announce(profile: Profile): number {
    const fresh = store.events.claimUnannounced(profile.id, now().getTime());
    const limit = deps.notifyLimit ?? 5;
    for (const e of fresh.slice(0, limit))
      deps.notifier.notify({ title: e.title, body: e.body, kind: e.kind, chargebackId: e.chargebackId ?? undefined });
    if (fresh.length > limit)
      deps.notifier.notify({
        title: `${fresh.length - limit} more updates`,
        body: `${profile.name}: open Dispute Desk to see every change.`,
        kind: 'summary',
      });
    return fresh.length;
  }

  /** Stores events; called inside the transaction that saves the data they come from, so a crash
   * keeps both or neither (their unique keys make a repeat harmless). */
  function raiseAll(profileId: string, events: readonly DerivedEvent[]): void {
    const at = now().getTime();
    for (const e of events) store.events.raise(profileId, e, at);
  }

  function remind(profile: Profile): number {
    const reminders = dueReminders(
      store.database,
      store.portfolio,
      profile.id,
      profile.reminderThresholdDays,
      now(),
      sendByBusinessDaysOf(profile),
    );
    const limit = deps.notifyLimit ?? 5;
    for (const r of reminders.slice(0, limit))
      deps.notifier.notify({ title: r.title, body: r.body, kind: 'reminder', chargebackId: r.chargebackId });
    if (reminders.length > limit)
      deps.notifier.notify({
        title: `${reminders.length - limit} more deadlines need you`,
        body: `${profile.name}: open the inbox to see every chargeback that is due soon or overdue.`,
        kind: 'reminder',
      });
    return reminders.length;
  }

  return { announce, raiseAll, remind };
}
export type SyncNotices = ReturnType<typeof createSyncNotices>;
