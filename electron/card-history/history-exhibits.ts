// The exhibits written from the card's and the customer's history, each a one-page PDF drawn here
// (like the cover letter, with the standard fonts) and kept in the evidence store like any file, so
// the packet's arrangement, its size budget, its preview and its send treat it as they treat the
// merchant's own: the Compelling Evidence 3.0 exhibit (each earlier purchase's ID, date, amount and
// the matching elements) for a qualifying Visa 10.4 chargeback, and the customer's earlier orders
// when the merchant adds them. The drawing states no time of its own, so the same facts make the
// same bytes, the same stored item and the same packet key (a preview is reused, not rebuilt).
import {
  ce3ExhibitTitle,
  customerHistoryExhibitTitle,
  historyExhibitTitles,
  qualifyingVerdict,
  type CustomerHistoryCheck,
} from '../../shared/views/card-history-view.ts';
import { letterDay } from '../../shared/domain/letter-facts.ts';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Chargeback } from '../../shared/api/index.ts';
import { ce3ElementLabel, ce3ElementsText, type Ce3Verdict } from '../../shared/domain/compelling-evidence.ts';
import type { PastOrder } from '../../shared/domain/customer-history-letter.ts';
import type { LetterCustomerHistory } from '../../shared/domain/customer-history-letter.ts';
import type { Profile } from '../../shared/profiles.ts';
import { AppError } from '../../shared/errors.ts';
import { letterAmount, winAnsiCodePoints } from '../evidence/cover-letter.ts';
import type { EvidenceStore } from '../evidence/evidence-store.ts';
import type { CardHistory } from './card-history.ts';

/** Dates as the letter writes them ("Sat, May 30, 2026"): one form across the packet. */
const day = (d: string): string => letterDay(d) ?? d;

type Qualifying = Extract<Ce3Verdict, { kind: 'qualifies' }>;

/** What the standard font cannot draw (an address in another script) becomes `?`, never a crash. */
const drawable = (s: string): string =>
  [...s.replace(/[\u2018\u2019]/g, "'")].map((c) => (winAnsiCodePoints.has(c.codePointAt(0)!) ? c : '?')).join('');

interface Pen {
  page: PDFPage;
  y: number;
  font: PDFFont;
  bold: PDFFont;
}

const MARGIN = 54;
const WIDTH = 612 - 2 * MARGIN;

/** Writes `text` wrapped to the page's width. */
function write(pen: Pen, text: string, o: { size?: number; bold?: boolean; indent?: number; gap?: number } = {}) {
  const size = o.size ?? 10;
  const font = o.bold ? pen.bold : pen.font;
  const indent = o.indent ?? 0;
  const words = drawable(text).split(/\s+/);
  let line = '';
  const flush = (): void => {
    pen.page.drawText(line, { x: MARGIN + indent, y: pen.y, size, font, color: rgb(0, 0, 0) });
    pen.y -= size * 1.35;
    line = '';
  };
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (font.widthOfTextAtSize(next, size) > WIDTH - indent && line) {
      flush();
      line = w;
    } else line = next;
  }
  if (line) flush();
  pen.y -= o.gap ?? 4;
}

