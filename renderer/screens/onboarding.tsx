// First run: explore with demo data, or add a real profile (its key goes to the keychain).
import { useState, type FormEvent } from 'react';
import { api } from '../bridge.ts';
import { useApp } from '../state/app-store.ts';

export function Onboarding({ onReady }: { onReady(): Promise<void> }) {
  const [busy, setBusy] = useState<'' | 'demo' | 'add'>('');
  const [error, setError] = useState('');
  const [form, setForm] = useState({ name: '', deployment: 'core' as 'core' | 'test' | 'microservice', url: '', merchant: '', apiKey: '' });
  const say = useApp((s) => s.say);

  async function demo(): Promise<void> {
    setBusy('demo');
    setError('');
    const r = await api().startDemo({});
    setBusy('');
    if (!r.ok) return setError(r.error.message);
    say('info', 'Demo data is ready: a sandbox of the chargeback service with a seeded portfolio.');
    await onReady();
  }

  async function add(e: FormEvent): Promise<void> {
    e.preventDefault();
    setBusy('add');
    setError('');
    const r = await api().addProfile({ profile: { name: form.name, deployment: form.deployment, url: form.url, ...(form.merchant ? { merchant: form.merchant } : {}) }, apiKey: form.apiKey });
    setBusy('');
    setForm((f) => ({ ...f, apiKey: '' }));
    if (!r.ok) return setError(r.error.fields?.length ? `${r.error.message} ${r.error.fields.map((x) => `${x.field ?? ''} ${x.message}`).join('; ')}` : r.error.message);
    await onReady();
  }

  return (
    <main className="onboarding">
      <h1>Dispute Desk</h1>
      <p className="lead">Answer card chargebacks on time, with evidence that wins.</p>
      <section className="card">
        <h2>Explore first</h2>
        <p>Start a local sandbox of the chargeback service with a realistic portfolio. Nothing leaves this computer.</p>
        <button className="primary" onClick={() => void demo()} disabled={busy !== ''}>{busy === 'demo' ? 'Starting the sandbox…' : 'Explore with demo data'}</button>
      </section>
      <section className="card">
        <h2>Connect your processor</h2>
        <form onSubmit={(e) => void add(e)}>
          <label>Profile name<input required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} /></label>
          <label>Deployment
            <select value={form.deployment} onChange={(e) => setForm({ ...form, deployment: e.target.value as typeof form.deployment })}>
              <option value="core">Core API</option><option value="test">Test core API</option><option value="microservice">Chargeback micro-service</option>
            </select>
          </label>
          <label>Service URL<input required type="url" placeholder="https://" value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} /></label>
          <label>Merchant (optional)<input value={form.merchant} onChange={(e) => setForm({ ...form, merchant: e.target.value })} /></label>
          <label>API key<input required type="password" autoComplete="off" value={form.apiKey} aria-describedby="key-help" onChange={(e) => setForm({ ...form, apiKey: e.target.value })} /></label>
          <p id="key-help" className="hint">Checked with one call, then kept in your operating system's keychain. Never shown again.</p>
          {error && <p className="error" role="alert">{error}</p>}
          <button type="submit" disabled={busy !== ''}>{busy === 'add' ? 'Checking the key…' : 'Add profile'}</button>
        </form>
      </section>
    </main>
  );
}
