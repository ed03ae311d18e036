// One dispute, explained: what is claimed, what evidence wins, the transaction, its history and
// money, and the answers that fit its state.
import { useCallback, useState } from 'react';
import { mutate, useQuery } from '../data/data.ts';
import { useApp } from '../state/app-store.ts';
import type { MessageType } from '../../shared/domain/enums.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { concessionMeaning, parseConcession, typedAmount } from '../../shared/domain/concession.ts';
import { describeEarlierAnswer } from '../../shared/domain/answer-lifecycle.ts';
import { letterBlanks } from '../../shared/domain/cover-letter-templates.ts';
import { cycleMeaning } from '../../shared/domain/cycles.ts';
import type { Readiness } from '../../shared/evidence/readiness.ts';
import { MoneyTotals, EntryLabelCell, EntryKindTag, EntryAmount } from '../components/money.tsx';
import { EvidenceBuilder } from './evidence-builder.tsx';
import { settingsOfDraft, type EvidenceDraft } from '../../shared/evidence/draft.ts';

interface Props {
  profileId: string;
  chargebackId: string;
}

export function Dispute(p: Props) {
  // Another chargeback (a notification opens one while this one shows) starts from nothing: the
  // answer chosen, the note, the amount and the packet were this one's.
  return <DisputeOf key={`${p.profileId} ${p.chargebackId}`} {...p} />;
}

