// What a batch's files are matched against: the profile's chargebacks (or only those the merchant
// chose in the inbox) as match candidates, and the shop's own name and address a receipt prints.
import type { Store } from '../../store/index.ts';
import type { Profile } from '../../../shared/profiles.ts';
import { candidateOf, type MatchCandidate } from './match-files.ts';
import type { OurShop } from './match-content.ts';

/** The profile's chargebacks with their transactions, as the matchers read them. */
export function matchTargets(store: Store, profileId: string, only?: readonly string[]): MatchCandidate[] {
  const ids = store.portfolio.chargebackIds(profileId);
  const chosen = only && new Set(only);
  const kept = chosen ? ids.filter((id) => chosen.has(id)) : ids;
  return kept.map((id) => {
    const d = store.portfolio.detail(profileId, id)!;
    return candidateOf(d.chargeback, d.txn);
  });
}

/** The shop's own name as the merchant gave it in the profile (its trading name, the letter's
 * signature) and its address. The profile's own name is a label ("Main account"), not what a
 * receipt prints. */
export const shopOf = (profile: Profile): OurShop => ({
  names: profile.merchant ? [profile.merchant] : [],
  address: profile.merchantAddress,
});
