import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { EvidenceItem } from '../../../shared/evidence/items.ts';
import * as edit from '../../../shared/evidence/draft-edits.ts';

const item = (id: string, pages = 1): EvidenceItem => ({
  id: id.repeat(64).slice(0, 64),
  name: `${id}.pdf`,
  kind: 'pdf',
  pages,
  bytes: 100,
  importedAt: 1,
});
const empty: EvidenceDraft = {
  items: [],
  arrangement: { pages: [] },
  preset: 'document',
  pageSize: 'letter',
  rebuttal: 'Dear issuer',
};
const order = (d: EvidenceDraft): string[] => d.arrangement.pages.map((p) => `${p.itemId[0]}${p.page}@${p.rotation}`);

test('adding imports every page of new items once; refusals and items already there add nothing', () => {
  const a = item('a', 2);
  const d = edit.addImported(empty, [
    { ok: true, item: a, duplicate: false },
    { ok: false, name: 'x.txt', reason: 'text' },
  ]);
  assert.deepEqual(order(d), ['a0@0', 'a1@0']);
  assert.deepEqual(
    edit.newItemIds(d, [
      { ok: true, item: a, duplicate: true },
      { ok: true, item: item('b'), duplicate: false },
    ]),
    [item('b').id],
  );
  const again = edit.addImported(d, [
    { ok: true, item: a, duplicate: true },
    { ok: true, item: item('b'), duplicate: false },
  ]);
  assert.deepEqual(order(again), ['a0@0', 'a1@0', 'b0@0']);
  assert.equal(again.items.length, 2);
  assert.deepEqual(empty.items, [], 'the draft given is never changed');
});

test('pages move, turn and go; a move past either end changes nothing', () => {
  const d = edit.addImported(empty, [{ ok: true, item: item('a', 3), duplicate: false }]);
  assert.deepEqual(order(edit.movePage(d, 0, 2)), ['a1@0', 'a2@0', 'a0@0']);
  assert.equal(edit.movePage(d, 0, -1), d);
  assert.equal(edit.movePage(d, 2, 3), d);
  let turned = d;
  for (let i = 0; i < 4; i++) turned = edit.rotatePage(turned, 1);
  assert.deepEqual(order(edit.rotatePage(d, 1)), ['a0@0', 'a1@90', 'a2@0']);
  assert.deepEqual(order(turned), order(d), 'four quarter turns are a full one');
  assert.deepEqual(order(edit.removePage(d, 1)), ['a0@0', 'a2@0']);
  assert.equal(edit.removePage(d, 1).items.length, 1, 'the item stays in the draft');
});

test('settings: a new preset drops the adjustments; adjustments add up; an image output leaves the letter out', () => {
  const adjusted = edit.setOverrides(edit.setOverrides(empty, { dpi: 300 }), { colour: 'grayscale' });
  assert.deepEqual(adjusted.overrides, { dpi: 300, colour: 'grayscale' });
  assert.deepEqual(edit.setPreset(adjusted, 'photo'), { ...adjusted, preset: 'photo', overrides: {} });
  assert.equal(edit.setOutput(empty, 'image').coverLetter, false);
  assert.equal(
    edit.setOutput(edit.setCoverLetter(empty, true), 'pdf').coverLetter,
    true,
    "back to a PDF, the letter is the merchant's choice",
  );
  assert.equal(edit.setRebuttal(empty, 'New text').rebuttal, 'New text');
  assert.equal(edit.setPageSize(empty, 'a4').pageSize, 'a4');
  assert.equal(edit.setPdfPages(empty, 'image').pdfPages, 'image');
  assert.equal(edit.setKeepScanPaper(empty, false).keepScanPaper, false);
});

test('a file the answer already holds, under its own name or another, adds nothing and says which it is', () => {
  const a = item('a');
  const d = edit.addImported(empty, [{ ok: true, item: a, duplicate: false }]);
  // The merchant's mistake: the receipt again, saved as "delivery proof".
  const renamed = { ...a, name: 'delivery proof.jpg' };
  const outcomes = [
    { ok: true as const, item: renamed, duplicate: true },
    { ok: true as const, item: a, duplicate: true },
    { ok: true as const, item: item('b'), duplicate: false },
    { ok: true as const, item: { ...item('b'), name: 'b copy.pdf' }, duplicate: true },
  ];
  assert.deepEqual(edit.alreadyHeld(d, outcomes), [
    'delivery proof.jpg is the same file as a.pdf, already in this answer; it is added once. ' +
      'If you meant another file, add that one.',
    'a.pdf is already in this answer; it is added once.',
    'b copy.pdf is the same file as b.pdf, already in this answer; it is added once. ' +
      'If you meant another file, add that one.',
  ]);
  assert.equal(edit.addImported(d, outcomes).items.length, 2, 'each held once');
  assert.deepEqual(
    edit.alreadyHeld(d, [{ ok: true, item: item('c'), duplicate: false }]),
    [],
    'a new file: nothing said',
  );
});
