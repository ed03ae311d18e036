import type { Handlers } from '../../../shared/ipc/define.ts';
import { windowStartChannels } from '../../../shared/ipc/channels/window-start.ts';
import { openingInbox } from '../../../shared/ipc/opening-inbox.ts';
import { profileInUse } from '../../../shared/profile-in-use.ts';
import { appHandlers } from './app.ts';
import { portfolioHandlers } from './portfolio.ts';
import { savedFilterHandlers } from './saved-filters.ts';

/** openWindow answers what listProfiles, listInbox, listEvents and listSavedFilters answer, from
 * the same handlers. */
export function windowStartHandlers(
  s: Parameters<typeof appHandlers>[0] &
    Parameters<typeof portfolioHandlers>[0] &
    Parameters<typeof savedFilterHandlers>[0],
): Handlers<typeof windowStartChannels> {
  const app = appHandlers(s);
  const portfolio = portfolioHandlers(s);
  const filters = savedFilterHandlers(s);
  return {
    openWindow: async ({ remembered, inbox }) => {
      const profiles = await app.listProfiles({});
      const profileId = profileInUse(profiles, remembered);
      if (profileId === undefined) return { profiles };
      return {
        profiles,
        inbox: {
          profileId,
          page: await portfolio.listInbox({ ...inbox, profileId }),
          events: await portfolio.listEvents({ profileId }),
          savedFilters: await filters.listSavedFilters({ profileId }),
        },
      };
    },
  };
}

/**
 * Main's first listing of a large store costs far more than the ones after it: on 10,000
 * chargebacks about 180 ms for the first openWindow of the process, under 10 ms after (code
 * compiled, SQLite's statements prepared and its pages read, zod's checks of the answer built).
 * main lists the opening page once while the window is still starting, in its own process, so the
 * window's first call finds all of that done. The answer is dropped (the store may change before
 * the window asks); a failure is the window's to meet and say, not this.
 */
export async function warmOpening(h: Pick<Handlers<typeof windowStartChannels>, 'openWindow'>): Promise<void> {
  try {
    windowStartChannels.openWindow.output.safeParse(
      await h.openWindow({ inbox: { ...openingInbox, collapsed: [...openingInbox.collapsed] } }),
    );
  } catch {
    // Nothing warmed; the window's own call goes the usual way.
  }
}
