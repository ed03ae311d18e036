// The cover letter: the draft the merchant edits (untouched, it follows the packet) and, beside
// it, the letter exactly as it will be sent, composed with the same function main builds it with
// from the same record facts, so what the merchant reads here is what the issuer reads.
import type { QueryState } from '../../data/query-client.ts';
import * as edit from '../../../shared/evidence/draft-edits.ts';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { z } from 'zod';
import type { IpcContract } from '../../../shared/ipc/contract.ts';
import type { EvidenceItem } from '../../../shared/evidence/items.ts';
import { composeLetter, type ComposedLetter } from '../../../shared/domain/cover-letter-compose.ts';

/** What the letter is composed from (letterGrounds), asked by the builder for as long as it shows. */
export type LetterGrounds = QueryState<z.output<IpcContract['letterGrounds']['output']>>;

export function CoverLetter({
  grounds,
  draft,
  itemOf,
  setDraft,
}: {
  grounds: LetterGrounds;
  draft: EvidenceDraft;
  itemOf(id: string): EvidenceItem | undefined;
  setDraft(d: EvidenceDraft): void;
}) {
  const letter: ComposedLetter | undefined =
    grounds.data &&
    composeLetter({
      rebuttal: draft.rebuttal,
      category: grounds.data.category ?? undefined,
      facts: grounds.data.facts,
      arrangement: draft.arrangement,
      slots: draft.slots,
      itemOf,
      compellingEvidence: grounds.data.compellingEvidence
        ? { verdict: grounds.data.compellingEvidence, itemId: undefined }
        : undefined,
      customerHistory: grounds.data.customerHistory
        ? { ...grounds.data.customerHistory, itemId: undefined }
        : undefined,
    });
  return (
    <>
      <label>
        Cover letter
        <textarea
          aria-label="Cover letter"
          rows={8}
          // Untouched, the draft shown follows the packet: only the sentences it supports.
          value={letter?.untouched ? letter.draft : draft.rebuttal}
          onChange={(e) => setDraft(edit.setRebuttal(draft, e.target.value))}
        />
      </label>
      <LetterAsSent letter={letter} failed={grounds.error?.message} />
    </>
  );
}

/** The letter's body as it will be sent, read-only: each claim that will be left out struck
 * through where it stood with why, each paragraph written from an evidence section marked. */
function LetterAsSent({ letter, failed }: { letter: ComposedLetter | undefined; failed: string | undefined }) {
  if (!letter)
    return (
      <p className="muted" role="status">
        {failed ? `The letter as it will be sent cannot be shown: ${failed}` : 'Writing the letter as it will be sent…'}
      </p>
    );
  return (
    <section className="letter-as-sent" aria-label="The letter as it will be sent">
      <p className="hint">
        The letter as it will be sent
        {letter.leftOut.length > 0
          ? ` (${letter.leftOut.length} ${letter.leftOut.length === 1 ? 'sentence' : 'sentences'} ` +
            'of your draft left out, struck through below):'
          : ':'}
      </p>
      <div className="letter-body" data-testid="letter-as-sent">
        {letter.parts.map((p, i) =>
          p.kind === 'text' ? (
            <span key={i}>{p.text}</span>
          ) : p.kind === 'added' ? (
            <span key={i} className="letter-added" title="Written from your evidence">
              {p.text}
            </span>
          ) : (
            <span key={i} className="letter-left-out" data-testid="left-out">
              <del>{p.text}</del> <small>Left out: {p.why}.</small>
            </span>
          ),
        )}
      </div>
    </section>
  );
}
