// Asks for a profile's API key again when it is gone (a key kept for one session only is
// forgotten when the app quits) or was refused: the status bar opens it, and opens it by itself
// once per profile when the window finds the key missing. The key is stored through replaceKey
// (checked by the service first), then the profile syncs at once.
import { useQuery } from '../data/data.ts';
import { Dialog } from './dialog.tsx';
import { ReplaceKey } from './key-form.tsx';
import type { ProfileView } from '../../shared/ipc/channels/app.ts';

export function KeyPrompt({
  profile,
  why,
  onClose,
  onStored,
}: {
  profile: ProfileView;
  /** The status bar's words: why the key is asked for. */
  why: string;
  onClose(): void;
  onStored(): void;
}) {
  const keychain = useQuery('keychainStatus', {}).data;
  return (
    <Dialog label={`API key for ${profile.name}`} onClose={onClose}>
      <h2>API key for {profile.name}</h2>
      <p>{why}</p>
      <ReplaceKey profile={profile} keychain={keychain} onDone={onStored} />
      <button type="button" onClick={onClose}>
        Not now
      </button>
    </Dialog>
  );
}
