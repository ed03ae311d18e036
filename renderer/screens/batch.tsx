// Batch upload of scanned receipts: a folder (or many dropped files) → every file matched to a
// chargeback, with the reason → the merchant reviews and assigns → confirms → one evidence
// packet per chargeback goes to the outbox → a report of every chargeback and every file.
import { useEffect, useState, type DragEvent, type ReactNode } from 'react';
import { api } from '../bridge.ts';
import { useApp } from '../state/app-store.ts';
import { droppedFiles } from '../components/dropped-files.ts';
import { mutate, useQuery } from '../data/data.ts';
import {
  holdIsFinal,
  packetGoes,
  withInsist,
  targetOf,
  turnOf,
  unusable,
  withAnswer,
  type BatchPlan as Plan,
  type BatchReport as Report,
  type PacketReview,
  type PlannedFile,
} from '../../shared/batch.ts';
import { describeChargeback, findChargebacks, type BatchChargeback } from '../../shared/batch-find.ts';
import { messageTypeRules } from '../../shared/domain/message-type-rules.ts';
import { cycleLabel } from '../../shared/domain/cycles.ts';
import type { MessageType } from '../../shared/domain/enums.ts';
import type { OutboxJob } from '../../shared/outbox.ts';
import { Thumb } from './evidence-builder.tsx';

type Phase = 'importing' | 'reading' | 'building';
type Stage =
  | { name: 'start' }
  | { name: 'working'; text: string; done?: number; total?: number; phase?: Phase; stopping?: boolean }
  | { name: 'review'; plan: Plan; confirming: boolean }
  | { name: 'report'; report: Report };

const phaseText: Record<Phase, string> = {
  importing: 'Reading the folder and matching every file…',
  reading: 'Reading the scans whose names say nothing…',
  building: 'Building one packet per chargeback…',
};

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const matchLabel: Record<PlannedFile['match']['status'], string> = {
  matched: 'Matched',
  // "Several fit" only when several do: one candidate that is not sure enough is to be checked.
  ambiguous: 'Several fit',
  unmatched: 'No match',
  refused: 'Refused',
  skipped: 'Skipped',
};

/** The colour of a file's state: done once matched or assigned, waiting while the merchant must choose. */
const matchState: Record<PlannedFile['match']['status'], string> = {
  matched: 'done',
  ambiguous: 'waiting',
  unmatched: 'waiting',
  refused: 'failed',
  skipped: 'muted',
};

type Choice = { chargebackId?: string; leaveOut?: boolean };

/** What the merchant reads a chargeback by: its customer, order, amount, date and reply date. */
function Candidate({ c, id }: { c: BatchChargeback | undefined; id: string }) {
  return (
    <span className="candidate">
      {c ? describeChargeback(c) : id}
      {c && c.daysLeft !== null && (
        <span className={c.daysLeft < 0 ? 'danger' : c.daysLeft <= 3 ? 'warn' : 'muted'}>
          {' '}
          ({c.daysLeft < 0 ? `${plural(-c.daysLeft, 'day')} late` : `${plural(c.daysLeft, 'day')} left`})
        </span>
      )}{' '}
      <span className="muted">{id}</span>
    </span>
  );
}

/** Assigning by what the merchant knows (order number, customer, email, amount or ID), with the
 * chargebacks that fit suggested as they type. */
