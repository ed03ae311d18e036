// Settings: the profiles (use, add, new key, remove) and, for the profile in use, its evidence
// limits, reminders, sync interval and alert receiver. Saved settings take effect at once.
import { useEffect, useState, type FormEvent } from 'react';
import { dataClient, mutate, useQuery } from '../data/data.ts';
import { useApp } from '../state/app-store.ts';
import { ProfileForm, describeError } from '../components/profile-form.tsx';
import { ReplaceKey, type Keychain } from '../components/key-form.tsx';
import type { ProfileView } from '../../shared/ipc/channels/app.ts';
import { alertSecretHeader } from '../../shared/profiles.ts';
import { presets, type PresetName, type PageSize, type ColourMode } from '../../shared/evidence/limits.ts';
import { draftOf, profileOf, type Draft } from './settings-form.ts';

const deploymentLabel = { core: 'Core API', test: 'Test core API', microservice: 'Chargeback micro-service' } as const;
const keyLabel = {
  keychain: 'Key kept in the keychain',
  session: 'Key kept for this session only: it is forgotten when the app quits',
  missing: 'No key stored: give a new one',
} as const;
const presetLabel: Record<PresetName, string> = {
  document: 'Document (grayscale, 150 dpi)',
  photo: 'Photo (colour, 150 dpi)',
  strict: 'Strict (black and white, 200 dpi)',
};

