// The service's rules, independent of HTTP: who may answer what, what a message does to a
// chargeback, when the issuer decides, and which alert each change fires.
//
// Put together from its parts, each taking the options it needs (service-options.ts): what every
// part does to a chargeback (chargeback-state.ts), the request-token rule (request-tokens.ts),
// messages and their effects (messages.ts), documents (documents.ts, checked by
// document-checks.ts), the issuer's decisions (issuer-decisions.ts) and the admin's hooks
// (admin-chargebacks.ts); a refusal is a ServiceError (refusals.ts). This file keeps the clock's
// tick, which moves each part's time-driven state on in one transaction.
import { createChargebackState } from './chargeback-state.ts';
import { createRequestTokens } from './request-tokens.ts';
import { createIssuerDecisions } from './issuer-decisions.ts';
import { createMessages } from './messages.ts';
import { createDocuments } from './documents.ts';
import { createAdminChargebacks } from './admin-chargebacks.ts';
import type { ServiceOptions } from './service-options.ts';

export { ServiceError } from './refusals.ts';
export { defaultLimits, type SandboxLimits, type ServiceOptions } from './service-options.ts';

export function createService(opts: ServiceOptions) {
  const state = createChargebackState(opts);
  const tokens = createRequestTokens(opts);
  const decisions = createIssuerDecisions({ ...opts, state });
  const messages = createMessages({ ...opts, state, tokens, decisions });
  const documents = createDocuments({ ...opts, state, tokens, decisions });
  const admin = createAdminChargebacks({ ...opts, state });

  /** Moves time-driven state on: messages requested → processing → processed, documents
   * created → processed, and the issuer's decisions that are due. */
  function tick(): void {
    const now = opts.clock.now().getTime();
    opts.store.transaction(() => {
      messages.advanceMessages(now);
      documents.advanceDocuments(now);
      decisions.decideDue(now);
    });
  }

  return {
    createMessage: messages.createMessage,
    createDocumentRecord: documents.createDocumentRecord,
    uploadDocumentFile: documents.uploadDocumentFile,
    uploadDocument: documents.uploadDocument,
    tick,
    decide: decisions.decide,
    createChargeback: admin.createChargeback,
    modifyChargeback: admin.modifyChargeback,
    setMessageDenial: admin.setMessageDenial,
    documentBlob: documents.documentBlob,
    chargeback: state.chargeback,
  };
}

export type SandboxService = ReturnType<typeof createService>;
