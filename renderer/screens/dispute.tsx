// One dispute as a guided answer: what is claimed, the two or three answers that fit its stage and
// reason (the rest behind "More answers"), the evidence that wins it, and a summary of what will
// be sent with the Send button under it, beside the work. Every value is shown in words and in
// the merchant's locale and time zone (shared/domain/merchant-format.ts). Send asks the readiness
// rule (shared/domain/answer-readiness.ts) first: an answer that says nothing is refused with why,
// an unusual or late one is asked about, each with its own question; then a final review
// (answer-review.tsx) queues it, once.
import { useCallback, useEffect, useRef, useState } from 'react';
import { mutate, useQuery } from '../data/data.ts';
import { useApp } from '../state/app-store.ts';
import type { MessageType } from '../../shared/domain/enums.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { concessionMeaning, parseConcession, typedAmount } from '../../shared/domain/concession.ts';
import { describeEarlierAnswer, secondAnswerWarning } from '../../shared/domain/answer-lifecycle.ts';
import { exhibitTitles, letterBlanks } from '../../shared/domain/cover-letter-templates.ts';
import { cycleMeaning } from '../../shared/domain/cycles.ts';
import { sendByLine } from '../../shared/domain/deadline-words.ts';
import {
  chargebackStatusText,
  describeReplyBy,
  documentStatusText,
  formatCalendarDate,
  formatMoment,
  formatSize,
  messageText,
  statusStepText,
} from '../../shared/domain/merchant-format.ts';
import { packetReadiness, type SizeCheck } from '../../shared/evidence/readiness.ts';
import type { AnswerChoice, DisputeView } from '../../shared/views/dispute-view.ts';
import { MoneyTotals, EntryLabelCell, EntryKindTag, EntryAmount } from '../components/money.tsx';
import { EvidenceBuilder } from './evidence-builder.tsx';
import { CardHistoryCard } from './card-history-card.tsx';
import { AnswerReview, type AnswerReviewFacts } from './answer-review.tsx';
import {
  answerReadiness,
  hasTypedFacts,
  type ReadinessConsents,
  type ReadinessProblem,
} from '../../shared/domain/answer-readiness.ts';
import { settingsOfDraft, type EvidenceDraft } from '../../shared/evidence/draft.ts';
import { providedSlots, slotIds, typedFields } from '../../shared/evidence/slots.ts';
import { checklistFilledBy, evidenceSlots, slotLabel } from '../../shared/domain/evidence-guidance.ts';
import '../styles/dispute.css';

/** A moment the app recorded, on the merchant's clock. */
const momentOnScreen = (ms: number): string => formatMoment(ms);
interface Props {
  profileId: string;
  chargebackId: string;
}

export function Dispute(p: Props) {
  // Another chargeback (a notification opens one while this one shows) starts from nothing: the
  // answer chosen, the note, the amount and the packet were this one's.
  return <DisputeOf key={`${p.profileId} ${p.chargebackId}`} {...p} />;
}

