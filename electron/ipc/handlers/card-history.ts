import type { Handlers } from '../../../shared/ipc/define.ts';
import type { cardHistoryChannels } from '../../../shared/ipc/channels/card-history.ts';
import type { AppServices } from '../../app-services.ts';
import { AppError } from '../../../shared/errors.ts';

export function cardHistoryHandlers(
  s: Pick<AppServices, 'cardHistory' | 'store'>,
): Handlers<typeof cardHistoryChannels> {
  return {
    getCardHistory: async ({ profileId, chargebackId }, call) => {
      // The router's signals are AbortSignals (the contract's type only names what both sides have).
      const signal = call?.signal instanceof AbortSignal ? call.signal : undefined;
      const profile = s.store.profiles.get(profileId);
      const view = profile ? await s.cardHistory.view(profile, chargebackId, signal ? { signal } : {}) : undefined;
      if (!view) throw new AppError('not-found', 'This chargeback is not in the local store; sync to bring it in.');
      return view;
    },
    setCustomerHistoryExhibit: async ({ profileId, chargebackId, include }) => {
      if (!s.store.portfolio.getChargeback(profileId, chargebackId))
        throw new AppError('not-found', 'This chargeback is not in the local store; sync to bring it in.');
      s.store.cardHistory.chooseCustomerHistory(profileId, chargebackId, include);
      return { ok: true as const };
    },
  };
}
