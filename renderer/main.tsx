// The window: navigation, the screens, the status bar, and the events main pushes. What the screens
// show comes through the data layer (renderer/data/): refetched when what it reads goes stale.
import { createRoot } from 'react-dom/client';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { api } from './bridge.ts';
import { dataClient, useQuery } from './data/data.ts';
import { openWindow } from './data/window-start.ts';
import { dataTags } from '../shared/ipc/define.ts';
import type { ProfileView } from '../shared/ipc/channels/app.ts';
import { useApp, type Screen } from './state/app-store.ts';
import { Inbox } from './screens/inbox/inbox.tsx';
import { Batch, Dispute, Insights, Ledger, Onboarding, Outbox, Settings, fetchLaterScreens } from './screens/later.ts';
import { Activity } from './components/activity.tsx';
import { ToastRow } from './components/toast.tsx';
import { StatusBar } from './components/status-bar.tsx';
import { Recovery } from './screens/recovery.tsx';
import { carriesStartupNotice } from '../shared/startup-notice-mark.ts';
// Every screen's stylesheet is imported here, into app.css (the one index.html links): a
// stylesheet imported by a screen loaded later would be a file of its own that nothing loads
// (esbuild leaves loading a chunk's CSS to the page). In the order they had before the screens
// were split off, so the cascade is the same.
import './styles/dispute.css';
import './styles/outbox.css';
import './styles/ledger.css';
import './styles/insights.css';
import './styles/app.css';

function App({ opening }: { opening: Promise<void> }) {
  const { profiles, profileId, screen, toast, setProfiles, selectProfile, go, say, tell, clearToast } = useApp();
  // Nothing is shown, and the profiles are not asked for, until the first call has answered:
  // its answer holds them (and the inbox's first rows), and onboarding must not flash first.
  const [started, setStarted] = useState(false);
  const listed = useQuery('listProfiles', started ? {} : undefined);
  const show = useCallback(
    (list: ProfileView[]) => {
      setProfiles(list);
      if (list.length === 0) go({ name: 'onboarding' });
      else if (useApp.getState().screen.name === 'onboarding') go({ name: 'inbox' });
    },
    [go, setProfiles],
  );
  useEffect(() => {
    // The screen is chosen in the same update that starts the window (the inbox, or onboarding
    // when there is no profile), so no other screen is drawn or fetched on the way. Started
    // whatever the first call did: without its answer the profiles are asked for as usual.
    const start = (): void => {
      const first = dataClient().getState('listProfiles', {}).data;
      if (first) show(first);
      setStarted(true);
    };
    void opening.then(start, start);
  }, [opening, show]);
  useEffect(() => {
    if (started) fetchLaterScreens();
  }, [started]);
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
  useEffect(() => {
    const offs = [
      api().on('notification', (n) => tell(`${n.title}: ${n.body}`)),
      api().on(
        'openChargeback',
        (c) => (selectProfile(c.profileId), go({ name: 'dispute', chargebackId: c.chargebackId })),
      ),
    ];
    return () => offs.forEach((off) => off());
  }, [go, selectProfile, tell]);

  const profile = profiles.find((p) => p.id === profileId);

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
        <Suspense
          fallback={
            <p className="hint" role="status">
              Opening…
            </p>
          }
        >
          {started && screen.name === 'onboarding' && <Onboarding onReady={refresh} />}
          {screen.name === 'inbox' && profileId && <Inbox profileId={profileId} />}
          {screen.name === 'dispute' && profileId && (
            <Dispute profileId={profileId} chargebackId={screen.chargebackId} />
          )}
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
        </Suspense>
      </div>
      <ToastRow toast={toast} onDismiss={clearToast} />
      {screen.name !== 'onboarding' && <StatusBar profile={profile} />}
    </div>
  );
}

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

const root = createRoot(document.getElementById('root')!);
// Start-up that did not go as usual opens on its account first (electron/main.ts). The notice's
// schema is read only then: the usual start builds no schema (the first rows wait for none).
if (carriesStartupNotice(location.hash))
  void import('../shared/startup-notice.ts').then(({ readStartupNotice }) => {
    const notice = readStartupNotice(location.hash);
    root.render(notice ? <Recovery notice={notice} /> : <App opening={openWindow()} />);
  });
// The first call went out before app.js ran (start.ts, data/window-start.ts).
else root.render(<App opening={openWindow()} />);
