import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  findCardNumbers,
  luhnValid,
  masksInForce,
  turnRect,
  unmaskedKey,
  type CardScan,
} from '../../../shared/evidence/card-numbers.ts';
import { numbersInLines } from '../../../electron/evidence/card-mask/ocr-masks.ts';
import { settingsOfDraft, type EvidenceDraft } from '../../../shared/evidence/draft.ts';
import { undoMask, redoMask } from '../../../shared/evidence/draft-edits.ts';
import { defaultLimits } from '../../../shared/evidence/limits.ts';

const digitsFound = (text: string): string[] => findCardNumbers(text).map((h) => h.digits);

test('Luhn: test card numbers pass, a changed digit fails', () => {
  for (const n of ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117', '4222222222222'])
    assert.ok(luhnValid(n), n);
  assert.ok(!luhnValid('4111111111111112'));
  assert.ok(!luhnValid('378282246310006'));
});

test('a card number is found however it is spaced, and only the last four are left', () => {
  for (const printed of [
    '4111111111111111',
    '4111 1111 1111 1111',
    '4111-1111-1111-1111',
    '4111 - 1111 - 1111 - 1111',
    '4111  1111  1111  1111',
    '3782 822463 10005',
  ]) {
    const text = `Card: ${printed} exp 12/27`;
    const [hit] = findCardNumbers(text);
    assert.ok(hit, printed);
    assert.equal(text.slice(hit.start, hit.end), printed);
    // Everything from maskEnd on is the last four digits.
    assert.equal(text.slice(hit.maskEnd, hit.end).replace(/\D/g, ''), printed.replace(/\D/g, '').slice(-4));
    assert.equal(text.slice(hit.maskEnd, hit.end).replace(/\D/g, '').length, 4);
  }
});

test("the merchant's mistakes: order, phone and reference numbers that fail the check are left alone", () => {
  // An order number of 16 digits that is not Luhn-valid, a phone number, a short order, a date.
  assert.deepEqual(digitsFound('Order number: 4111111111111112'), []);
  assert.deepEqual(digitsFound('Tel +1 (555) 123-4567  Order 10042'), []);
  assert.deepEqual(digitsFound('Order 2026-11-26-0042 placed 26/11/2026'), []);
  // Too short and too long: 12 digits, and one unbroken run of 20 (a reference, not a card).
  assert.deepEqual(digitsFound('Ref 411111111113'), []);
  assert.deepEqual(digitsFound('Tracking 41111111111111110000'), []);
  // Groups joined by other punctuation are separate numbers.
  assert.deepEqual(digitsFound('4111.1111.1111.1111'), []);
});

test('a lone digit after a card number (a quantity) does not shift the last four, even when the longer run passes the check', () => {
  // 4111 1111 1111 1111 3 passes the Luhn check as 17 digits; the card is the 16 printed as one.
  assert.ok(luhnValid('41111111111111113'));
  const text = 'Card 4111 1111 1111 1111 3 items';
  const [hit] = findCardNumbers(text);
  assert.equal(hit?.digits, '4111111111111111');
  assert.equal(text.slice(hit.maskEnd, hit.end), '1111');
  // And a digit before it: 0 4111 1111 1111 1111 passes as 17 digits too.
  assert.ok(luhnValid('04111111111111111'));
  assert.deepEqual(digitsFound('Qty 0 4111 1111 1111 1111'), ['4111111111111111']);
  // Unbroken, there are no groups to tell by: the longest span that passes the check is covered.
  assert.deepEqual(digitsFound('Ref 41111111111111113'), ['41111111111111113']);
});

test('a card number beside other digit groups is found by whole groups', () => {
  assert.deepEqual(digitsFound('4111 1111 1111 1111 2027'), ['4111111111111111']);
  assert.deepEqual(digitsFound('Paid 4111 1111 1111 1111 and 5555 5555 5555 4444'), [
    '4111111111111111',
    '5555555555554444',
  ]);
});

test('a mask turns with the page: a quarter turn four times is the same place', () => {
  const r = { x: 0.1, y: 0.2, w: 0.3, h: 0.05 };
  assert.deepEqual(turnRect(r, 90), { x: 0.75, y: 0.1, w: 0.05, h: 0.3 });
  let t = r;
  for (let i = 0; i < 4; i++) t = turnRect(t, 90);
  for (const k of ['x', 'y', 'w', 'h'] as const) assert.ok(Math.abs(t[k] - r[k]) < 1e-9);
  const back = turnRect(turnRect(r, 270), 90);
  for (const k of ['x', 'y', 'w', 'h'] as const) assert.ok(Math.abs(back[k] - r[k]) < 1e-9);
});

test('OCR words become rectangles over all but the last four digits', () => {
  // Four words of 4 digits, each 40 px wide with 10 px between them, on a 1000 × 500 page.
  const words = ['Card:', '4111', '1111', '1111', '1111', 'Order', '90210'].map((text, i) => ({
    text,
    bbox: { x0: i * 50, y0: 100, x1: i * 50 + 40, y1: 120 },
  }));
  const found = numbersInLines([{ text: '', confidence: 90, words }], { w: 1000, h: 500 });
  assert.equal(found.length, 1);
  assert.equal(found[0]!.last4, '1111');
  const xs = found[0]!.rects.map((r) => [r.x * 1000, (r.x + r.w) * 1000]);
  // Three groups covered by one block, the spaces between them too (separate blocks with white
  // slivers between them read to another OCR as characters run into the kept four); the fourth
  // group (x 200-240) untouched.
  assert.equal(xs.length, 1);
  assert.ok(xs[0]![0]! <= 50 && xs[0]![1]! >= 190 && xs[0]![1]! < 200, JSON.stringify(xs));
  // One word holding the whole number: covered up to where its last four digits begin.
  const one = numbersInLines(
    [{ text: '', confidence: 90, words: [{ text: '4111111111111111', bbox: { x0: 0, y0: 0, x1: 160, y1: 20 } }] }],
    { w: 1000, h: 500 },
  );
  const r = one[0]!.rects[0]!;
  assert.ok(r.x * 1000 <= 0 && (r.x + r.w) * 1000 >= 119 && (r.x + r.w) * 1000 <= 120, JSON.stringify(r));
  // OCR's look-alikes inside a number (l for 1, O for 0) still find it.
  const misread = numbersInLines(
    [{ text: '', confidence: 70, words: [{ text: '4l11-1111-1111-1111', bbox: { x0: 0, y0: 0, x1: 190, y1: 20 } }] }],
    { w: 1000, h: 500 },
  );
  assert.equal(misread.length, 1);
});

test('undoing one mask leaves the others, survives in the draft and reaches the build settings', () => {
  const id = 'a'.repeat(64);
  const scan: CardScan = {
    masks: [
      { id: '0:0', page: 0, last4: '1111', rects: [{ x: 0, y: 0, w: 0.1, h: 0.1 }], source: 'ocr' },
      { id: '0:1', page: 0, last4: '4444', rects: [{ x: 0, y: 0.5, w: 0.1, h: 0.1 }], source: 'ocr' },
      { id: '1:0', page: 1, last4: '0005', rects: [{ x: 0, y: 0.5, w: 0.1, h: 0.1 }], source: 'ocr' },
    ],
  };
  const draft: EvidenceDraft = {
    items: [],
    arrangement: { pages: [] },
    preset: 'document',
    pageSize: 'letter',
    rebuttal: '',
  };
  const undone = undoMask(draft, id, '0:1');
  assert.deepEqual(undone.unmasked, [unmaskedKey(id, '0:1')]);
  assert.equal(undoMask(undone, id, '0:1'), undone, 'undoing twice changes nothing');
  assert.deepEqual(
    masksInForce(scan, id, 0, undone.unmasked).map((m) => m.id),
    ['0:0'],
  );
  assert.deepEqual(
    masksInForce(scan, id, 1, undone.unmasked).map((m) => m.id),
    ['1:0'],
  );
  // Another file's mask of the same ID is not undone.
  assert.equal(masksInForce(scan, 'b'.repeat(64), 0, undone.unmasked).length, 2);
  assert.deepEqual(settingsOfDraft(undone, defaultLimits).unmasked, undone.unmasked);
  assert.equal(settingsOfDraft(draft, defaultLimits).unmasked, undefined);
  const again = redoMask(undone, id, '0:1');
  assert.equal(again.unmasked, undefined);
});
