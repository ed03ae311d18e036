// The cover letter's facts from a stored chargeback: one place turns a record (and its
// transaction) into the words and numbers the letter may state (the payment dated by its
// authorization, 3-D Secure and the security code only as the record states them), hands them to
// composeLetter, and refuses a letter that still has blanks in it.
import type { Chargeback, Txn } from '../../shared/api/index.ts';
import type { Arrangement, CoverLetterInput } from '../../shared/evidence/items.ts';
import type { Slots } from '../../shared/evidence/slots.ts';
import { explainReasonCode, reasonCodeInfo } from '../../shared/domain/reason-codes.ts';
import { formatYmd } from '../../shared/domain/dates.ts';
import { coverLetterTemplate, letterBlanks } from '../../shared/domain/cover-letter-templates.ts';
import { letterDay, type CoverLetterFacts } from '../../shared/domain/letter-facts.ts';
import type { TitledItem } from '../../shared/domain/exhibit-titles.ts';
import { composeLetter, type LetterAsk } from '../../shared/domain/cover-letter-compose.ts';
import {
  billingAddressOf,
  cardReadOf,
  clientIpOf,
  cvvResult,
  threeDSecureOf,
} from '../../shared/domain/payment-facts.ts';
import { cardNetworkOf, networkName } from '../../shared/domain/card-networks.ts';
import { AppError } from '../../shared/errors.ts';
import { letterAmount, localDate } from './cover-letter.ts';

/** The authorization day as the record states it: `authDate` is YYYYMMDD (an integer or its
 * text) or a date; anything else states no day. */
export function authorizationDay(v: unknown): string | undefined {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:$|[ T])/.exec(s);
  if (!m) return undefined;
  const [, y, mo, d] = m;
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  // 20261131 is no day: nothing is claimed rather than a day the record does not state.
  return day.getUTCDate() === Number(d) && day.getUTCMonth() === Number(mo) - 1 ? `${y}-${mo}-${d}` : undefined;
}

/** What the letter may state from the chargeback and its transaction record. */
export function letterFacts(
  cb: Chargeback,
  o: { merchantName?: string | undefined; txn?: Txn | null | undefined },
): CoverLetterFacts {
  const t = o.txn;
  const authorizedOn = authorizationDay(t?.authDate);
  const secure = threeDSecureOf(t);
  const cvv = cvvResult(t?.cvvStatus);
  const read = cardReadOf(t);
  const clientIp = clientIpOf(t);
  const billingAddress = billingAddressOf(t);
  return {
    chargebackId: cb.id,
    reasonCode: cb.reasonCode,
    amountText: letterAmount(cb.total, cb.currency),
    ...(o.merchantName ? { merchantName: o.merchantName } : {}),
    ...(authorizedOn ? { authorizedOn } : {}),
    ...(t?.authCode ? { authCode: t.authCode } : {}),
    ...(clientIp ? { clientIp } : {}),
    ...(billingAddress ? { billingAddress } : {}),
    ...(read.chip ? { chipRead: true } : {}),
    ...(read.contactless ? { contactless: true } : {}),
    ...(read.pin ? { pinEntered: true } : {}),
    ...(t?.signature === 1 ? { signed: true } : {}),
    ...(secure ? { threeDSecure: secure } : {}),
    ...(cvv ? { cvv } : {}),
  };
}

/** The rebuttal a new draft starts from: every claim the record supports; the letter as sent
 * keeps those whose exhibits the packet holds (composeLetter). */
export function draftRebuttal(
  cb: Chargeback,
  o: { merchantName?: string | undefined; txn?: Txn | null | undefined },
): string {
  return coverLetterTemplate(explainReasonCode(cb.reasonCode).category, letterFacts(cb, o));
}

export type CoverLetter = CoverLetterInput & { leftOut: Array<{ text: string; why: string }> };

/**
 * The letter for a packet of `arrangement` (none: a letter alone), its body written by
 * composeLetter from the merchant's text or the template: claims the record or the exhibits do
 * not support left out (`leftOut` says which and why), a paragraph for each evidence section
 * with a file or a typed fact, and every exhibit titled.
 */
export function coverLetterFor(
  cb: Chargeback,
  o: {
    merchantName?: string | undefined;
    rebuttal?: string | undefined;
    now?: Date;
    txn?: Txn | null | undefined;
    arrangement?: Arrangement;
    slots?: Slots | undefined;
    itemOf?: (itemId: string) => TitledItem | undefined;
    compellingEvidence?: LetterAsk['compellingEvidence'];
    customerHistory?: LetterAsk['customerHistory'];
  } = {},
): CoverLetter {
  const info = reasonCodeInfo(cb.reasonCode);
  const explanation = explainReasonCode(cb.reasonCode);
  const facts = letterFacts(cb, o);
  const composed = composeLetter({
    rebuttal: o.rebuttal,
    category: explanation.category,
    facts,
    arrangement: o.arrangement ?? { pages: [] },
    slots: o.slots,
    itemOf: o.itemOf ?? (() => undefined),
    compellingEvidence: o.compellingEvidence,
    customerHistory: o.customerHistory,
  });
  return {
    chargebackId: cb.id,
    reasonCode: cb.reasonCode,
    // A code the tables do not know gets neutral words: the app's advice to the merchant
    // ("answer with the receipt…") must not reach the issuer.
    reasonText: cb.reason || info?.text || 'as given by the issuer',
    plainMeaning: info ? explanation.plainWords : 'The claim as the issuer states it under this reason code.',
    amountText: facts.amountText,
    // Every date of the letter in the same words (letterDay), the record's and today's alike.
    date: letterDay(localDate(o.now ?? new Date())),
    ...(cb.issued ? { issued: letterDay(formatYmd(cb.issued)) } : {}),
    ...(cb.received ? { received: letterDay(formatYmd(cb.received)) } : {}),
    ...(cb.reply ? { reply: letterDay(formatYmd(cb.reply)) } : {}),
    ...(cb.txn ? { transactionId: cb.txn } : {}),
    ...(facts.authorizedOn ? { authorized: letterDay(facts.authorizedOn) } : {}),
    // The network by the code's form; a code of no known form names none in a letter to the issuer.
    ...(cardNetworkOf(cb.reasonCode) ? { network: networkName(cardNetworkOf(cb.reasonCode)) } : {}),
    ...(o.merchantName ? { merchantName: o.merchantName } : {}),
    rebuttal: composed.text,
    ...(composed.titles.size ? { exhibitTitles: Object.fromEntries(composed.titles) } : {}),
    leftOut: composed.leftOut,
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
