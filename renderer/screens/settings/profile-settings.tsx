// The settings of the profile in use, as one form: its names and shop address, its processor's
// evidence limits, reminders, sync interval, send-by days and main currency, and its alert
// receiver. Judged by the schema main saves it with (settings-form.ts) before it is sent.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { mutate } from '../../data/data.ts';
import { useApp } from '../../state/app-store.ts';
import { describeError } from '../../components/profile-form.tsx';
import type { ProfileView } from '../../../shared/ipc/channels/app.ts';
import { presets, type PresetName, type PageSize, type ColourMode } from '../../../shared/evidence/limits.ts';
import { draftOf, profileOf, type Draft, type Refusal } from './settings-form.ts';
import { ReceiverFields } from './receiver-fields.tsx';

const presetLabel: Record<PresetName, string> = {
  document: 'Document (grayscale, 150 dpi)',
  photo: 'Photo (colour, 150 dpi)',
  strict: 'Strict (black and white, 200 dpi)',
};

export function ProfileSettings({ profile, onSaved }: { profile: ProfileView; onSaved(): Promise<void> }) {
  const say = useApp((s) => s.say);
  const [d, setD] = useState<Draft>(() => draftOf(profile));
  const [error, setError] = useState<Refusal | undefined>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => setD(draftOf(profile)), [profile]);
  // The refused field is where the merchant goes next: focused, marked, and described by the refusal.
  useEffect(() => {
    if (error?.field) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]): void => setD((x) => ({ ...x, [k]: v }));
  const invalid = (k: keyof Draft, help?: string) =>
    error?.field === k
      ? { 'aria-invalid': true as const, 'aria-describedby': [help, 'settings-error'].filter(Boolean).join(' ') }
      : help
        ? { 'aria-describedby': help }
        : {};

  async function save(e: FormEvent): Promise<void> {
    e.preventDefault();
    const edited = profileOf(profile, d);
    if (!edited.ok) return setError({ message: edited.message, field: edited.field });
    setBusy(true);
    const r = await mutate('updateProfile', { profile: edited.profile });
    setBusy(false);
    if (!r.ok) return setError({ message: describeError(r.error) });
    setError(undefined);
    say('info', `Settings of ${r.value.name} saved.`);
    await onSaved();
  }

  return (
    <form
      ref={form}
      className="card settings-form"
      onSubmit={(e) => void save(e)}
      aria-label={`Settings of ${profile.name}`}
    >
      <h2>Settings of {profile.name}</h2>
      <div className="grid2">
        <label>
          Profile name
          <input required value={d.name} {...invalid('name')} onChange={(e) => set('name', e.target.value)} />
        </label>
        <label>
          Merchant name on cover letters
          <input
            value={d.merchant}
            placeholder={profile.name}
            {...invalid('merchant')}
            onChange={(e) => set('merchant', e.target.value)}
          />
        </label>
      </div>
      <label>
        Shop address on your receipts (optional)
        <input
          value={d.merchantAddress}
          placeholder="221 Elm Road, Springfield 62704"
          {...invalid('merchantAddress', 'address-help')}
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
            <input
              inputMode="decimal"
              value={d.maxFileMb}
              {...invalid('maxFileMb')}
              onChange={(e) => set('maxFileMb', e.target.value)}
            />
          </label>
          <label>
            Largest packet (MB)
            <input
              inputMode="decimal"
              value={d.maxTotalMb}
              {...invalid('maxTotalMb')}
              onChange={(e) => set('maxTotalMb', e.target.value)}
            />
          </label>
          <label>
            Most pages
            <input
              inputMode="numeric"
              value={d.maxPages}
              {...invalid('maxPages')}
              onChange={(e) => set('maxPages', e.target.value)}
            />
          </label>
          <label>
            Highest resolution (dpi)
            <input
              inputMode="numeric"
              value={d.maxDpi}
              {...invalid('maxDpi')}
              onChange={(e) => set('maxDpi', e.target.value)}
            />
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
            <input
              inputMode="numeric"
              value={d.syncMinutes}
              {...invalid('syncMinutes')}
              onChange={(e) => set('syncMinutes', e.target.value)}
            />
          </label>
          <label>
            Remind me (days before the send-by date)
            <input
              value={d.reminders}
              {...invalid('reminders', 'reminders-help')}
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
              {...invalid('sendByDays', 'send-by-help')}
              onChange={(e) => set('sendByDays', e.target.value)}
            />
          </label>
          <label>
            Main currency for totals
            <input
              value={d.mainCurrency}
              maxLength={3}
              placeholder="most common in the portfolio"
              {...invalid('mainCurrency', 'send-by-help')}
              onChange={(e) => set('mainCurrency', e.target.value)}
            />
          </label>
        </div>
        <p id="reminders-help" className="hint">
          A desktop notification once at each of these days before the send-by date (the reply date when Send by is 0),
          and once when a reply is overdue. Leave empty for overdue only.
        </p>
        <p id="send-by-help" className="hint">
          The processor asks for a response 5 business days (Monday to Friday) before the reply date; the inbox and the
          reminders count to that send-by date, and show the reply date beside it. 0 counts to the reply date itself.
          Totals across currencies are approximate, by reference rates shipped with the app.
        </p>
      </fieldset>

      <ReceiverFields profile={profile} d={d} set={set} invalid={invalid} />

      {error && (
        <p id="settings-error" className="error" role="alert">
          {error.message}
        </p>
      )}
      <button className="primary" type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
