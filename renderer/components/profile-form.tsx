// Connecting a processor account: the form of first run and of Settings. The key goes to main
// once, is checked with one call there, and the field is emptied whatever the answer.
import { useState, type FormEvent } from 'react';
import { mutate, useQuery } from '../data/data.ts';
import type { ProfileView } from '../../shared/ipc/channels/app.ts';
import type { ErrorInfo } from '../../shared/errors.ts';
import type { Deployment } from '../../shared/domain/enums.ts';
import { isLoopbackHost, serviceUrlProblem, urlParts } from '../../shared/network.ts';

/** A plain-http address that is not this computer: the form offers the warned LAN opt-in. */
function isRemoteHttp(url: string): boolean {
  const u = urlParts(url);
  return u?.scheme === 'http' && !isLoopbackHost(u.host);
}

/** An error with the fields it names, as one sentence a merchant can act on. */
export function describeError(e: ErrorInfo): string {
  return e.fields?.length
    ? `${e.message} ${e.fields.map((x) => `${x.field ?? ''} ${x.message}`.trim()).join('; ')}`
    : e.message;
}

export function ProfileForm({
  onAdded,
  submitLabel = 'Add profile',
}: {
  onAdded(p: ProfileView): void | Promise<void>;
  submitLabel?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [form, setForm] = useState({ name: '', deployment: 'core' as Deployment, url: '', merchant: '', apiKey: '' });
  // Without a keychain the key can still be kept in memory until quit, never on disk.
  const keychain = useQuery('keychainStatus', {}).data;
  // Or the keychain refused the key just now.
  const [refused, setNoKeychain] = useState<string>();
  const noKeychain =
    refused ?? (keychain && !keychain.ok ? `${keychain.reason ?? ''} ${keychain.howToFix ?? ''}`.trim() : undefined);
  const [sessionOnly, setSessionOnly] = useState(false);
  const [httpOnLan, setHttpOnLan] = useState(false);

  async function add(e: FormEvent): Promise<void> {
    e.preventDefault();
    const lan = httpOnLan && isRemoteHttp(form.url);
    // Refused here before the key leaves the window; main checks the same rule again.
    const problem = serviceUrlProblem(form.url, { httpOnLan: lan });
    if (problem) return setError(`The service URL is refused: ${problem}.`);
    setBusy(true);
    setError('');
    const profile = {
      name: form.name,
      deployment: form.deployment,
      url: form.url,
      ...(form.merchant ? { merchant: form.merchant } : {}),
      ...(lan ? { httpOnLan: true } : {}),
    };
    const r = await mutate('addProfile', {
      profile,
      apiKey: form.apiKey,
      ...(sessionOnly ? { sessionOnly: true } : {}),
    });
    setBusy(false);
    setForm((f) => ({ ...f, apiKey: '' }));
    if (!r.ok) {
      if (r.error.kind === 'keychain') setNoKeychain(r.error.message);
      return setError(describeError(r.error));
    }
    setForm({ name: '', deployment: 'core', url: '', merchant: '', apiKey: '' });
    setSessionOnly(false);
    setHttpOnLan(false);
    await onAdded(r.value);
  }

  return (
    <form onSubmit={(e) => void add(e)}>
      <label>
        Profile name
        <input required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      </label>
      <label>
        Deployment
        <select
          value={form.deployment}
          onChange={(e) => setForm({ ...form, deployment: e.target.value as Deployment })}
        >
          <option value="core">Core API</option>
          <option value="test">Test core API</option>
          <option value="microservice">Chargeback micro-service</option>
        </select>
      </label>
      <label>
        Service URL
        <input
          required
          type="url"
          placeholder="https://"
          value={form.url}
          onChange={(e) => setForm({ ...form, url: e.target.value })}
        />
      </label>
      {isRemoteHttp(form.url) && (
        <div className="warn-card card">
          <p>
            This address is plain http and not this computer: your API key would cross the network unencrypted. Use
            https://, or, only for a test sandbox on your own network, allow it below.
          </p>
          <label className="check">
            <input type="checkbox" checked={httpOnLan} onChange={(e) => setHttpOnLan(e.target.checked)} /> Allow plain
            http to a sandbox on my local network (the key is not encrypted)
          </label>
        </div>
      )}
      <label>
        Merchant (optional)
        <input value={form.merchant} onChange={(e) => setForm({ ...form, merchant: e.target.value })} />
      </label>
      <label>
        API key
        <input
          required
          type="password"
          autoComplete="off"
          value={form.apiKey}
          aria-describedby="key-help"
          onChange={(e) => setForm({ ...form, apiKey: e.target.value })}
        />
      </label>
      <p id="key-help" className="hint">
        Checked with one call, then kept in your operating system's keychain. Never shown again.
      </p>
      {noKeychain && (
        <div className="warn-card card">
          <p>{noKeychain}</p>
          <label className="check">
            <input type="checkbox" checked={sessionOnly} onChange={(e) => setSessionOnly(e.target.checked)} /> Keep the
            key for this session only: it is forgotten when the app quits, and never written to disk
          </label>
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Checking the key…' : submitLabel}
      </button>
    </form>
  );
}
