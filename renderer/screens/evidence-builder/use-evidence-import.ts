// Adding files to the draft, picked in main's dialog or dropped on the window, into the packet or
// into one slot: one import for every door. Says what is being added while it is, lists what was
// refused, warns of a receipt that belongs to another chargeback, and puts the focus on the title
// of the first file that came in.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { dataClient, mutate } from '../../data/data.ts';
import { useApp } from '../../state/app-store.ts';
import { droppedFiles } from '../../components/dropped-files.ts';
import * as edit from '../../../shared/evidence/draft-edits.ts';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { ImportOutcome } from '../../../shared/evidence/items.ts';
import type { SlotId } from '../../../shared/evidence/slots.ts';

/** Where files come from: main's picker (files or a folder), or a drop on the window. */
export type ImportSource = { pick: 'files' | 'folder' } | { drop: DragEvent };

export function useEvidenceImport(o: {
  profileId: string;
  chargebackId: string;
  draft: EvidenceDraft | undefined;
  setDraft(change: (d: EvidenceDraft | undefined) => EvidenceDraft | undefined): void;
}) {
  const { profileId, chargebackId, draft, setDraft } = o;
  const say = useApp((s) => s.say);
  const [busy, setBusy] = useState('');
  const [refusals, setRefusals] = useState<Array<{ text: string; skipped: boolean }>>([]);
  const [slotRefusals, setSlotRefusals] = useState<Partial<Record<SlotId, string[]>>>({});
  // Receipts that, by their name or what is printed on them, belong to another chargeback.
  const [misfits, setMisfits] = useState<Record<string, string>>({});
  // The exhibit just added, to take the focus once its title field is drawn.
  const focusItem = useRef<string>(undefined);
  useEffect(() => {
    const id = focusItem.current;
    if (!id) return;
    const field = document.getElementById(`exhibit-title-${id}`);
    if (!field) return;
    focusItem.current = undefined;
    field.focus();
  }, [draft]);

  async function checkFit(itemIds: string[]): Promise<void> {
    // One at a time: the main process reads one scan at a time anyway.
    for (const itemId of itemIds) {
      const r = await dataClient().refetch('receiptBelongsElsewhere', { profileId, chargebackId, itemId });
      const warning = r.error ? undefined : r.data?.warning;
      if (warning) setMisfits((m) => ({ ...m, [itemId]: warning }));
    }
  }

  /** Imports from `source` into the packet, or into `slot` when one is named. */
  async function add(source: ImportSource, slot?: SlotId): Promise<void> {
    let asked;
    if ('drop' in source) {
      // Read while the drop event lasts: its files are gone once the handler returns.
      const files = droppedFiles(source.drop);
      if (files.length === 0) return;
      setBusy(files.length === 1 ? `Adding ${files[0]!.name}…` : `Adding ${files.length} dropped items…`);
      asked = mutate('importDropped', { files });
    } else {
      setBusy(source.pick === 'folder' ? 'Adding the folder…' : 'Adding files…');
      asked = mutate('pickEvidence', { folder: source.pick === 'folder' });
    }
    const r = await asked;
    setBusy('');
    if (!r.ok) return say('error', r.error.message);
    const outcomes: ImportOutcome[] = r.value;
    // Focus goes to the title of the first file that came in: what was just added, named.
    const first = outcomes.find((x) => x.ok);
    if (first?.ok) focusItem.current = first.item.id;
    // A file the answer already holds (the same bytes under another name) adds nothing: said.
    const held = edit.alreadyHeld(draft, outcomes);
    if (slot)
      setSlotRefusals((s) => ({
        ...s,
        [slot]: [...(s[slot] ?? []), ...outcomes.flatMap((x) => (x.ok ? [] : [x.reason])), ...held],
      }));
    else
      setRefusals((s) => [
        ...s,
        ...outcomes.flatMap((x) => (x.ok ? [] : [{ text: x.reason, skipped: !!x.skipped }])),
        ...held.map((text) => ({ text, skipped: true })),
      ]);
    void checkFit(edit.newItemIds(draft, outcomes));
    setDraft((d) => d && (slot ? edit.addToSlot(d, slot, outcomes) : edit.addImported(d, outcomes)));
  }

  return { busy, setBusy, refusals, slotRefusals, misfits, add };
}
