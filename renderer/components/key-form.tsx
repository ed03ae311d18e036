// The form that gives a profile a new API key: checked by the service with one call, then kept in
// the keychain (or for this session only). Settings shows it under a profile; the window's key
// prompt (key-prompt.tsx) asks with it when a profile's key is gone. The key goes to main once,
// through replaceKey, and never comes back.
import { useState, type FormEvent } from 'react';
import { mutate } from '../data/data.ts';
import { useApp } from '../state/app-store.ts';
import { describeError } from './profile-form.tsx';
import type { ProfileView } from '../../shared/ipc/channels/app.ts';

export type Keychain = { ok: boolean; reason?: string | undefined; howToFix?: string | undefined };

export function ReplaceKey({
  profile,
  keychain,
  onDone,
}: {
  profile: ProfileView;
  keychain: Keychain | undefined;
  onDone(): void;
}) {
  const say = useApp((s) => s.say);
  const [key, setKey] = useState('');
  const [sessionOnly, setSessionOnly] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function save(e: FormEvent): Promise<void> {
    e.preventDefault();
    setBusy(true);
    const r = await mutate('replaceKey', {
      profileId: profile.id,
      apiKey: key,
      ...(sessionOnly || keychain?.ok === false ? { sessionOnly: true } : {}),
    });
    setBusy(false);
    setKey('');
    if (!r.ok) return setError(describeError(r.error));
    say('info', `The new key of ${profile.name} was accepted by the service and stored.`);
    onDone();
  }
  return (
    <form className="inline-form" onSubmit={(e) => void save(e)}>
      <label>
        New API key for {profile.name}
        <input type="password" required autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />
      </label>
      {keychain?.ok === false ? (
        <p className="hint">No keychain here, so the key is kept until the app quits.</p>
      ) : (
        <label className="check">
          <input type="checkbox" checked={sessionOnly} onChange={(e) => setSessionOnly(e.target.checked)} /> Keep it for
          this session only
        </label>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Checking the key…' : 'Check and store the key'}
      </button>
    </form>
  );
}
