// The cover letter's facts from a stored chargeback: one place turns a record into the words
// and numbers the letter shows.
import type { Chargeback } from '../../shared/api/index.ts';
import type { CoverLetterInput } from '../../shared/evidence/items.ts';
import { explainReasonCode } from '../../shared/domain/reason-codes.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { formatYmd } from '../../shared/domain/dates.ts';
import { coverLetterTemplate } from '../../shared/domain/cover-letter-templates.ts';

export function coverLetterFor(cb: Chargeback, o: { merchantName?: string | undefined; rebuttal?: string | undefined } = {}): CoverLetterInput {
  const explanation = explainReasonCode(cb.reasonCode);
  const amountText = formatAmount(cb.total, cb.currency);
  return {
    chargebackId: cb.id,
    reasonCode: cb.reasonCode,
    reasonText: cb.reason || explanation.title,
    plainMeaning: explanation.plainWords,
    amountText,
    ...(cb.issued ? { issued: formatYmd(cb.issued) } : {}),
    ...(cb.received ? { received: formatYmd(cb.received) } : {}),
    ...(cb.reply ? { reply: formatYmd(cb.reply) } : {}),
    ...(cb.txn ? { transactionId: cb.txn } : {}),
    ...(o.merchantName ? { merchantName: o.merchantName } : {}),
    rebuttal: o.rebuttal ?? coverLetterTemplate(explanation.category, { chargebackId: cb.id, reasonCode: cb.reasonCode, amountText, ...(o.merchantName ? { merchantName: o.merchantName } : {}) }),
  };
}
