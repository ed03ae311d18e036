// The batch upload screen: a folder (or many dropped files) → every file matched to a chargeback,
// with the reason → the merchant reviews and assigns → confirms → one evidence packet per
// chargeback goes to the outbox → a report of every chargeback and every file.
import { useQuery } from '../../data/data.ts';
import { droppedFiles } from '../../components/dropped-files.ts';
import type { BatchChargeback } from '../../../shared/batch-find.ts';
import { Chosen } from './chosen.tsx';
import { ReportView } from './report.tsx';
import { Review } from './review.tsx';
import { useBatchStage } from './use-batch-stage.ts';

export function Batch({ profileId, only, leftOut = 0 }: { profileId: string; only?: string[]; leftOut?: number }) {
  const { stage, review, restart, pickFolder, drop, stopReading, queue } = useBatchStage(profileId, only);
  const chargebacks = useQuery('listBatchChargebacks', { profileId, ...(only ? { only } : {}) });
  const options: BatchChargeback[] = chargebacks.data ?? [];

  return (
    <section className="batch" aria-label="Batch upload">
      <h1>Batch upload</h1>
      {only && stage.name !== 'report' && <Chosen only={only} leftOut={leftOut} />}
      {stage.name === 'start' && (
        <>
          <p className="muted">
            Answer many chargebacks at once from a folder of scanned receipts. Each file is matched by its name: a
            chargeback ID, a transaction ID, the chargeback’s reference, or the date and amount (for example{' '}
            <code>2025-03-14 49.99.jpg</code>). Where the name says nothing (<code>Scan 0001.jpg</code>), the scan
            itself is read on this computer: its order number, amount, date, card and authorization code. Nothing is
            sent before you confirm.
          </p>
          <div
            className="dropzone"
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => void drop(droppedFiles(e))}
            aria-label="Drop scanned receipts or a folder here"
          >
            <p>Drop scanned receipts or a whole folder here</p>
            <div className="row">
              <button className="primary" onClick={() => void pickFolder()}>
                Choose a folder…
              </button>
            </div>
          </div>
        </>
      )}
      {stage.name === 'working' && (
        <div className="card" role="status" aria-label="Batch progress">
          <p>{stage.text}</p>
          <progress max={stage.total || 1} value={stage.total ? (stage.done ?? 0) : undefined} />
          {stage.total ? (
            <p className="hint">
              {Math.floor(stage.done ?? 0)} of {stage.total}
            </p>
          ) : null}
          {stage.phase === 'reading' && (
            <span className="actions">
              <button onClick={() => void stopReading()} disabled={stage.stopping}>
                {stage.stopping ? 'Stopping…' : 'Stop reading'}
              </button>
              <span className="hint">Files not read yet wait for you to assign them.</span>
            </span>
          )}
        </div>
      )}
      {stage.name === 'review' && (
        <Review
          plan={stage.plan}
          confirming={stage.confirming}
          options={options}
          onPlan={(plan) => review(plan)}
          onConfirm={(confirming) => review(stage.plan, confirming)}
          onCancel={restart}
          onQueue={() => void queue(stage.plan)}
        />
      )}
      {stage.name === 'report' && <ReportView report={stage.report} onAgain={restart} />}
    </section>
  );
}
