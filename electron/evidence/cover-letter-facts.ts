// The cover letter's facts from a stored chargeback: one place turns a record (and its
// transaction) into the words and numbers the letter shows, ties the letter's claims to the
// exhibits really in the packet, and refuses a letter that still has blanks in it.
import type { Chargeback, Txn } from '../../shared/api/index.ts';
import type { Arrangement, CoverLetterInput } from '../../shared/evidence/items.ts';
import { explainReasonCode, reasonCodeInfo } from '../../shared/domain/reason-codes.ts';
import { formatYmd } from '../../shared/domain/dates.ts';
import {
  coverLetterTemplate,
  exhibitKindsOf,
  letterBlanks,
  tieClaims,
  type CoverLetterFacts,
} from '../../shared/domain/cover-letter-templates.ts';
import { AppError } from '../../shared/errors.ts';
import { letterAmount, localDate } from './cover-letter.ts';
import type { EvidenceStore } from './evidence-store.ts';

const yes = (v: unknown): boolean => v === 1 || v === '1' || v === true;

/** What the letter may state from the chargeback and its transaction. */
export function letterFacts(
  cb: Chargeback,
  o: { merchantName?: string | undefined; txn?: Txn | null | undefined },
): CoverLetterFacts {
  const t = o.txn;
  const created = typeof t?.created === 'string' ? t.created.slice(0, 10) : undefined;
  return {
    chargebackId: cb.id,
    reasonCode: cb.reasonCode,
    amountText: letterAmount(cb.total, cb.currency),
    ...(o.merchantName ? { merchantName: o.merchantName } : {}),
    ...(created && /^\d{4}-\d{2}-\d{2}$/.test(created) ? { transactionDate: created } : {}),
    ...(t?.authCode ? { authCode: t.authCode } : {}),
    ...(t?.clientIp ? { clientIp: t.clientIp } : {}),
    ...(yes(t?.emv) ? { chipRead: true } : {}),
    ...(yes(t?.signature) ? { signed: true } : {}),
  };
}

/** The rebuttal a new draft starts from: every claim the facts allow; the build keeps those
 * whose exhibits the packet holds. */
export function draftRebuttal(
  cb: Chargeback,
  o: { merchantName?: string | undefined; txn?: Txn | null | undefined },
): string {
  return coverLetterTemplate(explainReasonCode(cb.reasonCode).category, letterFacts(cb, o));
}

/**
 * The letter for a packet. With `exhibits` (the names of the files in the packet, for a build),
 * each generated claim whose kind of exhibit is not among them is left out; `leftOut` lists them.
 */
export function coverLetterFor(
  cb: Chargeback,
  o: {
    merchantName?: string | undefined;
    rebuttal?: string | undefined;
    now?: Date;
    txn?: Txn | null | undefined;
    exhibits?: readonly string[];
  } = {},
): CoverLetterInput & { leftOut?: string[] } {
  const info = reasonCodeInfo(cb.reasonCode);
  const explanation = explainReasonCode(cb.reasonCode);
  const facts = letterFacts(cb, o);
  let rebuttal = o.rebuttal ?? coverLetterTemplate(explanation.category, facts);
  let leftOut: string[] | undefined;
  if (o.exhibits) {
    const tied = tieClaims(rebuttal, explanation.category, facts, exhibitKindsOf(o.exhibits), o.exhibits.length > 0);
    rebuttal = tied.text;
    leftOut = tied.leftOut;
  }
  return {
    chargebackId: cb.id,
    reasonCode: cb.reasonCode,
    // A code the tables do not know gets neutral words: the app's advice to the merchant
    // ("answer with the receipt…") must not reach the issuer.
    reasonText: cb.reason || info?.text || 'as given by the issuer',
    plainMeaning: info ? explanation.plainWords : 'The claim as the issuer states it under this reason code.',
    amountText: facts.amountText,
    date: localDate(o.now ?? new Date()),
    ...(cb.issued ? { issued: formatYmd(cb.issued) } : {}),
    ...(cb.received ? { received: formatYmd(cb.received) } : {}),
    ...(cb.reply ? { reply: formatYmd(cb.reply) } : {}),
    ...(cb.txn ? { transactionId: cb.txn } : {}),
    ...(o.merchantName ? { merchantName: o.merchantName } : {}),
    rebuttal,
    ...(leftOut ? { leftOut } : {}),
  };
}

/** A letter that may not be sent: it still has blanks for the merchant to fill. */
export function letterProblem(letter: Pick<CoverLetterInput, 'rebuttal' | 'chargebackId'>): AppError | undefined {
  const blanks = letterBlanks(letter.rebuttal);
  if (blanks.length === 0) return undefined;
  return new AppError(
    'bad-input',
    `The cover letter for ${letter.chargebackId} still has ` +
      `${blanks.length === 1 ? 'a blank' : `${blanks.length} blanks`} to fill: ${blanks.join(', ')}. ` +
      'Write in what belongs there, or take the sentence out; nothing was queued.',
    { fields: blanks.map((b) => ({ field: 'rebuttal', message: `blank: ${b}` })) },
  );
}

/** The names of the files whose pages are in an arrangement, each once, in order. */
export async function exhibitNames(evidence: Pick<EvidenceStore, 'get'>, arrangement: Arrangement): Promise<string[]> {
  const ids = [...new Set(arrangement.pages.map((p) => p.itemId))];
  const items = await Promise.all(ids.map((id) => evidence.get(id)));
  return items.flatMap((i) => (i ? [i.name] : []));
}
