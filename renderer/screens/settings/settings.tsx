// Settings: the profiles (use, add, new key, remove) and, for the profile in use, its evidence
// limits, reminders, sync interval and alert receiver. Saved settings take effect at once.
import { useState } from 'react';
import { dataClient, useQuery } from '../../data/data.ts';
import { useApp } from '../../state/app-store.ts';
import { ProfileForm } from '../../components/profile-form.tsx';
import type { Keychain } from '../../components/key-form.tsx';
import { ProfileCard } from './profile-card.tsx';
import { ProfileSettings } from './profile-settings.tsx';

/** Waits for the profile list after a change (the window shows it; main.tsx routes on it). */
async function onProfilesChanged(): Promise<void> {
  await dataClient().refetch('listProfiles', {});
}

export function Settings() {
  const { profiles, profileId, selectProfile } = useApp();
  const keychain: Keychain | undefined = useQuery('keychainStatus', {}).data;
  // A new details element after each profile added: the form folds away once it has done its job.
  const [added, setAdded] = useState(0);
  const active = profiles.find((p) => p.id === profileId);
  return (
    <section className="settings" aria-label="Settings">
      <h1>Settings</h1>
      {keychain?.ok === false && (
        <div className="card warn-card" role="status">
          <strong>This computer's keychain cannot be reached.</strong>
          <p>
            {keychain.reason} {keychain.howToFix}
          </p>
          <p className="hint">
            Until then, keys you give are kept only while the app runs. They are never written to disk.
          </p>
        </div>
      )}
      <h2>Profiles</h2>
      <ul className="profile-list">
        {profiles.map((p) => (
          <ProfileCard
            key={p.id}
            profile={p}
            active={p.id === profileId}
            keychain={keychain}
            onChanged={onProfilesChanged}
          />
        ))}
      </ul>
      {active && <ProfileSettings profile={active} onSaved={onProfilesChanged} />}
      <details key={added} className="card">
        <summary>
          <strong>Add another processor account</strong>
        </summary>
        <ProfileForm onAdded={async (p) => (selectProfile(p.id), setAdded((n) => n + 1), await onProfilesChanged())} />
      </details>
    </section>
  );
}
