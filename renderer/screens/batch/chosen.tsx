// The note over a batch started from the inbox's selection: files are matched to those chargebacks only.
import { useApp } from '../../state/app-store.ts';
import { plural } from './words.ts';

/** The chargebacks chosen in the inbox that a batch is for: files are matched to these only. */
export function Chosen({ only, leftOut }: { only: readonly string[]; leftOut: number }) {
  const go = useApp((s) => s.go);
  return (
    <div className="card chosen" role="note" aria-label="Chargebacks chosen in the inbox">
      <p>
        For the <strong>{plural(only.length, 'chargeback')}</strong> you selected in the inbox: files are matched to
        these only. <span className="muted">{only.join(', ')}</span>
      </p>
      {leftOut > 0 && (
        <p className="hint">
          {plural(leftOut, 'other selected chargeback')} {leftOut === 1 ? 'was' : 'were'} left out: only open ones
          inside their reply date, not yet answered, can take a packet.
        </p>
      )}
      <button className="link" onClick={() => go({ name: 'batch' })}>
        Match against all chargebacks instead
      </button>
    </div>
  );
}