function FindAndAssign({
  file,
  list,
  onAssign,
  after,
}: {
  file: PlannedFile;
  list: readonly BatchChargeback[];
  onAssign(choice: Choice): void;
  after: ReactNode;
}) {
  const [typed, setTyped] = useState('');
  // Those that can still take an answer first: a closed one would only be held back.
  const fits =
    typed.trim().length >= 2
      ? findChargebacks(list, typed)
          .sort((a, b) => Number(b.answerable) - Number(a.answerable))
          .slice(0, 6)
      : [];
  return (
    <form
      className="assign"
      onSubmit={(e) => (e.preventDefault(), typed.trim() && onAssign({ chargebackId: typed.trim() }))}
    >
      <input
        aria-label={`Chargeback for ${file.name}`}
        placeholder="Order, customer, email, amount or ID"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <button type="submit" disabled={!typed.trim()}>
        Assign
      </button>
      {after}
      {fits.length > 0 && (
        <ul className="suggestions" role="listbox" aria-label={`Chargebacks that fit “${typed.trim()}”`}>
          {fits.map((c) => (
            <li key={c.id} role="option" aria-selected="false">
              <button type="button" className="link" onClick={() => onAssign({ chargebackId: c.id })}>
                <Candidate c={c} id={c.id} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

function Assign({
  file,
  list,
  onAssign,
}: {
  file: PlannedFile;
  list: ReadonlyMap<string, BatchChargeback>;
  onAssign(choice: Choice): void;
}) {
  const [editing, setEditing] = useState(false);
  if (unusable(file))
    return <span className="muted">{file.match.status === 'skipped' ? 'Not evidence' : 'Cannot be used'}</span>;
  if (file.leftOut)
    return (
      <span className="muted">
        Left out{' '}
        <button className="link" aria-label={`Put ${file.name} back`} onClick={() => onAssign({})}>
          put back
        </button>
      </span>
    );
  const target = targetOf(file);
  const leaveOut = (
    <button className="link" aria-label={`Leave ${file.name} out`} onClick={() => onAssign({ leaveOut: true })}>
      leave out
    </button>
  );
  if (target && !editing) {
    return (
      <span className="assigned">
        <Candidate c={list.get(target)} id={target} />{' '}
        <button className="link" aria-label={`Change the chargeback of ${file.name}`} onClick={() => setEditing(true)}>
          change
        </button>
        {' · '}
        {leaveOut}
      </span>
    );
  }
  const all = [...list.values()];
  const find = (
    <FindAndAssign
      file={file}
      list={all}
      onAssign={(c) => (setEditing(false), onAssign(c))}
      after={
        editing ? (
          <button type="button" className="link" onClick={() => setEditing(false)}>
            keep
          </button>
        ) : (
          leaveOut
        )
      }
    />
  );
  if (file.match.status === 'ambiguous' && !editing) {
    return (
      <div className="assign-candidates">
        <ul aria-label={`Chargebacks that may fit ${file.name}`}>
          {file.match.candidates.map((id) => (
            <li key={id}>
              <Candidate c={list.get(id)} id={id} />{' '}
              <button aria-label={`Assign ${file.name} to ${id}`} onClick={() => onAssign({ chargebackId: id })}>
                This one
              </button>
            </li>
          ))}
        </ul>
        {find}
      </div>
    );
  }
  return find;
}

/** The facts read from the scan that agree with the chargeback's transaction, and those against. */
function Reasons({ f }: { f: PlannedFile }) {
  const m = f.match;
  const agreed = 'agreed' in m ? (m.agreed ?? []) : [];
  const against = 'against' in m ? (m.against ?? []) : [];
  return (
    <>
      {m.reason}
      {f.scan?.read === false && <span className="warn"> The text of this scan could not be read.</span>}
      {f.scan?.read !== false && turnOf(f.scan, 0) !== 0 && (
        <span className="muted">
          {f.scan?.read
            ? ` Read turned ${turnOf(f.scan, 0)}°; it goes upright in the packet.`
            : ` Turned ${turnOf(f.scan, 0)}° so that it goes upright in the packet.`}
        </span>
      )}
      {(agreed.length > 0 || against.length > 0) && (
        <ul className="reasons" aria-label={`Reasons for ${f.name}`}>
          {agreed.map((a) => (
            <li key={`+${a}`} className="for">
              ✓ {a}
            </li>
          ))}
          {against.map((a) => (
            <li key={`-${a}`} className="against">
              ✗ {a}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One packet as it would go: what holds it back, and its letter exactly as it would be written. */
function PacketCard({
  p,
  insisted,
  onInsist,
  onAnswer,
}: {
  p: PacketReview;
  insisted: boolean;
  onInsist(v: boolean): void;
  onAnswer(type: MessageType): void;
}) {
  const final = p.holds.some(holdIsFinal);
  const goes = packetGoes(p, insisted ? [p.chargebackId] : []);
  return (
    <li className={`card packet ${goes ? 'goes' : 'held'}`} aria-label={`Packet for ${p.chargebackId}`}>
      <div className="job-head">
        <strong>{p.chargebackId}</strong>{' '}
        <span className="muted">
          {p.amountText} · {p.files.join(', ')}
        </span>
        <span className={`state ${goes ? 'done' : 'failed'}`} data-testid="packet-state">
          {goes ? (p.holds.length ? 'Included by you' : 'Will be queued') : final ? 'Cannot be answered' : 'Held back'}
        </span>
      </div>
      <label className="answer">
        Answered with{' '}
        <select
          aria-label={`Answer for ${p.chargebackId}`}
          value={p.messageType}
          onChange={(e) => onAnswer(e.target.value as MessageType)}
        >
          {[...new Set([p.messageType, ...p.choices])].map((t) => (
            <option key={t} value={t}>
              {messageTypeRules[t].label}
            </option>
          ))}
        </select>{' '}
        <span className="muted">
          {p.cycle ? `at its stage (${cycleLabel(p.cycle)})` : ''}
          {p.reply ? `, reply by ${p.reply}` : ''}
        </span>
      </label>
      {p.holds.map((h) => (
        <p key={h.kind} className="hint hold">
          {h.text}
        </p>
      ))}
      {p.holds.length > 0 && !final && (
        <label className="insist">
          <input type="checkbox" checked={insisted} onChange={(e) => onInsist(e.target.checked)} /> Include{' '}
          {p.chargebackId} anyway
        </label>
      )}
      {p.blanks.length > 0 && <p className="error">The letter has blanks: {p.blanks.join(', ')}.</p>}
      {p.letter && (
        <details open={p.holds.length === 0}>
          <summary>Cover letter</summary>
          <pre className="letter" aria-label={`Cover letter for ${p.chargebackId}`}>
            {p.letter}
          </pre>
          {p.leftOut.length > 0 && (
            <p className="hint">Left out of the letter: {p.leftOut.map((c) => `“${c.text}” (${c.why})`).join(' ')}</p>
          )}
        </details>
      )}
    </li>
  );
}

function Review({
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
  const say = useApp((s) => s.say);
  // The review follows the plan: every assignment can change a packet, its letter and its holds;
  // a review of an earlier plan is cancelled and never shown.
  const review = useQuery('reviewBatch', {
    plan: { profileId: plan.profileId, files: plan.files, ...(plan.answers ? { answers: plan.answers } : {}) },
  });
  const byId = new Map(options.map((o) => [o.id, o]));
  const packets: PacketReview[] | undefined = review.fetching ? undefined : review.data;
  useEffect(() => {
    if (review.error) say('error', review.error.message);
  }, [review.error, say]);
  const insist = plan.insist ?? [];
  const setInsist = (p: PacketReview, v: boolean): void => onPlan(withInsist(plan, p, v));
  const held = new Map((packets ?? []).filter((p) => !packetGoes(p, insist)).map((p) => [p.chargebackId, p]));
  const targets = new Set((packets ?? []).filter((p) => packetGoes(p, insist)).map((p) => p.chargebackId));
  const going = plan.files.filter((f) => targetOf(f));
  const waiting = plan.files.filter((f) => !targetOf(f) && !unusable(f) && !f.leftOut);
  const refused = plan.files.filter((f) => f.match.status === 'refused');
  const skipped = plan.files.filter((f) => f.match.status === 'skipped');
  async function assign(file: PlannedFile, choice: Choice): Promise<void> {
    const r = await api().assignBatchFile({ plan, fileName: file.name, ...choice });
    if (!r.ok) return say('error', r.error.message);
    onPlan(r.value);
  }
  // What needs the merchant first, then what is ready.
  const order: Record<string, number> = { ambiguous: 0, unmatched: 1, refused: 2, matched: 3, skipped: 4 };
  const rows = [...plan.files].sort(
    (a, b) =>
      (a.assigned ? 3 : order[a.match.status]!) - (b.assigned ? 3 : order[b.match.status]!) ||
      a.name.localeCompare(b.name),
  );
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
      <table className="review" aria-label="Files and their chargebacks">
        <thead>
          <tr>
            <th>Scan</th>
            <th>File</th>
            <th>Pages</th>
            <th>Match</th>
            <th>Why</th>
            <th>Chargeback</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((f) => (
            <tr key={f.name} className={`match-${f.leftOut ? 'left-out' : f.assigned ? 'assigned' : f.match.status}`}>
              <td>
                {f.itemId ? (
                  <Thumb
                    page={{ itemId: f.itemId, page: 0, rotation: turnOf(f.scan, 0) }}
                    kind={/\.pdf$/i.test(f.name) ? 'pdf' : 'image'}
                  />
                ) : null}
              </td>
              <td className="file">{f.name}</td>
              <td>{f.pages ?? ''}</td>
              <td>
                <span className={`state ${f.assigned ? 'done' : matchState[f.match.status]}`}>
                  {f.leftOut
                    ? 'Left out'
                    : f.assigned
                      ? 'Assigned by you'
                      : f.match.status === 'ambiguous' && f.match.candidates.length === 1
                        ? 'Check this one'
                        : matchLabel[f.match.status]}
                </span>
                {targetOf(f) && held.has(targetOf(f)!) && (
                  <span className="state failed" data-testid="held">
                    {' '}
                    · held back
                  </span>
                )}
              </td>
              <td className="why">
                <Reasons f={f} />
                {f.warning ? (
                  <span className="warn" role="note">
                    {' '}
                    {f.warning}
                  </span>
                ) : null}
              </td>
              <td>
                <Assign file={f} list={byId} onAssign={(choice) => void assign(f, choice)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
              onAnswer={(type) => onPlan(withAnswer(plan, p.chargebackId, type))}
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

function ReportView({ report, onAgain }: { report: Report; onAgain(): void }) {
  const go = useApp((s) => s.go);
  const [jobs, setJobs] = useState<Map<string, OutboxJob>>(new Map());
  useEffect(() => {
    const ids = new Set(report.chargebacks.flatMap((c) => (c.jobId ? [c.jobId] : [])));
    void api()
      .listOutbox({})
      .then((r) => r.ok && setJobs(new Map(r.value.filter((j) => ids.has(j.id)).map((j) => [j.id, j]))));
    return api().on('outboxChanged', (j) => ids.has(j.id) && setJobs((m) => new Map(m).set(j.id, j)));
  }, [report]);
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

/** The chargebacks chosen in the inbox that a batch is for: files are matched to these only. */
function Chosen({ only, leftOut }: { only: readonly string[]; leftOut: number }) {
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

export function Batch({ profileId, only, leftOut = 0 }: { profileId: string; only?: string[]; leftOut?: number }) {
  const say = useApp((s) => s.say);
  const [stage, setStage] = useState<Stage>({ name: 'start' });
  const chargebacks = useQuery('listBatchChargebacks', { profileId, ...(only ? { only } : {}) });
  const options: BatchChargeback[] = chargebacks.data ?? [];
  useEffect(
    () =>
      api().on('batchProgress', (p) =>
        setStage((s) =>
          s.name === 'working'
            ? { ...s, done: p.done, total: p.total, phase: p.phase, text: phaseText[p.phase] ?? s.text }
            : s,
        ),
      ),
    [],
  );

  async function pickFolder(): Promise<void> {
    setStage({ name: 'working', text: 'Reading the folder and matching every file…' });
    const r = await api().planBatch({ profileId, ...(only ? { only } : {}) });
    if (!r.ok) return (say('error', r.error.message), setStage({ name: 'start' }));
    setStage(r.value ? { name: 'review', plan: r.value, confirming: false } : { name: 'start' });
  }

  async function drop(e: DragEvent): Promise<void> {
    const files = droppedFiles(e);
    if (files.length === 0) return;
    // Main reads what was dropped (folders too) and says how far it got through batchProgress.
    setStage({ name: 'working', text: 'Adding the files…' });
    const r = await api().planBatchDropped({ profileId, files, ...(only ? { only } : {}) });
    if (!r.ok) return (say('error', r.error.message), setStage({ name: 'start' }));
    setStage({ name: 'review', plan: r.value, confirming: false });
  }

  async function stopReading(): Promise<void> {
    setStage((s) => (s.name === 'working' ? { ...s, stopping: true } : s));
    const r = await api().stopBatchReading({});
    if (!r.ok) say('error', r.error.message);
  }

  async function queue(plan: Plan): Promise<void> {
    setStage({
      name: 'working',
      text: 'Building one packet per chargeback…',
      done: 0,
      total: new Set(plan.files.map(targetOf).filter(Boolean)).size,
    });
    const r = await mutate('queueBatch', { plan });
    if (!r.ok) return (say('error', r.error.message), setStage({ name: 'review', plan, confirming: false }));
    setStage({ name: 'report', report: r.value });
  }

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
            onDrop={(e) => void drop(e)}
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
          onPlan={(plan) => setStage({ name: 'review', plan, confirming: false })}
          onConfirm={(confirming) => setStage({ ...stage, confirming })}
          onCancel={() => setStage({ name: 'start' })}
          onQueue={() => void queue(stage.plan)}
        />
      )}
      {stage.name === 'report' && <ReportView report={stage.report} onAgain={() => setStage({ name: 'start' })} />}
    </section>
  );
}
