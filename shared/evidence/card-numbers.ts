// Full card numbers (PANs) in text, and the masks that cover them on a page. PCI DSS forbids
// sending one unmasked and acquirers refuse documents that show one, so every page of a packet is
// searched and all but the last four digits are covered before it is built. A card number is
// 13 to 19 digits, printed in groups separated by spaces or dashes (or none), whose Luhn check
// digit is right: an order or phone number is not one unless it passes the check, and a
// merchant can undo a mask that covers something that is not a card number.
import { z } from 'zod';

/** A part of a page, as fractions (0-1) of the page as stored: an image the right way up (its
 * EXIF orientation applied), a PDF page as drawn (its crop box and its own /Rotate). */
export const pageRectSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  w: z.number().min(0).max(1),
  h: z.number().min(0).max(1),
});
export type PageRect = z.infer<typeof pageRectSchema>;

export const cardMaskSchema = z.object({
  /** Names this mask within its item: `<page>:<n>`, the n-th card number found on the page. */
  id: z.string().max(40),
  page: z.number().int().min(0),
  /** The digits a reader may still see. */
  last4: z.string().regex(/^\d{4}$/),
  /** What is covered: every digit but the last four, one part per line the number is on. */
  rects: z.array(pageRectSchema).min(1).max(40),
  /** Where it was read: the PDF's own text, or the page's picture by OCR. */
  source: z.enum(['text', 'ocr']),
});
export type CardMask = z.infer<typeof cardMaskSchema>;

/** An item's scan: the masks on all its pages, or why a page could not be read. */
export const cardScanSchema = z.object({
  masks: z.array(cardMaskSchema).max(2000),
  /** Pages whose picture could not be read (it is then sent as the build would send it). */
  unreadPages: z.array(z.number().int().min(0)).optional(),
});
export type CardScan = z.infer<typeof cardScanSchema>;

/** A mask the merchant undid, in a draft: `<item ID>:<mask ID>`. */
export const unmaskedKey = (itemId: string, maskId: string): string => `${itemId}:${maskId}`;

export interface CardNumberHit {
  /** Index in the text of the first digit, and one past the last. */
  start: number;
  end: number;
  /** Index one past the last digit that is covered (the first of the last four). */
  maskEnd: number;
  digits: string;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const MIN = 13;
const MAX = 19;

interface Group {
  start: number;
  end: number;
}

/** Runs of digit groups joined by single separators (a space, a dash, or both with spaces
 * around it): `4111 1111 1111 1111`, `4111-1111-1111-1111`, `4111111111111111`. A digit run
 * stuck to a letter or another digit group by anything else ends there. */
function groupRuns(text: string): Group[][] {
  const runs: Group[][] = [];
  const re = /\d+/g;
  let run: Group[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const g = { start: m.index, end: m.index + m[0].length };
    const prev = run[run.length - 1];
    const between = prev ? text.slice(prev.end, g.start) : '';
    if (prev && /^(?: {1,2}| ?[-–] ?)$/.test(between)) run.push(g);
    else {
      if (run.length) runs.push(run);
      run = [g];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

const digitsOf = (text: string, groups: readonly Group[]): string =>
  groups.map((g) => text.slice(g.start, g.end)).join('');

/** Where the last four digits begin: the index one past the last covered digit. */
function maskEndOf(text: string, groups: readonly Group[]): number {
  let left = 4;
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    const n = g.end - g.start;
    if (n >= left) return g.end - left;
    left -= n;
  }
  return groups[0]!.start;
}

/** The ways card numbers are printed in groups (digits per group): 16 as 4-4-4-4, American
 * Express 4-6-5, Diners 4-6-4, 19 as 4-4-4-4-3, 13 as 4-4-4-1 or 4-4-5. */
const printedLayouts = new Set(['4-4-4-4', '4-6-5', '4-6-4', '4-4-4-4-3', '4-4-4-1', '4-4-5']);
const layoutOf = (groups: readonly Group[]): string => groups.map((g) => g.end - g.start).join('-');

/** Every card number in `text`. A run of groups longer than a card number (a long reference
 * with a card number printed beside it) is searched by whole groups: spans printed as card
 * numbers are printed first (a quantity beside `4111 1111 1111 1111` passes the check with it one
 * time in ten, and would shift the last four), then what is left, longest span first. A single
 * unbroken run of more than 19 digits is a reference, not a card number. */
export function findCardNumbers(text: string): CardNumberHit[] {
  const passes = (groups: readonly Group[]): boolean => {
    const digits = digitsOf(text, groups);
    return digits.length >= MIN && digits.length <= MAX && luhnValid(digits);
  };
  const printedAsCard = (groups: readonly Group[]): boolean => printedLayouts.has(layoutOf(groups)) && passes(groups);
  const hits: Group[][] = [];
  for (const run of groupRuns(text)) {
    const printed = spans(run, printedAsCard);
    let from = 0;
    for (const span of [...printed, undefined]) {
      const upTo = span ? run.indexOf(span[0]!) : run.length;
      hits.push(...spans(run.slice(from, upTo), passes));
      if (span) hits.push(span);
      from = upTo + (span?.length ?? 0);
    }
  }
  return hits
    .sort((a, b) => a[0]!.start - b[0]!.start)
    .map((groups) => ({
      start: groups[0]!.start,
      end: groups[groups.length - 1]!.end,
      maskEnd: maskEndOf(text, groups),
      digits: digitsOf(text, groups),
    }));
}

/** The spans of `run` that `accept` takes, left to right, each the longest from where it starts. */
function spans(run: readonly Group[], accept: (groups: readonly Group[]) => boolean): Group[][] {
  const found: Group[][] = [];
  let i = 0;
  while (i < run.length) {
    let j = run.length;
    while (j > i && !accept(run.slice(i, j))) j--;
    if (j > i) {
      found.push(run.slice(i, j));
      i = j;
    } else i++;
  }
  return found;
}

/** A mask's rectangles as they fall on the page once it is turned `rotation` degrees clockwise
 * (the merchant's turn of a page). */
export function turnRect(r: PageRect, rotation: number): PageRect {
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return { x: 1 - r.y - r.h, y: r.x, w: r.h, h: r.w };
    case 180:
      return { x: 1 - r.x - r.w, y: 1 - r.y - r.h, w: r.w, h: r.h };
    case 270:
      return { x: r.y, y: 1 - r.x - r.w, w: r.h, h: r.w };
    default:
      return r;
  }
}

/** The masks that apply to a page: those the merchant did not undo. */
export function masksInForce(
  scan: CardScan | undefined,
  itemId: string,
  page: number,
  unmasked: readonly string[] | undefined,
): CardMask[] {
  return (scan?.masks ?? []).filter((m) => m.page === page && !unmasked?.includes(unmaskedKey(itemId, m.id)));
}
