// The merchant's profiles: adding one with its key, changing its settings or key, removing it.
// Every door (the window's settings, `dispute-desk profile ...`) comes here, so a rule about
// profiles is kept once: a profile whose answers are still in the outbox is not removed (the
// database would delete its queued answers with it), and a changed alert receiver that cannot
// start leaves the settings that worked.
import type { OutboxJob } from '../../shared/outbox.ts';
import type { EditedProfile, NewProfile, Profile } from '../../shared/profiles.ts';
import { AppError } from '../../shared/errors.ts';
import type { ProfileService } from '../credentials/profile-service.ts';
import { attempt, refused, type Outcome } from './outcome.ts';

/** The saved profiles, as read and put back. */
export interface ProfileRecords {
  get(profileId: string): Profile | undefined;
  save(profile: Profile): Profile;
}

/** Settings and keys, checked before they are kept (credentials/profile-service.ts). */
export type ProfileKeys = Pick<ProfileService, 'add' | 'update' | 'replaceKey' | 'remove'>;

/** The outbox, as far as a profile's answers in it go. */
export interface ProfileAnswers {
  list(filter: { profileId: string }): OutboxJob[];
}

/** What follows a profile's change where one runs (the desktop app): its sync schedule and its
 * alert receiver. A receiver that cannot start with the settings throws. */
export interface ProfileFollowers {
  profileChanged(profileId: string, o?: { receiver?: boolean }): Promise<void>;
}

export interface ProfileDeps {
  records: ProfileRecords;
  keys: ProfileKeys;
  outbox: ProfileAnswers;
  followers?: ProfileFollowers | undefined;
}

const followed = async (deps: ProfileDeps, profileId: string): Promise<void> => {
  await deps.followers?.profileChanged(profileId);
};

export function addProfile(
  deps: ProfileDeps,
  profile: NewProfile,
  apiKey: string,
  o: { sessionOnly?: boolean } = {},
): Promise<Outcome<Profile>> {
  return attempt(async () => {
    const added = await deps.keys.add(profile, apiKey, o);
    // A receiver that cannot start is said in the profile's settings; the profile is added.
    await deps.followers?.profileChanged(added.id).catch(() => undefined);
    return added;
  });
}

/** Saves changed settings; when the alert receiver cannot start with them, the settings that
 * worked are put back and the refusal says why. */
export function updateProfile(deps: ProfileDeps, profile: EditedProfile): Promise<Outcome<Profile>> {
  return attempt(async () => {
    const before = deps.records.get(profile.id);
    const saved = deps.keys.update(profile);
    // Restarting an unchanged receiver would refuse every other setting while its port is taken.
    const receiver = JSON.stringify(before?.alertReceiver ?? null) !== JSON.stringify(saved.alertReceiver ?? null);
    try {
      await deps.followers?.profileChanged(saved.id, { receiver });
    } catch (e) {
      if (before) {
        deps.records.save(before);
        await deps.followers?.profileChanged(before.id).catch(() => undefined);
      }
      throw e;
    }
    return saved;
  });
}

export function replaceKey(
  deps: ProfileDeps,
  profileId: string,
  apiKey: string,
  o: { sessionOnly?: boolean } = {},
): Promise<Outcome<{ ok: true }>> {
  return attempt(async () => {
    await deps.keys.replaceKey(profileId, apiKey, o);
    return { ok: true as const };
  });
}

/** The answers of a profile still to go or to be dealt with: removing the profile would delete them. */
const waitingStates: ReadonlySet<OutboxJob['state']> = new Set(['queued', 'sending', 'paused', 'failed']);

/** Removes a profile, its local data and its key; refused while any of its answers is still in
 * the outbox, with nothing removed. */
export async function removeProfile(deps: ProfileDeps, profileId: string): Promise<Outcome<{ removed: string }>> {
  const waiting = deps.outbox.list({ profileId }).filter((j) => waitingStates.has(j.state)).length;
  if (waiting > 0) {
    const one = waiting === 1;
    return refused(
      new AppError(
        'conflict',
        `${one ? 'An answer' : `${waiting} answers`} of this profile ${one ? 'is' : 'are'} still in the outbox. ` +
          `Let ${one ? 'it' : 'them'} finish, or cancel or dismiss ${one ? 'it' : 'them'}, before removing the profile.`,
      ),
    );
  }
  return attempt(async () => {
    await deps.keys.remove(profileId);
    await followed(deps, profileId);
    return { removed: profileId };
  });
}
