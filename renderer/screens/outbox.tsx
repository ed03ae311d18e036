// The outbox: every answer on its way, step by step, with what can be done about it.
import { useEffect, useState } from 'react';
import { api } from '../bridge.ts';
import { mutate, useQuery } from '../data/data.ts';
import { useApp } from '../state/app-store.ts';
import type { OutboxJob } from '../../shared/outbox.ts';
import type { OutboxJobView } from '../../shared/views/outbox-job-view.ts';
import { messageTypeRules } from '../../shared/domain/message-type-rules.ts';
import { jobRetry, jobStateLabel } from '../../shared/outbox-status.ts';

/** A finished job says where its answer went next: with the issuer, or decided. */
function afterSending(j: OutboxJobView): string | undefined {
  if (j.state !== 'done') return undefined;
  return j.answer.stage === 'decided' ? j.answer.label : 'Sent, awaiting the issuer';
}

export function Outbox() {
  const { say, go, selectProfile, profiles } = useApp();
  const open = (j: OutboxJob): void => {
    selectProfile(j.profileId);
    go({ name: 'dispute', chargebackId: j.chargebackId });
  };
  const listed = useQuery('listOutbox', {});
  const [progress, setProgress] = useState<Record<string, number>>({});
  useEffect(
    () =>
      api().on('outboxProgress', (p) =>
        setProgress((x) => ({ ...x, [`${p.jobId}:${p.position}`]: p.totalBytes ? p.sentBytes / p.totalBytes : 0 })),
      ),
    [],
  );
  const [dismissing, setDismissing] = useState<string>();
  const act = async (
    what: 'retryJob' | 'cancelJob' | 'pauseJob' | 'resumeJob' | 'dismissJob',
    jobId: string,
  ): Promise<void> => {
    setDismissing(undefined);
    const r = await mutate(what, { jobId });
    if (!r.ok) say('error', r.error.message);
  };
  const jobs = listed.data;
  if (!jobs)
    return (
      <section className="outbox">
        <h1>Outbox</h1>
        {listed.error ? (
          <p className="error" role="alert">
            {listed.error.message}
          </p>
        ) : (
          <p className="muted">Loading…</p>
        )}
      </section>
    );
  if (jobs.length === 0)
    return (
      <section className="outbox">
        <h1>Outbox</h1>
        <p className="empty">
          Nothing to send. Answers you send from a dispute wait here until the processor has them.
        </p>
      </section>
    );
  return (
    <section className="outbox">
      <h1>Outbox</h1>
      <ul className="jobs">
        {[...jobs].reverse().map((j) => (
          <li key={j.id} className={`card job ${j.state}`}>
            <div className="job-head">
              <strong>{messageTypeRules[j.messageType].label}</strong>
              <button className="link" onClick={() => open(j)} aria-label={`Open chargeback ${j.chargebackId}`}>
                {j.chargebackId}
              </button>
              {profiles.length > 1 && <span className="muted">{profiles.find((p) => p.id === j.profileId)?.name}</span>}
              <span className={`state ${jobStateLabel(j)}`} data-testid="job-state">
                {jobStateLabel(j)}
              </span>
              {afterSending(j) && (
                <span className="lifecycle" data-testid="answer-stage">
                  {afterSending(j)}
                </span>
              )}
              <span className="actions">
                {(j.state === 'failed' || j.state === 'queued') && (
                  <button onClick={() => void act('retryJob', j.id)}>Retry now</button>
                )}
                {(j.state === 'queued' || j.state === 'sending') && (
                  <button onClick={() => void act('pauseJob', j.id)}>Pause</button>
                )}
                {j.state === 'paused' && <button onClick={() => void act('resumeJob', j.id)}>Resume</button>}
                {j.steps.every((s) => s.state === 'pending') &&
                  (j.state === 'queued' || j.state === 'paused' || j.state === 'failed') && (
                    <button onClick={() => void act('cancelJob', j.id)}>Cancel</button>
                  )}
                {j.state === 'failed' && j.steps.some((s) => s.state !== 'pending') && (
                  <button onClick={() => setDismissing(j.id)}>Dismiss…</button>
                )}
              </span>
            </div>
            {j.error && <p className="error">{j.error}</p>}
            {(() => {
              const r = jobRetry(j);
              return (
                r && (
                  <p className="hint retry" data-testid="retry">
                    Last attempt failed: {r.error}{' '}
                    {r.nextAttemptAt && r.nextAttemptAt > Date.now()
                      ? `Next try at ${new Date(r.nextAttemptAt).toLocaleTimeString()}.`
                      : 'Trying again now.'}
                  </p>
                )
              );
            })()}
            {j.warnings.map((w) => (
              <p key={w} className="hint">
                {w}
              </p>
            ))}
            {dismissing === j.id && (
              <div className="confirm" role="alert">
                <p>
                  Dismiss this answer for good? Part of it already reached the processor and stays there; the rest is
                  never sent. To answer again, start from the dispute.
                </p>
                <span className="actions">
                  <button className="danger" onClick={() => void act('dismissJob', j.id)}>
                    Dismiss the job
                  </button>
                  <button onClick={() => setDismissing(undefined)}>Keep it</button>
                </span>
              </div>
            )}
            <ol className="steps">
              {j.steps.map((s) => (
                <li key={s.position}>
                  <span>{s.kind === 'message' ? 'Message' : s.name}</span>
                  <progress
                    max={1}
                    value={s.state === 'done' ? 1 : (progress[`${j.id}:${s.position}`] ?? 0)}
                    aria-label={`${s.name} progress`}
                  />
                  <span className={`state ${s.state}`}>{s.state === 'unknown' ? 'checking' : s.state}</span>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </section>
  );
}
