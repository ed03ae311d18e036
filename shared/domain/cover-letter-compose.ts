// The one function that writes the cover letter's text: the editor shows what it returns, and the
// preview, the answer, `dispute-desk respond`, `evidence build --cover` and batch draw what it
// returns. From the merchant's draft (or the template when the draft is blank) it
//  - writes the opening again from the record (the payment dated by its authorization),
//  - leaves out each generated claim the record or the exhibits do not support, saying why: in a
//    draft the merchant has not touched (blank, or the template as the app wrote it) such a claim
//    is simply not there, so the app never strikes out its own sentences, and the untouched draft
//    follows the packet as files and sections change,
//  - adds a paragraph for each evidence section with a file or a typed fact,
// and keeps the merchant's own sentences as written. `parts` is the same text with the left-out
// claims in their places, so the editor can mark them inline.
import type { DisputeCategory } from './reason-codes.ts';
import { ce3LetterParagraph, type Ce3Verdict } from './compelling-evidence.ts';
import { customerHistoryParagraph, type LetterCustomerHistory } from './customer-history-letter.ts';
import { merchantStatements, paymentFactLabel } from './payment-facts.ts';
import type { Arrangement } from '../evidence/items.ts';
import { providedSlots, slotExhibits, slotIds, type SlotId, type Slots } from '../evidence/slots.ts';
import {
  anyExhibit,
  closingClaims,
  coverLetterTemplate,
  generatedOpening,
  knownClaims,
  openingSentence,
} from './cover-letter-templates.ts';
import { exhibitKindNames, exhibitKindsOf, type ExhibitKind } from './exhibit-kinds.ts';
import { exhibitTitles, type TitledItem } from './exhibit-titles.ts';
import { slotKind, slotParagraph } from './slot-paragraphs.ts';
import type { CoverLetterFacts } from './letter-facts.ts';

export type LetterPart =
  | { kind: 'text'; text: string }
  /** A generated sentence of the draft that is not sent, and why. */
  | { kind: 'left-out'; text: string; why: string }
  /** A paragraph written from an evidence section. */
  | { kind: 'added'; text: string; slot: SlotId };

export interface ComposedLetter {
  /** The letter's body exactly as it is sent. */
  text: string;
  /** The same text in pieces, with the left-out claims where they stood. */
  parts: LetterPart[];
  leftOut: Array<{ text: string; why: string }>;
  /** Each exhibit's title by item ID, in the packet's order. */
  titles: Map<string, string>;
  /** The merchant has not written in the draft (blank, or the template as the app wrote it). */
  untouched: boolean;
  /** The draft as the editor shows it: the merchant's own text, or for an untouched draft the
   * template with only the claims this packet supports (the sections' paragraphs are added to it). */
  draft: string;
}

export interface LetterAsk {
  /** The merchant's draft; blank means the template. */
  rebuttal: string | undefined;
  category: DisputeCategory | undefined;
  facts: CoverLetterFacts;
  arrangement: Arrangement;
  slots?: Slots | undefined;
  /** The stored item behind each exhibit (its file name and kind). */
  itemOf: (itemId: string) => TitledItem | undefined;
  /** Compelling Evidence 3.0: the verdict and the exhibit listing the earlier purchases (none where
   * the window composes the letter: the exhibit is added after the merchant's files). */
  compellingEvidence?: { verdict: Ce3Verdict; itemId: string | undefined } | undefined;
  /** The customer's earlier undisputed orders, when the merchant added them as an exhibit. */
  customerHistory?: LetterCustomerHistory | undefined;
}

// Private-use characters stand for the parts while the text is tidied; the merchant's own text
// cannot hold them (they are taken out first: no font draws them anyway).
const PRIVATE = /[\uE000-\uF8FF]/g;
const leftOutMark = (i: number): string => String.fromCharCode(0xe000 + i);
const addedStart = (i: number): string => String.fromCharCode(0xe800 + i);
const addedEnd = (i: number): string => String.fromCharCode(0xe900 + i);
const isStart = (c: string): boolean => c >= '\uE800' && c < '\uE900';

