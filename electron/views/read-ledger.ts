// The ledger of a date window read from the store (each entry with its chargeback's currency,
// electron/store/ledger-repo.ts) and projected by the one rule in shared/views/ledger-view.ts: the
// window's Ledger and its CSV, and `dispute-desk entries`, all read it here.
import type { Store } from '../store/index.ts';
import type { EntryLine } from '../../shared/domain/entry-kinds.ts';
import { ledgerLines, ledgerLinesByCurrency, ledgerView, type LedgerView } from '../../shared/views/ledger-view.ts';

/** The Ledger screen's view of entries created in [from, to). */
export function readLedger(store: Store, profileId: string, from: Date, to: Date): LedgerView {
  return ledgerView(store.ledger.window(profileId, from, to));
}

/** Every entry created in [from, to): oldest first, or for a CSV by currency in the one order. */
export function readLedgerLines(
  store: Store,
  profileId: string,
  from: Date,
  to: Date,
  order: 'by-time' | 'by-currency',
): EntryLine[] {
  const rows = store.ledger.window(profileId, from, to);
  return order === 'by-currency' ? ledgerLinesByCurrency(rows) : ledgerLines(rows);
}
