// The outbox: every answer on its way, what it is about (the chargeback, the answer, the money),
// when it was queued, tried and sent, where it stands in words, and, once the issuer has decided,
// how it ended; with what can be done about it. The view (shared/views/outbox-job-view.ts) holds
// every fact and rule; the screen writes the moments in the merchant's locale.
import { useEffect, useState } from 'react';
import { api } from '../bridge.ts';
import { mutate, useQuery } from '../data/data.ts';
import { useApp } from '../state/app-store.ts';
import type { OutboxJobView } from '../../shared/views/outbox-job-view.ts';
import { jobStatusWords, stepStateWords } from '../../shared/domain/outbox-job-state.ts';
import { isAnswer } from '../../shared/domain/answer-lifecycle.ts';
import { formatMoment, formatTimeOfMoment } from '../../shared/domain/merchant-format.ts';

type Action = 'retryJob' | 'cancelJob' | 'pauseJob' | 'resumeJob' | 'dismissJob';

function Moments({ j }: { j: OutboxJobView }) {
  const { queuedAt, lastTriedAt, sentAt } = j.times;
  return (
    <dl className="job-facts">
      <div>
        <dt>Amount</dt>
        <dd data-testid="job-amount" className={j.money.kind === 'unknown' ? 'muted' : ''}>
          {j.money.text}
        </dd>
      </div>
      <div>
        <dt>Queued</dt>
        <dd data-testid="job-queued">{formatMoment(queuedAt)}</dd>
      </div>
      <div>
        <dt>Last tried</dt>
        <dd data-testid="job-tried" className={lastTriedAt === null ? 'muted' : ''}>
          {lastTriedAt === null ? 'Not yet' : formatMoment(lastTriedAt)}
        </dd>
      </div>
      <div>
        <dt>Sent</dt>
        <dd data-testid="job-sent" className={sentAt === null ? 'muted' : ''}>
          {sentAt === null ? '—' : formatMoment(sentAt)}
        </dd>
      </div>
      <div>
        <dt>Outcome</dt>
        {j.outcome ? (
          <dd data-testid="job-outcome" className={`outcome ${j.outcome.result}`}>
            {j.outcome.text}
          </dd>
        ) : (
          <dd className="muted">
            {j.status.state !== 'done'
              ? '—'
              : isAnswer(j.messageType)
                ? 'Awaiting the issuer'
                : 'None: it answers nothing'}
          </dd>
        )}
      </div>
    </dl>
  );
}

function JobCard(p: {
  j: OutboxJobView;
  showProfile: string | undefined;
  progress: Record<string, number>;
  open(j: OutboxJobView): void;
  act(what: Action, jobId: string): void;
}) {
  const { j, act } = p;
  const [dismissing, setDismissing] = useState(false);
  const cb = j.chargeback;
  const who = [cb?.customerName, cb?.order ? `order ${cb.order}` : undefined].filter(Boolean).join(' · ');
  const time = (ms: number): string => formatTimeOfMoment(ms, Date.now());
  const words = jobStatusWords(j.status, time, j.outcome !== null, isAnswer(j.messageType));
  return (
    <li className={`card job ${j.status.state}`} aria-label={`${j.label} for ${j.chargebackId}`}>
      <div className="job-head">
        <strong className="job-answer">{j.label}</strong>
        <button className="link" onClick={() => p.open(j)} aria-label={`Open chargeback ${j.chargebackId}`}>
          {j.chargebackId}
        </button>
        {who && (
          <span className="muted job-who" data-testid="job-customer">
            {who}
          </span>
        )}
        {p.showProfile && <span className="muted">{p.showProfile}</span>}
        <span className="actions">
          {/* Never tried yet: nothing to retry, it is sent now. */}
          {j.controls.retry && (
            <button onClick={() => act('retryJob', j.id)}>
              {j.times.lastTriedAt === null ? 'Send now' : 'Retry now'}
            </button>
          )}
          {j.controls.pause && <button onClick={() => act('pauseJob', j.id)}>Pause</button>}
          {j.controls.resume && <button onClick={() => act('resumeJob', j.id)}>Resume</button>}
          {j.controls.cancel && <button onClick={() => act('cancelJob', j.id)}>Cancel</button>}
          {j.controls.dismiss && <button onClick={() => setDismissing(true)}>Dismiss…</button>}
        </span>
      </div>
      <p className={`state ${j.status.state}`} data-testid="job-state">
        {words}
      </p>
      <Moments j={j} />
      {j.tooLate && (
        <p className="hint warn" data-testid="job-too-late">
          {j.tooLate}
        </p>
      )}
      {j.warnings.map((w) => (
        <p key={w} className="hint">
          {w}
        </p>
      ))}
      {dismissing && (
        <div className="confirm" role="alert">
          <p>
            Dismiss this answer for good? Part of it already reached the processor and stays there; the rest is never
            sent. To answer again, start from the dispute.
          </p>
          <span className="actions">
            <button
              className="danger"
              onClick={() => {
                setDismissing(false);
                act('dismissJob', j.id);
              }}
            >
              Dismiss the job
            </button>
            <button onClick={() => setDismissing(false)}>Keep it</button>
          </span>
        </div>
      )}
      <ol className="steps">
        {j.steps.map((s) => (
          <li key={s.position}>
            <span>{s.kind === 'message' ? 'Message' : s.name}</span>
            <progress
              max={1}
              value={s.state === 'done' ? 1 : (p.progress[`${j.id}:${s.position}`] ?? 0)}
              aria-label={`${s.name} progress`}
            />
            <span className={`state ${s.state}`}>{stepStateWords[s.state]}</span>
          </li>
        ))}
      </ol>
    </li>
  );
}

export function Outbox() {
  const { say, go, selectProfile, profiles } = useApp();
  const open = (j: OutboxJobView): void => {
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
  const act = (what: Action, jobId: string): void => {
    void mutate(what, { jobId }).then((r) => {
      if (!r.ok) say('error', r.error.message);
    });
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
          <JobCard
            key={j.id}
            j={j}
            showProfile={profiles.length > 1 ? profiles.find((x) => x.id === j.profileId)?.name : undefined}
            progress={progress}
            open={open}
            act={act}
          />
        ))}
      </ul>
    </section>
  );
}
