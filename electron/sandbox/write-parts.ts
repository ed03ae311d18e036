// What every merchant write (a message, a document) works with, named once: the chargeback's
// state, the request-token rule, and the issuer's wait that each answer restarts.
import type { ChargebackState } from './chargeback-state.ts';
import type { RequestTokens } from './request-tokens.ts';
import type { IssuerDecisions } from './issuer-decisions.ts';

export interface WriteParts {
  state: ChargebackState;
  tokens: RequestTokens;
  decisions: IssuerDecisions;
}
