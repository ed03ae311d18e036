// Which response messages make sense at which cycle, and how the app asks for them. All the
// contract's types can be sent; the UI offers first the ones that fit the chargeback's cycle.
import { messageTypes, type MessageType } from './enum-values.ts';
import { sendsDocumentsFirst, type DialectName } from './dialects.ts';
import type { DisputeCategory } from './reason-codes.ts';

export interface MessageTypeRule {
  label: string;
  /** What the answer does, in one plain line: what the merchant reads on its card. */
  meaning: string;
  /** What happens once it is sent, in plain words. */
  next: string;
  /** What it costs the merchant: what is given up or risked (what the processor may charge for a
   * response is not known here, so it is not claimed). */
  cost: string;
  description: string;
  /** acceptLiability carries the amount conceded. */
  needsAmount: boolean;
  /** Irreversible or money-moving: the merchant confirms first. */
  needsConfirmation: boolean;
  /** Sent together with evidence documents. */
  withEvidence: boolean;
  /** It says something only through what goes with it (a note, typed facts, files): sent empty it
   * says nothing, so it is refused (answer-readiness.ts). A concession, a withdrawal and an
   * assignment are their own content. */
  needsContent: boolean;
  /** The service closes or decides the chargeback on this message (observed: represent →
   * closed, acceptLiability → lost), so it refuses documents sent after it: such a message
   * carries evidence only where the dialect sends documents first (see evidenceRefusal). */
  closesChargeback: boolean;
}

export const messageTypeRules: Record<MessageType, MessageTypeRule> = {
  respond: {
    meaning: 'Fight it: send your evidence to the issuer. The case stays open until they decide.',
    label: 'Respond with evidence',
    next: 'The issuer weighs your evidence and decides; the outcome shows here when it comes.',
    cost: 'If you lose, the amount stays with the cardholder.',
    description: 'Answer the dispute and upload your evidence.',
    needsAmount: false,
    needsConfirmation: false,
    withEvidence: true,
    needsContent: true,
    closesChargeback: false,
  },
  represent: {
    meaning: 'A final answer: your evidence goes to the issuer and the case closes, so nothing can be added.',
    label: 'Represent',
    next: 'The processor closes the case on this message and the issuer decides on what you sent: nothing can be added after it.',
    cost: 'If you lose, the amount stays with the cardholder.',
    description:
      'Re-present the charge to the issuer with your evidence. The processor ' +
      'closes the case on this message, so the evidence is sent first.',
    needsAmount: false,
    needsConfirmation: true,
    withEvidence: true,
    needsContent: true,
    closesChargeback: true,
  },
  respondToDispute: {
    meaning: 'Add to an answer already sent: more evidence, the case kept open.',
    label: 'Send more evidence',
    next: 'The case stays open; the issuer weighs this with what you sent before.',
    cost: 'If you lose, the amount stays with the cardholder.',
    description: 'Send a reply without closing the case.',
    needsAmount: false,
    needsConfirmation: false,
    withEvidence: true,
    needsContent: true,
    closesChargeback: false,
  },
  acceptLiability: {
    meaning: 'Give up: the cardholder keeps the money. Cheaper than losing when you cannot prove your case.',
    label: 'Accept liability',
    next: 'The case closes as lost at once; nothing more can be sent for it.',
    cost: 'The amount you concede goes back to the cardholder.',
    description: 'Concede the dispute: the amount stays with the cardholder. This cannot be undone.',
    needsAmount: true,
    needsConfirmation: true,
    withEvidence: false,
    needsContent: false,
    closesChargeback: true,
  },
  unaccept: {
    meaning: 'Take back an acceptance sent by mistake, so you can still fight.',
    label: 'Withdraw acceptance',
    next: 'Your acceptance is withdrawn and the case can be answered again.',
    cost: 'Nothing by itself: the case can again be won or lost.',
    description: 'Withdraw an earlier acceptance of liability.',
    needsAmount: false,
    needsConfirmation: true,
    withEvidence: false,
    needsContent: false,
    closesChargeback: false,
  },
  notate: {
    meaning: 'Leave a note for the processor. It does not answer the dispute.',
    label: 'Add a note',
    next: 'The processor reads it; the dispute is not answered and its reply date still stands.',
    cost: 'Nothing, but the amount stays at risk until you answer.',
    description: 'Add a note to the case for the processor.',
    needsAmount: false,
    needsConfirmation: false,
    withEvidence: false,
    needsContent: true,
    closesChargeback: false,
  },
  assign: {
    meaning: 'Hand the case to a queue or a colleague. It does not answer the dispute.',
    label: 'Assign',
    next: 'The case moves to that queue or person; the dispute is not answered.',
    cost: 'Nothing, but the amount stays at risk until it is answered.',
    description: 'Assign the case to a queue or contact.',
    needsAmount: false,
    needsConfirmation: false,
    withEvidence: false,
    needsContent: false,
    closesChargeback: false,
  },
  createPreArbitration: {
    meaning: 'Open pre-arbitration yourself, with new evidence.',
    label: 'Create pre-arbitration',
    next: 'The case moves to pre-arbitration, where the issuer answers your new evidence.',
    cost: "If it ends in arbitration, the network's fee falls on the side that loses.",
    description: 'Open pre-arbitration with more evidence.',
    needsAmount: false,
    needsConfirmation: false,
    withEvidence: true,
    needsContent: true,
    closesChargeback: false,
  },
  requestPreArbitration: {
    meaning: 'Ask to take the case one step further, to pre-arbitration.',
    label: 'Request pre-arbitration',
    next: 'The case moves on to pre-arbitration if the issuer agrees.',
    cost: "If it ends in arbitration, the network's fee falls on the side that loses.",
    description: 'Ask to take the case to pre-arbitration.',
    needsAmount: false,
    needsConfirmation: false,
    withEvidence: true,
    needsContent: true,
    closesChargeback: false,
  },
  requestResolutionToPreArbitration: {
    meaning: 'Ask the issuer to settle the pre-arbitration with you.',
    label: 'Request pre-arbitration resolution',
    next: 'The issuer is asked to settle; the case stays in pre-arbitration until they answer.',
    cost: 'What you and the issuer settle on.',
    description: 'Ask the issuer to resolve the pre-arbitration.',
    needsAmount: false,
    needsConfirmation: false,
    withEvidence: true,
    needsContent: true,
    closesChargeback: false,
  },
  repsondToPreArbitration: {
    meaning: "Fight the issuer's pre-arbitration with your evidence.",
    label: 'Respond to pre-arbitration',
    next: 'The issuer weighs your evidence; if they still disagree, the case can go to arbitration.',
    cost: "If it ends in arbitration, the network's fee falls on the side that loses.",
    description: "Answer the issuer's pre-arbitration with evidence.",
    needsAmount: false,
    needsConfirmation: false,
    withEvidence: true,
    needsContent: true,
    closesChargeback: false,
  },
  requestArbitration: {
    meaning: 'Let the card network decide. You pay its fee if you lose.',
    label: 'Request arbitration',
    next: 'The card network decides, and its decision is final.',
    cost: "The network's arbitration fee if you lose, on top of the amount.",
    description: 'Ask the card network to decide. Arbitration fees apply if you lose.',
    needsAmount: false,
    needsConfirmation: true,
    withEvidence: true,
    needsContent: true,
    closesChargeback: false,
  },
};

