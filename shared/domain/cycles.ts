// The chargeback cycles of the contract and what each means to a merchant.
import type { Cycle } from './enums.ts';

const meanings: Record<Cycle, string> = {
  retrieval: "Retrieval: the issuer asks for the transaction's documentation",
  first: 'First chargeback',
  arbitration: 'Arbitration',
  reversal: 'Reversal: the charged-back funds return to you',
  representment: 'Representment: you submit evidence supporting your case',
  preArbitration: 'Pre-arbitration: you submit more evidence before arbitration',
  arbitrationLost: 'Arbitration ruled against you',
  arbitrationSplit: 'Arbitration split the amount into a partial chargeback',
  arbitrationWon: 'Arbitration ruled for you',
  issuerAcceptPreArbitration: 'The issuer accepted your pre-arbitration request',
  issuerDeclinedPreArbitration: 'The issuer declined your pre-arbitration request',
  responseToIssuerPreArbitration: 'Your decision is needed: accept liability or go to arbitration',
  merchantAcceptedPreArbitration: 'You decided to proceed with arbitration',
  merchantDeclinedPreArbitration: 'You accepted liability and conceded',
  preCompliance: 'Pre-compliance',
  compliance: 'Compliance',
};

const short: Record<Cycle, string> = {
  retrieval: 'Retrieval',
  first: 'First chargeback',
  arbitration: 'Arbitration',
  reversal: 'Reversal',
  representment: 'Representment',
  preArbitration: 'Pre-arbitration',
  arbitrationLost: 'Arbitration lost',
  arbitrationSplit: 'Arbitration split',
  arbitrationWon: 'Arbitration won',
  issuerAcceptPreArbitration: 'Issuer accepted pre-arb.',
  issuerDeclinedPreArbitration: 'Issuer declined pre-arb.',
  responseToIssuerPreArbitration: 'Pre-arbitration response',
  merchantAcceptedPreArbitration: 'Arbitration requested',
  merchantDeclinedPreArbitration: 'Conceded',
  preCompliance: 'Pre-compliance',
  compliance: 'Compliance',
};

function known(cycle: string): cycle is Cycle {
  return Object.hasOwn(short, cycle);
}

/** Short label for lists; an unknown cycle shows as sent. */
export function cycleLabel(cycle: string): string {
  return known(cycle) ? short[cycle] : cycle;
}

export function cycleMeaning(cycle: string): string {
  return known(cycle) ? meanings[cycle] : `Cycle "${cycle}"`;
}
