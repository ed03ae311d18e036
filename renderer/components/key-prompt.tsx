// Asks for a profile's API key again when it is gone (a key kept for one session only is
// forgotten when the app quits) or was refused: the status bar opens it, and opens it by itself
// once per profile when the window finds the key missing. The key is stored through replaceKey
// (checked by the service first), then the profile syncs at once. Styled as the inbox's small
// dialogs (.small-dialog).
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
    <Dialog label={`API key for ${profile.name}`} className="modal small-dialog" onClose={onClose}>
      <div className="modal-head">
        <strong>API key for {profile.name}</strong>
      </div>
      <div className="small-dialog-body">
        <p>{why}</p>
        <ReplaceKey profile={profile} keychain={keychain} onDone={onStored} />
        <p className="actions">
          <button type="button" onClick={onClose}>
            Not now
          </button>
        </p>
      </div>
    </Dialog>
  );
}
