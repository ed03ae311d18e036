// First run: explore with demo data, or add a real profile (its key goes to the keychain).
import { useState } from 'react';
import { api } from '../bridge.ts';
import { useApp } from '../state/app-store.ts';
import { ProfileForm } from '../components/profile-form.tsx';

export function Onboarding({ onReady }: { onReady(): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { say, selectProfile } = useApp();

  async function demo(): Promise<void> {
    setBusy(true);
    setError('');
    const r = await api().startDemo({});
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    selectProfile(r.value.id);
    await onReady();
    // After onReady has opened the inbox: the message belongs there.
    say('info', 'Demo data is ready: a sandbox of the chargeback service with a seeded portfolio.');
  }

  return (
    <main className="onboarding">
      <h1>Dispute Desk</h1>
      <p className="lead">Answer card chargebacks on time, with evidence that wins.</p>
      <section className="card">
        <h2>Explore first</h2>
        <p>Start a local sandbox of the chargeback service with a realistic portfolio. Nothing leaves this computer.</p>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button className="primary" onClick={() => void demo()} disabled={busy}>
          {busy ? 'Starting the sandbox…' : 'Explore with demo data'}
        </button>
      </section>
      <section className="card">
        <h2>Connect your processor</h2>
        <ProfileForm onAdded={async (p) => (selectProfile(p.id), await onReady())} />
      </section>
    </main>
  );
}