function DisputeOf({ profileId, chargebackId }: Props) {
  const { go, say, clearToast, profiles } = useApp();
  const limits = profiles.find((p) => p.id === profileId)?.limits;
  const [draft, setDraft] = useState<EvidenceDraft>();
  const onDraft = useCallback((d: EvidenceDraft | undefined) => setDraft(d), []);
  const [packet, setPacket] = useState<Readiness>({ ok: true });
  const onReadiness = useCallback((r: Readiness) => setPacket(r), []);
  const asked = useQuery('getDispute', { profileId, chargebackId });
  const view = asked.data;
  const error = asked.error?.message;
  // A tick shows at once; the view refetched after it (or a failure) takes over.
  const [ticks, setTicks] = useState<{ of: typeof view; checked: Record<string, boolean> }>({ of: view, checked: {} });
  const ticked = (id: string, saved: boolean): boolean => (ticks.of === view ? (ticks.checked[id] ?? saved) : saved);
  const [type, setType] = useState<MessageType | ''>('');
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [another, setAnother] = useState(false);
  const [sending, setSending] = useState(false);

  if (error)
    return (
      <section className="dispute">
        <p className="error" role="alert">
          {error}
        </p>
        <button onClick={() => go({ name: 'inbox' })}>Back to the inbox</button>
      </section>
    );
  if (!view)
    return (
      <section className="dispute">
        <p className="muted">Loading…</p>
      </section>
    );
  const cb = view.chargeback;
  const currency = cb.currency;
  const rule = view.messageTypes.find((m) => m.type === type);
  const disputed = { total: cb.total, currency };
  // A second answer to this stage is asked about first, with what was already sent.
  const already = rule?.secondAnswerWarning;
  // A letter with blanks left in it is never sent: the main process refuses it too.
  // A packet still being sized, or over the limits, waits (the handler refuses one over them too).
  const packetHold = rule?.withEvidence && draft?.arrangement.pages.length && !packet.ok ? packet.reason : undefined;
  const blanks =
    rule?.withEvidence && draft && draft.coverLetter !== false && draft.arrangement.pages.length > 0
      ? letterBlanks(draft.rebuttal)
      : [];
  const conceded = rule?.needsAmount ? parseConcession(amount, disputed) : undefined;
  const choose = (value: string): void => {
    setType(view.messageTypes.find((m) => m.type === value)?.type ?? '');
    setConfirming(false);
    setAnother(false);
    setAmountError('');
  };

  async function tick(itemId: string, checked: boolean): Promise<void> {
    setTicks((t) => ({ of: view, checked: { ...(t.of === view ? t.checked : {}), [itemId]: checked } }));
    const r = await mutate('setChecklistItem', { profileId, chargebackId, itemId, checked });
    if (!r.ok) {
      say('error', r.error.message);
      setTicks((t) => ({
        of: t.of,
        checked: Object.fromEntries(Object.entries(t.checked).filter(([id]) => id !== itemId)),
      }));
    }
  }

  async function send(): Promise<void> {
    if (!rule) return;
    // The amount is checked where it is typed, by the same rule the main process applies again.
    const parsed = rule.needsAmount ? parseConcession(amount, disputed) : undefined;
    if (parsed && 'error' in parsed) {
      setConfirming(false);
      return setAmountError(parsed.error.message);
    }
    const minor = parsed?.amount;
    setAmountError('');
    clearToast();
    if (already && !another) return setAnother(true);
    if (rule.needsConfirmation && !confirming) return setConfirming(true);
    setSending(true);
    const evidence =
      rule.withEvidence && draft && limits && draft.arrangement.pages.length > 0
        ? { arrangement: draft.arrangement, settings: settingsOfDraft(draft, limits), rebuttal: draft.rebuttal }
        : undefined;
    const r = await mutate('submitResponse', {
      profileId,
      chargebackId,
      messageType: rule.type,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(minor !== undefined ? { amount: minor } : {}),
      confirmed: confirming || !rule.needsConfirmation,
      ...(another ? { anotherAnswer: true } : {}),
      ...(evidence ? { evidence } : {}),
    });
    setSending(false);
    setConfirming(false);
    setAnother(false);
    if (!r.ok) return say('error', r.error.message);
    // Said on the outbox, where it is true (a message leaves with the screen it was said on).
    go({ name: 'outbox' });
    say('info', `${rule.label} is in the outbox and will be sent exactly once.`);
  }

  const sendControls = (
    <>
      {another && already && (
        <div className="error confirm" role="alert">
          <p>{already}</p>
          <p>Press “Send another answer” only if you mean the issuer to get both.</p>
        </div>
      )}
      {confirming && (
        <div className="error confirm" role="alert">
          {conceded && 'amount' in conceded && <p>{concessionMeaning(conceded.amount, disputed)}</p>}
          <p>{rule?.label} cannot be undone. Press “Confirm and send” to go ahead.</p>
        </div>
      )}
      {blanks.length > 0 && (
        <p className="error" role="alert">
          The cover letter still has {blanks.length === 1 ? 'a blank' : `${blanks.length} blanks`} to fill:{' '}
          {blanks.join(', ')}. Write in what belongs there, or take the sentence out.
        </p>
      )}
      {packetHold && (
        <p className="hint" id="packet-hold" role="status">
          {packetHold}
        </p>
      )}
      <button
        className="primary"
        disabled={!rule || sending || blanks.length > 0 || !!packetHold}
        aria-describedby={packetHold ? 'packet-hold' : undefined}
        onClick={() => void send()}
      >
        {sending
          ? 'Building and queuing…'
          : confirming
            ? 'Confirm and send'
            : another && already && !rule?.needsConfirmation
              ? 'Send another answer'
              : rule?.withEvidence && draft?.arrangement.pages.length
                ? 'Add to outbox'
                : 'Send'}
      </button>
    </>
  );

  return (
    <section className="dispute" aria-label={`Chargeback ${chargebackId}`}>
      <button className="link" onClick={() => go({ name: 'inbox' })}>
        ← Inbox
      </button>
      <header className="dispute-head">
        <div>
          <h1>
            {formatAmount(cb.total, currency)} <span className={`status ${cb.status}`}>{cb.status}</span>
          </h1>
          <p className="muted">
            {chargebackId} · {cycleMeaning(cb.cycle)}
          </p>
        </div>
        <div className={`deadline-box ${view.deadline.state}`}>
          <span>{view.deadline.reply ? `Reply by ${view.deadline.reply}` : 'No reply date'}</span>
          <strong>{view.deadline.text}</strong>
        </div>
      </header>
      <div className="columns">
        <div>
          <article className="card">
            <h2>{view.explanation.title}</h2>
            <p>{view.explanation.plainWords}</p>
            {view.explanation.categoryLabel && (
              <p className="muted">Kind of dispute: {view.explanation.categoryLabel}</p>
            )}
          </article>
          <article className="card">
            <h2>Evidence that wins</h2>
            <p>{view.guidance.summary}</p>
            <ul className="checklist">
              {view.guidance.checklist.map((i) => (
                <li key={i.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={ticked(i.id, i.checked)}
                      onChange={(e) => void tick(i.id, e.target.checked)}
                    />{' '}
                    <strong>{i.label}</strong> <span className="muted">{i.detail}</span>
                  </label>
                </li>
              ))}
            </ul>
            <p className="hint">{view.guidance.advice}</p>
          </article>
          <article className="card">
            <h2>The disputed transaction</h2>
            {view.facts.length ? (
              <dl className="facts">
                {view.facts.map((f) => (
                  <div key={f.label}>
                    <dt>{f.label}</dt>
                    <dd>{f.value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="muted">The transaction's details arrive with its ledger entries at the next sync.</p>
            )}
          </article>
        </div>
        <div>
          <article className="card">
            <h2>Answer</h2>
            <p className="answer-stage" data-testid="answer-stage" role="status">
              <strong>{view.answer.label}</strong>
            </p>
            {view.answer.earlier.length > 0 && (
              <ul className="answer-life" aria-label="Answers at this stage">
                {view.answer.earlier.map((e, i) => {
                  const packet = e.jobId ? view.sentDrafts.find((d) => d.jobId === e.jobId) : undefined;
                  return (
                    <li key={`${e.jobId ?? e.messageType}-${i}`}>
                      {describeEarlierAnswer(e)}
                      {packet ? ` · its packet: ${packet.pages} page${packet.pages === 1 ? '' : 's'}` : ''}
                    </li>
                  );
                })}
              </ul>
            )}
            {view.answer.lastFailure && <p className="hint">The last attempt failed: {view.answer.lastFailure}</p>}
            {view.answerable ? (
              <div className="answer">
                <label>
                  Response
                  <select value={type} onChange={(e) => choose(e.target.value)}>
                    <option value="">Choose…</option>
                    {view.messageTypes.map((m) => (
                      <option key={m.type} value={m.type}>
                        {m.label}
                        {m.fits ? '' : ' (unusual at this stage)'}
                      </option>
                    ))}
                  </select>
                </label>
                {rule && <p className="muted">{rule.description}</p>}
                {rule?.needsAmount && (
                  <>
                    <label>
                      Amount conceded ({currency}, at most {typedAmount(disputed.total, currency)})
                      <input
                        inputMode="decimal"
                        value={amount}
                        aria-invalid={amountError ? true : undefined}
                        onChange={(e) => (setAmount(e.target.value), setAmountError(''), setConfirming(false))}
                      />
                    </label>
                    {amountError && (
                      <p className="error" role="alert">
                        {amountError}
                      </p>
                    )}
                  </>
                )}
                {rule && (
                  <label>
                    Note
                    <textarea rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
                  </label>
                )}
                {rule?.withEvidence && limits ? (
                  <p className="hint">Put the evidence packet together below, then add it to the outbox.</p>
                ) : (
                  sendControls
                )}
              </div>
            ) : (
              <p role="status">{view.whyNot}</p>
            )}
          </article>
          <article className="card">
            <h2>History</h2>
            <ol className="timeline">
              {view.history.map((s) => (
                <li key={s.id}>
                  <strong>{s.status}</strong> <span className="muted">{s.at}</span>
                </li>
              ))}
              {view.messages.map((m) => (
                <li key={m.id}>
                  Message <strong>{m.type}</strong> – {m.status} <span className="muted">{m.at}</span>
                </li>
              ))}
              {view.documents.map((d) => (
                <li key={d.id}>
                  Document <strong>{d.name}</strong>
                  {d.status && ` – ${d.status}`}
                </li>
              ))}
            </ol>
          </article>
          <article className="card">
            <h2>Money</h2>
            {view.money.entries.length ? (
              <table className="ledger">
                <tbody>
                  {view.money.entries.map((e) => (
                    <tr key={e.id} data-kind={e.kind}>
                      <td>{(e.created ?? '').slice(0, 10)}</td>
                      <EntryLabelCell line={e} />
                      <td>
                        <EntryKindTag line={e} />
                      </td>
                      <EntryAmount line={e} />
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="muted">No ledger effect yet.</p>
            )}
            {view.money.totals && <MoneyTotals totals={view.money.totals} />}
          </article>
        </div>
      </div>
      {view.answerable && rule?.withEvidence && limits && (
        // Pages need room: the packet spans the whole window under the facts it answers.
        <article className="card evidence-card" aria-label="Evidence packet">
          <h2>Evidence packet: {rule.label.toLowerCase()}</h2>
          <EvidenceBuilder
            profileId={profileId}
            chargebackId={chargebackId}
            limits={limits}
            onChange={onDraft}
            onReadiness={onReadiness}
          />
          <div className="send-row">{sendControls}</div>
        </article>
      )}
    </section>
  );
}
