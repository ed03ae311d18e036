// The batch report: what happened to every chargeback (following its outbox job until it is sent
// or has failed) and to every file left out.
import { useApp } from '../../state/app-store.ts';
import { useQuery } from '../../data/data.ts';
import type { BatchReport as Report } from '../../../shared/batch.ts';
import type { OutboxJob } from '../../../shared/outbox.ts';
import { plural } from './words.ts';

/** A queued chargeback's outcome follows its outbox job until it is sent or has failed. */
function outcomeOf(
  c: Report['chargebacks'][number],
  job: OutboxJob | undefined,
): { text: string; ok: boolean; reason: string } {
  if (c.outcome !== 'queued') return { text: c.outcome, ok: false, reason: c.reason ?? '' };
  if (!job) return { text: 'queued', ok: true, reason: '' };
  if (job.state === 'done') return { text: 'sent', ok: true, reason: '' };
  if (job.state === 'failed' || job.state === 'dismissed' || job.state === 'cancelled')
    return { text: job.state, ok: false, reason: job.error ?? '' };
  return { text: job.state === 'sending' ? 'sending…' : job.state, ok: true, reason: job.warnings.join(' ') };
}

/** The report's outbox jobs as they stand: the outbox's list is asked again whenever a job changes. */
function useReportJobs(report: Report): ReadonlyMap<string, OutboxJob> {
  const listed = useQuery('listOutbox', {});
  const ids = new Set(report.chargebacks.flatMap((c) => (c.jobId ? [c.jobId] : [])));
  return new Map((listed.data ?? []).filter((j) => ids.has(j.id)).map((j) => [j.id, j]));
}

export function ReportView({ report, onAgain }: { report: Report; onAgain(): void }) {
  const go = useApp((s) => s.go);
  const jobs = useReportJobs(report);
  const rows = report.chargebacks.map((c) => ({ c, o: outcomeOf(c, c.jobId ? jobs.get(c.jobId) : undefined) }));
  const sent = rows.filter((r) => r.o.text === 'sent').length;
  const failed = rows.filter((r) => !r.o.ok).length;
  const onTheWay = rows.length - sent - failed;
  return (
    <div className="report" aria-label="Batch report">
      <p role="status">
        <strong>{plural(sent, 'chargeback')} answered</strong>
        {onTheWay ? `, ${onTheWay} on the way` : ''}
        {failed ? `, ${failed} not` : ''}
        {report.files.length ? `; ${plural(report.files.length, 'file')} left out` : ''}.
      </p>
      <table className="review">
        <thead>
          <tr>
            <th>Chargeback</th>
            <th>Outcome</th>
            <th>Files</th>
            <th>Why</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ c, o }) => (
            <tr key={c.chargebackId}>
              <td>{c.chargebackId}</td>
              <td>
                <span className={`state ${o.text === 'sent' ? 'done' : o.ok ? 'waiting' : 'failed'}`}>{o.text}</span>
              </td>
              <td>{c.files.join(', ')}</td>
              <td className="why">{o.reason}</td>
            </tr>
          ))}
          {report.files.map((f) => (
            <tr key={f.name}>
              <td className="muted">–</td>
              <td>
                <span className={`state ${f.outcome === 'skipped' || f.outcome === 'left out' ? '' : 'failed'}`}>
                  {f.outcome}
                </span>
              </td>
              <td>{f.name}</td>
              <td className="why">{f.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <span className="actions">
        <button className="primary" onClick={() => go({ name: 'outbox' })}>
          Open the outbox
        </button>
        <button onClick={onAgain}>Start another batch</button>
      </span>
    </div>
  );
}