function ProfileCard({
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

function ProfileSettings({ profile, onSaved }: { profile: ProfileView; onSaved(): Promise<void> }) {
  const say = useApp((s) => s.say);
  const [d, setD] = useState<Draft>(() => draftOf(profile));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setD(draftOf(profile)), [profile]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]): void => setD((x) => ({ ...x, [k]: v }));

  async function save(e: FormEvent): Promise<void> {
    e.preventDefault();
    const edited = profileOf(profile, d);
    if (typeof edited === 'string') return setError(edited);
    setBusy(true);
    const r = await mutate('updateProfile', { profile: edited });
    setBusy(false);
    if (!r.ok) return setError(describeError(r.error));
    setError('');
    say('info', `Settings of ${r.value.name} saved.`);
    await onSaved();
  }

  return (
    <form className="card settings-form" onSubmit={(e) => void save(e)} aria-label={`Settings of ${profile.name}`}>
      <h2>Settings of {profile.name}</h2>
      <div className="grid2">
        <label>
          Profile name
          <input required value={d.name} onChange={(e) => set('name', e.target.value)} />
        </label>
        <label>
          Merchant name on cover letters
          <input value={d.merchant} placeholder={profile.name} onChange={(e) => set('merchant', e.target.value)} />
        </label>
      </div>
      <label>
        Shop address on your receipts (optional)
        <input
          value={d.merchantAddress}
          placeholder="221 Elm Road, Springfield 62704"
          aria-describedby="address-help"
          onChange={(e) => set('merchantAddress', e.target.value)}
        />
      </label>
      <p id="address-help" className="hint">
        Batch upload tells your receipts from other shops' by it: street number and name, and postcode.
      </p>

      <fieldset>
        <legend>Evidence limits of your processor</legend>
        <div className="grid3">
          <label>
            Largest file (MB)
            <input inputMode="decimal" value={d.maxFileMb} onChange={(e) => set('maxFileMb', e.target.value)} />
          </label>
          <label>
            Largest packet (MB)
            <input inputMode="decimal" value={d.maxTotalMb} onChange={(e) => set('maxTotalMb', e.target.value)} />
          </label>
          <label>
            Most pages
            <input inputMode="numeric" value={d.maxPages} onChange={(e) => set('maxPages', e.target.value)} />
          </label>
          <label>
            Highest resolution (dpi)
            <input inputMode="numeric" value={d.maxDpi} onChange={(e) => set('maxDpi', e.target.value)} />
          </label>
          <label>
            Colour accepted
            <select value={d.colour} onChange={(e) => set('colour', e.target.value as ColourMode)}>
              <option value="colour">Colour</option>
              <option value="grayscale">Grayscale only</option>
              <option value="bw">Black and white only</option>
            </select>
          </label>
        </div>
        <div className="grid3">
          <label>
            Usual preset
            <select value={d.preset} onChange={(e) => set('preset', e.target.value as PresetName)}>
              {Object.keys(presets).map((n) => (
                <option key={n} value={n}>
                  {presetLabel[n as PresetName]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Page size
            <select value={d.pageSize} onChange={(e) => set('pageSize', e.target.value as PageSize)}>
              <option value="letter">Letter</option>
              <option value="a4">A4</option>
            </select>
          </label>
        </div>
      </fieldset>

      <fieldset>
        <legend>Staying current</legend>
        <div className="grid3">
          <label>
            Sync every (minutes)
            <input inputMode="numeric" value={d.syncMinutes} onChange={(e) => set('syncMinutes', e.target.value)} />
          </label>
          <label>
            Remind me (days before the deadline)
            <input
              value={d.reminders}
              aria-describedby="reminders-help"
              onChange={(e) => set('reminders', e.target.value)}
            />
          </label>
        </div>
        <div className="grid3">
          <label>
            Send by (business days before the reply date)
            <input
              inputMode="numeric"
              value={d.sendByDays}
              aria-describedby="send-by-help"
              onChange={(e) => set('sendByDays', e.target.value)}
            />
          </label>
          <label>
            Main currency for totals
            <input
              value={d.mainCurrency}
              maxLength={3}
              placeholder="most common in the portfolio"
              aria-describedby="send-by-help"
              onChange={(e) => set('mainCurrency', e.target.value)}
            />
          </label>
        </div>
        <p id="reminders-help" className="hint">
          A desktop notification once at each of these days left before the send-by date, and once when a reply is
          overdue. Leave empty for overdue only.
        </p>
        <p id="send-by-help" className="hint">
          The processor asks for a response 5 business days (Monday to Friday) before the reply date; the inbox and the
          reminders count to that send-by date, and show the reply date beside it. 0 counts to the reply date itself.
          Totals across currencies are approximate, by reference rates shipped with the app.
        </p>
      </fieldset>

      <fieldset>
        <legend>Alert receiver</legend>
        <label className="check">
          <input type="checkbox" checked={d.receiverOn} onChange={(e) => set('receiverOn', e.target.checked)} /> Receive
          the processor's alerts on this computer, so new chargebacks and decisions arrive at once
        </label>
        {d.receiverOn && (
          <div className="grid3">
            <label>
              Listen on address
              <input value={d.bindAddress} onChange={(e) => set('bindAddress', e.target.value)} />
            </label>
            <label>
              Port
              <input inputMode="numeric" value={d.port} onChange={(e) => set('port', e.target.value)} />
            </label>
            <span />
            <label>
              Header name (optional)
              <input
                value={d.headerName}
                placeholder={alertSecretHeader}
                onChange={(e) => set('headerName', e.target.value)}
              />
            </label>
            <label>
              Your own header value (optional)
              <input
                type="password"
                autoComplete="off"
                value={d.headerValue}
                onChange={(e) => set('headerValue', e.target.value)}
              />
            </label>
          </div>
        )}
        {d.receiverOn && (
          <label className="check">
            <input type="checkbox" checked={d.onNetwork} onChange={(e) => set('onNetwork', e.target.checked)} /> Listen
            on the network too: other computers can reach the receiver (it is only safe behind your own https proxy or
            firewall)
          </label>
        )}
        {profile.alertReceiverUrl ? (
          <p className="hint" data-testid="receiver-url">
            Listening. Give your processor this alert address:{' '}
            <code data-testid="receiver-address">{profile.alertReceiverUrl}</code>
            {/^http:\/\/(0\.0\.0\.0|\[::\])/.test(profile.alertReceiverUrl) &&
              ' (it listens on every address of this computer: put the address the processor reaches it by in place of the zeros)'}
            {profile.alertReceiver && !profile.alertReceiver.headerValue && (
              <>
                , with the fixed header{' '}
                <code data-testid="receiver-header">
                  {profile.alertReceiver.headerName ?? alertSecretHeader}: {profile.alertReceiver.secret}
                </code>
              </>
            )}
          </p>
        ) : profile.alertReceiver?.enabled ? (
          <p className="error">The receiver is not listening; save to try again.</p>
        ) : null}
      </fieldset>

      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button className="primary" type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}

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
