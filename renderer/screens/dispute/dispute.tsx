// One dispute as a guided answer: what is claimed, the two or three answers that fit its stage and
// reason (the rest behind "More answers"), the evidence that wins it, and a summary of what will
// be sent with the Send button under it, beside the work. Every value is shown in words and in
// the merchant's locale and time zone (shared/domain/merchant-format.ts). Send asks the readiness
// rule (shared/domain/answer-readiness.ts) first: an answer that says nothing is refused with why,
// an unusual or late one is asked about, each with its own question; then a final review
// (answer-review.tsx) queues it, once. This file loads the dispute and lays out its cards; each
// card is its own component in this folder.
import { useCallback, useEffect, useRef, useState } from 'react';
import { historyExhibitTitles } from '../../../shared/views/card-history-view.ts';
import { useQuery } from '../../data/data.ts';
import { useApp } from '../../state/app-store.ts';
import type { SizeCheck } from '../../../shared/evidence/readiness.ts';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import { checklistFilledBy, evidenceSlots } from '../../../shared/domain/evidence-guidance.ts';
import type { SlotId } from '../../../shared/evidence/slots.ts';
import { EvidenceBuilder } from '../evidence-builder/evidence-builder.tsx';
import type { DraftEdit } from '../evidence-builder/use-draft.ts';
import { PaymentFactsCard } from './payment-facts.tsx';
import { DisputeHead } from './dispute-head.tsx';
import { AnswerCard } from './answer-card.tsx';
import { EvidenceChecklist } from './evidence-checklist.tsx';
import { SendSummary } from './send-summary.tsx';
import { TransactionFacts } from './transaction-facts.tsx';
import { DisputeHistory, DisputeMoney } from './dispute-record.tsx';
import { answerOf, useAnswerState } from './use-answer.ts';
import { CardHistoryCard } from './card-history-card.tsx';

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
  const [check, setCheck] = useState<SizeCheck>({ state: 'empty' });
  const onCheck = useCallback((c: SizeCheck) => setCheck(c), []);
  // A change to the draft made on this page (the payment's facts), handed to the builder that keeps it.
  const [draftEdit, setDraftEdit] = useState<DraftEdit>();
  const asked = useQuery('getDispute', { profileId, chargebackId });
  // The card history's exhibits (CE 3.0, the customer's orders) go in the packet too.
  const historyExhibits = historyExhibitTitles(useQuery('getCardHistory', { profileId, chargebackId }).data);
  const view = asked.data;
  const error = asked.error?.message;
  // The answer's state lives as long as the page: a refetch that fails for a moment keeps it.
  const s = useAnswerState();
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = !!asked.data;
  // Opening a dispute puts the keyboard on its heading (not the page behind), once it has loaded.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

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
  const app = { go, say, clearToast };
  const answer = answerOf(s, { view, profileId, chargebackId, limits, draft, check, historyExhibits, app });
  const { rule } = answer;
  const slotSpecs = evidenceSlots(view.explanation.category ?? undefined);
  // Checklist items are ticked only by what each asks for (checklistFilledBy).
  const filledBy =
    rule?.withEvidence && draft ? checklistFilledBy(draft.slots, draft.arrangement) : new Map<string, SlotId>();

  return (
    <section className="dispute guided" aria-label={`Chargeback ${chargebackId}`}>
      <button className="link" onClick={() => go({ name: 'inbox' })}>
        ← Inbox
      </button>
      <DisputeHead view={view} chargebackId={chargebackId} heading={heading} />
      <div className="guided-grid">
        <div className="guided-main">
          <article className="card">
            <h2>{view.explanation.title}</h2>
            <p>{view.explanation.plainWords}</p>
          </article>
          <AnswerCard view={view} s={s} answer={answer} />
          <EvidenceChecklist view={view} profileId={profileId} chargebackId={chargebackId} filledBy={filledBy} />
          {/* Cards about the dispute's own proof (the payment's facts, Compelling Evidence) go
              here, between what wins and the packet that carries it. */}
          <PaymentFactsCard
            facts={view.paymentFacts}
            draft={view.answerable && rule?.withEvidence ? draft : undefined}
            onEdit={setDraftEdit}
          />
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
                edit={draftEdit}
              />
            </article>
          )}
        </div>
        {/* It scrolls on its own when taller than the window: focusable, so a keyboard can scroll it. */}
        <aside className="guided-side" tabIndex={0} aria-label="What will be sent, and the dispute's facts">
          {view.answerable && (
            <SendSummary
              view={view}
              chargebackId={chargebackId}
              s={s}
              answer={answer}
              draft={draft}
              check={check}
              limits={limits}
              slotSpecs={slotSpecs}
            />
          )}
          <TransactionFacts view={view} />
          <DisputeHistory view={view} />
          <DisputeMoney view={view} />
        </aside>
      </div>
    </section>
  );
}
