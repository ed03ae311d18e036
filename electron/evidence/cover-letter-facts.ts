// The cover letter's facts from a stored chargeback: one place turns a record into the words
// and numbers the letter shows.
import type { Chargeback } from '../../shared/api/index.ts';
import type { CoverLetterInput } from '../../shared/evidence/items.ts';
import { explainReasonCode, reasonCodeInfo } from '../../shared/domain/reason-codes.ts';
import { formatYmd } from '../../shared/domain/dates.ts';
import { coverLetterTemplate } from '../../shared/domain/cover-letter-templates.ts';
import { letterAmount, localDate } from './cover-letter.ts';

export function coverLetterFor(cb: Chargeback, o: { merchantName?: string | undefined; rebuttal?: string | undefined; now?: Date } = {}): CoverLetterInput {
  const info = reasonCodeInfo(cb.reasonCode);
  const explanation = explainReasonCode(cb.reasonCode);
  const amountText = letterAmount(cb.total, cb.currency);
  return {
    chargebackId: cb.id,
    reasonCode: cb.reasonCode,
    // A code the tables do not know gets neutral words: the app's advice to the merchant
    // ("answer with the receipt…") must not reach the issuer.
    reasonText: cb.reason || info?.text || 'as given by the issuer',
    plainMeaning: info ? explanation.plainWords : 'The claim as the issuer states it under this reason code.',
    amountText,
    date: localDate(o.now ?? new Date()),
    ...(cb.issued ? { issued: formatYmd(cb.issued) } : {}),
    ...(cb.received ? { received: formatYmd(cb.received) } : {}),
    ...(cb.reply ? { reply: formatYmd(cb.reply) } : {}),
    ...(cb.txn ? { transactionId: cb.txn } : {}),
    ...(o.merchantName ? { merchantName: o.merchantName } : {}),
    rebuttal: o.rebuttal ?? coverLetterTemplate(explanation.category, { chargebackId: cb.id, reasonCode: cb.reasonCode, amountText, ...(o.merchantName ? { merchantName: o.merchantName } : {}) }),
  };
}