// Why these sets: a retrieval asks for documents, not a defence; a first chargeback is answered
// with evidence, represented on what the processor holds, or conceded; pre-arbitration stages take
// the pre-arbitration replies or an escalation; decided cycles accept only notes.
const byCycle: Record<string, readonly MessageType[]> = {
  retrieval: ['respond', 'notate'],
  first: ['respond', 'represent', 'acceptLiability', 'notate'],
  representment: ['respond', 'respondToDispute', 'acceptLiability', 'notate'],
  preArbitration: [
    'repsondToPreArbitration',
    'requestResolutionToPreArbitration',
    'requestArbitration',
    'acceptLiability',
    'notate',
  ],
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

/** The answers the window offers at this cycle: every type, the fitting first, except one that
 * contradicts the stage. Withdrawing an acceptance is offered only where there is one to withdraw,
 * and there accepting liability again (which "cannot be undone") is not offered beside it. */
export function offeredAnswers(cycle: string): MessageType[] {
  const withdrawing = messageTypesForCycle(cycle).includes('unaccept');
  return messageTypesOrdered(cycle).filter((t) => (withdrawing ? t !== 'acceptLiability' : t !== 'unaccept'));
}

// The answers that fight the chargeback with the merchant's evidence at the stage it is at: near
// synonyms to a merchant, so one is suggested (the one the stage takes), the others wait behind
// "More answers". Settling, escalating and conceding are other answers, not other ways to fight.
const fights: ReadonlySet<MessageType> = new Set([
  'respond',
  'represent',
  'respondToDispute',
  'repsondToPreArbitration',
  'createPreArbitration',
]);

// Kinds of dispute settled by the processor's own records (the authorization, the presentment):
// re-presenting on what it holds comes before gathering evidence.
const settledByRecords: ReadonlySet<DisputeCategory> = new Set(['authorization', 'processing-error']);

/** The answers the dispute page offers first, as large cards: those that fit the stage, answers
 * only (a note or an assignment answers nothing, unless nothing else fits), one way to fight (the
 * stage's own; re-presenting where the reason is settled by the processor's records), at most
 * three. The rest wait behind "More answers". */
export function suggestedAnswers(cycle: string, category?: DisputeCategory): MessageType[] {
  const fit = messageTypesForCycle(cycle);
  const answers = fit.filter((t) => t !== 'notate' && t !== 'assign');
  if (answers.length === 0) return fit.slice(0, 3);
  const fight =
    category && settledByRecords.has(category) && answers.includes('represent')
      ? 'represent'
      : answers.find((t) => fights.has(t));
  const others = answers.filter((t) => !fights.has(t));
  return (fight ? [fight, ...others] : others).slice(0, 3);
}

/** Why this answer cannot carry documents on a service of this dialect; undefined when it can.
 * The one place the rule lives: the outbox refuses such a job, the CLI and the window ask
 * before any evidence is built. */
export function evidenceRefusal(type: MessageType, dialect: DialectName): string | undefined {
  const rule = messageTypeRules[type];
  if (!rule.closesChargeback) return undefined;
  if (!rule.withEvidence)
    return `${rule.label} closes the chargeback and carries no evidence: send it without documents.`;
  if (sendsDocumentsFirst(dialect)) return undefined;
  return (
    `${rule.label} closes the chargeback at once, and this service takes documents only after the message, ` +
    'so the processor would refuse them. To send evidence, respond with evidence instead.'
  );
}

/** The rule as the window shows it for a profile: evidence only where it can be delivered. */
export function ruleFor(type: MessageType, dialect: DialectName): MessageTypeRule {
  const rule = messageTypeRules[type];
  return rule.withEvidence && evidenceRefusal(type, dialect) !== undefined ? { ...rule, withEvidence: false } : rule;
}
