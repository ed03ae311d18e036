import type { Handlers } from '../../../shared/ipc/define.ts';
import type { appChannels, ProfileView } from '../../../shared/ipc/channels/app.ts';
import type { AppServices } from '../../app-services.ts';
import type { Profile } from '../../../shared/profiles.ts';
import { AppError } from '../../../shared/errors.ts';

export function appHandlers(s: AppServices): Handlers<typeof appChannels> {
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
    addProfile: async ({ profile, apiKey, sessionOnly }) => {
      const added = await s.profiles.add(profile, apiKey, { ...(sessionOnly ? { sessionOnly } : {}) });
      await s.profileChanged(added.id).catch(() => undefined);
      return view(added);
    },
    updateProfile: async ({ profile }) => {
      const before = s.store.profiles.get(profile.id);
      const saved = s.profiles.update(profile);
      // Restarting an unchanged receiver would refuse every other setting while its port is taken.
      const receiver = JSON.stringify(before?.alertReceiver ?? null) !== JSON.stringify(saved.alertReceiver ?? null);
      try {
        await s.profileChanged(saved.id, { receiver });
      } catch (e) {
        // The receiver could not start with these settings: keep the ones that worked.
        if (before) {
          s.store.profiles.save(before);
          await s.profileChanged(before.id).catch(() => undefined);
        }
        throw e;
      }
      return view(saved);
    },
    replaceKey: async ({ profileId, apiKey, sessionOnly }) => {
      await s.profiles.replaceKey(profileId, apiKey, { ...(sessionOnly ? { sessionOnly } : {}) });
      return { ok: true as const };
    },
    removeProfile: async ({ profileId }) => {
      const waiting = s.outbox
        .list({ profileId })
        .filter(
          (j) => j.state === 'queued' || j.state === 'sending' || j.state === 'paused' || j.state === 'failed',
        ).length;
      if (waiting > 0)
        throw new AppError(
          'conflict',
          `${waiting === 1 ? 'An answer' : `${waiting} answers`} of this profile ` +
            `${waiting === 1 ? 'is' : 'are'} still in the outbox. Let ${waiting === 1 ? 'it' : 'them'} ` +
            `finish, or cancel or dismiss ${waiting === 1 ? 'it' : 'them'}, before removing the profile.`,
        );
      await s.profiles.remove(profileId);
      await s.profileChanged(profileId);
      return { ok: true as const };
    },
    startDemo: async () => view(await s.startDemo()),
  };
}