/** Tidies what removal leaves (doubled spaces, a space at a line's end, empty paragraphs, space at
 * either end) around the marks, which take no room: a mark opening an added paragraph goes after
 * the space before it, any other before it. */
function tidy(marked: string): string {
  const s = marked.replace(/\r\n?/g, '\n');
  return s.replace(/[ \t\n\uE000-\uF8FF]+/g, (run, at: number) => {
    const marks = run.replace(/[ \t\n]/g, '');
    const space = run.replace(PRIVATE, '');
    const edge = at === 0 || at + run.length === s.length;
    const lines = (space.match(/\n/g) ?? []).length;
    const kept = edge ? '' : lines ? '\n'.repeat(Math.min(lines, 2)) : space ? ' ' : '';
    const starts = [...marks].filter(isStart).join('');
    const others = [...marks].filter((c) => !isStart(c)).join('');
    return others + kept + starts;
  });
}

function whyNotEnclosed(kinds: readonly ExhibitKind[]): string {
  if (kinds === anyExhibit) return 'nothing is enclosed';
  const names = kinds.map((k) => exhibitKindNames[k]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
  return `no exhibit in the packet is ${list} (name or title one so, or add it)`;
}

const slotNames: Record<SlotId, string> = {
  tracking: 'Tracking and carrier',
  delivery: 'Proof of delivery',
  receipt: 'Receipt or invoice',
  communication: 'Customer communication',
  policy: 'Refund and cancellation policy',
};

export function composeLetter(ask: LetterAsk): ComposedLetter {
  const { facts, arrangement, slots } = ask;
  const titles = exhibitTitles(arrangement, slots, ask.itemOf);
  const order = [...titles.keys()];
  // What the exhibits show: their file names, the titles the merchant wrote, and the sections
  // their files are in (a suggested title only repeats its file name).
  const kinds = exhibitKindsOf([
    ...order.map((id) => ask.itemOf(id)?.name ?? ''),
    ...order.flatMap((id) => slots?.titles?.[id]?.trim() ?? []),
  ]);
  const filedSlots = slotIds.filter((id) => slotExhibits(slots, id, arrangement).length > 0);
  for (const id of filedSlots) kinds.add(slotKind[id]);
  const sections = providedSlots(slots, arrangement).flatMap((id) => {
    const text = slotParagraph(id, slots, slotExhibits(slots, id, arrangement));
    return text ? [{ id, text }] : [];
  });

  // A generated claim that only says what a section's paragraph now says, with the exhibit's
  // number, is left to that paragraph.
  const saidBySection = (claimed: readonly ExhibitKind[] | undefined): string | undefined => {
    if (!claimed || claimed === anyExhibit) return undefined;
    const by = sections.filter((x) => filedSlots.includes(x.id));
    if (!claimed.every((k) => by.some((x) => slotKind[x.id] === k))) return undefined;
    const slot = by.find((x) => claimed.includes(slotKind[x.id]))!.id;
    return `the paragraph written from "${slotNames[slot]}" says it, citing the exhibit`;
  };

  const own = (ask.rebuttal ?? '').replace(PRIVATE, '');
  const template = coverLetterTemplate(ask.category, facts);
  // The opening is written again from the record either way: a draft saved with an older opening
  // is still untouched.
  const untouched = !own.trim() || sameWords(own.replace(generatedOpening, ''), template.replace(generatedOpening, ''));
  let text = untouched ? template : own;
  text = text.replace(generatedOpening, () => openingSentence(facts));

  const leftOut: ComposedLetter['leftOut'] = [];
  for (const c of knownClaims(ask.category, facts)) {
    if (!text.includes(c.text)) continue;
    const why =
      c.unsupported?.(facts) ??
      (c.exhibits && !(c.exhibits === anyExhibit ? order.length > 0 : c.exhibits.some((k) => kinds.has(k)))
        ? whyNotEnclosed(c.exhibits)
        : saidBySection(c.exhibits));
    if (!why) continue;
    if (untouched) {
      text = text.split(c.text).join('');
      continue;
    }
    text = text.split(c.text).join(leftOutMark(leftOut.length));
    leftOut.push({ text: c.text, why });
  }
  const draft = untouched ? tidy(text) : own;

  // The merchant's own statements about the payment's facts: a paragraph that says they are
  // theirs, so the issuer never reads them as the transaction record's.
  const statements = statementsParagraph(slots);
  if (sections.length > 0 || statements) {
    const added = [
      ...sections.map((s, i) => `${addedStart(i)}${s.text}${addedEnd(i)}`),
      ...(statements ? [statements] : []),
    ].join('\n\n');
    const at = text.indexOf(closingClaims[0]!.text);
    // A paragraph of their own, before the closing request (or at the end).
    text = at >= 0 ? `${text.slice(0, at)}\n\n${added}\n\n${text.slice(at)}` : `${text.trimEnd()}\n\n${added}`;
  }

  // Compelling Evidence 3.0, a section of its own (shared/domain/compelling-evidence.ts): a paragraph
  // naming the earlier purchases before the closing request, written only when the verdict qualifies;
  // then the customer's earlier orders (shared/domain/customer-history-letter.ts) when added.
  // Its exhibit follows the merchant's files: where the window composes without it, it is the next.
  const ce3Item = ask.compellingEvidence?.itemId;
  const ce3Exhibit = ce3Item ? order.indexOf(ce3Item) + 1 : order.length + 1;
  const ce3 = ce3LetterParagraph(ask.compellingEvidence?.verdict, ce3Exhibit || undefined);
  // The customer's earlier orders: their exhibit follows the CE 3.0 one (electron/card-history/).
  const historyItem = ask.customerHistory?.itemId;
  const historyExhibit = historyItem ? order.indexOf(historyItem) + 1 : order.length + 1 + (ce3 && !ce3Item ? 1 : 0);
  const history = customerHistoryParagraph(ask.customerHistory, historyExhibit);
  for (const paragraph of [ce3, history]) {
    if (!paragraph) continue;
    const at = text.indexOf(closingClaims[0]!.text);
    text = at >= 0 ? `${text.slice(0, at)}\n\n${paragraph}\n\n${text.slice(at)}` : `${text.trimEnd()}\n\n${paragraph}`;
  }

  const parts: LetterPart[] = [];
  let open: number | undefined;
  let run = '';
  const flush = (): void => {
    if (!run) return;
    if (open === undefined) parts.push({ kind: 'text', text: run });
    else parts.push({ kind: 'added', text: run, slot: sections[open]!.id });
    run = '';
  };
  for (const ch of tidy(text)) {
    const code = ch.charCodeAt(0);
    if (code < 0xe000 || code >= 0xea00) {
      run += ch;
      continue;
    }
    flush();
    if (code >= 0xe900) open = undefined;
    else if (code >= 0xe800) open = code - 0xe800;
    else parts.push({ kind: 'left-out', ...leftOut[code - 0xe000]! });
  }
  flush();
  const sent = parts.flatMap((p) => (p.kind === 'left-out' ? [] : [p.text])).join('');
  return { text: sent, parts, leftOut, titles, untouched, draft };
}

/** What the merchant states about the payment where the record is silent or differs, as theirs. */
function statementsParagraph(slots: Slots | undefined): string | undefined {
  const said = merchantStatements(slots?.payment);
  if (said.length === 0) return undefined;
  const lines = said.map((s) => `${paymentFactLabel[s.id]}: ${s.text.replace(PRIVATE, '').replace(/\s+/g, ' ')}`);
  return `We state the following ourselves; it is not from the transaction record. ${lines.map((l) => (/[.!?]$/.test(l) ? l : `${l}.`)).join(' ')}`;
}

/** The same words, however the lines and spaces fall (a textarea may turn \r\n into \n). */
const sameWords = (a: string, b: string): boolean => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
