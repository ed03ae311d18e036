// The window's first question, asked before it has drawn anything: the profiles and the first
// page of the inbox of the profile in use, in one call. Asked as two (the profiles, then that
// profile's inbox) the second waited on the first, and a large portfolio's first rows came a
// round trip later. Later changes come through listProfiles and listInbox as usual.
import { z } from 'zod';
import { query } from '../define.ts';
import { profileViewSchema } from './app.ts';
import { inboxPageInput, inboxPageSchema } from './portfolio.ts';

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
      inbox: z.object({ profileId: z.string(), page: inboxPageSchema }).optional(),
    }),
    { tags: ['profiles', 'chargebacks', 'outbox'] },
  ),
} as const;
