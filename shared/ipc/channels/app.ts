// App, profiles and keys. A key travels renderer → main once, when typed; never back.
import { z } from 'zod';
import { query, mutation, dataTags } from '../define.ts';
import { profileSchema, newProfileSchema, editedProfileSchema, keyStatuses } from '../../profiles.ts';

/** A profile as the window sees it: where its key lives (never the key) and where its alert
 * receiver listens right now. */
export const profileViewSchema = profileSchema.extend({
  keyStatus: z.enum(keyStatuses),
  alertReceiverUrl: z.string().optional(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;
const none = z.strictObject({});
const ok = z.object({ ok: z.literal(true) });

// A new, removed or demo profile changes what every screen shows.
export const appChannels = {
  getAppInfo: query(
    'Version, platform and whether any profile exists.',
    none,
    z.object({ version: z.string(), platform: z.string(), profiles: z.number().int(), demo: z.boolean() }),
    { tags: ['profiles'] },
  ),
  keychainStatus: query(
    'Whether the OS keychain can hold keys, and how to fix it if not.',
    none,
    z.object({ ok: z.boolean(), reason: z.string().optional(), howToFix: z.string().optional() }),
    { tags: ['keychain'] },
  ),
  listProfiles: query('Profiles with where their key lives (never the key).', none, z.array(profileViewSchema), {
    tags: ['profiles'],
  }),
  addProfile: mutation(
    'Checks the key with one call, then saves the profile and puts the key in the keychain.',
    z.strictObject({
      profile: newProfileSchema,
      apiKey: z.string().trim().min(8, 'an API key is longer than that').max(500),
      sessionOnly: z.boolean().optional(),
    }),
    profileViewSchema,
    { invalidates: dataTags },
  ),
  updateProfile: mutation(
    'Saves changed settings of a profile; sync schedule and alert receiver follow at once.',
    z.strictObject({ profile: editedProfileSchema }),
    profileViewSchema,
    { invalidates: ['profiles', 'sync'] },
  ),
  replaceKey: mutation(
    'Checks and stores a new key for a profile.',
    z.strictObject({
      profileId: z.string().min(1),
      apiKey: z.string().trim().min(8).max(500),
      sessionOnly: z.boolean().optional(),
    }),
    ok,
    { invalidates: ['profiles', 'keychain', 'sync'] },
  ),
  removeProfile: mutation(
    'Removes a profile, its local data and its key (refused while its answers wait in the outbox).',
    z.strictObject({ profileId: z.string().min(1) }),
    ok,
    { invalidates: dataTags },
  ),
  startDemo: mutation(
    'Starts the embedded sandbox with a seeded portfolio and a demo profile.',
    none,
    profileViewSchema,
    { invalidates: dataTags },
  ),
} as const;
