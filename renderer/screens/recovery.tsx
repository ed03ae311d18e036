// The window start-up opens on when something went wrong before the app could run: the services
// did not start (why, and where the data is; the app cannot go on), or the database was damaged
// and recovered (what happened and what was lost; the app goes on when the merchant has read it).
import type { StartupNotice } from '../../shared/startup-notice.ts';

export function Recovery({ notice }: { notice: StartupNotice }) {
  const failed = notice.kind === 'failed';
  return (
    <main className="recovery card" role="alertdialog" aria-labelledby="recovery-title">
      <h1 id="recovery-title">
        {failed ? 'Dispute Desk could not start' : 'Your database was damaged and has been recovered'}
      </h1>
      {notice.text.split('\n').map((line, i) => (
        <p key={i}>{line}</p>
      ))}
      {notice.dataFolder && (
        <p>
          Your data folder: <code>{notice.dataFolder}</code>
        </p>
      )}
      {failed ? (
        <p className="hint">
          Nothing was deleted. Close this window, fix what is named above, and start Dispute Desk again.
        </p>
      ) : (
        <button className="primary" type="button" onClick={() => location.replace(location.pathname)}>
          Continue to Dispute Desk
        </button>
      )}
      {failed && (
        <button type="button" onClick={() => window.close()}>
          Close
        </button>
      )}
    </main>
  );
}