async function onePage(draw: (pen: Pen) => void): Promise<Buffer> {
  // No creation or modification time: the same facts make the same file.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([612, 792]);
  const pen: Pen = {
    page,
    y: 792 - MARGIN,
    font: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  draw(pen);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const amountOf = (amount: number | null, currency: string): string =>
  amount === null ? 'amount not recorded' : letterAmount(amount, currency);

/** The Compelling Evidence 3.0 exhibit of a qualifying verdict. */
export function ce3ExhibitPdf(cb: Chargeback, v: Qualifying): Promise<Buffer> {
  return onePage((pen) => {
    write(pen, ce3ExhibitTitle, { size: 14, bold: true, gap: 8 });
    write(pen, `Chargeback ${cb.id}, reason ${cb.reasonCode}: ${letterAmount(cb.total, cb.currency)}.`);
    write(pen, `Disputed transaction ${v.disputed.id}, made on ${day(v.disputed.date)}.`, { gap: 10 });
    write(
      pen,
      `The same card (the same payment credential at the processor) was used for the ${v.priors.length} earlier ` +
        'purchases below, each 120 to 365 days before the disputed one, none with a chargeback or a refund of its ' +
        `own. On each, the ${ce3ElementsText(v.elements)} are the same as on the disputed transaction.`,
      { gap: 12 },
    );
    v.priors.forEach((p, i) => {
      write(pen, `${i + 1}. Transaction ${p.id}`, { bold: true, size: 11, gap: 2 });
      write(pen, `Date: ${day(p.date)} (${p.daysBefore} days before the disputed transaction)`, { indent: 14, gap: 0 });
      write(pen, `Amount: ${amountOf(p.amount, p.currency)}`, { indent: 14, gap: 0 });
      for (const m of p.matching)
        write(pen, `Matching ${ce3ElementLabel[m.element]}: ${m.value}`, { indent: 14, gap: 0 });
      if (p.sameEmail) write(pen, `Also the same email: ${p.sameEmail}`, { indent: 14, gap: 0 });
      pen.y -= 8;
    });
    write(
      pen,
      'Source: the processor’s transaction records, read through its API. Visa Compelling Evidence 3.0 applies ' +
        'to dispute condition 10.4 (other fraud, card-absent environment).',
      { size: 9 },
    );
  });
}

/** The customer's earlier orders, as an exhibit the merchant may add. */
export function customerHistoryPdf(cb: Chargeback, email: string, orders: readonly PastOrder[]): Promise<Buffer> {
  return onePage((pen) => {
    write(pen, customerHistoryExhibitTitle, { size: 14, bold: true, gap: 8 });
    write(pen, `Chargeback ${cb.id}, reason ${cb.reasonCode}: ${letterAmount(cb.total, cb.currency)}.`);
    write(
      pen,
      `Before the disputed transaction ${cb.txn ?? ''}, the customer with the email ${email} placed these orders, ` +
        'none disputed or refunded:',
      { gap: 10 },
    );
    for (const o of orders)
      write(pen, `${day(o.date)}  ${o.id}  ${amountOf(o.amount, o.currency)}${o.order ? `  order ${o.order}` : ''}`, {
        indent: 14,
        gap: 0,
      });
    pen.y -= 8;
    write(pen, 'Source: the processor’s transaction records, read through its API.', { size: 9 });
  });
}

/** An exhibit written from the history, stored as a file of the packet. */
export interface HistoryExhibit {
  itemId: string;
  pages: number;
  title: string;
}

/** What a packet gets from the card's history: the exhibits to append, and the verdict with its
 * exhibit for the letter's paragraph (only a qualifying one). */
export interface HistoryForPacket {
  exhibits: HistoryExhibit[];
  compellingEvidence: { verdict: Qualifying; itemId: string } | undefined;
  /** The customer's earlier orders with their exhibit, for the letter's paragraph. */
  customerHistory: LetterCustomerHistory | undefined;
}

export function createHistoryExhibits(deps: {
  cardHistory: Pick<CardHistory, 'compellingEvidence' | 'customerHistory'>;
  evidence: Pick<EvidenceStore, 'importBuffer'>;
}) {
  async function stored(name: string, bytes: Buffer, title: string): Promise<HistoryExhibit> {
    const r = await deps.evidence.importBuffer(name, bytes);
    if (!r.ok) throw new AppError('internal', `The exhibit "${title}" could not be stored: ${r.reason}`);
    return { itemId: r.item.id, pages: r.item.pages, title };
  }

  return {
    /** The titles of the exhibits forPacket adds, without drawing them (historyExhibitTitles): an
     * answer with them alone has evidence to send. */
    async titles(profile: Profile, cb: Chargeback, o: { customerHistory: boolean }): Promise<string[]> {
      const compellingEvidence = await deps.cardHistory.compellingEvidence(profile, cb);
      const customerHistory: CustomerHistoryCheck = o.customerHistory
        ? await deps.cardHistory.customerHistory(profile, cb)
        : { state: 'not-applicable' };
      return historyExhibitTitles({
        chargebackId: cb.id,
        compellingEvidence,
        customerHistory,
        customerHistoryInPacket: o.customerHistory,
      });
    },

    /** For a packet of `cb`: the CE 3.0 exhibit when the card qualifies (checked now or within the
     * hour; a check that cannot be made adds nothing and claims nothing), and the customer's
     * earlier orders when the merchant asked for them. */
    async forPacket(
      profile: Profile,
      cb: Chargeback,
      o: { customerHistory?: boolean | undefined; signal?: AbortSignal | undefined } = {},
    ): Promise<HistoryForPacket> {
      const out: HistoryForPacket = { exhibits: [], compellingEvidence: undefined, customerHistory: undefined };
      const ce3 = await deps.cardHistory.compellingEvidence(profile, cb, o.signal ? { signal: o.signal } : {});
      const verdict = qualifyingVerdict(ce3);
      if (verdict) {
        const exhibit = await stored(
          `Compelling Evidence 3.0 ${cb.id}.pdf`,
          await ce3ExhibitPdf(cb, verdict),
          ce3ExhibitTitle,
        );
        out.exhibits.push(exhibit);
        out.compellingEvidence = { verdict, itemId: exhibit.itemId };
      }
      if (o.customerHistory) {
        const c = await deps.cardHistory.customerHistory(profile, cb, o.signal ? { signal: o.signal } : {});
        if (c.state === 'checked' && c.orders.length > 0) {
          const exhibit = await stored(
            `Customer history ${cb.id}.pdf`,
            await customerHistoryPdf(cb, c.email, c.orders),
            customerHistoryExhibitTitle,
          );
          out.exhibits.push(exhibit);
          out.customerHistory = { email: c.email, orders: c.orders, itemId: exhibit.itemId };
        }
      }
      return out;
    },
  };
}
export type HistoryExhibits = ReturnType<typeof createHistoryExhibits>;
