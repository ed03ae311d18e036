import type { Handlers } from '../../../shared/ipc/define.ts';
import type { appChannels, ProfileView } from '../../../shared/ipc/channels/app.ts';
import type { AppServices } from '../../app-services.ts';
import type { Profile } from '../../../shared/profiles.ts';

export function appHandlers(s: AppServices): Handlers<typeof appChannels> {
  const view = async (p: Profile): Promise<ProfileView> => ({ ...p, keyStatus: await s.vault.status(p.id) });
  return {
    getAppInfo: async () => ({ version: s.version, platform: process.platform, profiles: s.store.profiles.list().length, demo: s.isDemo() }),
    keychainStatus: async () => {
      const a = await s.vault.available();
      return a.ok ? { ok: true } : { ok: false, reason: a.reason, howToFix: a.howToFix };
    },
    listProfiles: async () => Promise.all(s.store.profiles.list().map(view)),
    addProfile: async ({ profile, apiKey, sessionOnly }) => view(await s.profiles.add(profile, apiKey, { ...(sessionOnly ? { sessionOnly } : {}) })),
    updateProfile: async ({ profile }) => view(s.profiles.update(profile)),
    replaceKey: async ({ profileId, apiKey, sessionOnly }) => {
      await s.profiles.replaceKey(profileId, apiKey, { ...(sessionOnly ? { sessionOnly } : {}) });
      return { ok: true as const };
    },
    removeProfile: async ({ profileId }) => {
      await s.profiles.remove(profileId);
      return { ok: true as const };
    },
    startDemo: async () => view(await s.startDemo()),
  };
}
