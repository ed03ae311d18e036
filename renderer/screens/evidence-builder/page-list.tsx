// The packet's pages in order, each with its picture and name: moved by dragging or by the
// arrow buttons, rotated, or removed; a page with a card number covered says so.
import { useState } from 'react';
import * as edit from '../../../shared/evidence/draft-edits.ts';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import { Thumb } from './thumbs.tsx';
import { PageMaskBadge } from './card-masks.tsx';

export function PageList({
  draft,
  titles,
  setDraft,
}: {
  draft: EvidenceDraft;
  titles: Map<string, string>;
  setDraft(d: EvidenceDraft): void;
}) {
  const [dragging, setDragging] = useState<number>();
  const item = (id: string) => draft.items.find((i) => i.id === id);
  const nameOf = (id: string): string => item(id)?.name ?? '';
  const move = (from: number, to: number): void => setDraft(edit.movePage(draft, from, to));
  if (draft.arrangement.pages.length === 0) return null;
  return (
    <ol className="pages" aria-label="Pages in order">
      {draft.arrangement.pages.map((p, i) => (
        <li
          key={`${p.itemId}:${p.page}:${i}`}
          draggable
          onDragStart={() => setDragging(i)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => (e.stopPropagation(), dragging !== undefined && move(dragging, i), setDragging(undefined))}
          className="page-tile"
        >
          <Thumb page={p} kind={item(p.itemId)?.kind ?? 'jpeg'} />
          <span className="page-name" title={titles.get(p.itemId) ?? nameOf(p.itemId)}>
            {i + 1}. {titles.get(p.itemId) ?? nameOf(p.itemId)}
            {(item(p.itemId)?.pages ?? 1) > 1 ? ` p.${p.page + 1}` : ''}
          </span>
          <PageMaskBadge page={p} draft={draft} />
          <span className="page-actions">
            <button aria-label={`Move page ${i + 1} earlier`} onClick={() => move(i, i - 1)} disabled={i === 0}>
              ←
            </button>
            <button aria-label={`Rotate page ${i + 1}`} onClick={() => setDraft(edit.rotatePage(draft, i))}>
              ⟳
            </button>
            <button aria-label={`Remove page ${i + 1}`} onClick={() => setDraft(edit.removePage(draft, i))}>
              ✕
            </button>
            <button
              aria-label={`Move page ${i + 1} later`}
              onClick={() => move(i, i + 1)}
              disabled={i === draft.arrangement.pages.length - 1}
            >
              →
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}
