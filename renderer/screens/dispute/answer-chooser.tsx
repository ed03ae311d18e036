// Chooses the answer: the ones that fit the stage first as large cards, the others behind
// disclosures, all one radio group.
import { useState } from 'react';
import type { MessageType } from '../../../shared/domain/enums.ts';
import type { AnswerChoice, DisputeView } from '../../../shared/views/dispute-view.ts';

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
export function AnswerChooser({
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
