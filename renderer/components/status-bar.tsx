// The status bar: how fresh the data is and whether sending fails (shared/domain/status-line.ts
// writes its words), the progress main pushes while a pass runs, Sync now, and the key prompt
// when the profile's key is gone or was refused. Its own component so that the half-minute
// tick that keeps "12 minutes ago" true redraws the bar alone, not the screen above it.
import { useEffect, useRef, useState } from 'react';
import { api } from '../bridge.ts';
import { dataClient, mutate, useQuery } from '../data/data.ts';
import { useApp } from '../state/app-store.ts';
import { statusLine } from '../../shared/domain/status-line.ts';
import type { ProfileView } from '../../shared/ipc/channels/app.ts';
import { KeyPrompt } from './key-prompt.tsx';

export function StatusBar({ profile }: { profile: ProfileView | undefined }) {
  const say = useApp((s) => s.say);
  const profileId = profile?.id;
  const status = useQuery('getSyncStatus', profileId ? { profileId } : undefined);
  // Progress pushed by main shows until the next status is in.
  const [live, setLive] = useState<{ running: boolean; text: string }>();
  useEffect(() => setLive(undefined), [status.data]);
  useEffect(
    () =>
      api().on(
        'syncProgress',
        (p) =>
          p.profileId === useApp.getState().profileId &&
          setLive({ running: true, text: `Syncing ${p.phase}: ${p.done} of ${p.expected}` }),
      ),
    [],
  );
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

  const syncNow = async (): Promise<void> => {
    if (!profileId) return;
    setLive({ running: true, text: 'Syncing…' });
    const r = await mutate('syncNow', { profileId });
    if (r.ok) return;
    // A failed pass is kept in the sync state, and the bar then says it (with when it is tried
    // again): a toast would say it twice. Only a failure the bar does not show gets one.
    const after = await dataClient().refetch('getSyncStatus', { profileId });
    if (after.data?.lastError !== r.error.message) say('error', r.error.message);
  };

  return (
    <>
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
      {profile && keyPrompt === profileId && line && (
        <KeyPrompt
          profile={profile}
          why={line.text}
          onClose={() => setKeyPrompt(undefined)}
          onStored={() => (setKeyPrompt(undefined), void syncNow())}
        />
      )}
    </>
  );
}
