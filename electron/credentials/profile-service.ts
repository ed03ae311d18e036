// Creating and changing profiles with their keys: a key is checked with one authenticated call
// before anything is saved, and only then goes to the keychain.
import { randomBytes, randomUUID } from 'node:crypto';
import { newProfileSchema, profileDefaults, type NewProfile, type Profile } from '../../shared/profiles.ts';
import { AppError } from '../../shared/errors.ts';
import type { ProfilesRepo } from '../store/profiles-repo.ts';
import type { KeyVault } from './key-vault.ts';

export interface KeyChecker {
  (profile: Pick<Profile, 'url' | 'deployment'>, apiKey: string): Promise<void>;
}

export function createProfileService(deps: { profiles: ProfilesRepo; vault: KeyVault; checkKey: KeyChecker }) {
  return {
    async add(input: NewProfile, apiKey: string, o: { sessionOnly?: boolean } = {}): Promise<Profile> {
      const parsed = newProfileSchema.parse(input);
      if (deps.profiles.findByName(parsed.name)) throw new AppError('validation', `A profile named "${parsed.name}" already exists.`, { fields: [{ field: 'name', message: 'already used' }] });
      const profile: Profile = { ...profileDefaults, reminderThresholdDays: [...profileDefaults.reminderThresholdDays], ...parsed, id: `prof_${randomUUID()}` };
      if (profile.alertReceiver && !profile.alertReceiver.secret) profile.alertReceiver.secret = randomBytes(24).toString('hex');
      await deps.checkKey(profile, apiKey);
      await deps.vault.setKey(profile.id, apiKey, o);
      return deps.profiles.save(profile);
    },

    async replaceKey(profileId: string, apiKey: string, o: { sessionOnly?: boolean } = {}): Promise<void> {
      const profile = deps.profiles.get(profileId);
      if (!profile) throw new AppError('not-found', 'That profile no longer exists.');
      await deps.checkKey(profile, apiKey);
      await deps.vault.setKey(profileId, apiKey, o);
    },

    update(profile: Profile): Profile {
      if (!deps.profiles.get(profile.id)) throw new AppError('not-found', 'That profile no longer exists.');
      return deps.profiles.save(profile);
    },

    async remove(profileId: string): Promise<void> {
      if (!deps.profiles.get(profileId)) throw new AppError('not-found', 'That profile does not exist.');
      deps.profiles.remove(profileId);
      await deps.vault.deleteKey(profileId).catch(() => undefined);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
