// The batch review: how many files go where, the table of files, every packet with its letter,
// and the confirmation before anything is queued.
import type { BatchPlan as Plan } from '../../../shared/batch.ts';
import type { BatchChargeback } from '../../../shared/batch-find.ts';
import { FileTable } from './file-table.tsx';
import { PacketCard } from './packet-card.tsx';
import { useBatchReview } from './use-batch-review.ts';
import { plural } from './words.ts';

export function Review({
  plan,
  confirming,
  options,
  onPlan,
  onConfirm,
  onCancel,
  onQueue,
}: {
  plan: Plan;
  confirming: boolean;
  options: BatchChargeback[];
  onPlan(p: Plan): void;
  onConfirm(v: boolean): void;
  onCancel(): void;
  onQueue(): void;
}) {
  const { packets, insist, held, targets, going, waiting, refused, skipped, assign, setInsist, setAnswer } =
    useBatchReview(plan, onPlan);
  const byId = new Map(options.map((o) => [o.id, o]));
  return (
    <>
      <p className="counts" aria-live="polite">
        <span>
          <strong>{plural(going.length, 'file')}</strong> for {plural(targets.size, 'chargeback')}
        </span>
        <span className={waiting.length ? 'warn' : ''}>
          <strong>{waiting.length}</strong> waiting for you
        </span>
        <span className={refused.length ? 'danger' : ''}>
          <strong>{refused.length}</strong> refused
        </span>
        {skipped.length > 0 && (
          <span>
            <strong>{skipped.length}</strong> skipped
          </span>
        )}
      </p>
      <FileTable files={plan.files} held={held} byId={byId} onAssign={(f, choice) => void assign(f, choice)} />
      <h2>Packets and their letters</h2>
      {packets === undefined ? (
        <p className="muted" role="status">
          Writing the letters…
        </p>
      ) : (
        <ul className="packets" aria-label="Packets and their letters">
          {packets.map((p) => (
            <PacketCard
              key={p.chargebackId}
              p={p}
              insisted={insist.includes(p.chargebackId)}
              onInsist={(v) => setInsist(p, v)}
              onAnswer={(type) => setAnswer(p, type)}
            />
          ))}
        </ul>
      )}
      {confirming ? (
        <div className="card confirm" role="alert">
          <p>
            Send {plural(targets.size, 'response')} with evidence? Each chargeback gets one packet (the cover letter
            shown above and its files), answered as each packet says, through the outbox.
            {waiting.length
              ? ` ${plural(waiting.length, 'file')} waiting for you ${waiting.length === 1 ? 'is' : 'are'} left out.`
              : ''}
            {held.size
              ? ` ${plural(held.size, 'chargeback')} held back ${held.size === 1 ? 'is' : 'are'} left out.`
              : ''}
          </p>
          <span className="actions">
            <button className="primary" onClick={onQueue}>
              Confirm and queue
            </button>
            <button onClick={() => onConfirm(false)}>Back to the review</button>
          </span>
        </div>
      ) : (
        <span className="actions">
          <button
            className="primary"
            disabled={targets.size === 0 || packets === undefined}
            onClick={() => onConfirm(true)}
          >
            Queue {plural(targets.size, 'packet')}…
          </button>
          <button onClick={onCancel}>Start over</button>
        </span>
      )}
    </>
  );
}
