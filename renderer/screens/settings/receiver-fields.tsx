// The alert receiver's part of a profile's settings: whether the processor's alerts come to this
// computer, where the receiver listens and with which header, and the address to give the
// processor once it listens.
import type { ProfileView } from '../../../shared/ipc/channels/app.ts';
import { alertSecretHeader } from '../../../shared/profiles.ts';
import type { Draft } from './settings-form.ts';

export function ReceiverFields({
  profile,
  d,
  set,
  invalid,
}: {
  profile: ProfileView;
  d: Draft;
  set<K extends keyof Draft>(k: K, v: Draft[K]): void;
  /** The marks of a field the last save refused. */
  invalid(k: keyof Draft): object;
}) {
  return (
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
            <input
              value={d.bindAddress}
              {...invalid('bindAddress')}
              onChange={(e) => set('bindAddress', e.target.value)}
            />
          </label>
          <label>
            Port
            <input
              inputMode="numeric"
              value={d.port}
              {...invalid('port')}
              onChange={(e) => set('port', e.target.value)}
            />
          </label>
          <span />
          <label>
            Header name (optional)
            <input
              value={d.headerName}
              placeholder={alertSecretHeader}
              {...invalid('headerName')}
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
          <input type="checkbox" checked={d.onNetwork} onChange={(e) => set('onNetwork', e.target.checked)} /> Listen on
          the network too: other computers can reach the receiver (it is only safe behind your own https proxy or
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
  );
}
