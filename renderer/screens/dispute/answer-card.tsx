// The "Answer" card: where this stage's answer stands, the earlier answers, and the answer being
// written (which one, the amount conceded, a note).
import type { MessageType } from '../../../shared/domain/enums.ts';
import { typedAmount } from '../../../shared/domain/concession.ts';
import { messageTypeRules } from '../../../shared/domain/message-type-rules.ts';
import { describeEarlierAnswer } from '../../../shared/domain/answer-lifecycle.ts';
import type { DisputeView } from '../../../shared/views/dispute-view.ts';
import { AnswerChooser } from './answer-chooser.tsx';
import { momentOnScreen, type Answer, type AnswerState } from './use-answer.ts';

export function AnswerCard({ view, s, answer }: { view: DisputeView; s: AnswerState; answer: Answer }) {
  const { rule, disputed } = answer;
  return (
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
          <AnswerChooser choices={view.messageTypes} type={s.type} onChoose={(t: MessageType) => answer.choose(t)} />
          {rule?.needsAmount && (
            <>
              <label>
                Amount conceded ({disputed.currency}, at most {typedAmount(disputed.total, disputed.currency)})
                <input
                  inputMode="decimal"
                  value={s.amount}
                  aria-invalid={s.amountError ? true : undefined}
                  onChange={(e) => (s.setAmount(e.target.value), s.setAmountError(''))}
                />
              </label>
              {s.amountError && (
                <p className="error" role="alert">
                  {s.amountError}
                </p>
              )}
            </>
          )}
          {rule && (
            <label>
              {/* A note alone is the whole of a message that carries nothing else. */}
              {messageTypeRules[rule.type].needsContent && !rule.withEvidence
                ? 'Note for the processor'
                : 'Note for the processor (optional)'}
              <textarea rows={2} value={s.note} onChange={(e) => s.setNote(e.target.value)} />
            </label>
          )}
        </div>
      ) : (
        <p role="status">{view.whyNot}</p>
      )}
    </article>
  );
}
