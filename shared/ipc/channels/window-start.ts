// The window's first question, asked before it has drawn anything: the profiles and, for the
// profile in use, the first page of its inbox, its recent events and its saved filters, in one
// call. Asked as two (the profiles, then that profile's inbox) the second waited on the first, and
// a large portfolio's first rows came a round trip later; the events and filters, asked by the
// inbox once drawn, came back while its first frame was being painted, and the answers and their
// draws held that frame back by about 60 ms. The sync status is still asked for apart: it reads
// the keychain, which may ask the merchant first. Later changes come through each query as usual.
import { z } from 'zod';
import { query } from '../define.ts';
import { profileViewSchema } from './app.ts';
import { inboxPageInput, inboxPageSchema, portfolioChannels } from './portfolio.ts';
import { savedFilterChannels } from './saved-filters.ts';

const openWindowInput = z.strictObject({
  /** The profile this window used last, if it remembers one. */
  remembered: z.string().min(1).max(200).optional(),
  /** The inbox page to list for the profile in use, as listInbox would be asked for it. */
  inbox: inboxPageInput.omit({ profileId: true }),
});

export const windowStartChannels = {
  openWindow: query(
    'The profiles, and the first inbox page of the one in use (the one the window remembers, else the first).',
    openWindowInput,
    z.object({
      profiles: z.array(profileViewSchema),
      /** None when there is no profile yet. */
      inbox: z
        .object({
          profileId: z.string(),
          page: inboxPageSchema,
          /** As listEvents and listSavedFilters answer for the profile. */
          events: portfolioChannels.listEvents.output,
          savedFilters: savedFilterChannels.listSavedFilters.output,
        })
        .optional(),
    }),
    { tags: ['profiles', 'chargebacks', 'outbox', 'events', 'savedFilters'] },
  ),
} as const;
