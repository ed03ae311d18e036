// A strong first draft of the rebuttal per kind of dispute. The merchant edits it; the only
// brackets left are facts only the merchant knows.
import type { DisputeCategory } from './reason-codes.ts';

export interface CoverLetterFacts {
  merchantName?: string;
  chargebackId: string;
  reasonCode: string;
  amountText: string;
  transactionDate?: string;
}

const bodies: Record<DisputeCategory | 'general', (f: CoverLetterFacts) => string> = {
  'fraud-card-absent': () =>
    `The cardholder states that they did not authorize this purchase. Our records show that the order was placed and paid by the cardholder. The payment was authorized by the issuer, and the order details match the cardholder's own information, as the enclosed exhibits show: the authorization record, the billing and delivery address, and the IP address and device used for the order.\n\nWhere available we enclose the 3-D Secure authentication result and the cardholder's earlier undisputed payments with the same details.`,
  'fraud-card-present': (f) =>
    `The cardholder states that they did not make this purchase. The card was present at the time of sale: the enclosed terminal record shows the card's chip was read${f.transactionDate ? ` on ${f.transactionDate}` : ''}, and the receipt carries the cardholder's verification.`,
  'not-received': () =>
    `The cardholder states that they did not receive what they paid for. The order was delivered: the enclosed exhibits show the carrier, tracking number [tracking number], ship date and the delivery confirmation to the cardholder's address.`,
  'not-as-described': () =>
    `The cardholder states that the item was not as described. The item matched its description at the time of purchase, as the enclosed product description and photos show. Our return policy, shown at checkout, offered the cardholder a return, which they did not use.`,
  'credit-not-processed': () =>
    `The cardholder states that a credit was not processed. The enclosed exhibits show [the refund of this amount on its date / that no refund was due under the cancellation and refund policy the cardholder accepted at checkout].`,
  'cancelled-recurring': () =>
    `The cardholder states that they cancelled this recurring payment. The cardholder agreed to the subscription terms, which were clearly disclosed, and did not cancel as those terms require; our records show the service was used after the date of the claimed cancellation.`,
  'duplicate-or-paid-otherwise': () =>
    `The cardholder states that this charge is a duplicate or was paid by other means. The enclosed receipts show that each charge is for a distinct purchase, and our records show no other payment for this order.`,
  authorization: () =>
    `The issuer states that the payment was not properly authorized. The enclosed authorization record shows the issuer approved this payment for the amount charged.`,
  'processing-error': () =>
    `The issuer states that the payment was processed in error. The enclosed records show the payment was authorized and presented correctly, for the right amount and currency, on time.`,
  general: () =>
    `We dispute this chargeback. The enclosed exhibits show that the purchase was genuine and that the goods or services were provided as agreed.`,
};

export function coverLetterTemplate(category: DisputeCategory | undefined, facts: CoverLetterFacts): string {
  const opening = `We respond to chargeback ${facts.chargebackId} (reason code ${facts.reasonCode}) for ${facts.amountText}${facts.transactionDate ? `, a payment of ${facts.transactionDate}` : ''}.`;
  const closing = `We ask the issuer to reverse this chargeback. The exhibits are listed below in the order they are enclosed.`;
  const signature = facts.merchantName ? `\n\n${facts.merchantName}` : '';
  return `${opening}\n\n${bodies[category ?? 'general'](facts)}\n\n${closing}${signature}`;
}
