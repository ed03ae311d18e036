// What the merchant can do to an evidence draft, as pure functions: draft in, new draft out, the
// one place each rule lives (the evidence builder only calls these). Tested in
// test/unit/evidence/draft-edits.test.ts.
import type { EvidenceDraft } from './draft.ts';
import type { ArrangedPage, ImportOutcome } from './items.ts';
import { unmaskedKey } from './card-numbers.ts';
import {
  cleanField,
  exhibitTitleMax,
  slotFieldLimits,
  slotIds,
  type SlotField,
  type SlotFill,
  type SlotId,
} from './slots.ts';

type Overrides = NonNullable<EvidenceDraft['overrides']>;

/** Adds what was imported and was not in the draft yet, every page of it, at the end. */
export function addImported(draft: EvidenceDraft, outcomes: readonly ImportOutcome[]): EvidenceDraft {
  const items = [...draft.items];
  const pages = [...draft.arrangement.pages];
  for (const o of outcomes) {
    if (!o.ok || items.some((i) => i.id === o.item.id)) continue;
    items.push(o.item);
    for (let p = 0; p < o.item.pages; p++) pages.push({ itemId: o.item.id, page: p, rotation: 0 });
  }
  return { ...draft, items, arrangement: { pages } };
}

/** What an import adds nothing with, in words: a file whose bytes the draft (or an earlier file of
 * the same import) already holds is in the packet once, whatever it is called; the merchant is
 * told which file it is, so a "delivery proof" that is in fact the receipt again is seen. */
export function alreadyHeld(draft: EvidenceDraft | undefined, outcomes: readonly ImportOutcome[]): string[] {
  const held = new Map((draft?.items ?? []).map((i) => [i.id, i.name]));
  const said: string[] = [];
  for (const o of outcomes) {
    if (!o.ok) continue;
    const first = held.get(o.item.id);
    if (first === undefined) held.set(o.item.id, o.item.name);
    else
      said.push(
        first === o.item.name
          ? `${o.item.name} is already in this answer; it is added once.`
          : `${o.item.name} is the same file as ${first}, already in this answer; it is added once. ` +
              'If you meant another file, add that one.',
      );
  }
  return said;
}

/** IDs of imported items the draft does not hold yet (the ones worth checking for a misfit). */
export function newItemIds(draft: EvidenceDraft | undefined, outcomes: readonly ImportOutcome[]): string[] {
  return outcomes.flatMap((o) => (o.ok && !draft?.items.some((i) => i.id === o.item.id) ? [o.item.id] : []));
}

const withPages = (draft: EvidenceDraft, pages: ArrangedPage[]): EvidenceDraft => ({
  ...draft,
  arrangement: { pages },
});

/** Moves the page at `from` to `to`; a move past either end changes nothing. */
export function movePage(draft: EvidenceDraft, from: number, to: number): EvidenceDraft {
  const pages = [...draft.arrangement.pages];
  if (to < 0 || to >= pages.length || from < 0 || from >= pages.length) return draft;
  const [p] = pages.splice(from, 1);
  pages.splice(to, 0, p!);
  return withPages(draft, pages);
}

/** Turns a page a quarter clockwise. */
export function rotatePage(draft: EvidenceDraft, index: number): EvidenceDraft {
  return withPages(
    draft,
    draft.arrangement.pages.map((x, k) =>
      k === index ? { ...x, rotation: ((x.rotation + 90) % 360) as ArrangedPage['rotation'] } : x,
    ),
  );
}

/** Takes a page out of the packet (the item stays in the draft). */
export function removePage(draft: EvidenceDraft, index: number): EvidenceDraft {
  return withPages(
    draft,
    draft.arrangement.pages.filter((_, k) => k !== index),
  );
}

/** A new preset starts from its own settings: the adjustments made to the last one go. */
export function setPreset(draft: EvidenceDraft, preset: EvidenceDraft['preset']): EvidenceDraft {
  return { ...draft, preset, overrides: {} };
}

/** Adjusts the preset's settings, keeping the other adjustments. */
export function setOverrides(draft: EvidenceDraft, change: Partial<Overrides>): EvidenceDraft {
  return { ...draft, overrides: { ...(draft.overrides ?? {}), ...change } };
}

/** An image file holds one page and no letter: choosing it leaves the letter out. */
export function setOutput(draft: EvidenceDraft, output: NonNullable<EvidenceDraft['output']>): EvidenceDraft {
  return { ...draft, output, ...(output === 'image' ? { coverLetter: false } : {}) };
}

export function setCoverLetter(draft: EvidenceDraft, on: boolean): EvidenceDraft {
  return { ...draft, coverLetter: on };
}

