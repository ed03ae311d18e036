// The currency of a chargeback's ledger entries is the chargeback's own; an entry of no stored
// chargeback is in US dollars (the service's default). Each chargeback is read from the store once
// per listing, however many entries it has: the ledger, its CSV and `dispute-desk entries` ask here.
import type { Store } from '../store/index.ts';
import type { CurrencyOf } from '../../shared/views/ledger-view.ts';

export function chargebackCurrencies(store: Store, profileId: string): CurrencyOf {
  const known = new Map<string, string>();
  return (id) => {
    if (!id) return 'USD';
    let currency = known.get(id);
    if (currency === undefined) {
      currency = store.portfolio.getChargeback(profileId, id)?.currency ?? 'USD';
      known.set(id, currency);
    }
    return currency;
  };
}
