// One slot of structured evidence: its facts as fields, its files, and a place to drop or pick
// more. Files go through the same import as any other (dropped Files become paths in the preload,
// main's one walker imports them); a refused file is named here, the others go in.
import type { DragEvent } from 'react';
import * as edit from '../../../shared/evidence/draft-edits.ts';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import { slotExhibits, slotFieldLimits, typedFields, type SlotId } from '../../../shared/evidence/slots.ts';
import type { EvidenceSlotSpec } from '../../../shared/domain/evidence-guidance.ts';
import { citeExhibits } from '../../../shared/domain/exhibit-titles.ts';
import { slotSuggestions } from '../../../shared/domain/slot-paragraphs.ts';

export function EvidenceSlot({
  spec,
  draft,
  titles,
  refusals,
  busy,
  onDraft,
  onPick,
  onDrop,
}: {
  spec: EvidenceSlotSpec;
  draft: EvidenceDraft;
  titles: Map<string, string>;
  refusals: string[];
  busy: boolean;
  onDraft(d: EvidenceDraft): void;
  onPick(slot: SlotId): void;
  onDrop(slot: SlotId, e: DragEvent): void;
}) {
  const fill = draft.slots?.[spec.id];
  const exhibits = slotExhibits(draft.slots, spec.id, draft.arrangement);
  const typed = spec.fields.filter((f) => typedFields(draft.slots, spec.id).includes(f.field));
  // Typed facts reach the letter without a file: a section holding only them is not empty.
  const state = [
    ...(exhibits.length ? [citeExhibits(exhibits)] : []),
    ...(typed.length ? [`typed: ${typed.map((f) => f.label.toLowerCase()).join(', ')}`] : []),
  ].join(' · ');
  const files = (fill?.files ?? []).filter((id) => draft.arrangement.pages.some((p) => p.itemId === id));
  const nameOf = (id: string): string => draft.items.find((i) => i.id === id)?.name ?? id;
  const fieldId = (f: string): string => `slot-${spec.id}-${f}`;
  return (
    <section
      className={`slot${state ? ' filled' : ''}`}
      aria-label={spec.label}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => (e.stopPropagation(), onDrop(spec.id, e))}
    >
      <header className="slot-head">
        <strong>{spec.label}</strong>
        <span className="slot-state" data-testid={`slot-state-${spec.id}`}>
          {state ? `✓ ${state.charAt(0).toUpperCase()}${state.slice(1)}` : 'Empty'}
        </span>
      </header>
      <p className="hint">{spec.hint}</p>
      {slotSuggestions(draft, spec.id).map((item) => (
        <p key={item.id} className="slot-suggestion" data-testid={`slot-suggestion-${spec.id}`}>
          {item.name}, in the packet, looks like one; it counts here only once put here.{' '}
          <button
            type="button"
            className="link"
            onClick={() => onDraft(edit.addToSlot(draft, spec.id, [{ ok: true, item, duplicate: true }]))}
          >
            Put it here
          </button>
        </p>
      ))}
      {spec.fields.length > 0 && (
        <div className="slot-fields">
          {spec.fields.map((f) => (
            <label key={f.field} htmlFor={fieldId(f.field)}>
              {f.label}
              <input
                id={fieldId(f.field)}
                type={f.input}
                placeholder={f.placeholder}
                maxLength={slotFieldLimits[f.field]}
                value={fill?.fields[f.field] ?? ''}
                onChange={(e) => onDraft(edit.setSlotField(draft, spec.id, f.field, e.target.value))}
                onBlur={(e) => onDraft(edit.setSlotField(draft, spec.id, f.field, e.target.value, true))}
              />
            </label>
          ))}
        </div>
      )}
      {spec.id === 'tracking' && exhibits.length > 0 && !fill?.fields.trackingNumber && (
        <p className="hint" role="status">
          No tracking number yet: the letter will not cite one.
        </p>
      )}
      {files.length > 0 && (
        <ul className="slot-files" aria-label={`Files in ${spec.label}`}>
          {files.map((id) => (
            <li key={id}>
              <span>{titles.get(id) ?? nameOf(id)}</span> <span className="muted">{nameOf(id)}</span>
              <button
                className="link"
                aria-label={`Take ${nameOf(id)} out of ${spec.label}`}
                onClick={() => onDraft(edit.removeFromSlot(draft, spec.id, id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {refusals.length > 0 && (
        <ul className="refusals" aria-label={`Not added to ${spec.label}`}>
          {refusals.map((r, i) => (
            <li key={i} className="error">
              {r}
            </li>
          ))}
        </ul>
      )}
      <div className="slot-drop">
        <button onClick={() => onPick(spec.id)} disabled={busy} aria-label={`Add files to ${spec.label}…`}>
          Choose files…
        </button>
        <span className="muted">or drop them here</span>
      </div>
    </section>
  );
}
