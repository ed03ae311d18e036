// A SIMULATION of how an issuer weighs a merchant's answer, for the sandbox's decisions
// (issuer-decisions.ts). No real issuer's rules are known to this app: this only makes the demo
// teach the right lesson. The issuer reads documents, not notes (evidence-guidance.ts's general
// advice), and looks for the evidence the checklist of the dispute's kind asks for:
// - nothing sent (no note, no document): the chance of winning is 0, always;
// - a note without documents: 5%;
// - documents: 15%, rising to 90% as they show the evidence the reason's checklist asks for (half
//   of its items shown counts as a full answer: few merchants hold all of them).
// What the sandbox can read is what the service holds: the answer messages' notes, the documents'
// names, and the text drawn in PDF documents (the cover letter lists its exhibits in words); an
// image is evidence, but unread. An item of the checklist is shown when at least half of the
// distinctive words of its label appear there. The seeded roll (issuer-decisions.ts) then decides.
import { inflateSync } from 'node:zlib';
import { evidenceGuidance } from '../../shared/domain/evidence-guidance.ts';
import { reasonCodeInfo } from '../../shared/domain/reason-codes.ts';

export interface SubmittedAnswer {
  reasonCode: string;
  notes: readonly string[];
  documents: ReadonlyArray<{ name: string; bytes: Uint8Array | undefined }>;
}

export interface AnswerStrength {
  /** The chance (0 to 0.9) that the issuer reverses the chargeback. */
  chance: number;
  /** The checklist items the answer showed, by id. */
  shown: string[];
}

// Words every letter uses: they tell nothing about which evidence is there.
const generic = new Set(
  'and the of to for a an or with its their his her your our any as at by on in from that this was were is ' +
    'customer cardholder proof record records payment purchase before after shown where there'.split(' '),
);

/** The items every kind of dispute asks for (the guidance of no kind is only those). */
const everyKind = new Set(evidenceGuidance(undefined).checklist.map((i) => i.id));

/** Words cut to their first five letters, so "delivered" meets "delivery" and "authorized"
 * meets "authorization". */
const wordsOf = (text: string): string[] => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map((w) => w.slice(0, 5));

/** The words a checklist label is recognised by ("AVS and CVV match": avs, cvv, match). */
function labelWords(label: string): string[] {
  return [
    ...new Set(
      (label.toLowerCase().match(/[a-z0-9]+/g) ?? [])
        .filter((w) => !generic.has(w) && (w.length > 2 || /\d/.test(w) || w === 'ip'))
        .map((w) => w.slice(0, 5)),
    ),
  ];
}

/** Text drawn in a PDF's content streams (Tj and TJ strings, literal or hex), best effort: a
 * stream that is not Flate or not text is skipped. Anything else is no text. */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (raw.subarray(0, 5).toString('latin1') !== '%PDF-') return '';
  const s = raw.toString('latin1');
  const out: string[] = [];
  const start = /stream\r?\n/g;
  for (let m = start.exec(s); m; m = start.exec(s)) {
    const end = s.indexOf('endstream', m.index);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(raw.subarray(m.index + m[0].length, end)).toString('latin1');
    } catch {
      content = s.slice(m.index + m[0].length, end);
    }
    start.lastIndex = end;
    if (!/T[Jj]/.test(content)) continue;
    for (const t of content.matchAll(/(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))\s*Tj|\[((?:[^\]])*)\]\s*TJ/g)) {
      const parts = t[1] ? [t[1]] : (t[2]?.match(/<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)/g) ?? []);
      out.push(parts.map(pdfString).join(''));
    }
  }
  return out.join('\n');
}

function pdfString(p: string): string {
  if (p.startsWith('<')) {
    const hex = p.slice(1, -1).replace(/\s/g, '');
    return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1');
  }
  return p.slice(1, -1).replace(/\\(.)/g, '$1');
}

export function answerStrength(a: SubmittedAnswer): AnswerStrength {
  const notes = a.notes.filter((n) => n.trim() !== '');
  if (notes.length === 0 && a.documents.length === 0) return { chance: 0, shown: [] };
  if (a.documents.length === 0) return { chance: 0.05, shown: [] };
  const text = [...notes, ...a.documents.map((d) => `${d.name}\n${d.bytes ? pdfText(d.bytes) : ''}`)].join('\n');
  // A sentence restating the dispute ("The cardholder states that the item was not as
  // described") names what is disputed, not what shows it wrong.
  const read = new Set(wordsOf(text.replace(/[^.\n]*\bstates that\b[^.]*\./gi, ' ')));
  const category = reasonCodeInfo(a.reasonCode)?.category;
  // Only the items of the dispute's own kind: the receipt and cover letter every kind asks for
  // make an answer tidy, not convincing.
  const asked = category ? evidenceGuidance(category).checklist.filter((i) => !everyKind.has(i.id)) : [];
  if (asked.length === 0) return { chance: 0.4, shown: [] };
  const shown = asked
    .filter((item) => {
      const words = labelWords(item.label);
      return words.filter((w) => read.has(w)).length >= Math.ceil(words.length / 2);
    })
    .map((item) => item.id);
  const full = Math.min(1, shown.length / Math.ceil(asked.length / 2));
  return { chance: Math.round((0.15 + 0.75 * full) * 1000) / 1000, shown };
}
