// One profile in the settings' list: what it is and where its key is kept, and its actions (use it,
// give it a new key, remove it after the merchant confirms).
import { useState } from 'react';
import { mutate } from '../../data/data.ts';
import { useApp } from '../../state/app-store.ts';
import { ReplaceKey, type Keychain } from '../../components/key-form.tsx';
import type { ProfileView } from '../../../shared/ipc/channels/app.ts';

const deploymentLabel = { core: 'Core API', test: 'Test core API', microservice: 'Chargeback micro-service' } as const;
const keyLabel = {
  keychain: 'Key kept in the keychain',
  session: 'Key kept for this session only: it is forgotten when the app quits',
  missing: 'No key stored: give a new one',
} as const;
export function ProfileCard({
  profile,
  active,
  keychain,
  onChanged,
}: {
  profile: ProfileView;
  active: boolean;
  keychain: Keychain | undefined;
  onChanged(): Promise<void>;
}) {
  const { selectProfile, say } = useApp();
  const [mode, setMode] = useState<'' | 'key' | 'remove'>('');
  async function remove(): Promise<void> {
    const r = await mutate('removeProfile', { profileId: profile.id });
    setMode('');
    if (!r.ok) return say('error', r.error.message);
    say('info', `${profile.name} was removed from this computer.`);
    await onChanged();
  }
  return (
    <li className={`card profile-card${active ? ' active' : ''}`} aria-label={`Profile ${profile.name}`}>
      <div className="profile-head">
        <div>
          <strong>{profile.name}</strong>
          {profile.demo && <span className="tag">demo</span>}
          {active && <span className="tag">in use</span>}
          <p className="muted">
            {deploymentLabel[profile.deployment]} · {profile.url}
            {profile.merchant ? ` · merchant ${profile.merchant}` : ''}
          </p>
          <p className={profile.keyStatus === 'missing' ? 'error' : 'hint'}>{keyLabel[profile.keyStatus]}</p>
        </div>
        <span className="actions">
          {!active && <button onClick={() => selectProfile(profile.id)}>Use this profile</button>}
          {!profile.demo && (
            <button onClick={() => setMode(mode === 'key' ? '' : 'key')} aria-expanded={mode === 'key'}>
              Replace key…
            </button>
          )}
          <button onClick={() => setMode(mode === 'remove' ? '' : 'remove')} aria-expanded={mode === 'remove'}>
            Remove…
          </button>
        </span>
      </div>
      {mode === 'key' && (
        <ReplaceKey profile={profile} keychain={keychain} onDone={() => (setMode(''), void onChanged())} />
      )}
      {mode === 'remove' && (
        <div className="confirm" role="alert">
          <p>
            Remove {profile.name} from this computer? Its local copy of chargebacks, drafts and finished outbox jobs is
            deleted{profile.demo ? '' : ', and its key leaves the keychain'}. The processor keeps everything it has.
          </p>
          <span className="actions">
            <button className="danger" onClick={() => void remove()}>
              Remove the profile
            </button>
            <button onClick={() => setMode('')}>Keep it</button>
          </span>
        </div>
      )}
    </li>
  );
}
