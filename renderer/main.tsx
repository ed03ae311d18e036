// The window: navigation, the screens, the status bar, and the events main pushes. What the screens
// show comes through the data layer (renderer/data/): refetched when what it reads goes stale.
import { createRoot } from 'react-dom/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './bridge.ts';
import { dataClient, mutate, useQuery } from './data/data.ts';
import { dataTags } from '../shared/ipc/define.ts';
import type { ProfileView } from '../shared/ipc/channels/app.ts';
import { useApp, type Screen } from './state/app-store.ts';
import { Onboarding } from './screens/onboarding.tsx';
import { Inbox } from './screens/inbox.tsx';
import { Dispute } from './screens/dispute.tsx';
import { Outbox } from './screens/outbox.tsx';
import { Ledger } from './screens/ledger.tsx';
import { Batch } from './screens/batch.tsx';
import { Insights } from './screens/insights.tsx';
import { Settings } from './screens/settings.tsx';
import { Activity } from './components/activity.tsx';
import { ToastRow } from './components/toast.tsx';
import { KeyPrompt } from './components/key-prompt.tsx';
import { Recovery } from './screens/recovery.tsx';
import { readStartupNotice } from '../shared/startup-notice.ts';
import { statusLine } from '../shared/domain/status-line.ts';
import './styles/app.css';

function App() {
  const { profiles, profileId, screen, toast, setProfiles, selectProfile, go, say, clearToast } = useApp();
  const listed = useQuery('listProfiles', {});
  const show = useCallback(
    (list: ProfileView[]) => {
      setProfiles(list);
      if (list.length === 0) go({ name: 'onboarding' });
      else if (useApp.getState().screen.name === 'onboarding') go({ name: 'inbox' });
    },
    [go, setProfiles],
  );
  useEffect(() => {
    if (listed.data) show(listed.data);
  }, [listed.data, show]);
  useEffect(() => {
    if (listed.error) say('error', listed.error.message);
  }, [listed.error, say]);
  // After onboarding: everything is new, and the window moves on once the profiles are in.
  const refresh = useCallback(async () => {
    dataClient().invalidate(dataTags);
    const r = await dataClient().refetch('listProfiles', {});
    if (r.data) show(r.data);
  }, [show]);
  const status = useQuery('getSyncStatus', profileId ? { profileId } : undefined);
  // Progress pushed by main shows until the next status is in.
  const [live, setLive] = useState<{ running: boolean; text: string }>();
  useEffect(() => setLive(undefined), [status.data]);
  // "12 minutes ago" stays true: the bar's words are written again every half minute.
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  const line = status.data ? statusLine(status.data, now) : undefined;
  const sync =
    live ?? (status.data ? { running: status.data.running, text: line!.text } : { running: false, text: '' });
  // A missing key is asked for once per profile by itself; the bar's button asks again.
  const [keyPrompt, setKeyPrompt] = useState<string>();
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!profileId || line?.kind !== 'key-missing' || asked.current.has(profileId)) return;
    asked.current.add(profileId);
    setKeyPrompt(profileId);
  }, [profileId, line?.kind]);
  useEffect(() => {
    const offs = [
      api().on('notification', (n) => say('info', `${n.title}: ${n.body}`)),
      api().on(
        'syncProgress',
        (p) =>
          p.profileId === useApp.getState().profileId &&
          setLive({ running: true, text: `Syncing ${p.phase}: ${p.done} of ${p.expected}` }),
      ),
      api().on(
        'openChargeback',
        (c) => (selectProfile(c.profileId), go({ name: 'dispute', chargebackId: c.chargebackId })),
      ),
    ];
    return () => offs.forEach((off) => off());
  }, [go, say, selectProfile]);

  const syncNow = async (): Promise<void> => {
    if (!profileId) return;
    setLive({ running: true, text: 'Syncing…' });
    const r = await mutate('syncNow', { profileId });
    if (!r.ok) {
      say('error', r.error.message);
      dataClient().invalidate(['sync']);
    }
  };
  const profile = profiles.find((p) => p.id === profileId);
  const prompted = keyPrompt === profileId ? profile : undefined;

  return (
    <div className="app">
      {screen.name !== 'onboarding' && (
        <nav className="nav" aria-label="Main">
          <strong className="brand">Dispute Desk</strong>
          <NavButton to="inbox" also="dispute" label="Inbox" />
          <NavButton to="outbox" label="Outbox" />
          <NavButton to="batch" label="Batch upload" />
          <NavButton to="ledger" label="Ledger" />
          <NavButton to="insights" label="Insights" />
          <NavButton to="settings" label="Settings" />
          <span className="spacer" />
          {profileId && <Activity key={profileId} profileId={profileId} />}
          {profiles.length > 1 ? (
            <label className="profile-switch">
              Profile
              <select value={profileId} onChange={(e) => selectProfile(e.target.value)}>
                {profiles.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                    {p.demo ? ' (demo)' : ''}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            profile && (
              <span className="profile">
                {profile.name}
                {profile.demo ? ' (demo)' : ''}
              </span>
            )
          )}
        </nav>
      )}
      <div className="content">
        {screen.name === 'onboarding' && <Onboarding onReady={refresh} />}
        {screen.name === 'inbox' && profileId && <Inbox profileId={profileId} />}
        {screen.name === 'dispute' && profileId && <Dispute profileId={profileId} chargebackId={screen.chargebackId} />}
        {screen.name === 'outbox' && <Outbox />}
        {screen.name === 'batch' && profileId && (
          <Batch
            key={`${profileId} ${screen.chargebackIds?.join(',') ?? ''}`}
            profileId={profileId}
            {...(screen.chargebackIds ? { only: screen.chargebackIds, leftOut: screen.leftOut ?? 0 } : {})}
          />
        )}
        {screen.name === 'ledger' && profileId && <Ledger profileId={profileId} />}
        {screen.name === 'insights' && profileId && <Insights key={profileId} profileId={profileId} />}
        {screen.name === 'settings' && <Settings />}
      </div>
      <ToastRow toast={toast} onDismiss={clearToast} />
      {screen.name !== 'onboarding' && (
        <footer className={`statusbar${!live && line ? ` statusbar-${line.kind}` : ''}`}>
          <span aria-live="polite">{sync.text}</span>
          <span className="actions">
            {!live && line?.action === 'enter-key' && profileId && (
              <button onClick={() => setKeyPrompt(profileId)}>Enter the API key…</button>
            )}
            <button onClick={() => void syncNow()} disabled={sync.running && sync.text.startsWith('Sync')}>
              Sync now
            </button>
          </span>
        </footer>
      )}
      {prompted && line && (
        <KeyPrompt
          profile={prompted}
          why={line.text}
          onClose={() => setKeyPrompt(undefined)}
          onStored={() => (setKeyPrompt(undefined), void syncNow())}
        />
      )}
    </div>
  );
}

// Start-up that did not go as usual opens on its account first (electron/main.ts).
const notice = readStartupNotice(location.hash);
/** A place in the navigation; the one showing says so to assistive technology too (aria-current). */
function NavButton(p: { to: Exclude<Screen['name'], 'dispute' | 'onboarding'>; also?: Screen['name']; label: string }) {
  const { screen, go } = useApp();
  const here = screen.name === p.to || screen.name === p.also;
  return (
    <button
      className={here ? 'active' : ''}
      aria-current={here ? 'page' : undefined}
      onClick={() => go({ name: p.to })}
    >
      {p.label}
    </button>
  );
}

createRoot(document.getElementById('root')!).render(notice ? <Recovery notice={notice} /> : <App />);