/** One answer as a radio: its label names it, its plain meaning describes it. */
function AnswerOption({
  choice,
  chosen,
  large,
  onChoose,
}: {
  choice: AnswerChoice;
  chosen: boolean;
  large: boolean;
  onChoose(type: MessageType): void;
}) {
  const id = `answer-${choice.type}`;
  return (
    <label className={`answer-option${large ? ' large' : ''}${chosen ? ' chosen' : ''}`} htmlFor={id}>
      <input
        id={id}
        type="radio"
        name="answer"
        value={choice.type}
        checked={chosen}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-meaning`}
        onChange={() => onChoose(choice.type)}
      />
      <span className="answer-text">
        <strong id={`${id}-label`}>{choice.label}</strong>
        <span id={`${id}-meaning`} className="muted">
          {choice.meaning}
          {choice.fits ? '' : ' Unusual at this stage.'}
          {large && (
            <span className="answer-next">
              {' '}
              Then: {choice.next} Costs: {choice.cost}
            </span>
          )}
        </span>
      </span>
    </label>
  );
}

/** The answers that fit first, as large cards; the others behind a disclosure, one radio group. */
function AnswerChooser({
  choices,
  type,
  onChoose,
}: {
  choices: DisputeView['messageTypes'];
  type: MessageType | '';
  onChoose(type: MessageType): void;
}) {
  const suggested = choices.filter((c) => c.suggested);
  // The others that fit the stage (a note among them) come first; those it does not usually take
  // wait behind their own disclosure, and choosing one is asked about before it goes.
  const others = choices.filter((c) => !c.suggested && c.fits);
  const unusual = choices.filter((c) => !c.suggested && !c.fits);
  // A chosen answer from the others keeps them open: the choice never hides itself.
  const [more, setMore] = useState(false);
  const [odd, setOdd] = useState(false);
  const open = more || others.some((c) => c.type === type);
  const oddOpen = odd || unusual.some((c) => c.type === type);
  return (
    <div role="radiogroup" aria-label="Response" className="answer-chooser">
      <div className="answer-cards">
        {suggested.map((c) => (
          <AnswerOption key={c.type} choice={c} chosen={type === c.type} large onChoose={onChoose} />
        ))}
      </div>
      {others.length > 0 && (
        <details className="more-answers" open={open} onToggle={(e) => setMore(e.currentTarget.open)}>
          <summary>More answers ({others.length})</summary>
          <div className="answer-list">
            {others.map((c) => (
              <AnswerOption key={c.type} choice={c} chosen={type === c.type} large={false} onChoose={onChoose} />
            ))}
          </div>
        </details>
      )}
      {unusual.length > 0 && (
        <details className="more-answers" open={oddOpen} onToggle={(e) => setOdd(e.currentTarget.open)}>
          <summary>Answers this stage does not usually take ({unusual.length})</summary>
          <div className="answer-list">
            {unusual.map((c) => (
              <AnswerOption key={c.type} choice={c} chosen={type === c.type} large={false} onChoose={onChoose} />
            ))}
          </div>
        </details>
      )}
    </div>
  );
}

function DisputeOf({ profileId, chargebackId }: Props) {
  const { go, say, clearToast, profiles } = useApp();
  const limits = profiles.find((p) => p.id === profileId)?.limits;
  const [draft, setDraft] = useState<EvidenceDraft>();
  const onDraft = useCallback((d: EvidenceDraft | undefined) => setDraft(d), []);
  const [check, setCheck] = useState<SizeCheck>({ state: 'empty' });
  const onCheck = useCallback((c: SizeCheck) => setCheck(c), []);
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
  const [another, setAnother] = useState(false);
  const [sending, setSending] = useState(false);
  // The yes the merchant gave to this answer's own questions (unusual at its stage, late).
  const [consents, setConsents] = useState<ReadinessConsents>({});
  // The question or refusal the readiness rule raised at the last press of Send.
  const [problem, setProblem] = useState<ReadinessProblem>();
  const [reviewing, setReviewing] = useState(false);
  // Set the moment the answer is handed to main, before any re-render: a second click (or a
  // double click) finds it set and queues nothing more.
  const queuing = useRef(false);
  const sendButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = !!asked.data;
  // Opening a dispute puts the keyboard on its heading (not the page behind), once it has loaded.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  // A question Send raised takes the keyboard too: its yes is one Tab away, never pressed by
  // the Enter that pressed Send.
  const question = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem?.consent) question.current?.focus();
  }, [problem]);

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
  const deadline = describeReplyBy(view.deadline.reply, new Date());
  // The send-by date stands beside the reply date while it is the one to meet (deadline-words.ts);
  // past the reply date, or once decided, the words say so instead.
  const sendBy = sendByLine(view.deadline);
  // A second answer to this stage is asked about first, with what was already sent.
  // Main said whether this answer would be a second one; its words are written here, on the merchant's clock.
  const already = rule?.secondAnswerWarning ? secondAnswerWarning(view.answer, momentOnScreen) : undefined;
  const withPages = !!(rule?.withEvidence && limits && draft && draft.arrangement.pages.length > 0);
  // Typed facts go in the packet too, with or without a file.
  const typedFacts = !!(rule?.withEvidence && hasTypedFacts(draft?.slots));
  const withEvidence = !!(limits && draft && (withPages || typedFacts));
  // A packet still being sized, or over the limits, waits (the handler refuses one over them too);
  // typed facts alone make a packet too (the letter that states them), sized like any other.
  const packet = packetReadiness(check);
  const packetHold = withEvidence && !packet.ok ? packet.reason : undefined;
  // A letter with blanks left in it is never sent: the main process refuses it too.
  const letterOn = withEvidence && draft?.coverLetter !== false && draft?.output !== 'image';
  const blanks = letterOn && draft ? letterBlanks(draft.rebuttal) : [];
  const conceded = rule?.needsAmount ? parseConcession(amount, disputed) : undefined;
  const choose = (value: MessageType): void => {
    setType(value);
    setAnother(false);
    setConsents({});
    setProblem(undefined);
    setAmountError('');
  };
  /** The answer as the readiness rule reads it, from what is on the page now. */
  const readiness = (given: ReadinessConsents): ReadinessProblem | undefined =>
    rule &&
    answerReadiness(
      {
        chargeback: { ...cb, reply: view.deadline.reply },
        messageType: rule.type,
        note,
        files: withPages && draft ? draft.arrangement.pages.length : 0,
        slots: rule.withEvidence ? draft?.slots : undefined,
      },
      given,
      new Date(),
    );

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

  /** Send: the amount, then the readiness rule (a refusal says why; a question waits for its own
   * yes), then a second answer is asked about, then the final review. Nothing is queued here. */
  function send(given: ReadinessConsents = consents): void {
    if (!rule) return;
    // The amount is checked where it is typed, by the same rule the main process applies again.
    const parsed = rule.needsAmount ? parseConcession(amount, disputed) : undefined;
    if (parsed && 'error' in parsed) return setAmountError(parsed.error.message);
    setAmountError('');
    clearToast();
    const stop = readiness(given);
    setProblem(stop);
    if (stop) return;
    if (already && !another) return setAnother(true);
    setReviewing(true);
  }

  /** Says yes to the question asked, then goes on as Send would. */
  function consent(to: keyof ReadinessConsents): void {
    const given = { ...consents, [to]: true };
    setConsents(given);
    send(given);
  }

  /** The review's "Confirm and send": hands the answer to main once, never while the packet
   * changed since the review opened is being sized again (its pages would be unknown). */
  async function queue(): Promise<void> {
    if (!rule || queuing.current || packetHold) return;
    queuing.current = true;
    setSending(true);
    const parsed = rule.needsAmount ? parseConcession(amount, disputed) : undefined;
    const minor = parsed && 'amount' in parsed ? parsed.amount : undefined;
    const evidence =
      withEvidence && draft && limits
        ? {
            arrangement: draft.arrangement,
            settings: settingsOfDraft(draft, limits),
            rebuttal: draft.rebuttal,
            ...(draft.slots ? { slots: draft.slots } : {}),
          }
        : undefined;
    const r = await mutate('submitResponse', {
      profileId,
      chargebackId,
      messageType: rule.type,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(minor !== undefined ? { amount: minor } : {}),
      // The review said it cannot be undone: confirming there is the merchant's confirmation.
      confirmed: true,
      ...(another ? { anotherAnswer: true } : {}),
      ...(consents.unusual ? { unusual: true } : {}),
      ...(consents.sendLate ? { sendLate: true } : {}),
      ...(evidence ? { evidence } : {}),
    });
    setSending(false);
    setReviewing(false);
    setAnother(false);
    if (!r.ok) {
      queuing.current = false;
      return say('error', r.error.message);
    }
    // Said on the outbox, where it is true (a message leaves with the screen it was said on).
    go({ name: 'outbox' });
    say('info', `${rule.label} is in the outbox and will be sent exactly once.`);
  }

  const slotSpecs = evidenceSlots(view.explanation.category ?? undefined);
  // A slot with a file or a typed fact reaches the letter and counts as filled; its checklist
  // items are ticked only by what each asks for (checklistFilledBy).
  const filled = rule?.withEvidence && draft ? providedSlots(draft.slots, draft.arrangement) : [];
  const filledBy =
    rule?.withEvidence && draft ? checklistFilledBy(draft.slots, draft.arrangement) : new Map<string, never>();
  const exhibits = draft ? new Set(draft.arrangement.pages.map((p) => p.itemId)).size : 0;
  // One page count for the packet everywhere (summary, builder, review): its pages as built, the
  // cover letter's included, from the size estimate of the arrangement on screen.
  const packetPages = withEvidence && check.state === 'sized' ? check.estimate.pages : undefined;
  const pagesText = packetPages === undefined ? 'counting…' : `${packetPages} page${packetPages === 1 ? '' : 's'}`;
  const sizeText =
    check.state === 'sized'
      ? `${formatSize(check.estimate.bytes)} of ${limits ? formatSize(limits.maxTotalBytes) : '?'}`
      : check.state === 'failed'
        ? 'could not be calculated'
        : 'calculating…';
  const letterText = !letterOn
    ? 'none'
    : blanks.length > 0
      ? `${blanks.length === 1 ? '1 blank' : `${blanks.length} blanks`} to fill`
      : 'ready';
  const concededText = conceded && 'amount' in conceded ? formatAmount(conceded.amount, currency) : '—';
  // The last refusal or question stays only while it still holds (a note typed since clears it).
  const shown = problem && readiness(consents)?.kind === problem.kind ? problem : undefined;
  const reviewFacts = (r: NonNullable<typeof rule>): AnswerReviewFacts => {
    // The exhibits by the titles the letter and the packet give them, never by their file names.
    const titles =
      withPages && draft
        ? exhibitTitles(draft.arrangement, draft.slots, (id) => draft.items.find((i) => i.id === id))
        : new Map<string, string>();
    const fact = (label: string): string | undefined => view.facts.find((f) => f.label === label)?.value;
    return {
      chargebackId,
      customer: fact('Cardholder') ?? fact('Company') ?? fact('Email'),
      order: fact('Order'),
      label: r.label,
      meaning: r.meaning,
      next: r.next,
      cost: r.cost,
      disputed: `${formatAmount(cb.total, currency)} disputed`,
      conceded: conceded && 'amount' in conceded ? concessionMeaning(conceded.amount, disputed) : undefined,
      note: note.trim() || undefined,
      exhibits: [...titles.values()],
      pages: packetPages ?? 0,
      letter: withEvidence && letterOn,
      typed: typedFacts ? slotIds.filter((id) => typedFields(draft?.slots, id).length > 0).map(slotLabel) : [],
      cannotUndo: r.needsConfirmation,
      unusual: consents.unusual === true,
      late: consents.sendLate === true,
      another,
    };
  };

  const summary = (
    <article className="card summary-card" aria-label="What will be sent">
      <h2>What will be sent</h2>
      <dl className="summary">
        <div>
          <dt>Answer</dt>
          <dd data-testid="summary-answer">{rule ? rule.label : 'Not chosen yet'}</dd>
        </div>
        <div>
          <dt>Amount disputed</dt>
          <dd>{formatAmount(cb.total, currency)}</dd>
        </div>
        {rule?.needsAmount && (
          <div>
            <dt>You concede</dt>
            <dd>{concededText}</dd>
          </div>
        )}
        {rule?.withEvidence && (
          <>
            <div>
              <dt>Exhibits</dt>
              <dd data-testid="summary-exhibits">
                {exhibits === 0 ? 'None yet' : `${exhibits} file${exhibits === 1 ? '' : 's'}`}
              </dd>
            </div>
            {withEvidence && (
              <div>
                <dt>Pages</dt>
                <dd data-testid="summary-pages">
                  {pagesText}
                  {letterOn ? ', the cover letter’s included' : ''}
                </dd>
              </div>
            )}
            {slotSpecs.length > 0 && (
              <div>
                <dt>Evidence slots</dt>
                <dd data-testid="summary-slots">
                  {slotSpecs.filter((x) => filled.includes(x.id)).length} of {slotSpecs.length} filled
                </dd>
              </div>
            )}
            {withEvidence && (
              <div>
                <dt>Size</dt>
                <dd data-testid="summary-size">{sizeText}</dd>
              </div>
            )}
            {withEvidence && (
              <div>
                <dt>Cover letter</dt>
                <dd data-testid="summary-letter" className={blanks.length ? 'needs' : ''}>
                  {letterText}
                </dd>
              </div>
            )}
          </>
        )}
      </dl>
      {another && already && (
        <div className="error confirm" role="alert">
          <p>{already}</p>
          <p>Press “Send another answer” only if you mean the issuer to get both.</p>
        </div>
      )}
      {shown && !shown.consent && (
        <p className="error" role="alert" data-testid="answer-refused">
          {shown.text}
        </p>
      )}
      {shown?.consent === 'unusual' && (
        <div className="error confirm" role="alert" data-testid="answer-question" ref={question} tabIndex={-1}>
          <p>{shown.text}</p>
          <p>Do you mean to send it all the same?</p>
          <button type="button" onClick={() => consent('unusual')}>
            Yes, I mean this answer
          </button>
        </div>
      )}
      {shown?.consent === 'sendLate' && (
        <div className="error confirm" role="alert" data-testid="answer-question" ref={question} tabIndex={-1}>
          <p>{shown.text}</p>
          <p>Send it only if your processor agreed to take it late.</p>
          <button type="button" onClick={() => consent('sendLate')}>
            Send it late anyway
          </button>
        </div>
      )}
      {blanks.length > 0 && (
        <p className="error" role="alert">
          The cover letter still has {blanks.length === 1 ? 'a blank' : `${blanks.length} blanks`} to fill:{' '}
          {blanks.join(', ')}. Write in what belongs there, or take the sentence out.
        </p>
      )}
      <button
        ref={sendButton}
        className="primary send"
        disabled={!rule || sending || blanks.length > 0 || !!packetHold}
        aria-describedby={packetHold ? 'packet-hold' : undefined}
        onClick={() => send()}
      >
        {sending
          ? 'Building and queuing…'
          : another && already
            ? 'Send another answer'
            : withEvidence
              ? 'Add to outbox'
              : 'Send'}
      </button>
      {/* Under Send, never above it: a hint that comes and goes while the packet is re-sized must
          not move the button between the press and the release of a click. */}
      {packetHold && (
        <p className="hint" id="packet-hold" role="status">
          {packetHold}
        </p>
      )}
      {!rule && <p className="hint">Choose an answer to send.</p>}
      {reviewing && rule && (
        <AnswerReview
          facts={reviewFacts(rule)}
          sending={sending}
          hold={packetHold}
          onConfirm={() => void queue()}
          onClose={() => !queuing.current && setReviewing(false)}
          opener={sendButton}
        />
      )}
    </article>
  );

  return (
    <section className="dispute guided" aria-label={`Chargeback ${chargebackId}`}>
      <button className="link" onClick={() => go({ name: 'inbox' })}>
        ← Inbox
      </button>
      <header className="dispute-head">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            {formatAmount(cb.total, currency)}{' '}
            <span className={`status ${cb.status}`}>{chargebackStatusText(cb.status)}</span>
          </h1>
          <p className="muted">
            {view.explanation.categoryLabel ?? view.explanation.title} · {cycleMeaning(cb.cycle)} · {chargebackId}
          </p>
        </div>
        <div className={`deadline-box ${view.deadline.state}`} data-testid="reply-by">
          {deadline ? (
            <>
              <time dateTime={deadline.iso}>{deadline.text}</time>
              {deadline.yourClock ? (
                <span className="muted" data-testid="reply-your-clock">
                  {deadline.yourClock} on your clock
                </span>
              ) : null}
              {view.deadline.outcome || view.deadline.state === 'overdue' ? (
                <strong>{view.deadline.text}</strong>
              ) : (view.deadline.sendByDaysLeft ?? 0) < 0 ? null : (
                <strong>{deadline.relative}</strong>
              )}
              {sendBy ? (
                <strong data-testid="send-by" title={sendBy.title}>
                  {sendBy.text}
                </strong>
              ) : null}
            </>
          ) : (
            <>
              <span>No reply date</span>
              <strong>{view.deadline.text}</strong>
            </>
          )}
        </div>
      </header>
      <div className="guided-grid">
        <div className="guided-main">
          <article className="card">
            <h2>{view.explanation.title}</h2>
            <p>{view.explanation.plainWords}</p>
          </article>
          <article className="card answer-card">
            <h2>Answer</h2>
            <p className="answer-stage" data-testid="answer-stage" role="status">
              <strong>{view.answer.label}</strong>
            </p>
            {view.answer.earlier.length > 0 && (
              <ul className="answer-life" aria-label="Answers at this stage">
                {view.answer.earlier.map((e, i) => {
                  const sent = e.jobId ? view.sentDrafts.find((d) => d.jobId === e.jobId) : undefined;
                  return (
                    <li key={`${e.jobId ?? e.messageType}-${i}`}>
                      {describeEarlierAnswer(e, momentOnScreen)}
                      {sent?.pages ? ` · its packet: ${sent.pages} page${sent.pages === 1 ? '' : 's'}` : ''}
                    </li>
                  );
                })}
              </ul>
            )}
            {view.answer.lastFailure && <p className="hint">The last attempt failed: {view.answer.lastFailure}</p>}
            {view.answerable ? (
              <div className="answer">
                <AnswerChooser choices={view.messageTypes} type={type} onChoose={choose} />
                {rule?.needsAmount && (
                  <>
                    <label>
                      Amount conceded ({currency}, at most {typedAmount(disputed.total, currency)})
                      <input
                        inputMode="decimal"
                        value={amount}
                        aria-invalid={amountError ? true : undefined}
                        onChange={(e) => (setAmount(e.target.value), setAmountError(''))}
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
                    Note for the processor (optional)
                    <textarea rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
                  </label>
                )}
              </div>
            ) : (
              <p role="status">{view.whyNot}</p>
            )}
          </article>
          <article className="card">
            <h2>Evidence that wins</h2>
            <p>{view.guidance.summary}</p>
            <ul className="checklist">
              {view.guidance.checklist.map((i) => {
                const by = filledBy.get(i.id);
                return (
                  <li key={i.id} className={by ? 'provided' : undefined}>
                    <label>
                      <input
                        type="checkbox"
                        checked={!!by || ticked(i.id, i.checked)}
                        disabled={!!by}
                        onChange={(e) => void tick(i.id, e.target.checked)}
                      />{' '}
                      <strong>{i.label}</strong> <span className="muted">{i.detail}</span>
                      {by && <span className="provided-by">In the packet: {slotLabel(by)}</span>}
                    </label>
                  </li>
                );
              })}
            </ul>
            <p className="hint">{view.guidance.advice}</p>
          </article>
          <CardHistoryCard profileId={profileId} chargebackId={chargebackId} />
          {view.answerable && rule?.withEvidence && limits && (
            <article className="card evidence-card" aria-label="Evidence packet">
              <h2>Evidence packet: {rule.label.toLowerCase()}</h2>
              <EvidenceBuilder
                profileId={profileId}
                chargebackId={chargebackId}
                limits={limits}
                onChange={onDraft}
                onCheck={onCheck}
                slots={slotSpecs}
              />
            </article>
          )}
        </div>
        {/* It scrolls on its own when taller than the window: focusable, so a keyboard can scroll it. */}
        <aside className="guided-side" tabIndex={0} aria-label="What will be sent, and the dispute's facts">
          {view.answerable && summary}
          <article className="card">
            <h2>The disputed transaction</h2>
            {view.facts.length ? (
              <dl className="facts">
                {view.facts.map((f) => (
                  <div key={f.label}>
                    <dt>{f.label}</dt>
                    <dd>
                      {f.kind === 'date'
                        ? formatCalendarDate(f.value) || f.value
                        : f.kind === 'moment'
                          ? formatMoment(f.value) || f.value
                          : f.value}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="muted">The transaction's details arrive with its ledger entries at the next sync.</p>
            )}
          </article>
          <article className="card">
            <h2>History</h2>
            <ol className="timeline">
              {view.history.map((s) => (
                <li key={s.id}>
                  <strong>{statusStepText(s.status, s.messageType)}</strong>{' '}
                  <span className="muted">{formatMoment(s.at)}</span>
                </li>
              ))}
              {view.messages.map((m) => (
                <li key={m.id}>
                  <strong>{messageText(m.type, m.status)}</strong> <span className="muted">{formatMoment(m.at)}</span>
                </li>
              ))}
              {view.documents.map((d) => (
                <li key={d.id}>
                  Document <strong>{d.name}</strong>
                  {d.status ? `, ${documentStatusText(d.status)}` : ''}
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
                      <td>{e.created ? formatCalendarDate(e.created.slice(0, 10)) : ''}</td>
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
        </aside>
      </div>
    </section>
  );
}