export function setRebuttal(draft: EvidenceDraft, rebuttal: string): EvidenceDraft {
  return { ...draft, rebuttal };
}

export function setPageSize(draft: EvidenceDraft, pageSize: EvidenceDraft['pageSize']): EvidenceDraft {
  return { ...draft, pageSize };
}

export function setPdfPages(draft: EvidenceDraft, pdfPages: NonNullable<EvidenceDraft['pdfPages']>): EvidenceDraft {
  return { ...draft, pdfPages };
}

/** Undoes one card-number mask (the merchant says it is not a card number): that part of the page
 * is sent as it is; every other mask stays. */
export function undoMask(draft: EvidenceDraft, itemId: string, maskId: string): EvidenceDraft {
  const key = unmaskedKey(itemId, maskId);
  if (draft.unmasked?.includes(key)) return draft;
  return { ...draft, unmasked: [...(draft.unmasked ?? []), key] };
}

/** Puts an undone mask back. */
export function redoMask(draft: EvidenceDraft, itemId: string, maskId: string): EvidenceDraft {
  const key = unmaskedKey(itemId, maskId);
  const unmasked = (draft.unmasked ?? []).filter((k) => k !== key);
  if (unmasked.length === (draft.unmasked ?? []).length) return draft;
  const { unmasked: _, ...rest } = draft;
  return unmasked.length ? { ...rest, unmasked } : rest;
}

export function setKeepScanPaper(draft: EvidenceDraft, keep: boolean): EvidenceDraft {
  return { ...draft, keepScanPaper: keep };
}

const slotIn = (draft: EvidenceDraft, slot: SlotId): SlotFill => draft.slots?.[slot] ?? { fields: {}, files: [] };
const withSlot = (draft: EvidenceDraft, slot: SlotId, fill: SlotFill): EvidenceDraft => ({
  ...draft,
  slots: { ...draft.slots, [slot]: fill },
});

/** Sets a field of a slot as the merchant typed it; `clean` (when the field is left) keeps it as
 * it will be used: trimmed, a tracking number without spaces and in capitals, an empty one gone. */
export function setSlotField(
  draft: EvidenceDraft,
  slot: SlotId,
  field: SlotField,
  value: string,
  clean = false,
): EvidenceDraft {
  const fill = slotIn(draft, slot);
  const fields = { ...fill.fields };
  // Never longer than a draft may be saved with: a paste of too much keeps what fits.
  const fitting = value.slice(0, slotFieldLimits[field]);
  const kept = clean ? cleanField(field, fitting) : fitting;
  if (kept === undefined || kept === '') delete fields[field];
  else fields[field] = kept;
  return withSlot(draft, slot, { ...fill, fields });
}

/** Adds what was imported to the packet (addImported) and puts each file that came in into the
 * slot, taking it out of any other slot (a file is one exhibit, with one title). Refused files
 * change nothing: the others go on. */
export function addToSlot(draft: EvidenceDraft, slot: SlotId, outcomes: readonly ImportOutcome[]): EvidenceDraft {
  const ids = outcomes.flatMap((o) => (o.ok ? [o.item.id] : []));
  if (ids.length === 0) return draft;
  let next = addImported(draft, outcomes);
  for (const other of slotIds)
    if (other !== slot && next.slots?.[other]?.files.some((f) => ids.includes(f)))
      next = withSlot(next, other, {
        ...slotIn(next, other),
        files: slotIn(next, other).files.filter((f) => !ids.includes(f)),
      });
  const fill = slotIn(next, slot);
  return withSlot(next, slot, { ...fill, files: [...fill.files, ...ids.filter((id) => !fill.files.includes(id))] });
}

/** Takes a file out of a slot: it stays in the packet, titled by its name again. */
export function removeFromSlot(draft: EvidenceDraft, slot: SlotId, itemId: string): EvidenceDraft {
  const fill = slotIn(draft, slot);
  return withSlot(draft, slot, { ...fill, files: fill.files.filter((f) => f !== itemId) });
}

/** The merchant's own title for an exhibit, used in the letter and the packet in place of the
 * suggested one. While typing an emptied field stays empty (the letter uses the suggestion
 * meanwhile); `clean` (when the field is left) trims, and an empty title gives the suggestion back. */
export function setExhibitTitle(draft: EvidenceDraft, itemId: string, title: string, clean = false): EvidenceDraft {
  const fitting = title.slice(0, exhibitTitleMax);
  const titles = { ...draft.slots?.titles };
  if (clean && !fitting.trim()) delete titles[itemId];
  else titles[itemId] = clean ? fitting.trim() : fitting;
  return { ...draft, slots: { ...draft.slots, titles } };
}
