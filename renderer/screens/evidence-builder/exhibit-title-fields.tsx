// Each exhibit's title as the cover letter and the packet name it, one field per exhibit in
// packet order: empty, it shows the title the file would get (its slot's or its kind's).
import * as edit from '../../../shared/evidence/draft-edits.ts';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { EvidenceItem } from '../../../shared/evidence/items.ts';
import { exhibitOrder, exhibitTitleMax } from '../../../shared/evidence/slots.ts';
import { suggestedTitle } from '../../../shared/domain/exhibit-titles.ts';

export function ExhibitTitleFields({
  draft,
  titles,
  itemOf,
  setDraft,
}: {
  draft: EvidenceDraft;
  titles: Map<string, string>;
  itemOf(id: string): EvidenceItem | undefined;
  setDraft(d: EvidenceDraft): void;
}) {
  if (draft.arrangement.pages.length === 0) return null;
  return (
    <ol className="exhibit-titles" aria-label="Exhibit titles">
      {exhibitOrder(draft.arrangement).map((id, n) => (
        <li key={id}>
          <label htmlFor={`exhibit-title-${id}`}>
            Exhibit {n + 1} <span className="muted">{itemOf(id)?.name ?? ''}</span>
          </label>
          <input
            id={`exhibit-title-${id}`}
            maxLength={exhibitTitleMax}
            value={draft.slots?.titles?.[id] ?? titles.get(id) ?? ''}
            placeholder={suggestedTitle(itemOf(id))}
            onChange={(e) => setDraft(edit.setExhibitTitle(draft, id, e.target.value))}
            onBlur={(e) => {
              // Leaving the field as it was changes nothing (and sizes nothing again): the
              // press of Send that left it must find the button where it was.
              const left = e.target.value.trim();
              const kept = draft.slots?.titles?.[id];
              if (left === kept || (kept === undefined && left === (titles.get(id) ?? ''))) return;
              setDraft(edit.setExhibitTitle(draft, id, e.target.value, true));
            }}
          />
        </li>
      ))}
    </ol>
  );
}
