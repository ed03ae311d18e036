// How much one sync may add to the store: a service that sends endless fresh records (new IDs on
// every page, "more" for ever) is stopped by this before it fills the disk, whatever the paging
// says. Counted on the records read (their size as JSON, which is about what the store keeps),
// and checked before a page is saved, so the page that would cross it is not written.
import { AppError } from '../../shared/errors.ts';

/** Far above a small merchant's whole portfolio with its ledger (3,000 chargebacks and 9,000
 * entries come to about 40 MB), far below a full disk. */
export const SYNC_STORE_BUDGET_BYTES = 256 * 1024 * 1024;

export function createStoreBudget(limit = SYNC_STORE_BUDGET_BYTES) {
  let used = 0;
  return {
    /** Counts a page about to be saved; throws, with nothing saved, when it would cross the budget. */
    spend(bytes: number): void {
      if (used + bytes > limit)
        throw new AppError(
          'server',
          `The chargeback service sent more than ${Math.round(limit / 1024 / 1024)} MB of records in one sync, ` +
            'far more than an account holds; the sync was stopped there so it cannot fill the disk. ' +
            'What was saved before is kept. If it happens again, tell the service’s support.',
        );
      used += bytes;
    },
  };
}
