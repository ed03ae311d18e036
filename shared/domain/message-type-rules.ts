// Which response messages make sense at which cycle, and how the app asks for them. All the
// contract's types can be sent; the UI offers first the ones that fit the chargeback's cycle.
import { messageTypes, type MessageType } from './enums.ts';

export interface MessageTypeRule {
  label: string;
  description: string;
  /** acceptLiability carries the amount conceded. */
  needsAmount: boolean;
  /** Irreversible or money-moving: the merchant confirms first. */
  needsConfirmation: boolean;
  /** Sent together with evidence documents. */
  withEvidence: boolean;
  /** The service closes or decides the chargeback on this message (observed: represent →
   * closed, acceptLiability → lost), so it refuses documents sent after it: such a message
   * never carries documents. */
  closesChargeback: boolean;
}

export const messageTypeRules: Record<MessageType, MessageTypeRule> = {
  respond: { label: 'Respond with evidence', description: 'Answer the dispute and upload your evidence.', needsAmount: false, needsConfirmation: false, withEvidence: true, closesChargeback: false },
  represent: { label: 'Represent', description: 'Re-present the charge to the issuer on what the processor already holds. The service closes the case at once, so no documents can follow: to send evidence, respond with evidence instead.', needsAmount: false, needsConfirmation: true, withEvidence: false, closesChargeback: true },
  respondToDispute: { label: 'Reply to the dispute', description: 'Send a reply without closing the case.', needsAmount: false, needsConfirmation: false, withEvidence: true, closesChargeback: false },
  acceptLiability: { label: 'Accept liability', description: 'Concede the dispute: the amount stays with the cardholder. This cannot be undone.', needsAmount: true, needsConfirmation: true, withEvidence: false, closesChargeback: true },
  unaccept: { label: 'Withdraw acceptance', description: 'Withdraw an earlier acceptance of liability.', needsAmount: false, needsConfirmation: true, withEvidence: false, closesChargeback: false },
  notate: { label: 'Add a note', description: 'Add a note to the case for the processor.', needsAmount: false, needsConfirmation: false, withEvidence: false, closesChargeback: false },
  assign: { label: 'Assign', description: 'Assign the case to a queue or contact.', needsAmount: false, needsConfirmation: false, withEvidence: false, closesChargeback: false },
  createPreArbitration: { label: 'Create pre-arbitration', description: 'Open pre-arbitration with more evidence.', needsAmount: false, needsConfirmation: false, withEvidence: true, closesChargeback: false },
  requestPreArbitration: { label: 'Request pre-arbitration', description: 'Ask to take the case to pre-arbitration.', needsAmount: false, needsConfirmation: false, withEvidence: true, closesChargeback: false },
  requestResolutionToPreArbitration: { label: 'Request pre-arbitration resolution', description: 'Ask the issuer to resolve the pre-arbitration.', needsAmount: false, needsConfirmation: false, withEvidence: true, closesChargeback: false },
  repsondToPreArbitration: { label: 'Respond to pre-arbitration', description: 'Answer the issuer\'s pre-arbitration with evidence.', needsAmount: false, needsConfirmation: false, withEvidence: true, closesChargeback: false },
  requestArbitration: { label: 'Request arbitration', description: 'Ask the card network to decide. Arbitration fees apply if you lose.', needsAmount: false, needsConfirmation: true, withEvidence: true, closesChargeback: false },
};

// Why these sets: a retrieval asks for documents, not a defence; a first chargeback is answered
// with evidence, represented on what the processor holds, or conceded; pre-arbitration stages take the pre-arbitration replies or an
// escalation; decided cycles accept only notes.
const byCycle: Record<string, readonly MessageType[]> = {
  retrieval: ['respond', 'notate'],
  first: ['respond', 'represent', 'acceptLiability', 'notate'],
  representment: ['respond', 'respondToDispute', 'acceptLiability', 'notate'],
  preArbitration: ['repsondToPreArbitration', 'requestResolutionToPreArbitration', 'requestArbitration', 'acceptLiability', 'notate'],
  responseToIssuerPreArbitration: ['repsondToPreArbitration', 'requestArbitration', 'acceptLiability', 'notate'],
  issuerDeclinedPreArbitration: ['requestArbitration', 'acceptLiability', 'notate'],
  arbitration: ['requestArbitration', 'acceptLiability', 'notate'],
  arbitrationSplit: ['acceptLiability', 'requestPreArbitration', 'notate'],
  compliance: ['respond', 'acceptLiability', 'notate'],
  preCompliance: ['respond', 'acceptLiability', 'notate'],
  merchantDeclinedPreArbitration: ['unaccept', 'notate'],
};

export function messageTypesForCycle(cycle: string): MessageType[] {
  return [...(byCycle[cycle] ?? ['notate'])];
}

/** Every type, the fitting ones first: the app can send any, it suggests the fitting ones. */
export function messageTypesOrdered(cycle: string): MessageType[] {
  const fit = messageTypesForCycle(cycle);
  return [...fit, ...messageTypes.filter((t) => !fit.includes(t))];
}
