// Creating and changing profiles with their keys: a key is checked with one authenticated call
// before anything is saved, and only then goes to the keychain.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  newProfileSchema,
  editedProfileSchema,
  profileDefaults,
  type NewProfile,
  type EditedProfile,
  type Profile,
  type AlertReceiverSettings,
} from '../../shared/profiles.ts';
import { AppError } from '../../shared/errors.ts';
import type { ProfilesRepo } from '../store/profiles-repo.ts';
import type { KeyVault } from './key-vault.ts';

export interface KeyChecker {
  (profile: Pick<Profile, 'url' | 'deployment' | 'httpOnLan'>, apiKey: string): Promise<void>;
}

/** The receiver's path secret is random and made here, never typed. */
function withSecret(r: EditedProfile['alertReceiver']): AlertReceiverSettings | undefined {
  return r ? { ...r, secret: r.secret ?? randomBytes(24).toString('hex') } : undefined;
}

export function createProfileService(deps: {
  profiles: ProfilesRepo;
  vault: KeyVault;
  checkKey: KeyChecker;
  onChange?: (profileId: string) => void;
}) {
  const changed = (id: string): void => deps.onChange?.(id);
  const uniqueName = (name: string, id?: string): void => {
    const other = deps.profiles.findByName(name);
    if (other && other.id !== id)
      throw new AppError('validation', `A profile named "${name}" already exists.`, {
        fields: [{ field: 'name', message: 'already used' }],
      });
  };
  return {
    async add(input: NewProfile, apiKey: string, o: { sessionOnly?: boolean } = {}): Promise<Profile> {
      const { alertReceiver, ...parsed } = newProfileSchema.parse(input);
      uniqueName(parsed.name);
      const receiver = withSecret(alertReceiver);
      const profile: Profile = {
        ...profileDefaults,
        reminderThresholdDays: [...profileDefaults.reminderThresholdDays],
        ...parsed,
        ...(receiver ? { alertReceiver: receiver } : {}),
        id: `prof_${randomUUID()}`,
      };
      await deps.checkKey(profile, apiKey);
      await deps.vault.setKey(profile.id, apiKey, o);
      const saved = deps.profiles.save(profile);
      changed(saved.id);
      return saved;
    },

    async replaceKey(profileId: string, apiKey: string, o: { sessionOnly?: boolean } = {}): Promise<void> {
      const profile = deps.profiles.get(profileId);
      if (!profile) throw new AppError('not-found', 'That profile no longer exists.');
      await deps.checkKey(profile, apiKey);
      await deps.vault.setKey(profileId, apiKey, o);
      changed(profileId);
    },

    /** Saves changed settings. The service address and deployment belong to the key that was
     * checked against them, so they change only with a new key (a new profile). */
    update(input: EditedProfile): Profile {
      const { alertReceiver, ...edited } = editedProfileSchema.parse(input);
      const saved = deps.profiles.get(edited.id);
      if (!saved) throw new AppError('not-found', 'That profile no longer exists.');
      if (saved.url !== edited.url || saved.deployment !== edited.deployment)
        throw new AppError(
          'validation',
          'The service address and deployment go with the API key that was ' +
            'checked against them: add a new profile to use another service.',
          { fields: [{ field: 'url', message: 'cannot be changed' }] },
        );
      uniqueName(edited.name, edited.id);
      const receiver = withSecret(
        alertReceiver ? { ...alertReceiver, secret: alertReceiver.secret ?? saved.alertReceiver?.secret } : undefined,
      );
      // The edit is the whole profile (a field left out, like a cleared merchant, is gone);
      // whether it is the demo's is the app's fact, not a setting.
      const { demo: _demo, ...rest } = edited;
      const profile = deps.profiles.save({
        ...rest,
        ...(saved.demo ? { demo: true } : {}),
        ...(receiver ? { alertReceiver: receiver } : {}),
      });
      changed(profile.id);
      return profile;
    },

    async remove(profileId: string): Promise<void> {
      if (!deps.profiles.get(profileId)) throw new AppError('not-found', 'That profile does not exist.');
      deps.profiles.remove(profileId);
      await deps.vault.deleteKey(profileId).catch(() => undefined);
      changed(profileId);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
