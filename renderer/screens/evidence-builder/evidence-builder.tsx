// Evidence for one dispute: add files (pickers or drop), see every page, put them in order,
// rotate or remove them, choose and adjust a preset, keep PDF pages or turn them into images,
// choose one PDF or a single image, watch the size against the limits, write the cover letter,
// and preview the packet exactly as it will be sent. The draft saves itself. This file lays the
// builder out; each part and its calls live beside it.
import { useEffect, useRef } from 'react';
import { useQuery } from '../../data/data.ts';
import * as edit from '../../../shared/evidence/draft-edits.ts';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { SizeCheck } from '../../../shared/evidence/readiness.ts';
import type { EvidenceLimits } from '../../../shared/evidence/limits.ts';
import type { EvidenceSlotSpec } from '../../../shared/domain/evidence-guidance.ts';
import { exhibitTitles } from '../../../shared/domain/exhibit-titles.ts';
import { useDraft, type DraftEdit } from './use-draft.ts';
import { useEvidenceImport } from './use-evidence-import.ts';
import { hasPacket, SizeMeter, useSizeCheck } from './size-meter.tsx';
import { historyExhibitTitles } from '../../../shared/views/card-history-view.ts';
import { Preview, usePreview } from './preview.tsx';
import { EvidenceSlot } from './evidence-slot.tsx';
import { PageList } from './page-list.tsx';
import { CardMasks } from './card-masks.tsx';
import { FileSettings } from './file-settings.tsx';
import { ExhibitTitleFields } from './exhibit-title-fields.tsx';
import { CoverLetter } from './cover-letter.tsx';

export function EvidenceBuilder({
  profileId,
  chargebackId,
  limits,
  onChange,
  onCheck,
  slots,
  edit: outsideEdit,
}: {
  profileId: string;
  chargebackId: string;
  limits: EvidenceLimits;
  /** A change made to the draft from outside the builder (the dispute page's payment facts):
   * applied once, when a new one arrives, then saved like any other. */
  edit?: DraftEdit | undefined;
  /** The slots of structured evidence this dispute's reason asks for (evidenceSlots). */
  slots: readonly EvidenceSlotSpec[];
  onChange(d: EvidenceDraft | undefined): void;
  /** The packet's size as arranged, for the summary beside Send (which asks packetReadiness). */
  onCheck(c: SizeCheck): void;
}) {
  const [draft, setDraft] = useDraft({ profileId, chargebackId, outsideEdit, onChange });
  const imports = useEvidenceImport({ profileId, chargebackId, draft, setDraft });
  const { busy } = imports;
  const preview = usePreview(profileId, chargebackId, imports.setBusy);
  const previewButton = useRef<HTMLButtonElement>(null);
  // The card history's exhibits (CE 3.0, the customer's orders) are packet pages too.
  const fromHistory = historyExhibitTitles(useQuery('getCardHistory', { profileId, chargebackId }).data).length;
  const check = useSizeCheck({ draft, limits, profileId, chargebackId, busy, fromHistory });
  const checkKey = JSON.stringify(check);
  // Told again only when the check changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- checkKey spells out the check
  useEffect(() => onCheck(check), [checkKey, onCheck]);
  const grounds = useQuery('letterGrounds', { profileId, chargebackId });

  if (!draft) return <p className="muted">Loading the draft…</p>;
  const itemOf = (id: string) => draft.items.find((i) => i.id === id);
  const titles = exhibitTitles(draft.arrangement, draft.slots, itemOf);

  return (
    <div className="builder">
      {slots.length > 0 && (
        <div className="slots" aria-label="Evidence by kind">
          {slots.map((spec) => (
            <EvidenceSlot
              key={spec.id}
              spec={spec}
              draft={draft}
              titles={titles}
              refusals={imports.slotRefusals[spec.id] ?? []}
              busy={!!busy}
              onDraft={setDraft}
              onPick={(slot) => void imports.add({ pick: 'files' }, slot)}
              onDrop={(slot, e) => void imports.add({ drop: e }, slot)}
            />
          ))}
        </div>
      )}
      <div
        className={`dropzone${busy ? ' busy' : ''}`}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => void imports.add({ drop: e })}
        aria-label="Drop photos, scans or PDFs here"
      >
        <p>{busy || 'Other evidence: drop photos, scans, PDFs or a whole folder here'}</p>
        <div className="row">
          <button onClick={() => void imports.add({ pick: 'files' })} disabled={!!busy}>
            Add files…
          </button>
          <button onClick={() => void imports.add({ pick: 'folder' })} disabled={!!busy}>
            Add a folder…
          </button>
        </div>
      </div>
      {imports.refusals.length > 0 && (
        <ul className="refusals" aria-label="Files not added">
          {imports.refusals.map((r, i) => (
            <li key={i} className={r.skipped ? 'muted' : 'error'}>
              {r.text}
            </li>
          ))}
        </ul>
      )}
      {Object.entries(imports.misfits)
        .filter(([id]) => draft.arrangement.pages.some((p) => p.itemId === id))
        .map(([id, w]) => (
          <p key={id} className="warn" role="alert">
            {w}
          </p>
        ))}
      <PageList draft={draft} titles={titles} setDraft={setDraft} />
      <CardMasks draft={draft} setDraft={setDraft} />
      <SizeMeter check={check} limits={limits} />
      <FileSettings draft={draft} limits={limits} setDraft={setDraft} />
      <label className="check">
        <input
          type="checkbox"
          checked={draft.coverLetter !== false}
          onChange={(e) => setDraft(edit.setCoverLetter(draft, e.target.checked))}
        />
        Start with a cover letter
      </label>
      <ExhibitTitleFields draft={draft} titles={titles} itemOf={itemOf} setDraft={setDraft} />
      {draft.coverLetter !== false && (
        <CoverLetter grounds={grounds} draft={draft} itemOf={itemOf} setDraft={setDraft} />
      )}
      <button
        ref={previewButton}
        onClick={() => void preview.show(draft)}
        disabled={!!busy || !hasPacket(draft, fromHistory)}
      >
        Preview the packet
      </button>
      {preview.files && (
        <Preview chargebackId={chargebackId} files={preview.files} onClose={preview.close} opener={previewButton} />
      )}
    </div>
  );
}
