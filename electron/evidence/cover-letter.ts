// The cover letter, as the first page(s) of the packet: the chargeback's facts, the merchant's
// rebuttal, and the exhibits with the pages they are on. Standard PDF fonts cover Western
// European text (WinAnsi); currency symbols outside it become their ISO codes, anything else
// is transliterated or marked, never a crash.
import { letterDay } from '../../shared/domain/letter-facts.ts';
import { StandardFonts, rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import type { CoverLetterInput } from '../../shared/evidence/items.ts';
import { pageInches } from './render-page.ts';
import type { PageSize } from '../../shared/evidence/limits.ts';
import { formatAmount, minorToMajor } from '../../shared/domain/money.ts';
import { currencyExponent } from '../../shared/domain/currencies.ts';

/** What the standard fonts can draw (PDF 32000 Annex D, WinAnsiEncoding): Latin-1 and the
 * typographic marks in 0x80–0x9F. */
export const winAnsiCodePoints: ReadonlySet<number> = new Set([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => 0xa0 + i),
  ...[...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((c) => c.codePointAt(0)!),
]);

const drawable = (text: string): boolean => [...text].every((c) => winAnsiCodePoints.has(c.codePointAt(0)!));

/** An amount as the letter writes it: with its symbol where the font has it ($49.99, €12.00,
 * ¥4,999), else with its ISO code (INR 1,234.50, KWD 12.345), always with the currency's own
 * number of decimals. The screen keeps formatAmount's symbols; paper must not lose them. */
export function letterAmount(minor: number, currency: string): string {
  const shown = formatAmount(minor, currency);
  if (drawable(shown)) return shown;
  const code = (currency || 'USD').toUpperCase();
  const exp = currencyExponent(code);
  const digits = new Intl.NumberFormat('en-US', { minimumFractionDigits: exp, maximumFractionDigits: exp });
  return `${code} ${digits.format(minorToMajor(minor, code))}`;
}

/** Symbols the font lacks that a merchant may type in the rebuttal: written as their codes. */
const currencySymbols: Record<string, string> = {
  '₹': 'INR',
  '₩': 'KRW',
  '₪': 'ILS',
  '₫': 'VND',
  '₱': 'PHP',
  '₺': 'TRY',
  '₴': 'UAH',
  '₦': 'NGN',
  '₽': 'RUB',
  '₸': 'KZT',
  '฿': 'THB',
  '₡': 'CRC',
  '₲': 'PYG',
  '₵': 'GHS',
  '₼': 'AZN',
  '₾': 'GEL',
  '₮': 'MNT',
  '₭': 'LAK',
  '៛': 'KHR',
  '৳': 'BDT',
  '₨': 'Rs',
};

/** Today in the merchant's own calendar (the letter is dated where it is signed), YYYY-MM-DD. */
export function localDate(now: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface Exhibit {
  name: string;
  /** Where it is: "page 2" or "pages 2–4", or with several files "file 2, pages 1–3". */
  where: string;
}

const PT = 72;
const MARGIN = 64;

function sanitiser(font: PDFFont): (text: string) => string {
  const allowed = new Set(font.getCharacterSet());
  return (text) =>
    [...text.normalize('NFC')]
      .map((ch) => {
        if (ch === '\n') return ch;
        if (allowed.has(ch.codePointAt(0)!)) return ch;
        const code = currencySymbols[ch];
        if (code) return `${code} `;
        const stripped = ch.normalize('NFKD').replace(/\p{M}/gu, '');
        return [...stripped].every((c) => allowed.has(c.codePointAt(0)!)) && stripped ? stripped : '?';
      })
      .join('');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
      else {
        if (line) lines.push(line);
        // A single word longer than the line is cut, not allowed to run off the page.
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let n = rest.length;
          while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
          lines.push(rest.slice(0, n));
          rest = rest.slice(n);
        }
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Draws the letter into `doc` (appending pages) and returns how many pages it took. */
export async function drawCoverLetter(
  doc: PDFDocument,
  input: CoverLetterInput,
  exhibits: readonly Exhibit[],
  pageSize: PageSize,
): Promise<number> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = sanitiser(regular);
  const size = { w: pageInches[pageSize].w * PT, h: pageInches[pageSize].h * PT };
  const width = size.w - 2 * MARGIN;
  let page: PDFPage = doc.addPage([size.w, size.h]);
  let pages = 1;
  let y = size.h - MARGIN;
  const newPageIfNeeded = (height: number): void => {
    if (y - height < MARGIN) {
      page = doc.addPage([size.w, size.h]);
      pages++;
      y = size.h - MARGIN;
    }
  };
  const text = (
    t: string,
    o: { font?: PDFFont; size?: number; gap?: number; colour?: [number, number, number] } = {},
  ): void => {
    const f = o.font ?? regular;
    const s = o.size ?? 10.5;
    for (const line of wrap(clean(t), f, s, width)) {
      newPageIfNeeded(s * 1.4);
      page.drawText(line, { x: MARGIN, y: y - s, size: s, font: f, color: rgb(...(o.colour ?? [0.1, 0.1, 0.12])) });
      y -= s * 1.4;
    }
    y -= o.gap ?? 0;
  };
  const facts: Array<[string, string | undefined]> = [
    ['Chargeback', input.chargebackId],
    ['Card network', input.network],
    ['Reason code', `${input.reasonCode} – ${input.reasonText}`],
    ['What is claimed', input.plainMeaning],
    ['Amount', input.amountText],
    ['Transaction', input.transactionId],
    ['Authorized', input.authorized],
    ['Issued', input.issued],
    ['Received', input.received],
    ['Reply due', input.reply],
  ];

  text('Response to chargeback', { font: bold, size: 18, gap: 4 });
  text([input.merchantName, input.date ?? letterDay(localDate(new Date()))].filter(Boolean).join(' · '), {
    size: 10,
    gap: 14,
    colour: [0.35, 0.35, 0.4],
  });
  for (const [label, value] of facts) {
    if (!value) continue;
    const labelWidth = 110;
    const lines = wrap(clean(value), regular, 10.5, width - labelWidth);
    newPageIfNeeded(lines.length * 14.7);
    page.drawText(clean(label), { x: MARGIN, y: y - 10.5, size: 10.5, font: bold, color: rgb(0.25, 0.25, 0.3) });
    for (const line of lines) {
      page.drawText(line, {
        x: MARGIN + labelWidth,
        y: y - 10.5,
        size: 10.5,
        font: regular,
        color: rgb(0.1, 0.1, 0.12),
      });
      y -= 14.7;
    }
    y -= 2;
  }
  y -= 12;
  // The body as composeLetter wrote it, and nothing else: the letter drawn is the one the
  // merchant read in the editor.
  if (input.rebuttal.trim()) text(input.rebuttal, { gap: 14 });
  if (exhibits.length > 0) {
    text('Exhibits', { font: bold, size: 12, gap: 4 });
    exhibits.forEach((e, i) => text(`${i + 1}. ${e.name} – ${e.where}`, { gap: 1 }));
  }
  return pages;
}
