import type { Handlers } from '../../../shared/ipc/define.ts';
import type { windowStartChannels } from '../../../shared/ipc/channels/window-start.ts';
import { profileInUse } from '../../../shared/profiles.ts';
import { appHandlers } from './app.ts';
import { portfolioHandlers } from './portfolio.ts';

/** openWindow answers what listProfiles and listInbox answer, from the same handlers. */
export function windowStartHandlers(
  s: Parameters<typeof appHandlers>[0] & Parameters<typeof portfolioHandlers>[0],
): Handlers<typeof windowStartChannels> {
  const app = appHandlers(s);
  const portfolio = portfolioHandlers(s);
  return {
    openWindow: async ({ remembered, inbox }) => {
      const profiles = await app.listProfiles({});
      const profileId = profileInUse(profiles, remembered);
      if (profileId === undefined) return { profiles };
      return { profiles, inbox: { profileId, page: await portfolio.listInbox({ ...inbox, profileId }) } };
    },
  };
}
