import type { Handlers } from '../../../shared/ipc/define.ts';
import type { appChannels, ProfileView } from '../../../shared/ipc/channels/app.ts';
import type { AppServices } from '../../app-services.ts';
import type { Profile } from '../../../shared/profiles.ts';
import { valueOf } from '../../app/outcome.ts';
import { addProfile, removeProfile, replaceKey, updateProfile } from '../../app/profiles.ts';

export function appHandlers(
  s: Pick<AppServices, 'isDemo' | 'receiverUrl' | 'startDemo' | 'store' | 'useCases' | 'vault' | 'version'>,
): Handlers<typeof appChannels> {
  const view = async (p: Profile): Promise<ProfileView> => {
    const url = s.receiverUrl(p.id);
    return { ...p, keyStatus: await s.vault.status(p.id), ...(url ? { alertReceiverUrl: url } : {}) };
  };
  return {
    getAppInfo: async () => ({
      version: s.version,
      platform: process.platform,
      profiles: s.store.profiles.list().length,
      demo: s.isDemo(),
    }),
    keychainStatus: async () => {
      const a = await s.vault.available();
      return a.ok ? { ok: true } : { ok: false, reason: a.reason, howToFix: a.howToFix };
    },
    listProfiles: async () => Promise.all(s.store.profiles.list().map(view)),
    addProfile: async ({ profile, apiKey, sessionOnly }) =>
      view(valueOf(await addProfile(s.useCases.profiles, profile, apiKey, sessionOnly ? { sessionOnly } : {}))),
    updateProfile: async ({ profile }) => view(valueOf(await updateProfile(s.useCases.profiles, profile))),
    replaceKey: async ({ profileId, apiKey, sessionOnly }) =>
      valueOf(await replaceKey(s.useCases.profiles, profileId, apiKey, sessionOnly ? { sessionOnly } : {})),
    removeProfile: async ({ profileId }) => {
      valueOf(await removeProfile(s.useCases.profiles, profileId));
      return { ok: true as const };
    },
    startDemo: async () => view(await s.startDemo()),
  };
}
